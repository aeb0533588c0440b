/**
 * Meta's webhook `POST` body read into the shop's events (issue 33 §5–6): what a shopper wrote or
 * tapped, and what became of a message we sent. Read only after the signature is checked
 * (webhook-signature.ts). A body of a shape we do not know is `unreadable`, never a throw: the
 * webhook logs it and answers 200 so Meta stops retrying.
 *
 * Documented shapes:
 * - the envelope `{ object: 'whatsapp_business_account', entry: [{ id, changes: [{ field, value }] }] }`
 *   and the status object (`id`, `status`, `timestamp`, `recipient_id`, `biz_opaque_callback_data`,
 *   `conversation` (only up to v23.0), `pricing { billable, pricing_model, type, category }`,
 *   `errors [{ code, title, message, error_data { details }, href }]`): Meta's status webhook reference,
 *   developers.facebook.com/documentation/business-messaging/whatsapp/webhooks/reference/messages/status;
 * - incoming messages (`from`, `id`, `timestamp` as a string of Unix seconds, `type`, `text { body }`,
 *   `button { payload, text }` for a template's quick reply, `interactive { type: 'button_reply',
 *   button_reply { id, title } }`, `context { from, id }`): Meta's sample payload (the app dashboard's
 *   test message) and whatsapp-api-js `ServerMessage` (docs/research/whatsapp-cloud-api.md §3.2).
 * Leniencies: every field Meta's pages mark as conditional is optional here — `from` and `wa_id` are
 * absent for a user with a username (business-scoped user ids, 2026), `conversation` is gone from
 * v24.0, `pricing.type` arrived with per-message pricing, `billable` is deprecated — and fields we
 * do not use are dropped, not refused.
 */
import { z } from 'zod';

const unixSeconds = z.union([z.string().regex(/^\d+$/), z.number().int().nonnegative()]).transform(Number);

const messageSchema = z.object({
  from: z.string().optional(),
  from_user_id: z.string().optional(),
  id: z.string().min(1),
  timestamp: unixSeconds,
  type: z.string(),
  text: z.object({ body: z.string() }).optional(),
  button: z.object({ payload: z.string().optional(), text: z.string() }).optional(),
  interactive: z
    .object({
      type: z.string(),
      button_reply: z.object({ id: z.string(), title: z.string() }).optional(),
    })
    .optional(),
  context: z.object({ from: z.string().optional(), id: z.string().optional() }).optional(),
});

export const STATUS_VALUES = ['sent', 'delivered', 'read', 'played', 'failed'] as const;

const graphErrorSchema = z.object({
  code: z.number().int(),
  title: z.string().optional(),
  message: z.string().optional(),
  error_data: z.object({ details: z.string().optional() }).optional(),
});

const statusSchema = z.object({
  id: z.string().min(1),
  status: z.enum(STATUS_VALUES),
  timestamp: unixSeconds,
  recipient_id: z.string().optional(),
  biz_opaque_callback_data: z.string().optional(),
  pricing: z
    .object({
      billable: z.union([z.boolean(), z.enum(['true', 'false'])]).optional(),
      pricing_model: z.string().optional(),
      type: z.string().optional(),
      category: z.string().optional(),
    })
    .optional(),
  errors: z.array(graphErrorSchema).optional(),
});

const valueSchema = z.object({
  metadata: z.object({ phone_number_id: z.string() }).optional(),
  contacts: z
    .array(z.object({ profile: z.object({ name: z.string().optional() }).optional(), wa_id: z.string().optional() }))
    .optional(),
  messages: z.array(messageSchema).optional(),
  statuses: z.array(statusSchema).optional(),
});

/** The envelope; a change of any other field (template status, account updates) is kept unread. */
export const webhookPayloadSchema = z.object({
  object: z.literal('whatsapp_business_account'),
  entry: z.array(
    z.object({
      id: z.string().optional(),
      changes: z.array(z.object({ field: z.string(), value: z.unknown() })),
    }),
  ),
});

/** What a shopper sent: words, a template's quick reply, an interactive reply, or something else. */
export type IncomingContent =
  | { type: 'text'; body: string }
  /** A tap on a template's quick-reply button: `payload` is what the send put there. */
  | { type: 'quick_reply'; payload: string | undefined; text: string }
  /** A tap on an interactive (free-form) reply button. */
  | { type: 'button_reply'; id: string; title: string }
  /** An image, a location, a reaction, an unsupported message…: kept as its type only. */
  | { type: 'other'; messageType: string };

