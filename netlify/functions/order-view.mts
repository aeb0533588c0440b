import type { Config, Context } from '@netlify/functions';

import { orderIdSchema, orderKeySchema } from '../../src/shop/schemas/index.ts';
import { text } from '../../src/shop/texts/server.ts';
import { createDeps } from '../lib/orders/deps.ts';
import { keyMatches, orderForShopper, orderView } from '../lib/orders/view.ts';
import { endpoint, errorResponse, guarded, methodNotAllowed } from '../lib/platform/http.ts';

const FAILING = { name: 'order-view', message: text('order.failed.orderView') };

/**
 * GET /api/orders/:orderId?key=: the order's own page (docs/shop-rules.md §2). An unknown id and
 * a wrong or missing key get the same 404, so the page cannot be used to discover orders.
 */
export default endpoint(async function orderViewFunction(
  request: Request,
  context: Pick<Context, 'params'>,
): Promise<Response> {
  const started = performance.now(); // a "not found" is answered at a fixed time after this (view.ts)
  if (request.method !== 'GET') return methodNotAllowed(['GET']);
  const notFound = () => errorResponse(404, 'NOT_FOUND', text('forms.orderNotFound'));
  const orderId = orderIdSchema.safeParse(context.params.orderId ?? '');
  const key = orderKeySchema.safeParse(new URL(request.url).searchParams.get('key') ?? '');
  if (!orderId.success || !key.success) return notFound();
  return guarded(FAILING, async () => {
    const deps = createDeps();
    const order = await orderForShopper(deps, orderId.data, (stored) => keyMatches(stored, key.data), started);
    if (!order) return notFound();
    return Response.json(await orderView(deps, order));
  });
});

export const config: Config = {
  path: '/api/orders/:orderId',
  rateLimit: { windowLimit: 60, windowSize: 60, aggregateBy: ['ip', 'domain'] },
};
