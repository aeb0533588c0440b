import type { Config } from '@netlify/functions';
import { handleEmailWebhook } from '../lib/mail/email-webhook.ts';
import { createDeps } from '../lib/orders/deps.ts';
import { readServerEnv } from '../lib/platform/env.ts';
import {
  endpoint,
  errorResponse,
  guarded,
  MAX_BODY_BYTES,
  methodNotAllowed,
  readLimited,
} from '../lib/platform/http.ts';

const FAILING = {
  name: 'email-webhook',
  message: 'The event could not be handled now; Resend sends it again.',
};

/** Resend's signed events about the shop's emails: bounces and complaints (netlify/lib/mail/email-webhook.ts). */
export default endpoint(async function emailWebhook(request: Request): Promise<Response> {
  if (request.method !== 'POST') return methodNotAllowed(['POST']);
  // Read as raw text: the signature is over the exact bytes Resend sent.
  const raw = await readLimited(request, MAX_BODY_BYTES);
  if (raw === undefined) return errorResponse(413, 'BODY_TOO_LARGE', 'The webhook body is too large.');
  const env = readServerEnv();
  const headers = {
    id: request.headers.get('svix-id'),
    timestamp: request.headers.get('svix-timestamp'),
    signature: request.headers.get('svix-signature'),
  };
  return guarded(FAILING, () =>
    handleEmailWebhook(createDeps(env), { rawBody: raw, headers }, env.RESEND_WEBHOOK_SECRET),
  );
});

export const config: Config = {
  path: '/api/email/webhook',
  rateLimit: { windowLimit: 300, windowSize: 60, aggregateBy: ['ip', 'domain'] },
};
