/**
 * Resend's webhook (docs/shop-rules.md §11, decision 032): the signature over the raw body first
 * (resend-signature.ts), then the event. `email.bounced` (the receiving server refused the email
 * for good: resend.com/docs/webhooks/emails/bounced) and `email.complained` (the shopper marked it
 * as spam) are recorded on the order the email's tags name, through the order's engine
 * (`email-undeliverable`, src/shop/order-engine/email-events.ts); every other type is answered 200
 * and ignored. Each delivery's `svix-id` is remembered once handled, so a replay changes nothing
 * (the engine keeps only the first bounce too). The shopper's address is never read or logged.
 */
import { z } from 'zod';
import type { EmailUndeliverableEvent } from '#shop/order-engine/index.ts';
import { syncSheetRows } from '../orders/forward.ts';
import type { OrderDeps } from '../orders/types.ts';
import { errorResponse } from '../platform/http.ts';
import { type SignedHeaders, verifyResendSignature } from './resend-signature.ts';

/** The delivery's id becomes a storage key (`resend-<id>`): Svix's `msg_…`, nothing else. */
const EVENT_ID = /^[A-Za-z0-9_-]{1,100}$/;
const ORDER_ID = /^OUO_\d{1,20}$/;

/** Tags as the webhook carries them: an object by name in Resend's samples; a list as sent is read too. */
const tagsSchema = z
  .union([
    z.record(z.string(), z.string()),
    z
      .array(z.object({ name: z.string(), value: z.string() }))
      .transform((tags) => Object.fromEntries(tags.map((tag) => [tag.name, tag.value]))),
  ])
  .default({});

const eventSchema = z.object({
  type: z.string(),
  data: z
    .object({
      bounce: z
        .object({ message: z.string().optional(), type: z.string().optional(), subType: z.string().optional() })
        .optional(),
      tags: tagsSchema,
    })
    .default({ tags: {} }),
});

type ResendEvent = z.infer<typeof eventSchema>;

interface EmailWebhookInput {
  rawBody: string;
  headers: SignedHeaders;
}

export async function handleEmailWebhook(
  deps: OrderDeps,
  input: EmailWebhookInput,
  secret: string | undefined,
): Promise<Response> {
  if (!secret) return errorResponse(503, 'WEBHOOK_NOT_CONFIGURED', 'RESEND_WEBHOOK_SECRET is not set.');
  const check = verifyResendSignature(input.rawBody, input.headers, secret, deps.now());
  if (!check.ok) return errorResponse(400, 'INVALID_SIGNATURE', `The webhook signature is ${check.reason}.`);
  const id = input.headers.id as string;
  if (!EVENT_ID.test(id)) return ignored('its delivery id cannot be a key');
  const eventKey = `resend-${id}`;
  if (await deps.log.hasEvent(eventKey)) return Response.json({ ok: true, duplicate: true });
  let event: ResendEvent;
  try {
    event = eventSchema.parse(JSON.parse(input.rawBody));
  } catch {
    return errorResponse(400, 'INVALID_EVENT', 'The webhook body is not a Resend event.');
  }
  const outcome = await record(deps, event);
  // Remembered once handled: a failure above makes Resend send it again, which is welcome.
  await deps.log.rememberEvent(eventKey);
  return Response.json({ ok: true, event: event.type, outcome });
}

/** What the event says of the order, as the engine's event; undefined for an event the shop does not use. */
function undeliverable(event: ResendEvent, at: string, emailId: string): EmailUndeliverableEvent | undefined {
  const base = { type: 'email-undeliverable' as const, at, emailId };
  if (event.type === 'email.complained') return { ...base, kind: 'complaint', reason: 'the shopper marked it as spam' };
  if (event.type !== 'email.bounced') return undefined;
  const bounce = event.data.bounce;
  // Resend sends `email.bounced` for permanent refusals; a bounce it calls anything else is not one.
  if (bounce?.type && bounce.type !== 'Permanent') return undefined;
  const words = [bounce?.subType, bounce?.message].filter(Boolean).join(': ');
  return { ...base, kind: 'bounce', reason: words || 'bounced' };
}

async function record(deps: OrderDeps, event: ResendEvent): Promise<string> {
  const orderId = event.data.tags.order_id ?? '';
  const emailId = event.data.tags.email_id ?? orderId;
  const change = undeliverable(event, deps.now().toISOString(), emailId);
  if (!change) return 'ignored';
  // An email the shop did not send (a test from Resend's dashboard) or an order it does not hold.
  if (!ORDER_ID.test(orderId) || !(await deps.log.get(orderId))) {
    console.warn(`email-webhook: ${event.type} ignored: no order for email ${JSON.stringify(emailId.slice(0, 80))}`);
    return 'unknown email';
  }
  const { changed } = await deps.log.apply(orderId, change);
  if (changed) await syncSheetRows(deps, orderId);
  return changed ? 'recorded' : 'unchanged';
}

/** A signed delivery with an id that can be no key: answered 200 so Resend does not retry it for days. */
function ignored(why: string): Response {
  console.warn(`email-webhook: ignored a delivery: ${why}`);
  return Response.json({ ok: true, outcome: `ignored: ${why}` });
}
