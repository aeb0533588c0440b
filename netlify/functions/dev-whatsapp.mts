import type { Config } from '@netlify/functions';
import { type DevWhatsAppOutbox, devWhatsAppRequestSchema } from '../../src/shop/schemas/index.ts';
import { createDeps } from '../lib/orders/deps.ts';
import { readServerEnv } from '../lib/platform/env.ts';
import { endpoint, errorResponse, guarded, methodNotAllowed, parseJsonBody } from '../lib/platform/http.ts';
import { outboxChats } from '../lib/whatsapp/local-outbox-view.ts';
import { localPhoneAvailable, playPhone, webhookAppSecret } from '../lib/whatsapp/local-phone.ts';

const FAILING = { name: 'dev-whatsapp', message: 'The outbox could not be read or the phone could not send now.' };
const NOWHERE = 'There is no WhatsApp outbox here.';

/**
 * The development WhatsApp outbox (`/dev/whatsapp`, issue 33 §7): GET reads the local outbox as
 * conversations; POST plays the shopper's phone — a status (delivered, read), a tap on a quick
 * reply, or words — through the webhook's own handler, signed with the local app secret
 * (netlify/lib/whatsapp/local-phone.ts). It exists only where messages go to the local outbox:
 * never in production, never beside Meta's Cloud API (404).
 */
export default endpoint(async function devWhatsApp(request: Request): Promise<Response> {
  if (request.method !== 'GET' && request.method !== 'POST') return methodNotAllowed(['GET', 'POST']);
  const env = readServerEnv();
  const secret = webhookAppSecret(env);
  if (!localPhoneAvailable(env) || !secret) return errorResponse(404, 'NOT_FOUND', NOWHERE);
  if (request.method === 'GET') {
    return guarded(FAILING, async () => {
      const body: DevWhatsAppOutbox = { chats: await outboxChats(createDeps(env), env.LOCAL_WHATSAPP_DIR) };
      return Response.json(body);
    });
  }
  const body = await parseJsonBody(request, devWhatsAppRequestSchema);
  if (!body.ok) return body.response;
  return guarded(FAILING, async () => {
    const answer = await playPhone(createDeps(env), env.LOCAL_WHATSAPP_DIR, secret, body.data);
    if (!answer.ok)
      return errorResponse(answer.status, answer.status === 404 ? 'NOT_FOUND' : 'VALIDATION_FAILED', answer.message);
    return Response.json(answer);
  });
});

export const config: Config = {
  path: '/api/dev/whatsapp',
  rateLimit: { windowLimit: 60, windowSize: 60, aggregateBy: ['ip', 'domain'] },
};
