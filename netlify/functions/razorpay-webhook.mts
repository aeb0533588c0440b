import type { Config } from '@netlify/functions';
import { createDeps } from '../lib/orders/deps.ts';
import { handleRazorpayWebhook } from '../lib/orders/webhook.ts';
import {
  endpoint,
  errorResponse,
  guarded,
  MAX_BODY_BYTES,
  methodNotAllowed,
  readLimited,
} from '../lib/platform/http.ts';

const FAILING = {
  name: 'razorpay-webhook',
  message: 'The event could not be handled now; Razorpay sends it again.',
};

export default endpoint(async function razorpayWebhook(request: Request): Promise<Response> {
  if (request.method !== 'POST') return methodNotAllowed(['POST']);
  // Read as raw text: the signature is over the exact bytes Razorpay sent.
  const raw = await readLimited(request, MAX_BODY_BYTES);
  if (raw === undefined) return errorResponse(413, 'BODY_TOO_LARGE', 'The webhook body is too large.');
  return guarded(FAILING, () =>
    handleRazorpayWebhook(createDeps(), {
      rawBody: raw,
      signature: request.headers.get('x-razorpay-signature') ?? '',
      eventId: request.headers.get('x-razorpay-event-id') ?? undefined,
    }),
  );
});

export const config: Config = {
  path: '/api/razorpay/webhook',
  rateLimit: { windowLimit: 300, windowSize: 60, aggregateBy: ['ip', 'domain'] },
};
