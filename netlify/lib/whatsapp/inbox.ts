/**
 * What comes in on WhatsApp's webhook (docs/shop-rules.md §10 rule 16), after its signature is
 * checked (webhook-signature.ts) and its body read (webhook-events.ts):
 *
 * - A status of a message the shop sent (sent, delivered, read, failed, with Meta's price
 *   category): kept on its notice, moving only forward, so a replayed or late callback changes
 *   nothing.
 * - `STOP` / `START` from a shopper: WhatsApp off, or on again, for that phone (book.ts).
 * - A COD order's answer (`CONFIRM <order id> <code>`, the `cod_confirm` template's buttons):
 *   cod-answers.ts, which also tells the order's phone why a CONFIRM did not confirm (rule 17).
 * - A tap on `delivery_failed`'s quick replies (`NDR_<CHOICE>:<orderId>`): kept on the order for
 *   staff, once per message, and only when it comes from the order's own phone; `deliver
 *   tomorrow` asks Delhivery to try again (NDR `RE-ATTEMPT`, queued: its next scans tell), its
 *   answer kept on the reply; `cancel` asks for the order's cancellation by the cancel rules
 *   (refused once the parcel has left); `change address` is for staff to arrange.
 * - Anything else a shopper writes, taps or sends (a photo, a location): a row in the Sheet's
 *   WhatsApp tab for staff to answer, once per message id. When the Sheet cannot take it, the
 *   outcome says so and the webhook answers 503, so Meta delivers the body again (webhook.ts).
 *
 * A status, a reply and Delhivery's answer to it are events of the order's engine
 * (src/shop/order-engine/cod-events.ts). Each changes what the order's Sheet rows show (the
 * WhatsApp column): they are rewritten once, and only when what they show changed (the engine's
 * epilogue). Reactions and other events are answered 200 and not acted on, so Meta stops sending
 * them.
 */

import type { NoticeState } from '#shop/order/index.ts';
import { phoneDigits } from '#shop/parcel/index.ts';
import { cancelOrder } from '../orders/cancel.ts';
import { syncSheetRows } from '../orders/forward.ts';
import type { OrderDeps } from '../orders/types.ts';
import { actOnCodAnswer, type CodAnswerOutcome, codAnswerOf } from './cod-answers.ts';
import type { IncomingContent, IncomingMessage, StatusUpdate, WhatsAppEvent } from './webhook-events.ts';

/** What the shop did with one event, for the log and the tests. */
export type InboxOutcome =
  | 'status recorded'
  | 'status known'
  | 'status of an unknown message'
  | 'opted out'
  | 'opted in'
  | 'reply recorded'
  | 'reply known'
  | 'reply from another phone'
  /** A COD order's confirmation or cancellation (cod-answers.ts). */
  | CodAnswerOutcome
  | 'message for staff'
  /** The Sheet could not take it: the webhook asks Meta to deliver it again. */
  | 'message for staff not written'
  | 'not acted on';

export async function handleInboxEvent(deps: OrderDeps, event: WhatsAppEvent): Promise<InboxOutcome> {
  return event.kind === 'status' ? recordStatus(deps, event) : readMessage(deps, event);
}

async function recordStatus(deps: OrderDeps, event: StatusUpdate): Promise<InboxOutcome> {
  const ref = await deps.whatsappBook.messageRef(event.messageId);
  if (!ref) return 'status of an unknown message';
  const [error] = event.errors;
  const delivery: NonNullable<NoticeState['delivery']> = {
    status: event.status,
    at: new Date(event.timestamp * 1000).toISOString(),
    ...(event.pricing?.category ? { category: event.pricing.category } : {}),
    ...(event.pricing?.type ? { pricingType: event.pricing.type } : {}),
    ...(error ? { error: `${error.code}: ${error.details ?? error.title ?? ''}`.trim() } : {}),
  };
  const { changed } = await deps.log.apply(ref.orderId, {
    type: 'whatsapp-status-reported',
    at: deps.now().toISOString(),
    key: ref.key,
    delivery,
  });
  if (!changed) return 'status known';
  // Written if this status changed what the rows show, or if they were waiting to be written.
  await syncSheetRows(deps, ref.orderId);
  return 'status recorded';
}

/** Meta's `from` is 91 and the ten digits: the shop's phones are the ten digits. */
/**
 * The sender's phone as the shop keeps phones (an Indian mobile's 10 digits), or none for what is
 * no phone number: more than E.164's 15 digits, or none at all. It becomes a key of the WhatsApp
 * book (`optout-<digits>`), so a signed message from a 250-digit "phone" must not reach the store
 * (issue 46 §4: it threw there, a 500 that Meta would resend).
 */
