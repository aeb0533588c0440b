import type { Config } from '@netlify/functions';
import type { z } from 'zod';
import { content } from '../../src/content/content.server.ts';
import {
  type ReviewSummariesResponse,
  reviewSubmissionSchema,
  type reviewsResponseSchema,
} from '../../src/shop/schemas.ts';
import { readServerEnv } from '../lib/platform/env.ts';
import { endpoint, errorResponse, guarded, methodNotAllowed, parseJsonBody } from '../lib/platform/http.ts';
import { reviewSummaries, reviewsFor } from '../lib/reviews/feed.ts';
import { createSheets } from '../lib/sheets/client.ts';
import { newSheetReview } from '../lib/sheets/records.ts';

/** docs/shop-rules.md §8: what the review form shows when a submission fails. */
export const REVIEW_FAILED_MESSAGE = 'Oops! Something went wrong. Please try again.';

/**
 * GET `?product=NAME`: that product's published reviews with their average and count.
 * GET: every catalogue product's average and count. POST: a review submission, to the sheet.
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
    const product = url.searchParams.get('product');
    if (product !== null) {
      const name = product.trim();
      if (!name) return errorResponse(400, 'INVALID_PRODUCT', 'Give the product name to read its reviews.');
      const body: z.infer<typeof reviewsResponseSchema> = await reviewsFor(name, env);
      return Response.json(body);
    }
    const names = (await content().catalogue()).map((item) => item.name);
    const body: ReviewSummariesResponse = await reviewSummaries(names, env);
    return Response.json(body);
  });
}

async function postReview(request: Request): Promise<Response> {
  const body = await parseJsonBody(request, reviewSubmissionSchema);
  if (!body.ok) return body.response;
  const { website, ...review } = body.data;
  // A bot filled the hidden field: it is told what a person is told, and nothing is written.
  if (website?.trim()) return Response.json({ success: true }, { status: 201 });
  return guarded(POST_FAILING, async () => {
    const result = await createSheets(readServerEnv()).appendReview(newSheetReview(review));
    if (!result.ok) return errorResponse(502, 'SHEET_UNAVAILABLE', REVIEW_FAILED_MESSAGE);
    return Response.json({ success: true }, { status: 201 });
  });
}

export const config: Config = {
  path: '/api/reviews',
  method: ['GET', 'POST'],
  // One limit for both methods: a product page reads twice (its reviews, the card stars), a
  // shopper browsing quickly stays far below it, and 120 posts a minute is still few for the sheet.
  rateLimit: { windowLimit: 120, windowSize: 60, aggregateBy: ['ip', 'domain'] },
};
