import type { Config } from '@netlify/functions';

import { codOrderRequestSchema } from '../../src/shop/schemas/index.ts';
import { text } from '../../src/shop/texts/server.ts';
import { createDeps } from '../lib/orders/deps.ts';
import { placeCodOrder } from '../lib/orders/place.ts';
import { endpoint, guarded, methodNotAllowed, parseJsonBody, serviceResponse } from '../lib/platform/http.ts';

const FAILING = { name: 'process-cod', message: text('order.failed.placeCod') };

export default endpoint(async function processCod(request: Request): Promise<Response> {
  if (request.method !== 'POST') return methodNotAllowed(['POST']);
  const body = await parseJsonBody(request, codOrderRequestSchema);
  if (!body.ok) return body.response;
  return guarded(FAILING, async () => serviceResponse(await placeCodOrder(createDeps(), body.data)));
});

export const config: Config = {
  path: '/api/checkout/process-cod',
  rateLimit: { windowLimit: 30, windowSize: 60, aggregateBy: ['ip', 'domain'] },
};
