/**
 * The shop's WhatsApp channel (docs/shop-rules.md §10, "WhatsApp"): one template message to a
 * shopper, sent once under its id however often it is asked for. Meta's Cloud API when it is
 * configured; otherwise, outside production, the local outbox, which writes each message to
 * `.data/whatsapp/<id>.json` so an order's whole life runs offline; in production unconfigured,
 * nothing is sent and each message waits, saying why (`NOT_CONFIGURED`).
 *
 * A failure's code says what comes next: `REFUSED` will not heal (outside the 24-hour window, a
 * number not on WhatsApp, a template Meta refuses): the message is given up at once and the
 * email, sent on its own channel, is what the shopper gets. `UNREACHABLE` (Meta down, throttled)
 * and `NOT_CONFIGURED` are tried again later.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { ServerEnv } from '../platform/env.ts';
import { failure, type Outcome } from '../platform/outcome.ts';

/** The utility templates the shop sends (whatsapp/templates.json), one purpose each. */
export const WHATSAPP_TEMPLATES = [
  'order_placed',
  'order_shipped',
  'out_for_delivery',
  'delivery_failed',
  'order_cancelled',
  'refund_done',
] as const;
export type WhatsAppTemplate = (typeof WHATSAPP_TEMPLATES)[number];

export interface WhatsAppTemplateMessage {
  /** Names the message (`<orderId>-<event>`): the same id is never sent twice. */
  id: string;
  orderId: string;
  /** The shopper's 10-digit Indian mobile number. */
  to: string;
  template: WhatsAppTemplate;
  language: 'en' | 'hi';
  /** The body's {{1}}, {{2}}, … in order. */
  parameters: string[];
  /** A URL button's variable part (the order's id for `/track?order=`), when the template has one. */
  urlParameter?: string | undefined;
}

/** Meta's id of the message (`wamid.…`, or a local one); `duplicate`: this id was sent before. */
export type WhatsAppSendResult = Outcome<{ messageId: string; duplicate: boolean }>;

export interface WhatsAppSender {
  kind: 'cloud' | 'local' | 'off';
  sendTemplate(message: WhatsAppTemplateMessage): Promise<WhatsAppSendResult>;
}

type WhatsAppEnv = Pick<ServerEnv, 'CONTEXT' | 'LOCAL_WHATSAPP_DIR'>;

export function createWhatsApp(env: WhatsAppEnv): WhatsAppSender {
  if (env.CONTEXT === 'production') {
    return {
      kind: 'off',
      sendTemplate: async () => failure('NOT_CONFIGURED', 'WhatsApp is not configured (WHATSAPP_TOKEN is not set)'),
    };
  }
  return localOutbox(env.LOCAL_WHATSAPP_DIR);
}

/**
 * The local stand-in: each message a file named by its id, written create-only, so a second send
 * of the same id finds it (`duplicate`) and writes nothing.
 */
export function localOutbox(dir: string): WhatsAppSender {
  return {
    kind: 'local',
    async sendTemplate(message) {
      const file = path.join(dir, `${message.id.replace(/[^\w-]/g, '_')}.json`);
      const written = { ...message, channel: 'whatsapp', sentAt: new Date().toISOString() };
      try {
        await mkdir(dir, { recursive: true });
        await writeFile(file, `${JSON.stringify(written, null, 2)}\n`, { flag: 'wx' });
        return { ok: true, messageId: `wamid.local-${message.id}`, duplicate: false };
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'EEXIST')
          return { ok: true, messageId: `wamid.local-${message.id}`, duplicate: true };
        return failure('UNREACHABLE', `the local outbox could not be written: ${(error as Error).message}`);
      }
    },
  };
}
