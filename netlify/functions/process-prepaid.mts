import type { Config } from '@netlify/functions';
import { prepaidOrderRequestSchema } from '../../src/shop/schemas.ts';
import { createDeps } from '../lib/deps.ts';
import { guarded, methodNotAllowed, parseJsonBody, serviceResponse } from '../lib/http.ts';
import { processPrepaid } from '../lib/orders.ts';

export default async function processPrepaidOrder(request: Request): Promise<Response> {
  if (request.method !== 'POST') return methodNotAllowed(['POST']);
  const body = await parseJsonBody(request, prepaidOrderRequestSchema);
  if (!body.ok) return body.response;
  return guarded('process-prepaid', async () => serviceResponse(await processPrepaid(createDeps(), body.data)));
}

export const config: Config = {
  path: '/api/checkout/process-prepaid',
  method: ['POST'],
  rateLimit: { windowLimit: 30, windowSize: 60, aggregateBy: ['ip', 'domain'] },
};
