/**
 * Resend signs each webhook as Svix does, the Standard Webhooks scheme
 * (resend.com/docs/webhooks/verify-webhooks-requests; docs.svix.com/receiving/verifying-payloads/how-manual):
 * - the signed content is `<svix-id>.<svix-timestamp>.<raw body>`, the body as received, never a
 *   re-serialised JSON;
 * - the key is the base64 after `whsec_` in the signing secret; the signature HMAC-SHA256, base64;
 * - `svix-signature` is a space-separated list of `v1,<base64>` (two while a secret is rotated):
 *   any one matching is enough;
 * - a timestamp more than five minutes from now is refused (Svix's own libraries' tolerance), so a
 *   captured request cannot be replayed later; the id then refuses a replay within it (email-webhook.ts).
 * A plain HMAC, so node:crypto with `timingSafeEqual`, as the Razorpay and WhatsApp webhooks do:
 * no `svix` package in every function for one comparison (decision 032).
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

const SIGNATURE_TOLERANCE_S = 5 * 60;

export interface SignedHeaders {
  id: string | null;
  timestamp: string | null;
  signature: string | null;
}

type ResendSignatureCheck = { ok: true } | { ok: false; reason: 'missing' | 'stale' | 'mismatch' };

const TIMESTAMP = /^\d{1,12}$/;

export function verifyResendSignature(
  rawBody: string,
  headers: SignedHeaders,
  secret: string,
  now: Date,
): ResendSignatureCheck {
  const { id, timestamp, signature } = headers;
  if (!id || !timestamp || !signature || !TIMESTAMP.test(timestamp)) return { ok: false, reason: 'missing' };
  if (Math.abs(now.getTime() / 1000 - Number(timestamp)) > SIGNATURE_TOLERANCE_S) return { ok: false, reason: 'stale' };
  const key = Buffer.from(secret.replace(/^whsec_/, ''), 'base64');
  if (key.length === 0) return { ok: false, reason: 'mismatch' };
  const expected = createHmac('sha256', key).update(`${id}.${timestamp}.${rawBody}`).digest();
  const matches = signature
    .split(' ')
    .filter((entry) => entry.startsWith('v1,'))
    .map((entry) => Buffer.from(entry.slice(3), 'base64'))
    // Only digests as long as ours are compared: timingSafeEqual needs equal lengths.
    .some((given) => given.length === expected.length && timingSafeEqual(given, expected));
  return matches ? { ok: true } : { ok: false, reason: 'mismatch' };
}
