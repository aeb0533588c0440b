/**
 * The development phone (issue 33 §7, docs/shop-rules.md §10 rule 16): where the local outbox
 * stands in for Meta, the shopper's side of WhatsApp is played by the outbox page (`/dev/whatsapp`).
 * What the shopper taps or writes, and what their phone reports (delivered, read), is posted to the
 * same webhook handler Meta's calls reach, in Meta's documented shapes (webhook-events.ts), signed
 * with a local app secret, so the signature, the reading and the inbox are the ones production runs.
 *
 * The local secret is public (it is in this file): production never accepts it, whatever
 * `WHATSAPP_APP_SECRET` says.
 */
import { randomUUID } from 'node:crypto';
import type { DevWhatsAppRequest } from '#shop/schemas/index.ts';
import type { OrderDeps } from '../orders/types.ts';
import type { ServerEnv } from '../platform/env.ts';
import { onLocalMachine } from '../platform/local-machine.ts';
import {
  awaitingOrders,
  findOutboxMessage,
  keepShopperMessage,
  type OutboxMessage,
  rendered,
  UNKNOWN_NAME,
} from './local-outbox-view.ts';
import { createWhatsApp, localMessageId } from './sender.ts';
import { whatsappEvents } from './webhook.ts';
import { signWebhookBody } from './webhook-signature.ts';

/** Signs the development phone's webhook bodies; never a secret, so never accepted in production. */
export const LOCAL_WHATSAPP_APP_SECRET = 'local-whatsapp-app-secret-for-development-only';

type PhoneEnv = Parameters<typeof createWhatsApp>[0] & Pick<ServerEnv, 'WHATSAPP_APP_SECRET'>;

/**
 * Messages go to the local outbox here, on a developer's own machine (never on a deploy: issue 46),
 * so its page may play the shopper's phone.
 */
export function localPhoneAvailable(env: PhoneEnv): boolean {
  return onLocalMachine() && env.CONTEXT !== 'production' && createWhatsApp(env).kind === 'local';
}

/**
 * The app secret the webhook checks signatures with: `WHATSAPP_APP_SECRET`, or the local one where
 * the development phone plays Meta. Anywhere else the local secret is refused even when someone set
 * it: answering its signatures would let anyone who read this file post "the shopper cancelled".
 */
export function webhookAppSecret(env: PhoneEnv): string | undefined {
  const configured = env.WHATSAPP_APP_SECRET;
  const developing = onLocalMachine() && env.CONTEXT !== 'production';
  if (configured) return configured === LOCAL_WHATSAPP_APP_SECRET && !developing ? undefined : configured;
  return localPhoneAvailable(env) ? LOCAL_WHATSAPP_APP_SECRET : undefined;
}

/** The shop's test number, as Meta's sample payloads carry it. */
const DISPLAY_PHONE_NUMBER = '15550783881';

/**
 * Meta's envelope around one `messages` change, from the business account `waba` and our number
 * `phoneNumberId`. The tests' webhook bodies (tests/support/whatsapp-webhook.ts) are built by it too.
 */
export function webhookEnvelope(
  value: Record<string, unknown>,
  ids: { waba: string; phoneNumberId: string } = { waba: 'local-waba', phoneNumberId: 'local-phone-number' },
) {
  const metadata = { display_phone_number: DISPLAY_PHONE_NUMBER, phone_number_id: ids.phoneNumberId };
  return {
    object: 'whatsapp_business_account',
    entry: [
      { id: ids.waba, changes: [{ field: 'messages', value: { messaging_product: 'whatsapp', metadata, ...value } }] },
    ],
  };
}
const envelope = (value: Record<string, unknown>) => webhookEnvelope(value);

const seconds = (at: Date) => String(Math.floor(at.getTime() / 1000));

/** What the shopper's phone reports about a message the shop sent (a utility template, billed). */
export function statusBody(input: { wamid: string; status: 'delivered' | 'read'; to: string; at: Date }) {
  return envelope({
    statuses: [
      {
        id: input.wamid,
        status: input.status,
        timestamp: seconds(input.at),
        recipient_id: `91${input.to}`,
        pricing: { billable: true, pricing_model: 'PMP', type: 'regular', category: 'utility' },
      },
    ],
  });
}

/** What the shopper sends: a tap on a template's quick reply, or words. */
export type ShopperMessage =
  | { kind: 'tap'; replyTo: string; payload: string | undefined; text: string }
  | { kind: 'write'; text: string };

