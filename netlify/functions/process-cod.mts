import type { Config } from '@netlify/functions';
import { codOrderRequestSchema } from '../../src/shop/schemas.ts';
import { createDeps } from '../lib/deps.ts';
import { guarded, methodNotAllowed, parseJsonBody, serviceResponse } from '../lib/http.ts';
import { placeCodOrder } from '../lib/orders.ts';

export default async function processCod(request: Request): Promise<Response> {
  if (request.method !== 'POST') return methodNotAllowed(['POST']);
  const body = await parseJsonBody(request, codOrderRequestSchema);
  if (!body.ok) return body.response;
  return guarded('process-cod', async () => serviceResponse(await placeCodOrder(createDeps(), body.data)));
}

export const config: Config = {
  path: '/api/checkout/process-cod',
  method: ['POST'],
  rateLimit: { windowLimit: 30, windowSize: 60, aggregateBy: ['ip', 'domain'] },
};
