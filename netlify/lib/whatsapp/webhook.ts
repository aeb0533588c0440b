/**
 * WhatsApp's webhook (`/api/whatsapp/webhook`, docs/shop-rules.md §10 rule 16, docs/security.md):
 *
 * - `GET`: Meta's subscription handshake; the challenge is echoed only for our verify token.
 * - `POST`: every body must carry `X-Hub-Signature-256`, an HMAC-SHA256 of the raw body with the
 *   app secret, compared in constant time; a missing, malformed or wrong one is refused (401) and
 *   nothing is read. A signed body the shop cannot read is logged and answered 200, so Meta does
 *   not send it again and again; each event it can read goes to the inbox (inbox.ts), where a
 *   replay or a late callback changes nothing. A shopper's message for staff that the Sheet could
 *   not take is answered 502 (`SHEET_UNAVAILABLE`, as a review's): Meta retries a failed delivery, and the
 *   WhatsApp tab is keyed by the message id, so the retry adds the row once.
 */

import type { OrderDeps } from '../orders/types.ts';
import { errorResponse } from '../platform/http.ts';
import { handleInboxEvent, type InboxOutcome } from './inbox.ts';
import { readWebhookPayload } from './webhook-events.ts';
import { verifyHandshake, verifyWebhookSignature } from './webhook-signature.ts';

export interface WhatsAppWebhookSecrets {
  /** `WHATSAPP_APP_SECRET`: signs every POST. */
  appSecret: string | undefined;
  /** `WHATSAPP_VERIFY_TOKEN`: what Meta's handshake must show. */
  verifyToken: string | undefined;
}

export function whatsappHandshake(query: URLSearchParams, secrets: WhatsAppWebhookSecrets): Response {
  if (!secrets.verifyToken) return new Response('Forbidden', { status: 403 });
  const answer = verifyHandshake(query, secrets.verifyToken);
  return new Response(answer.body, { status: answer.status, headers: { 'content-type': 'text/plain' } });
}

export async function whatsappEvents(
  deps: OrderDeps,
  input: { rawBody: string; signature: string | null },
  secrets: WhatsAppWebhookSecrets,
): Promise<Response> {
  if (!secrets.appSecret)
    return errorResponse(
      503,
      'WEBHOOK_NOT_CONFIGURED',
      'WHATSAPP_APP_SECRET is not set (production never takes the development phone’s secret).',
    );
  const check = verifyWebhookSignature(input.rawBody, input.signature, secrets.appSecret);
  if (!check.ok) return errorResponse(401, 'BAD_SIGNATURE', `The webhook signature is ${check.reason}.`);
  let payload: unknown;
  try {
    payload = JSON.parse(input.rawBody);
  } catch {
    payload = undefined;
  }
  const reading = readWebhookPayload(payload);
  if (!reading.ok) {
    console.warn(`whatsapp webhook: a signed body the shop cannot read, not acted on: ${reading.message}`);
    return Response.json({ ok: true, outcomes: [] });
  }
  const outcomes: InboxOutcome[] = [];
  for (const event of reading.events) outcomes.push(await handleInboxEvent(deps, event));
  // Meta delivers a body again until it is answered 2xx: a shopper's message the Sheet could not
  // take waits there, not here. Every other event of the body is idempotent, so doing it again is harmless.
  if (outcomes.includes('message for staff not written'))
    return errorResponse(
      502,
      'SHEET_UNAVAILABLE',
      "A shopper's message could not be written to the Sheet; it is taken when Meta sends it again.",
    );
  return Response.json({ ok: true, outcomes });
}