/** One message from the shopper's phone (`from` the 10 digits), with a fresh `wamid` of its own. */
export function shopperMessageBody(input: { from: string; name: string; at: Date; message: ShopperMessage }) {
  const id = `wamid.local-shopper-${randomUUID()}`;
  const content =
    input.message.kind === 'tap'
      ? {
          type: 'button',
          button: { payload: input.message.payload, text: input.message.text },
          context: { from: DISPLAY_PHONE_NUMBER, id: input.message.replyTo },
        }
      : { type: 'text', text: { body: input.message.text } };
  const from = `91${input.from}`;
  return {
    id,
    body: envelope({
      contacts: [{ profile: { name: input.name }, wa_id: from }],
      messages: [{ from, id, timestamp: seconds(input.at), ...content }],
    }),
  };
}

/** The raw body and its `X-Hub-Signature-256`, as Meta would send them. */
export function signedForWebhook(body: unknown, secret: string): { rawBody: string; signature: string } {
  const rawBody = JSON.stringify(body);
  return { rawBody, signature: signWebhookBody(rawBody, secret) };
}

/** Where the page's request lands: the shop's answer, or why it could not be asked. */
export type PhoneAnswer = { ok: true; outcomes: string[] } | { ok: false; status: 404 | 422; message: string };

/**
 * Plays one thing the shopper's phone does (`/api/dev/whatsapp` POST): builds Meta's body for it,
 * signs it with `secret` and hands it to the webhook handler, exactly as a call from Meta would
 * go; a tap or words are kept for the page with what the shop did with them.
 */
export async function playPhone(
  deps: OrderDeps,
  dir: string,
  secret: string,
  request: DevWhatsAppRequest,
): Promise<PhoneAnswer> {
  const now = deps.now();
  const made = await phoneBody(deps, dir, request, now);
  if (!made.ok) return made;
  const answer = await whatsappEvents(deps, signedForWebhook(made.body, secret), {
    appSecret: secret,
    verifyToken: undefined,
  });
  const { outcomes } = (await answer.json()) as { outcomes: string[] };
  if (made.shopper) {
    // The wall clock, as the local outbox stamps the shop's messages: the conversation reads in order.
    await keepShopperMessage(dir, { ...made.shopper, at: new Date().toISOString(), outcome: outcomes.join(', ') });
  }
  return { ok: true, outcomes };
}

type Made =
  | { ok: true; body: unknown; shopper?: { id: string; phone: string; name: string; text: string } }
  | { ok: false; status: 404 | 422; message: string };

async function phoneBody(deps: OrderDeps, dir: string, request: DevWhatsAppRequest, at: Date): Promise<Made> {
  if (request.kind === 'write') {
    const sent = await findOutboxMessage(dir, (message) => message.to === request.phone);
    // The profile name Meta would send: the shopper's, as an order of this phone knows it. The
    // orders awaiting confirmation are read only for a phone the shop has sent nothing yet (a
    // listing of the order log and up to 200 orders: 40,000 reads for 200 confirmations at once).
    const name = sent
      ? await nameOf(deps, sent)
      : ((await awaitingOrders(deps)).find((order) => order.phone === request.phone)?.name ?? UNKNOWN_NAME);
    const { id, body } = shopperMessageBody({ from: request.phone, name, at, message: request });
    return { ok: true, body, shopper: { id, phone: request.phone, name, text: request.text } };
  }
  const message = await findOutboxMessage(dir, (each) => each.id === request.messageId);
  if (!message) return { ok: false, status: 404, message: `There is no message ${request.messageId} in the outbox.` };
  const wamid = localMessageId(message.id);
  if (request.kind === 'status')
    return { ok: true, body: statusBody({ wamid, status: request.status, to: message.to, at }) };
  const button = rendered(message).buttons[request.button];
  if (!button || button.url !== undefined)
    return { ok: false, status: 422, message: 'That message has no quick reply there.' };
  const name = await nameOf(deps, message);
  const tap = { kind: 'tap' as const, replyTo: wamid, payload: button.payload, text: button.text };
  const { id, body } = shopperMessageBody({ from: message.to, name, at, message: tap });
  return { ok: true, body, shopper: { id, phone: message.to, name, text: `Tapped “${button.text}”` } };
}

/** The shopper's name as their profile would show it: the order's. */
async function nameOf(deps: OrderDeps, message: OutboxMessage | undefined): Promise<string> {
  return (message && (await deps.log.get(message.orderId))?.customer.name) || UNKNOWN_NAME;
}
