/**
 * Resend's email API over `fetch` (decision 032): `POST /emails`, one email per call. Shapes from
 * Resend's docs (docs/research/email-providers.md):
 * - https://resend.com/docs/api-reference/emails/send-email — `Authorization: Bearer re_…`, a JSON
 *   body `{ from, to, subject, html, reply_to, tags }`, the answer `{ id }`;
 * - https://resend.com/docs/dashboard/emails/idempotency-keys — the `Idempotency-Key` header (at
 *   most 256 characters): the same key within 24 hours answers the first email's id and sends
 *   nothing. The email's `emailId` is the key, so a retry after a lost answer never mails twice;
 * - https://resend.com/docs/api-reference/errors — `{ statusCode, name, message }`, read below.
 * The order id and the email id travel as tags, so the webhook finds the order (email-webhook.ts).
 * Never logs or returns the shopper's address.
 */
import { z } from 'zod';
import type { MailResult, OrderEmail } from '../orders/types.ts';
import { failure } from '../platform/outcome.ts';

/** A send runs in the runner, not while a shopper waits: as long as the Sheet's calls may take. */
export const RESEND_TIMEOUT_MS = 8_000;

interface ResendTarget {
  apiKey: string;
  /** The sender's address on the verified domain (RESEND_FROM); the shop's name goes before it. */
  from: string | undefined;
  baseUrl: string;
  fetchImpl: typeof fetch;
  timeoutMs: number;
}

const sentSchema = z.object({ id: z.string().min(1) });
const errorSchema = z.object({ name: z.string().default('unknown'), message: z.string().default('') });

/** Tag values take ASCII letters, digits, `_` and `-` only (Resend's send-email reference, `tags`). */
const tagValue = (value: string) => value.replace(/[^A-Za-z0-9_-]/g, '_').slice(0, 256);

/** The request Resend's send-email reference documents, for one of the shop's emails. */
function resendRequest(email: OrderEmail, from: string) {
  const emailId = email.emailId ?? email.orderId;
  return {
    idempotencyKey: emailId.slice(0, 256),
    body: {
      // The shop's name as the display name; quotes and angle brackets would break the header.
      from: `${email.name.replace(/["<>]/g, '')} <${from}>`,
      to: [email.to],
      subject: email.subject,
      html: email.html,
      reply_to: email.replyTo,
      tags: [
        { name: 'order_id', value: tagValue(email.orderId) },
        { name: 'email_id', value: tagValue(emailId) },
      ],
    },
  };
}

export function resendSender(target: ResendTarget): (email: OrderEmail) => Promise<MailResult> {
  return async (email) => {
    if (!target.from) return failure('NOT_CONFIGURED', 'RESEND_FROM is not set');
    const { idempotencyKey, body } = resendRequest(email, target.from);
    let response: Response;
    try {
      response = await target.fetchImpl(new URL('/emails', target.baseUrl), {
        method: 'POST',
        headers: {
          authorization: `Bearer ${target.apiKey}`,
          'content-type': 'application/json',
          'idempotency-key': idempotencyKey,
        },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(target.timeoutMs),
      });
    } catch (error) {
      // Sent or not, we cannot know: the retry carries the same key, so Resend sends it at most once.
      return failure('UNREACHABLE', `Resend did not answer (${(error as Error).name})`);
    }
    return readAnswer(response);
  };
}

async function readAnswer(response: Response): Promise<MailResult> {
  const json: unknown = await response.json().catch(() => undefined);
  if (response.ok) {
    const sent = sentSchema.safeParse(json);
    // Accepted but unreadable: the retry's same key answers the first email's id without sending.
    return sent.success ? { ok: true, duplicate: false } : failure('UNREACHABLE', 'Resend answered without an id');
  }
  const error = errorSchema.safeParse(json ?? {});
  const { name, message } = error.success ? error.data : { name: 'unknown', message: '' };
  return refusal(response.status, name, `Resend answered ${response.status} ${name}: ${message}`.trim());
}

/**
 * Resend's error codes (api-reference/errors) as the shop's outcomes:
 * - 409 `invalid_idempotent_request`: this key was used with another body in the last 24 hours —
 *   the email was sent (a retry whose text was rendered again): `DUPLICATE`, done;
 * - 409 `concurrent_idempotent_requests`, 429 (rate or quota), 5xx: it waits and is retried;
 * - 400 and 422 (`validation_error`, `invalid_parameter`, …): the email as it is will never be
 *   taken — an address Resend refuses — so it is given up now (`permanent`);
 * - 401 and 403 (the key, or a domain not verified): refused, retried while staff fix the set-up.
 */
function refusal(status: number, name: string, message: string): MailResult {
  if (status === 409 && name === 'invalid_idempotent_request') return failure('DUPLICATE', message);
  if (status === 409 || status === 429 || status >= 500) return failure('UNREACHABLE', message);
  if (status === 400 || status === 422) return { ...failure('REFUSED', message), permanent: true };
  return failure('REFUSED', message);
}
