import type { Config } from '@netlify/functions';

import { prepaidOrderRequestSchema } from '../../src/shop/schemas/index.ts';
import { text } from '../../src/shop/texts/server.ts';
import { createDeps } from '../lib/orders/deps.ts';
import { processPrepaid } from '../lib/orders/pay.ts';
import { endpoint, guarded, methodNotAllowed, parseJsonBody, serviceResponse } from '../lib/platform/http.ts';

const FAILING = { name: 'process-prepaid', message: text('order.failed.processPrepaid') };

export default endpoint(async function processPrepaidOrder(request: Request): Promise<Response> {
  if (request.method !== 'POST') return methodNotAllowed(['POST']);
  const body = await parseJsonBody(request, prepaidOrderRequestSchema);
  if (!body.ok) return body.response;
  return guarded(FAILING, async () => serviceResponse(await processPrepaid(createDeps(), body.data)));
});

export const config: Config = {
  path: '/api/checkout/process-prepaid',
  rateLimit: { windowLimit: 30, windowSize: 60, aggregateBy: ['ip', 'domain'] },
};
