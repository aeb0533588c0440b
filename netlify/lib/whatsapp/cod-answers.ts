/**
 * A shopper's answer to "please confirm your cash on delivery order" on WhatsApp (docs/shop-rules.md
 * §10 rule 17): the words `CONFIRM <order id> <code>` the order page's link prefills, or a tap on
 * the `cod_confirm` template's Confirm or Cancel (payloads `COD_CONFIRM:<id>`, `COD_CANCEL:<id>`).
 * Each acts only when it comes from the order's own phone (orders/confirm.ts); a cancel follows
 * the cancel rules (rule 14).
 */
import { readConfirmMessage } from '#shop/cod.ts';
import { phoneDigits } from '#shop/tracking.ts';
import { cancelOrder } from '../orders/cancel.ts';
import { type ConfirmOutcome, confirmCod } from '../orders/confirm.ts';
import type { OrderDeps } from '../orders/types.ts';
import type { IncomingContent } from './webhook-events.ts';

const BUTTON = /^COD_(CONFIRM|CANCEL):(OUO_\d{13})$/;

/** The payloads the `cod_confirm` template's buttons carry, by index (whatsapp-message.ts sends them). */
export const codConfirmPayloads = (orderId: string) => [`COD_CONFIRM:${orderId}`, `COD_CANCEL:${orderId}`];

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

/** Acts on the answer from `phone` (the sender's 10 digits). */
export async function actOnCodAnswer(deps: OrderDeps, answer: CodAnswer, phone: string): Promise<CodAnswerOutcome> {
  if (answer.kind === 'confirm') {
    const { orderId, ...proof } = answer;
    return `confirmation: ${await confirmCod(deps, orderId, { ...proof, phone })}`;
  }
  const order = await deps.log.get(answer.orderId);
  if (!order || phoneDigits(order.customer.phone) !== phone) return 'reply from another phone';
  const cancelled = await cancelOrder(deps, answer.orderId, { reason: 'other', by: 'shopper' });
  return cancelled.ok ? 'cancelled by reply' : 'cancel refused';
}
