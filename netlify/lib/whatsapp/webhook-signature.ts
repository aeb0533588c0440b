/**
 * Meta's webhook, checked before anything is read (issue 33 §2):
 * - every `POST` carries `X-Hub-Signature-256: sha256=<hex>`, the HMAC-SHA256 of the raw body bytes
 *   keyed with the app secret. It is checked against the bytes received, never a re-serialised
 *   JSON (Meta signs its own escaping of Hindi and emoji). A missing or malformed header is refused
 *   like a wrong one: Meta's own sample (fbsamples/whatsapp-business-jaspers-market `app.js`) only
 *   warns when the header is missing and compares with `!=`; this does neither.
 * - the `GET` subscription handshake answers `hub.challenge` when `hub.mode` is `subscribe` and
 *   `hub.verify_token` is ours, 403 otherwise (Meta's sample and pywa `webhook_challenge_handler`).
 */
import { createHash, createHmac, timingSafeEqual } from 'node:crypto';

const SIGNATURE_HEADER = /^sha256=([0-9a-f]{64})$/i;

export type SignatureCheck = { ok: true } | { ok: false; reason: 'missing' | 'malformed' | 'mismatch' };

/** The header's value Meta would send for this body: `sha256=<lower-case hex>`. */
export function signWebhookBody(rawBody: string | Uint8Array, appSecret: string): string {
  return `sha256=${createHmac('sha256', appSecret).update(rawBody).digest('hex')}`;
}

/**
 * Whether `header` (the request's `X-Hub-Signature-256`, null when absent) signs `rawBody` with
 * `appSecret`. Both digests are 32 bytes before `timingSafeEqual` compares them, so the compare
 * leaks nothing of how much matched. An empty secret verifies nothing.
 */
export function verifyWebhookSignature(
  rawBody: string | Uint8Array,
  header: string | null | undefined,
  appSecret: string,
): SignatureCheck {
  if (!header) return { ok: false, reason: 'missing' };
  const hex = SIGNATURE_HEADER.exec(header.trim())?.[1];
  if (!hex || !appSecret) return { ok: false, reason: 'malformed' };
  const expected = createHmac('sha256', appSecret).update(rawBody).digest();
  // The pattern admits exactly 64 hex digits: 32 bytes, as long as the digest.
  return timingSafeEqual(expected, Buffer.from(hex, 'hex')) ? { ok: true } : { ok: false, reason: 'mismatch' };
}

export interface HandshakeAnswer {
  status: 200 | 403;
  body: string;
}

/**
 * Meta's `GET <callback>?hub.mode=subscribe&hub.verify_token=…&hub.challenge=…`: the challenge
 * as the plain body when the token is ours, else 403. The tokens are compared in constant time;
 * an unset expected token never matches.
 */
export function verifyHandshake(query: URLSearchParams, expectedToken: string): HandshakeAnswer {
  const mode = query.get('hub.mode');
  const token = query.get('hub.verify_token') ?? '';
  const challenge = query.get('hub.challenge');
  // Digests of both are equally long whatever was typed, so timingSafeEqual never throws.
  const digest = (value: string) => createHash('sha256').update(value).digest();
  const matches = expectedToken.length > 0 && timingSafeEqual(digest(token), digest(expectedToken));
  return mode === 'subscribe' && matches && challenge
    ? { status: 200, body: challenge }
    : { status: 403, body: 'Forbidden' };
}
