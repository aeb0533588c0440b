import type { Config } from '@netlify/functions';

import { trackRequestSchema } from '../../src/shop/schemas/index.ts';
import { text } from '../../src/shop/texts/server.ts';
import { createDeps } from '../lib/orders/deps.ts';
import { orderForShopper, phoneMatches, trackView } from '../lib/orders/view.ts';
import { endpoint, errorResponse, guarded, methodNotAllowed, parseJsonBody } from '../lib/platform/http.ts';

const FAILING = { name: 'track', message: text('order.failed.track') };

/**
 * POST /api/track: order id and the phone used at checkout. A match answers the order with its
 * address masked; any mismatch answers the one generic 404 (docs/shop-rules.md §2, §8). The check
 * runs here: no order data reaches the browser before it.
 */
export default endpoint(async function track(request: Request): Promise<Response> {
  const started = performance.now(); // a "not found" is answered at a fixed time after this (view.ts)
  if (request.method !== 'POST') return methodNotAllowed(['POST']);
  const body = await parseJsonBody(request, trackRequestSchema);
  if (!body.ok) return body.response;
  return guarded(FAILING, async () => {
    const deps = createDeps();
    const order = await orderForShopper(
      deps,
      body.data.orderId,
      (stored) => phoneMatches(stored, body.data.phone),
      started,
    );
    if (!order) {
      return errorResponse(404, 'NOT_FOUND', text('forms.trackNotFound'));
    }
    return Response.json(await trackView(deps, order));
  });
});

export const config: Config = {
  path: '/api/track',
  // Lower than the other forms: ten guesses a minute cannot walk through order ids and phones.
  rateLimit: { windowLimit: 10, windowSize: 60, aggregateBy: ['ip', 'domain'] },
};
