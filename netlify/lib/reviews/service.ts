/**
 * /api/reviews (docs/shop-rules.md §3, §8): a product's published reviews, or every product's
 * stars, from the one feed reader (src/content/review-feed.server.ts); and a shopper's review,
 * written to the Sheet's Reviews tab (display 'No' until staff approve it) once per submission id.
 */

import { sameProductName } from '#shop/catalogue/index.ts';
import type {
  ReviewSubmission,
  ReviewSummariesResponse,
  ReviewsResponse,
  SubmissionAccepted,
} from '#shop/schemas/index.ts';
import { text } from '#shop/texts/server.ts';
import { content } from '../../../src/content/content.server.ts';
import {
  type ReviewedProduct,
  type ReviewsEnv,
  reviewSummaries,
  reviewsFor,
} from '../../../src/content/review-feed.server.ts';
import { database, type Queries } from '../platform/database.ts';
import { readServerEnv, type ServerEnv } from '../platform/env.ts';
import { fail, type ServiceResult } from '../platform/http.ts';
import { createSheets, type SheetsClient } from '../sheets/client.ts';
import { newSheetReview } from '../sheets/records.ts';
import { SUBMISSION_ACCEPTED, submissionResult, submitOnce } from '../submissions/once.ts';

export interface ReviewsDeps {
  catalogue: () => Promise<readonly ReviewedProduct[]>;
  /** Where the published reviews are read from (the gviz feed, or the local Reviews.csv). */
  feed: ReviewsEnv;
  /** The database holding each submission's task row, so a resend is written once (submissions/once.ts). */
  db: Queries;
  sheets: Pick<SheetsClient, 'appendReview'>;
}

export function createReviewsDeps(env: ServerEnv = readServerEnv()): ReviewsDeps {
  return {
    catalogue: () => content().catalogue(),
    feed: env,
    db: database(),
    sheets: createSheets(env),
  };
}

/** Every catalogue product's average and count, for the product cards. */
export async function summariseReviews(deps: ReviewsDeps): Promise<ServiceResult<ReviewSummariesResponse>> {
  return { ok: true, status: 200, body: await reviewSummaries(await deps.catalogue(), deps.feed) };
}

/** One product's published reviews, `wanted` being its catalogue id (an exact product name is taken too). */
export async function productReviews(deps: ReviewsDeps, wanted: string): Promise<ServiceResult<ReviewsResponse>> {
  const query = wanted.trim();
  if (!query) return fail(400, 'INVALID_PRODUCT', text('review.noProduct'));
  const catalogue = await deps.catalogue();
  const product = /^\d+$/.test(query)
    ? catalogue.find((item) => item.id === Number(query))
    : catalogue.find((item) => sameProductName(item.name, query));
  if (!product) return fail(404, 'UNKNOWN_PRODUCT', text('review.unknownProduct'));
  return { ok: true, status: 200, body: await reviewsFor(product, deps.feed) };
}

/** A shopper's review, to the Sheet once however often it is sent; every failure says the form's own words. */
export async function submitReview(
  deps: ReviewsDeps,
  submission: ReviewSubmission,
): Promise<ServiceResult<SubmissionAccepted>> {
  const { website, ...review } = submission;
  // A bot filled the hidden field: it is told what a person is told, and nothing is written.
  if (website?.trim()) return SUBMISSION_ACCEPTED;
  const product = (await deps.catalogue()).find((item) => item.id === review.productId);
  if (!product) {
    const message = text('pricing.unknownProduct', { id: review.productId });
    return fail(422, 'UNKNOWN_PRODUCT', message, [{ path: 'productId', message }]);
  }
  const result = await submitOnce({
    db: deps.db,
    kind: 'review',
    id: review.submissionId,
    content: review,
    // Staff read the product's name; the public feed matches by its id.
    send: (receivedAt) => deps.sheets.appendReview(newSheetReview({ ...review, product: product.name }, receivedAt)),
  });
  return submissionResult(result, text('review.error'));
}
