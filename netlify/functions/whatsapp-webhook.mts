import type { Config } from '@netlify/functions';
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
import { webhookAppSecret } from '../lib/whatsapp/local-phone.ts';
import { whatsappEvents, whatsappHandshake } from '../lib/whatsapp/webhook.ts';

const FAILING = {
  name: 'whatsapp-webhook',
  message: 'The event could not be handled now; Meta sends it again.',
};

/**
 * Meta's WhatsApp webhook: the GET handshake, and signed POSTs of messages and statuses
 * (netlify/lib/whatsapp/webhook.ts). Where the local outbox stands in for Meta, the development
 * phone's local secret signs them (local-phone.ts); production never takes that secret.
 */
export default endpoint(async function whatsappWebhook(request: Request): Promise<Response> {
  const env = readServerEnv();
  const secrets = { appSecret: webhookAppSecret(env), verifyToken: env.WHATSAPP_VERIFY_TOKEN };
  if (request.method === 'GET') return whatsappHandshake(new URL(request.url).searchParams, secrets);
  if (request.method !== 'POST') return methodNotAllowed(['GET', 'POST']);
  // Read as raw text: the signature is over the exact bytes Meta sent.
  const raw = await readLimited(request, MAX_BODY_BYTES);
  if (raw === undefined) return errorResponse(413, 'BODY_TOO_LARGE', 'The webhook body is too large.');
  return guarded(FAILING, () =>
    whatsappEvents(createDeps(env), { rawBody: raw, signature: request.headers.get('x-hub-signature-256') }, secrets),
  );
});

export const config: Config = {
  path: '/api/whatsapp/webhook',
  rateLimit: { windowLimit: 300, windowSize: 60, aggregateBy: ['ip', 'domain'] },
};
