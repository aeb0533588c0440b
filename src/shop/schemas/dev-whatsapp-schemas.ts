/**
 * The development WhatsApp outbox (`/dev/whatsapp`, issue 33 §7): what the page shows of each
 * conversation, and what it asks the development phone to do. Re-exported by schemas.ts.
 */
import { z } from 'zod';
import { phoneSchema, text } from './form-schemas.ts';

/** A message of the local outbox by its id (`<orderId>-<event>`, the file's name). */
const outboxIdSchema = z.string().regex(/^OUO_\d{13}-[\w-]{1,80}$/);

/** POST /api/dev/whatsapp: the shopper's phone reports, taps or writes. */
export const devWhatsAppRequestSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('status'), messageId: outboxIdSchema, status: z.enum(['delivered', 'read']) }),
  z.object({ kind: z.literal('tap'), messageId: outboxIdSchema, button: z.number().int().min(0).max(9) }),
  z.object({ kind: z.literal('write'), phone: phoneSchema, text: text(1000, undefined, { lines: true }) }),
]);
export type DevWhatsAppRequest = z.infer<typeof devWhatsAppRequestSchema>;

/** Its answer: what the webhook handler did with what the phone sent (netlify/lib/whatsapp/inbox.ts). */
export const devWhatsAppResponseSchema = z.object({ ok: z.literal(true), outcomes: z.array(z.string()) });

const shopMessageSchema = z.object({
  from: z.literal('shop'),
  id: z.string(),
  orderId: z.string(),
  template: z.string(),
  language: z.string(),
  /** The template's body with its parameters filled in, as the phone shows it. */
  body: z.string(),
  buttons: z.array(z.object({ text: z.string(), url: z.string().optional(), payload: z.string().optional() })),
  at: z.string(),
  /** What the phone reported last (sent, delivered, read), from the order's notice. */
  status: z.string(),
});

const shopperMessageSchema = z.object({
  from: z.literal('shopper'),
  id: z.string(),
  at: z.string(),
  text: z.string(),
  /** What the shop did with it (inbox.ts outcomes). */
  outcome: z.string(),
});

/** GET /api/dev/whatsapp: one conversation per phone, newest first; its messages in time order. */
export const devWhatsAppOutboxSchema = z.object({
  chats: z.array(
    z.object({
      phone: z.string(),
      name: z.string(),
      messages: z.array(z.discriminatedUnion('from', [shopMessageSchema, shopperMessageSchema])),
      /** This phone's COD orders waiting for its confirmation, with the words that confirm each (rule 17). */
      awaiting: z.array(z.object({ orderId: z.string(), text: z.string() })),
    }),
  ),
});
export type DevWhatsAppOutbox = z.infer<typeof devWhatsAppOutboxSchema>;
export type DevWhatsAppChat = DevWhatsAppOutbox['chats'][number];
