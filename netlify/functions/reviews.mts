import type { Config } from '@netlify/functions';
import type { z } from 'zod';
import { content } from '../../src/content/content.server.ts';
import { sameProductName } from '../../src/shop/reviews.ts';
import {
  type ReviewSummariesResponse,
  reviewSubmissionSchema,
  type reviewsResponseSchema,
} from '../../src/shop/schemas.ts';
import { blobStore } from '../lib/platform/blobs.ts';
import { readServerEnv } from '../lib/platform/env.ts';
import { endpoint, errorResponse, guarded, methodNotAllowed, parseJsonBody } from '../lib/platform/http.ts';
import { reviewSummaries, reviewsFor } from '../lib/reviews/feed.ts';
import { createSheets } from '../lib/sheets/client.ts';
import { newSheetReview } from '../lib/sheets/records.ts';
import { SUBMISSIONS_STORE, submissionAccepted, submissionResponse, submitOnce } from '../lib/submissions/once.ts';

/** docs/shop-rules.md §8: what the review form shows when a submission fails. */
export const REVIEW_FAILED_MESSAGE = 'Oops! Something went wrong. Please try again.';

/**
 * GET `?product=ID`: that product's published reviews with their average and count (an exact
 * product name is taken too). GET: every catalogue product's average and count. POST: a review
 * submission, to the sheet, once per submission id.
 */
export default endpoint(async function reviews(request: Request): Promise<Response> {
  if (request.method === 'GET') return getReviews(new URL(request.url));
  if (request.method === 'POST') return postReview(request);
  return methodNotAllowed(['GET', 'POST']);
});

const READ_FAILING = { name: 'reviews', message: 'The reviews could not be read right now. Please try again later.' };
const POST_FAILING = { name: 'reviews', message: REVIEW_FAILED_MESSAGE };

function getReviews(url: URL): Promise<Response> {
  return guarded(READ_FAILING, async () => {
    const env = readServerEnv();
    const catalogue = await content().catalogue();
    const wanted = url.searchParams.get('product')?.trim();
    if (wanted === undefined) {
      const summaries: ReviewSummariesResponse = await reviewSummaries(catalogue, env);
      return Response.json(summaries);
    }
    if (!wanted) return errorResponse(400, 'INVALID_PRODUCT', 'Give the product id to read its reviews.');
    const product = /^\d+$/.test(wanted)
      ? catalogue.find((item) => item.id === Number(wanted))
      : catalogue.find((item) => sameProductName(item.name, wanted));
    if (!product) return errorResponse(404, 'UNKNOWN_PRODUCT', 'No product in our catalogue has that id or name.');
    const body: z.infer<typeof reviewsResponseSchema> = await reviewsFor(product, env);
    return Response.json(body);
  });
}

async function postReview(request: Request): Promise<Response> {
  const body = await parseJsonBody(request, reviewSubmissionSchema);
  if (!body.ok) return body.response;
  const { website, ...review } = body.data;
  // A bot filled the hidden field: it is told what a person is told, and nothing is written.
  if (website?.trim()) return submissionAccepted();
  return guarded(POST_FAILING, async () => {
    const product = (await content().catalogue()).find((item) => item.id === review.productId);
    if (!product) {
      const message = `Product ${review.productId} is not in our catalogue.`;
      return errorResponse(422, 'UNKNOWN_PRODUCT', message, [{ path: 'productId', message }]);
    }
    const sheets = createSheets(readServerEnv());
    const result = await submitOnce({
      store: blobStore(SUBMISSIONS_STORE),
      kind: 'review',
      id: review.submissionId,
      content: review,
      // Staff read the product's name; the public feed matches by its id.
      send: (receivedAt) => sheets.appendReview(newSheetReview({ ...review, product: product.name }, receivedAt)),
    });
    return submissionResponse(result, REVIEW_FAILED_MESSAGE);
  });
}

export const config: Config = {
  path: '/api/reviews',
  method: ['GET', 'POST'],
  // One limit for both methods: a product page reads twice (its reviews, the card stars), a
  // shopper browsing quickly stays far below it, and 120 posts a minute is still few for the sheet.
  rateLimit: { windowLimit: 120, windowSize: 60, aggregateBy: ['ip', 'domain'] },
};
