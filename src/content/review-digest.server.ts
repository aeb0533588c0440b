/**
 * A product's published reviews as the build sees them, for its structured data. The page itself
 * loads the current reviews after hydration; the digest in the head is as of the last build.
 *
 * The one module in src/ that uses netlify/lib (biome.json allows it alone): a `.server` module runs
 * only at build time, and reading the reviews the way /api/reviews does keeps one reader.
 */
import { readServerEnv } from '../../netlify/lib/platform/env.ts';
import { type ReviewedProduct, reviewsFor } from '../../netlify/lib/reviews/feed.ts';
import type { ReviewDigest } from './types.ts';

/** How many reviews are written out in full; the rating counts all of them. */
export const REVIEWS_IN_STRUCTURED_DATA = 5;

/** The digest, or nothing when the reviews cannot be read (the feed failing never fails a build). */
export async function reviewDigest(product: ReviewedProduct): Promise<ReviewDigest | undefined> {
  try {
    const { reviews, average, count } = await reviewsFor(product, readServerEnv());
    const latest = reviews
      .slice(0, REVIEWS_IN_STRUCTURED_DATA)
      .map(({ customer, rating, date, review }) => ({ customer, rating, date, review }));
    return { average, count, latest };
  } catch (error) {
    console.warn(`Structured data: reviews of ${product.name} left out: ${(error as Error).message}`);
    return undefined;
  }
}
