/** The product page's calls to /api/reviews, through the shared API client (zod loads on first call). */

import type { RatingSummary } from '../../components/Stars.tsx';
import { callApi } from '../../lib/api/index.ts';
import type { PublicReview, ReviewSubmission } from '../../shop/schemas/index.ts';

export interface ProductReviews {
  reviews: PublicReview[];
  average: number;
  count: number;
}

export interface ReviewSummary extends RatingSummary {
  productId: number;
  product: string;
}

const EMPTY: ProductReviews = { reviews: [], average: 0, count: 0 };

/** A product's published reviews, by its catalogue id; an empty list when the feed cannot be read. */
export async function fetchProductReviews(productId: number): Promise<ProductReviews> {
  const result = await callApi(`/api/reviews?product=${encodeURIComponent(productId)}`, {
    response: (schemas) => schemas.reviewsResponseSchema,
  });
  return result.ok ? result.data : EMPTY;
}

/** Every product's average and count, for the product cards; empty when unavailable. */
export async function fetchReviewSummaries(): Promise<ReviewSummary[]> {
  const result = await callApi('/api/reviews', { response: (schemas) => schemas.reviewSummariesResponseSchema });
  return result.ok ? result.data.summaries : [];
}

export const submitReview = (submission: ReviewSubmission) =>
  callApi('/api/reviews', { body: submission, response: (schemas) => schemas.submissionAcceptedSchema });
