import type { Config } from '@netlify/functions';

import { verifyPaymentRequestSchema } from '../../src/shop/schemas/index.ts';
import { text } from '../../src/shop/texts/server.ts';
import { createDeps } from '../lib/orders/deps.ts';
import { verifyPayment } from '../lib/orders/pay.ts';
import { endpoint, guarded, methodNotAllowed, parseJsonBody, serviceResponse } from '../lib/platform/http.ts';

const FAILING = { name: 'verify-payment', message: text('order.failed.verifyPayment') };

export default endpoint(async function verify(request: Request): Promise<Response> {
  if (request.method !== 'POST') return methodNotAllowed(['POST']);
  const body = await parseJsonBody(request, verifyPaymentRequestSchema);
  if (!body.ok) return body.response;
  return guarded(FAILING, async () => serviceResponse(await verifyPayment(createDeps(), body.data)));
});

export const config: Config = {
  path: '/api/razorpay/verify-payment',
  rateLimit: { windowLimit: 60, windowSize: 60, aggregateBy: ['ip', 'domain'] },
};
