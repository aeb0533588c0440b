/**
 * The shop's WhatsApp channel (docs/shop-rules.md §10, "WhatsApp"): one template message to a
 * shopper, sent once under its id however often it is asked for; or a free-form reply to a
 * shopper who has just written (Meta takes those only in the 24 hours after). Meta's Cloud API when it is
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
import { type CloudApi, cloudApi, type SendAnswer, type TemplateButton, toWhatsAppNumber } from './cloud-api.ts';
import type { TemplateLanguage, TemplateName } from './templates.ts';

export interface WhatsAppTemplateMessage {
  /** Names the message (`<orderId>-<event>`): the same id is never sent twice. */
  id: string;
  orderId: string;
  /** The shopper's 10-digit Indian mobile number. */
  to: string;
  /** One of the utility templates of templates.ts. */
  template: TemplateName;
  language: TemplateLanguage;
  /** The body's {{1}}, {{2}}, … in order (templates.ts, `TEMPLATE_PARAMETERS`). */
  parameters: string[];
  /** The quick replies' payloads (what a tap sends back), when the template has them. */
  buttons?: TemplateButton[] | undefined;
}

/**
 * A free-form reply to a shopper's own message (a CONFIRM that did not confirm, cod-answers.ts):
 * Meta takes it only within 24 hours of the shopper's last message, so it answers one at once.
 */
export interface WhatsAppTextMessage {
  /** Names the message (`<orderId>-<what>`): the local outbox writes an id once. */
  id: string;
  orderId: string;
  /** The shopper's 10-digit Indian mobile number. */
  to: string;
  /** The language the words are in (the order's WhatsApp language). */
  language: TemplateLanguage;
  /** At most 4096 characters. */
  body: string;
}

/** Meta's id of the message (`wamid.…`, or a local one); `duplicate`: this id was sent before. */
export type WhatsAppSendResult = Outcome<{ messageId: string; duplicate: boolean }>;

export interface WhatsAppSender {
  kind: 'cloud' | 'local' | 'off';
  sendTemplate(message: WhatsAppTemplateMessage): Promise<WhatsAppSendResult>;
  sendText(message: WhatsAppTextMessage): Promise<WhatsAppSendResult>;
}

type WhatsAppEnv = Pick<
  ServerEnv,
  | 'CONTEXT'
  | 'LOCAL_WHATSAPP_DIR'
  | 'WHATSAPP_TOKEN'
  | 'WHATSAPP_PHONE_NUMBER_ID'
  | 'WHATSAPP_API_VERSION'
  | 'WHATSAPP_BASE_URL'
>;

export function createWhatsApp(env: WhatsAppEnv): WhatsAppSender {
  if (env.WHATSAPP_TOKEN && env.WHATSAPP_PHONE_NUMBER_ID) {
    return cloudSender(
      cloudApi({
        token: env.WHATSAPP_TOKEN,
        phoneNumberId: env.WHATSAPP_PHONE_NUMBER_ID,
        apiVersion: env.WHATSAPP_API_VERSION,
        baseUrl: env.WHATSAPP_BASE_URL,
      }),
    );
  }
  if (env.CONTEXT === 'production') {
    const off = async () => failure('NOT_CONFIGURED', 'WhatsApp is not configured (WHATSAPP_TOKEN is not set)');
    return { kind: 'off', sendTemplate: off, sendText: off };
  }
  return localOutbox(env.LOCAL_WHATSAPP_DIR);
}

/**
 * Meta's Cloud API. It takes no idempotency key: the notice's claim (notices.ts) keeps two
 * workers from sending at once, but an answer lost after Meta took the message leaves a retry
 * that may send it twice (decision 024).
 */
export function cloudSender(api: CloudApi): WhatsAppSender {
  return {
    kind: 'cloud',
    async sendTemplate(message) {
      const to = toWhatsAppNumber(message.to);
      if (!to) return failure('REFUSED', `${message.to} is not an Indian mobile number`);
      return settled(await api.sendTemplate({ ...message, to }));
    },
    async sendText(message) {
      const to = toWhatsAppNumber(message.to);
      if (!to) return failure('REFUSED', `${message.to} is not an Indian mobile number`);
      return settled(await api.sendText({ to, body: message.body, callbackData: message.orderId }));
    },
  };
}

function settled(answer: SendAnswer): WhatsAppSendResult {
  if (answer.ok) return { ok: true, messageId: answer.messageId, duplicate: false };
  return failure(answer.retry ? 'UNREACHABLE' : 'REFUSED', `${answer.kind}: ${answer.message}`);
}

/** The Meta-like id the local outbox gives a message: its status callbacks (local-phone.ts) name it. */
export const localMessageId = (id: string) => `wamid.local-${id}`;

/** What the local outbox calls a free-form reply in place of a template's name. */
export const TEXT_MESSAGE = 'text';

/**
 * The local stand-in: each message a file named by its id, written create-only, so a second send
 * of the same id finds it (`duplicate`) and writes nothing. A free-form reply is kept in a
 * template's shape, `template: 'text'` with its words, so the outbox page shows it in its
 * conversation (local-outbox-view.ts).
 */
export function localOutbox(dir: string): WhatsAppSender {
  const write = async <Message extends { id: string }>(message: Message): Promise<WhatsAppSendResult> => {
    const file = path.join(dir, `${message.id.replace(/[^\w-]/g, '_')}.json`);
    const written = { ...message, channel: 'whatsapp', sentAt: new Date().toISOString() };
    try {
      await mkdir(dir, { recursive: true });
      await writeFile(file, `${JSON.stringify(written, null, 2)}\n`, { flag: 'wx' });
      return { ok: true, messageId: localMessageId(message.id), duplicate: false };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'EEXIST')
        return { ok: true, messageId: localMessageId(message.id), duplicate: true };
      return failure('UNREACHABLE', `the local outbox could not be written: ${(error as Error).message}`);
    }
  };
  return {
    kind: 'local',
    sendTemplate: write,
    sendText: ({ body, ...message }) => write({ ...message, template: TEXT_MESSAGE, parameters: [], text: body }),
  };
}
