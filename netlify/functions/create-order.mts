import type { Config } from '@netlify/functions';

import { createPaymentOrderRequestSchema } from '../../src/shop/schemas/index.ts';
import { text } from '../../src/shop/texts/server.ts';
import { createDeps } from '../lib/orders/deps.ts';
import { createPaymentOrder } from '../lib/orders/pay.ts';
import { endpoint, guarded, methodNotAllowed, parseJsonBody, serviceResponse } from '../lib/platform/http.ts';

const FAILING = { name: 'create-order', message: text('order.failed.createPayment') };

export default endpoint(async function createOrder(request: Request): Promise<Response> {
  if (request.method !== 'POST') return methodNotAllowed(['POST']);
  const body = await parseJsonBody(request, createPaymentOrderRequestSchema);
  if (!body.ok) return body.response;
  return guarded(FAILING, async () => serviceResponse(await createPaymentOrder(createDeps(), body.data)));
});

export const config: Config = {
  path: '/api/razorpay/create-order',
  rateLimit: { windowLimit: 30, windowSize: 60, aggregateBy: ['ip', 'domain'] },
};
