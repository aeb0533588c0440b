/**
 * A product's published reviews as the build sees them, for its structured data. The page itself
 * loads the current reviews after hydration; the digest in the head is as of the last build. Read
 * by the one reader /api/reviews uses too (review-feed.server.ts).
 */
import { type ReviewedProduct, reviewsEnv, reviewsFor } from './review-feed.server.ts';
import type { ReviewDigest } from './types.ts';

/** How many reviews are written out in full; the rating counts all of them. */
export const REVIEWS_IN_STRUCTURED_DATA = 5;

/** The digest, or nothing when the reviews cannot be read (the feed failing never fails a build). */
export async function reviewDigest(product: ReviewedProduct): Promise<ReviewDigest | undefined> {
  try {
    const { reviews, average, count } = await reviewsFor(product, reviewsEnv());
    const latest = reviews
      .slice(0, REVIEWS_IN_STRUCTURED_DATA)
      .map(({ customer, rating, date, review }) => ({ customer, rating, date, review }));
    return { average, count, latest };
  } catch (error) {
    console.warn(`Structured data: reviews of ${product.name} left out: ${(error as Error).message}`);
    return undefined;
  }
}
