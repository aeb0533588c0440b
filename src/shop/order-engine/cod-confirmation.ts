/**
 * A COD order's confirmation before it ships (docs/shop-rules.md §10 rule 17, issue 34 §3), as the
 * order's engine applies it (cod-events.ts, `cod-confirmation-received`): by the shopper on
 * WhatsApp — `CONFIRM <order id> <code>` from the order's own phone, or the `cod_confirm`
 * template's Confirm button from it — or by staff from the Sheet. A confirmation from another
 * phone, with a wrong code, or for a cancelled order confirms nothing; the order's history says so
 * (the first few refusals, so a flood cannot bloat it).
 *
 * Wrong codes from the order's own phone are also counted on the order, once per WhatsApp message,
 * so any number sent at once all count; at `WRONG_CODES_ALLOWED` WhatsApp confirms the order no
 * more, even with the right code or the template's button, and it is `Needs attention` for staff
 * to call (docs/shop-rules.md §10 rule 17).
 */
import { type CodConfirmation, type ConfirmationWay, confirmationLocked, WRONG_CODES_ALLOWED } from '../cod/index.ts';
import type { StoredOrder } from '../order/index.ts';
import { phoneDigits } from '../parcel/index.ts';

export type ConfirmOutcome =
  | 'confirmed'
  | 'already confirmed'
  | 'not awaiting confirmation'
  | 'cancelled'
  | 'another phone'
  /** A wrong code, counted; fewer than `WRONG_CODES_ALLOWED` so far. */
  | 'wrong code'
  /** WhatsApp takes no confirmation of this order any more: this wrong code, or earlier ones, reached the limit. */
  | 'locked'
  | 'unknown order';

export interface ConfirmProof {
  via: ConfirmationWay;
  /** The sender's 10-digit phone (WhatsApp): must be the order's. */
  phone?: string;
  /** The code the shopper sent with CONFIRM: must be the order's. */
  code?: string;
  /** Meta's id of the message (WhatsApp): a wrong code sent again under it (a replayed webhook) counts once. */
  messageId?: string;
}

/** A confirmation came in (WhatsApp's words or button, staff's pick): `proof` says from whom. */
export type CodConfirmationReceived = { type: 'cod-confirmation-received'; at: string } & ConfirmProof;

/** Refusals written into an order's history at most this many times. */
const LOGGED_REFUSALS = 10;

/** Why this proof cannot confirm this order, or undefined when it can. */
export function refusal(order: StoredOrder, proof: ConfirmProof): ConfirmOutcome | undefined {
  const confirmation = order.cod?.confirmation;
  if (order.status === 'cancelled' || order.cancellation) return 'cancelled';
  if (!confirmation) return 'not awaiting confirmation';
  if (confirmation.state === 'confirmed') return 'already confirmed';
  if (proof.via !== 'staff' && proof.phone !== phoneDigits(order.customer.phone)) return 'another phone';
  // Staff confirm after a call: that is what a locked order waits for.
  if (proof.via !== 'staff' && confirmationLocked(order.cod)) return 'locked';
  if (proof.via === 'whatsapp-message' && proof.code !== confirmation.code) return 'wrong code';
  return undefined;
}

/**
 * Writes a refusal into the order's history, the first `LOGGED_REFUSALS` only (a flood cannot
 * bloat the record); undefined, nothing to write, past them.
 */
function logRefusal(order: StoredOrder, via: ConfirmationWay, refused: ConfirmOutcome, at: string) {
  const logged = order.history.filter((entry) => entry.event.startsWith('COD confirmation refused')).length;
  if (logged >= LOGGED_REFUSALS) return undefined;
  order.history.push({ at, event: `COD confirmation refused (${via}): ${refused}` });
  return order;
}

/**
 * A wrong code from the order's own phone: counted on the order, once per message, whatever the
 * history's limit; the one that reaches `WRONG_CODES_ALLOWED` locks WhatsApp's confirmation and
 * leaves the order to staff (`staffToCall`: `Needs attention`, the attention marker, the Sheet's
 * Status `Needs attention: 5 wrong confirmation codes`, rewritten by the engine).
 */
function countWrongCode(order: StoredOrder, event: CodConfirmationReceived) {
  const confirmation = order.cod?.confirmation as CodConfirmation;
  const wrong = confirmation.wrongCodes ?? [];
  // The same message again (Meta's retry): counted the first time.
  if (event.messageId && wrong.some((known) => known.messageId === event.messageId)) return undefined;
  confirmation.wrongCodes = [...wrong, { at: event.at, ...(event.messageId ? { messageId: event.messageId } : {}) }];
  logRefusal(order, event.via, 'wrong code', event.at);
  if (confirmationLocked(order.cod))
    order.history.push({
      at: event.at,
      event: `COD confirmation locked after ${WRONG_CODES_ALLOWED} wrong codes: staff to call`,
    });
  return order;
}

/** Confirms a COD order awaiting it, or writes why not; only a confirmation changes its state. */
export function receiveConfirmation(order: StoredOrder, event: CodConfirmationReceived): StoredOrder | undefined {
  const refused = refusal(order, event);
  if (refused === 'already confirmed' || refused === 'not awaiting confirmation') return undefined;
  if (refused === 'wrong code') return countWrongCode(order, event);
  if (refused) return logRefusal(order, event.via, refused, event.at);
  const cod = order.cod as NonNullable<StoredOrder['cod']>;
  cod.confirmation = { ...(cod.confirmation as CodConfirmation), state: 'confirmed', via: event.via, at: event.at };
  const minutes = Math.round((Date.parse(event.at) - Date.parse(order.createdAt)) / 60_000);
  order.history.push({ at: event.at, event: `COD confirmed (${event.via}) after ${minutes} min` });
  return order;
}

/**
 * What came of `event`, from the order `apply` returned: unchanged, the order it was refused on
 * (the same refusal again); changed, the order it left, which refuses a second confirmation as
 * `already confirmed` only when this one confirmed it, and otherwise as this one was refused.
 */
export function confirmationOutcome(
  result: { order: StoredOrder; changed: boolean },
  proof: ConfirmProof,
): ConfirmOutcome {
  const refused = refusal(result.order, proof);
  // Never none: a proof the order would take is taken (`receiveConfirmation`), and the order then refuses it.
  return result.changed && refused === 'already confirmed' ? 'confirmed' : (refused as ConfirmOutcome);
}

/**
 * Whether `event`'s wrong code is the one that locked the order: the `WRONG_CODES_ALLOWED`th
 * counted, since none is counted after it.
 */
export function lockedBy(order: StoredOrder, event: CodConfirmationReceived): boolean {
  const locking = order.cod?.confirmation?.wrongCodes?.[WRONG_CODES_ALLOWED - 1];
  return confirmationLocked(order.cod) && locking?.at === event.at && locking.messageId === event.messageId;
}
