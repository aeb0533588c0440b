/**
 * A fake Resend, as msw handlers and a webhook signer, speaking the shapes of Resend's docs
 * (docs/research/email-providers.md):
 * - `POST /emails` (resend.com/docs/api-reference/emails/send-email): `Authorization: Bearer <key>`,
 *   a JSON body `{ from, to: [..], subject, html, reply_to?, tags?: [{ name, value }] }`, the answer
 *   200 `{ id }`;
 * - `Idempotency-Key` (resend.com/docs/dashboard/emails/idempotency-keys): the same key and body
 *   within 24 hours answers the first id and sends nothing; the same key with another body is 409
 *   `invalid_idempotent_request`;
 * - errors `{ statusCode, name, message }` (resend.com/docs/api-reference/errors): 401
 *   `missing_api_key`, 422 `validation_error`, 503 `internal_server_error`;
 * - webhooks signed as Svix signs them (docs.svix.com/receiving/verifying-payloads/how-manual):
 *   `svix-id`, `svix-timestamp`, `svix-signature: v1,<base64 HMAC-SHA256 of "id.timestamp.body">`
 *   keyed with the base64 after `whsec_`.
 */
import { createHmac } from 'node:crypto';
import { HttpResponse, http } from 'msw';
import { z } from 'zod';

export const FAKE_RESEND_URL = 'https://api.resend.test';
export const FAKE_RESEND = {
  apiKey: 're_fake_123456789',
  from: 'orders@mail.orangutanorganics.in',
  webhookSecret: `whsec_${Buffer.from('fake-resend-signing-secret-0123').toString('base64')}`,
};

/** Tag names and values: ASCII letters, digits, `_` and `-`, at most 256 (the send-email reference). */
const tagPart = z.string().regex(/^[A-Za-z0-9_-]{1,256}$/);

const sendEmailSchema = z
  .object({
    from: z.string().regex(/^[^<>"]* <[^<>@\s]+@[^<>@\s]+>$/),
    to: z.array(z.string().min(3)).min(1).max(50),
    subject: z.string().min(1),
    html: z.string().min(1),
    reply_to: z.string().optional(),
    tags: z.array(z.object({ name: tagPart, value: tagPart })).optional(),
  })
  .strict();

interface SentEmail {
  key: string;
  id: string;
  body: z.infer<typeof sendEmailSchema>;
}

const error = (statusCode: number, name: string, message: string) =>
  HttpResponse.json({ statusCode, name, message }, { status: statusCode });

/** The fake's state: what it sent, and what a test scripted for the next calls. */
export function fakeResend() {
  const sent: SentEmail[] = [];
  const requests: { headers: Headers; body: unknown }[] = [];
  // `loseNextAnswer`: the next email is sent but its answer never reaches the shop (a network error).
  const state = { down: false, loseNextAnswer: false, refuse: new Set<string>() };
  const handler = http.post(`${FAKE_RESEND_URL}/emails`, async ({ request }) => {
    const body: unknown = await request.json();
    requests.push({ headers: request.headers, body });
    if (request.headers.get('authorization') !== `Bearer ${FAKE_RESEND.apiKey}`)
      return error(401, 'missing_api_key', 'Missing API key in the authorization header.');
    if (state.down) return error(503, 'internal_server_error', 'An unexpected error occurred.');
    const parsed = sendEmailSchema.safeParse(body);
    if (!parsed.success) return error(422, 'validation_error', parsed.error.message);
    if (parsed.data.to.some((to) => state.refuse.has(to))) return error(422, 'validation_error', 'Invalid `to` field.');
    const key = request.headers.get('idempotency-key') ?? '';
    if (key.length > 256) return error(400, 'invalid_idempotency_key', 'The key must be between 1-256 chars.');
    const earlier = key ? sent.find((email) => email.key === key) : undefined;
    if (earlier && JSON.stringify(earlier.body) !== JSON.stringify(parsed.data))
      return error(409, 'invalid_idempotent_request', 'Same idempotency key used with a different request payload.');
    if (earlier) return HttpResponse.json({ id: earlier.id });
    const id = `4ef9a417-02e9-4d39-ad75-9611e0fc${String(sent.length).padStart(4, '0')}`;
    sent.push({ key, id, body: parsed.data });
    if (state.loseNextAnswer) {
      state.loseNextAnswer = false;
      return HttpResponse.error();
    }
    return HttpResponse.json({ id });
  });
  return { handler, sent, requests, state };
}

/** The three headers Resend (through Svix) sends with a webhook event. */
export function signResendWebhook(
  body: string,
  options: { id?: string; timestamp?: number; secret?: string } = {},
): Record<string, string> {
  const id = options.id ?? 'msg_2fW8Ygq0bTAkD2cRv1h8mZ3sLxe';
  const timestamp = String(options.timestamp ?? Math.floor(Date.now() / 1000));
  const key = Buffer.from((options.secret ?? FAKE_RESEND.webhookSecret).replace(/^whsec_/, ''), 'base64');
  const signature = createHmac('sha256', key).update(`${id}.${timestamp}.${body}`).digest('base64');
  return { 'svix-id': id, 'svix-timestamp': timestamp, 'svix-signature': `v1,${signature}` };
}

/** An event in the shape of resend.com/docs/webhooks/emails/bounced (and `email.complained`). */
export function resendEvent(
  type: string,
  tags: Record<string, string>,
  bounce?: { message: string; type?: string; subType?: string },
) {
  return {
    type,
    created_at: '2026-12-07T10:00:00.000Z',
    data: {
      created_at: '2026-12-07T09:59:58.000Z',
      email_id: '4ef9a417-02e9-4d39-ad75-9611e0fc0000',
      from: `Orang Utan Organics <${FAKE_RESEND.from}>`,
      to: ['asha@example.in'],
      subject: 'Your order at Orang Utan Organics',
      ...(bounce ? { bounce: { type: 'Permanent', subType: 'General', ...bounce } } : {}),
      tags,
    },
  };
}
