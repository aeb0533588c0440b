import type { Config } from '@netlify/functions';
import { createDeps } from '../lib/deps.ts';
import { errorResponse, guarded, methodNotAllowed } from '../lib/http.ts';
import { handleRazorpayWebhook } from '../lib/webhook.ts';

export default async function razorpayWebhook(request: Request): Promise<Response> {
  if (request.method !== 'POST') return methodNotAllowed(['POST']);
  const raw = await request.text();
  if (raw.length > 64 * 1024) return errorResponse(413, 'BODY_TOO_LARGE', 'The webhook body is too large.');
  return guarded('razorpay-webhook', () =>
    handleRazorpayWebhook(createDeps(), {
      rawBody: raw,
      signature: request.headers.get('x-razorpay-signature') ?? '',
      eventId: request.headers.get('x-razorpay-event-id') ?? undefined,
    }),
  );
}

export const config: Config = { path: '/api/razorpay/webhook', method: ['POST'] };
