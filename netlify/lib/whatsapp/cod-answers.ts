/**
 * A shopper's answer to "please confirm your cash on delivery order" on WhatsApp (docs/shop-rules.md
 * §10 rule 17): the words `CONFIRM <order id> <code>` the order page's link prefills, or a tap on
 * the `cod_confirm` template's Confirm or Cancel (payloads `COD_CONFIRM:<id>`, `COD_CANCEL:<id>`).
 * Each acts only when it comes from the order's own phone (orders/confirm.ts,
 * src/shop/order-engine/cod-confirmation.ts); a cancel follows the cancel rules (rule 14). A CONFIRM from that phone that does not confirm — a wrong code, or
 * any once the wrong codes reached the limit — is answered on WhatsApp, so the shopper knows why
 * and, once locked, that the shop will call; another phone hears nothing (it learns nothing of
 * the order).
 */

import { createHash } from 'node:crypto';
import { readConfirmMessage } from '#shop/cod/index.ts';
import type { ConfirmOutcome } from '#shop/order-engine/index.ts';
import { phoneDigits } from '#shop/parcel/index.ts';
import { LANGUAGES } from '#shop/texts/server.ts';
import { consentLanguage } from '#shop/whatsapp.ts';
import { cancelOrder } from '../orders/cancel.ts';
import { confirmCod } from '../orders/confirm.ts';
import type { OrderDeps } from '../orders/types.ts';
import type { IncomingContent } from './webhook-events.ts';

const BUTTON = /^COD_(CONFIRM|CANCEL):(OUO_\d{13})$/;

export type CodAnswer =
  | { kind: 'confirm'; orderId: string; code?: string; via: 'whatsapp-message' | 'whatsapp-button' }
  | { kind: 'cancel'; orderId: string };

/** The answer a message carries, or undefined when it is not one. */
export function codAnswerOf(content: IncomingContent): CodAnswer | undefined {
  if (content.type === 'text') {
    const confirm = readConfirmMessage(content.body);
    return confirm && { kind: 'confirm', ...confirm, via: 'whatsapp-message' };
  }
  const tapped = content.type === 'quick_reply' ? BUTTON.exec(content.payload ?? '') : null;
  if (!tapped) return undefined;
  const [, choice, orderId] = tapped as unknown as [string, string, string];
  return choice === 'CONFIRM' ? { kind: 'confirm', orderId, via: 'whatsapp-button' } : { kind: 'cancel', orderId };
}

export type CodAnswerOutcome =
  | `confirmation: ${ConfirmOutcome}`
  | 'cancelled by reply'
  | 'cancel refused'
  | 'reply from another phone';

/** Who sent the answer: their 10 digits, and Meta's id of their message. */
export interface CodAnswerSender {
  phone: string;
  messageId: string;
}

/** Acts on the answer from `sender`. */
export async function actOnCodAnswer(
  deps: OrderDeps,
  answer: CodAnswer,
  sender: CodAnswerSender,
): Promise<CodAnswerOutcome> {
  if (answer.kind === 'confirm') {
    const { orderId, ...proof } = answer;
    const outcome = await confirmCod(deps, orderId, { ...proof, phone: sender.phone, messageId: sender.messageId });
    if (outcome === 'wrong code' || outcome === 'locked') await replyWhy(deps, orderId, outcome, sender);
    return `confirmation: ${outcome}`;
  }
  const order = await deps.log.get(answer.orderId);
  if (!order || phoneDigits(order.customer.phone) !== sender.phone) return 'reply from another phone';
  // From the order's own phone: its owner asked, which rule 17's phone record counts.
  const cancelled = await cancelOrder(deps, answer.orderId, { reason: 'other', by: 'shopper', fromPhone: true });
  return cancelled.ok ? 'cancelled by reply' : 'cancel refused';
}

/**
 * Tells the order's own phone why its CONFIRM did not confirm (rule 17), in the order's WhatsApp
 * language: free-form, since the shopper has just written (Meta's 24-hour window is open), and
 * whether or not they agreed to order updates — they asked. Not to a phone that replied STOP. Named
 * by the shopper's message, so the local outbox keeps one reply per message; a reply that cannot
 * go is logged and not tried again: the Sheet shows staff a locked order, and they call.
 */
async function replyWhy(
  deps: OrderDeps,
  orderId: string,
  outcome: 'wrong code' | 'locked',
  sender: CodAnswerSender,
): Promise<void> {
  const order = await deps.log.get(orderId);
  if (!order || (await deps.whatsappBook.optedOut(sender.phone))) return;
  const language = consentLanguage(order.whatsapp?.consent);
  const words = LANGUAGES[language];
  const sent = await deps.whatsapp.sendText({
    id: `${orderId}-cod-reply-${createHash('sha256').update(sender.messageId).digest('hex').slice(0, 16)}`,
    orderId,
    to: sender.phone,
    language,
    body: words(outcome === 'locked' ? 'codReply.locked' : 'codReply.wrongCode', { orderId }),
  });
  if (!sent.ok)
    console.warn(`whatsapp: the reply to ${sender.messageId} (${orderId}, ${outcome}) was not sent: ${sent.message}`);
}