export interface IncomingMessage {
  kind: 'message';
  /** Our business number's id (`metadata.phone_number_id`). */
  phoneNumberId: string | undefined;
  /** The shopper's number as digits with 91 and no `+`; absent for a user with a username. */
  from: string | undefined;
  fromUserId: string | undefined;
  /** The profile name the shopper chose, if Meta sent one for this number. */
  profileName: string | undefined;
  /** Meta's message id (`wamid.…`): the key against replays. */
  id: string;
  /** Unix seconds. */
  timestamp: number;
  /** The id of our message this answers (`context.id`), for a tap or a quoted reply. */
  replyTo: string | undefined;
  content: IncomingContent;
}

export type MessageStatus = (typeof STATUS_VALUES)[number];

export interface StatusUpdate {
  kind: 'status';
  phoneNumberId: string | undefined;
  /** The `wamid.…` the send answered. */
  messageId: string;
  status: MessageStatus;
  timestamp: number;
  recipientId: string | undefined;
  /** What we sent as `biz_opaque_callback_data` (the order id). */
  callbackData: string | undefined;
  pricing: { category?: string; type?: string; billable?: boolean; pricingModel?: string } | undefined;
  errors: Array<{ code: number; title?: string; details?: string }>;
}

export type WhatsAppEvent = IncomingMessage | StatusUpdate;

export type WebhookReading =
  | { ok: true; events: WhatsAppEvent[] /** changes of other fields, not read */; skipped: number }
  | { ok: false; reason: 'unreadable'; message: string };

function contentOf(message: z.infer<typeof messageSchema>): IncomingContent {
  if (message.type === 'text' && message.text) return { type: 'text', body: message.text.body };
  if (message.type === 'button' && message.button) {
    return { type: 'quick_reply', payload: message.button.payload, text: message.button.text };
  }
  const reply = message.interactive?.button_reply;
  if (message.type === 'interactive' && reply) return { type: 'button_reply', id: reply.id, title: reply.title };
  return { type: 'other', messageType: message.type };
}

function eventsOf(value: z.infer<typeof valueSchema>): WhatsAppEvent[] {
  const phoneNumberId = value.metadata?.phone_number_id;
  const names = new Map((value.contacts ?? []).map((contact) => [contact.wa_id, contact.profile?.name]));
  const messages = (value.messages ?? []).map(
    (message): IncomingMessage => ({
      kind: 'message',
      phoneNumberId,
      from: message.from,
      fromUserId: message.from_user_id,
      profileName: message.from === undefined ? undefined : names.get(message.from),
      id: message.id,
      timestamp: message.timestamp,
      replyTo: message.context?.id,
      content: contentOf(message),
    }),
  );
  const statuses = (value.statuses ?? []).map(
    (status): StatusUpdate => ({
      kind: 'status',
      phoneNumberId,
      messageId: status.id,
      status: status.status,
      timestamp: status.timestamp,
      recipientId: status.recipient_id,
      callbackData: status.biz_opaque_callback_data,
      pricing: status.pricing && {
        category: status.pricing.category,
        type: status.pricing.type,
        billable: status.pricing.billable === undefined ? undefined : String(status.pricing.billable) === 'true',
        pricingModel: status.pricing.pricing_model,
      },
      errors: (status.errors ?? []).map((error) => ({
        code: error.code,
        ...(error.title === undefined ? {} : { title: error.title }),
        ...(error.error_data?.details === undefined ? {} : { details: error.error_data.details }),
      })),
    }),
  );
  return [...messages, ...statuses];
}

/**
 * Every message and status of every entry and change (Meta batches them), in order. A `messages`
 * change whose value does not fit makes the whole body unreadable: acting on half a batch would
 * hide the other half.
 */
export function readWebhookPayload(payload: unknown): WebhookReading {
  const envelope = webhookPayloadSchema.safeParse(payload);
  if (!envelope.success) return unreadable('not a WhatsApp Business Account webhook');
  const events: WhatsAppEvent[] = [];
  let skipped = 0;
  for (const entry of envelope.data.entry) {
    for (const change of entry.changes) {
      if (change.field !== 'messages') {
        skipped += 1;
        continue;
      }
      const value = valueSchema.safeParse(change.value);
      if (!value.success) {
        return unreadable(`a messages change not shaped as documented: ${z.prettifyError(value.error)}`);
      }
      events.push(...eventsOf(value.data));
    }
  }
  return { ok: true, events, skipped };
}

function unreadable(why: string): WebhookReading {
  return { ok: false, reason: 'unreadable', message: `WhatsApp webhook unreadable: ${why}` };
}
