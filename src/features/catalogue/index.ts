// The catalogue feature's public face for other features: the home page shows the product cards.

export { cardCatalogue } from './card-catalogue.ts';
export type { DiscountDisplay } from './ProductCard.tsx';
export { ProductGrid } from './ProductGrid.tsx';
