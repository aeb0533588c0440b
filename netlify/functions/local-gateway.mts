import type { Config } from '@netlify/functions';
import { localGatewayPayRequestSchema } from '../../src/shop/schemas/index.ts';
import { LOCAL_GATEWAY_STORE } from '../lib/orders/deps.ts';
import { blobStore } from '../lib/platform/blobs.ts';
import { localGatewayAllowed, razorpayConfigured, readServerEnv } from '../lib/platform/env.ts';
import { endpoint, errorResponse, guarded, methodNotAllowed, parseJsonBody } from '../lib/platform/http.ts';
import { localGatewaySecret, payLocally } from '../lib/razorpay/local-gateway.ts';

const FAILING = {
  name: 'local-gateway',
  message: 'The test payment could not be made. Please try again.',
};

/**
 * The local test gateway's "bank": the development payment dialog posts here to pay or fail.
 * It exists only where Razorpay is not configured and the local gateway is allowed: never in
 * production, never beside a real Sheet or Delhivery.
 */
export default endpoint(async function localGateway(request: Request): Promise<Response> {
  if (request.method !== 'POST') return methodNotAllowed(['POST']);
  const env = readServerEnv();
  if (razorpayConfigured(env) || !localGatewayAllowed(env)) {
    return errorResponse(404, 'NOT_FOUND', 'There is no test gateway here.');
  }
  const body = await parseJsonBody(request, localGatewayPayRequestSchema);
  if (!body.ok) return body.response;
  return guarded(FAILING, async () => {
    const result = await payLocally(
      blobStore(LOCAL_GATEWAY_STORE),
      localGatewaySecret(env.LOCAL_GATEWAY_SECRET_FILE),
      body.data.razorpay_order_id,
      body.data.outcome,
    );
    return result ? Response.json(result) : errorResponse(404, 'UNKNOWN_ORDER', 'No such test payment order.');
  });
});

export const config: Config = {
  path: '/api/local-gateway/pay',
  rateLimit: { windowLimit: 30, windowSize: 60, aggregateBy: ['ip', 'domain'] },
};
