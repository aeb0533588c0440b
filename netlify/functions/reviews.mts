import type { Config } from '@netlify/functions';

import { reviewSubmissionSchema } from '../../src/shop/schemas/index.ts';
import { text } from '../../src/shop/texts/server.ts';
import { endpoint, guarded, methodNotAllowed, parseJsonBody, serviceResponse } from '../lib/platform/http.ts';
import { createReviewsDeps, productReviews, submitReview, summariseReviews } from '../lib/reviews/service.ts';

const READ_FAILING = { name: 'reviews', message: text('review.readError') };
const POST_FAILING = { name: 'reviews', message: text('review.error') };

/**
 * GET `?product=ID`: that product's published reviews with their average and count (an exact
 * product name is taken too). GET: every catalogue product's average and count. POST: a review
 * submission, to the sheet, once per submission id.
 */
export default endpoint(async function reviews(request: Request): Promise<Response> {
  if (request.method === 'GET') {
    const wanted = new URL(request.url).searchParams.get('product');
    return guarded(READ_FAILING, async () => {
      const deps = createReviewsDeps();
      return wanted === null
        ? serviceResponse(await summariseReviews(deps))
        : serviceResponse(await productReviews(deps, wanted));
    });
  }
  if (request.method !== 'POST') return methodNotAllowed(['GET', 'POST']);
  const body = await parseJsonBody(request, reviewSubmissionSchema);
  if (!body.ok) return body.response;
  return guarded(POST_FAILING, async () => serviceResponse(await submitReview(createReviewsDeps(), body.data)));
});

export const config: Config = {
  path: '/api/reviews',
  // One limit for both methods: a product page reads twice (its reviews, the card stars), a
  // shopper browsing quickly stays far below it, and 120 posts a minute is still few for the sheet.
  rateLimit: { windowLimit: 120, windowSize: 60, aggregateBy: ['ip', 'domain'] },
};
