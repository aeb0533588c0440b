import type { Config, Context } from '@netlify/functions';

import { cancelRequestSchema, orderIdSchema } from '../../src/shop/schemas/index.ts';
import { text } from '../../src/shop/texts/server.ts';
import { cancelOrder } from '../lib/orders/cancel.ts';
import { createDeps } from '../lib/orders/deps.ts';
import { keyMatches, orderForShopper, orderView } from '../lib/orders/view.ts';
import { endpoint, errorResponse, guarded, methodNotAllowed, parseJsonBody } from '../lib/platform/http.ts';

const FAILING = { name: 'cancel-order', message: text('cancel.failed') };

/**
 * POST /api/orders/:orderId/cancel `{ key, reason }`: the shopper cancels from the order's own
 * page (docs/shop-rules.md §10, "Cancel and refund"). The key proves the shopper, checked as the
 * order page checks it (an unknown id and a wrong key answer the same 404, at the same time).
 * 200 cancelled, 202 cancelling (a step waits for Delhivery or Razorpay), 409 too late or not
 * placed; asking again (a double tap) answers the same and does nothing twice.
 */
export default endpoint(async function cancelOrderFunction(
  request: Request,
  context: Pick<Context, 'params'>,
): Promise<Response> {
  const started = performance.now(); // a "not found" is answered at a fixed time after this (view.ts)
  if (request.method !== 'POST') return methodNotAllowed(['POST']);
  const body = await parseJsonBody(request, cancelRequestSchema);
  if (!body.ok) return body.response;
  const orderId = orderIdSchema.safeParse(context.params.orderId ?? '');
  if (!orderId.success) return errorResponse(404, 'NOT_FOUND', text('forms.orderNotFound'));
  return guarded(FAILING, async () => {
    const deps = createDeps();
    const order = await orderForShopper(deps, orderId.data, (stored) => keyMatches(stored, body.data.key), started);
    if (!order) return errorResponse(404, 'NOT_FOUND', text('forms.orderNotFound'));
    const outcome = await cancelOrder(deps, order.orderId, { reason: body.data.reason, by: 'shopper' });
    if (!outcome.ok) {
      if (outcome.refusal === 'too-late') return errorResponse(409, 'TOO_LATE_TO_CANCEL', text('cancel.tooLate'));
      return errorResponse(409, 'NOT_CANCELLABLE', text('cancel.notPlaced'));
    }
    const view = await orderView(deps, outcome.order);
    return outcome.state === 'cancelled'
      ? Response.json({ state: 'cancelled', order: view })
      : Response.json({ state: 'cancelling', message: text('cancel.cancelling'), order: view }, { status: 202 });
  });
});

export const config: Config = {
  path: '/api/orders/:orderId/cancel',
  // A shopper cancels once; a few retries of a slow answer stay far below this.
  rateLimit: { windowLimit: 10, windowSize: 60, aggregateBy: ['ip', 'domain'] },
};
