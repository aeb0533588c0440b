// The reviews feature's public face for other features: the catalogue's cards and product page show
// each product's stars. (The product page's reviews and form, ProductReviews, are the product
// route's to place: exported here, the form would ride in the shared chunk every page loads.)
export { useReviewSummaries } from './use-review-summaries.ts';