const nationalOf = (from: string | undefined) => {
  const digits = from ? phoneDigits(from.replace(/^91(?=\d{10}$)/, '')) : '';
  return /^\d{1,15}$/.test(digits) ? digits : undefined;
};

const NDR = /^NDR_(DELIVER_TOMORROW|CHANGE_ADDRESS|CANCEL):(OUO_\d{13})$/;

async function readMessage(deps: OrderDeps, message: IncomingMessage): Promise<InboxOutcome> {
  const phone = nationalOf(message.from);
  const at = new Date(message.timestamp * 1000).toISOString();
  if (phone && message.content.type === 'text') {
    const word = message.content.body.trim().toUpperCase();
    if (word === 'STOP' || word === 'START') {
      await deps.whatsappBook.setOptOut(phone, word === 'STOP', at);
      return word === 'STOP' ? 'opted out' : 'opted in';
    }
  }
  const codAnswer = codAnswerOf(message.content);
  if (phone && codAnswer) return actOnCodAnswer(deps, codAnswer, { phone, messageId: message.id });
  const tapped = message.content.type === 'quick_reply' ? NDR.exec(message.content.payload ?? '') : null;
  if (phone && tapped) {
    const [, choice, orderId] = tapped as unknown as [string, string, string];
    return recordReply(deps, { orderId, choice, phone, at, messageId: message.id });
  }
  const words = wordsOf(message.content);
  return words === undefined ? 'not acted on' : messageForStaff(deps, message, { phone, at, words });
}

/** What a message kind is called in the WhatsApp tab: a photo is staff's to open in WhatsApp Business. */
const SENT: Record<string, string> = {
  image: 'a photo',
  video: 'a video',
  audio: 'a voice message',
  document: 'a document',
  sticker: 'a sticker',
  location: 'a location',
  contacts: 'a contact card',
};

/** The words staff read; undefined for what needs no answer (a reaction, a system notice). */
function wordsOf(content: IncomingContent): string | undefined {
  if (content.type === 'text') return content.body;
  if (content.type === 'quick_reply') return content.text;
  if (content.type === 'button_reply') return content.title;
  const sent = SENT[content.messageType];
  return sent && `(${sent}: open WhatsApp Business to see it)`;
}

/**
 * A row in the WhatsApp tab. Its Order ID is the order of our message the shopper answered (a
 * swipe-reply names it), found in the WhatsApp book; otherwise empty: the log has no index by
 * phone, so staff find the order by the phone in the Orders tab.
 */
async function messageForStaff(
  deps: OrderDeps,
  message: IncomingMessage,
  heard: { phone: string | undefined; at: string; words: string },
): Promise<InboxOutcome> {
  const answered = message.replyTo ? await deps.whatsappBook.messageRef(message.replyTo) : undefined;
  const written = await deps.sheets.appendWhatsApp({
    messageId: message.id,
    received: heard.at,
    from: heard.phone ?? message.fromUserId ?? '',
    name: message.profileName,
    orderId: answered?.orderId,
    message: heard.words,
  });
  return written.ok ? 'message for staff' : 'message for staff not written';
}

async function recordReply(
  deps: OrderDeps,
  reply: { orderId: string; choice: string; phone: string; at: string; messageId: string },
): Promise<InboxOutcome> {
  const { order, changed } = await deps.log.apply(reply.orderId, {
    type: 'whatsapp-reply-received',
    at: deps.now().toISOString(),
    choice: reply.choice,
    phone: reply.phone,
    sentAt: reply.at,
    messageId: reply.messageId,
  });
  if (!changed) return phoneDigits(order.customer.phone) !== reply.phone ? 'reply from another phone' : 'reply known';
  // Checked above to come from the order's own phone: its owner asked (rule 17's phone record).
  if (reply.choice === 'CANCEL')
    await cancelOrder(deps, reply.orderId, { reason: 'other', by: 'shopper', fromPhone: true });
  if (reply.choice === 'DELIVER_TOMORROW') await askReattempt(deps, reply.orderId, reply.messageId);
  // The reply (and Delhivery's answer) in the WhatsApp column: one rewrite, unless the cancellation wrote it.
  await syncSheetRows(deps, reply.orderId);
  return 'reply recorded';
}

/** Delhivery's re-attempt for the order's parcel, once per reply; what it answered is kept on the reply. */
async function askReattempt(deps: OrderDeps, orderId: string, messageId: string): Promise<void> {
  const waybill = (await deps.log.get(orderId))?.forwards.shipment.waybill;
  const answer = waybill
    ? await deps.carrier.requestReattempt(waybill)
    : { ok: false as const, message: 'no waybill to try again' };
  const ndr = answer.ok ? `re-attempt queued (${answer.requestId})` : `re-attempt not taken: ${answer.message}`;
  await deps.log.apply(orderId, { type: 'reattempt-answered', at: deps.now().toISOString(), messageId, ndr });
}
