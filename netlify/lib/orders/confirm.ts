/**
 * A COD order confirmed before it ships (docs/shop-rules.md §10 rule 17, issue 34 §3): by the
 * shopper on WhatsApp — `CONFIRM <order id> <code>` from the order's own phone, or the
 * `cod_confirm` template's Confirm button from it — or by staff from the Sheet. The confirmation
 * is one compare-and-swap write of the order; only then may its shipment be booked (forward.ts),
 * so a storm of taps, a replayed webhook and two staff picks at once book once. A confirmation
 * from another phone, with a wrong code, or for a cancelled order confirms nothing; the order's
 * history says so (the first few refusals, so a flood cannot bloat it).
 *
 * Wrong codes from the order's own phone are also counted on the order, in the same
 * compare-and-swap write, once per WhatsApp message, so any number sent at once all count; at
 * `WRONG_CODES_ALLOWED` WhatsApp confirms the order no more, even with the right code or the
 * template's button, and it is `Needs attention` for staff to call (docs/shop-rules.md §10 rule 17).
 */
import { type ConfirmationWay, confirmationLocked, WRONG_CODES_ALLOWED } from '#shop/cod.ts';
import { resyncSheet } from '#shop/order-engine/sheet-row.ts';
import type { StoredOrder } from '#shop/order-record.ts';
import { phoneDigits } from '#shop/tracking.ts';
import { forwardOrder, syncSheetRows } from './forward.ts';
import type { OrderDeps } from './types.ts';

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

/** Refusals written into an order's history at most this many times. */
const LOGGED_REFUSALS = 10;

/** Why this proof cannot confirm this order, or undefined when it can. */
function refusal(order: StoredOrder, proof: ConfirmProof): ConfirmOutcome | undefined {
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
  order.updatedAt = at;
  return order;
}

type Confirming = { outcome: ConfirmOutcome; lockedNow: boolean };

/**
 * A wrong code from the order's own phone: counted on the order, once per message, whatever the
 * history's limit; the one that reaches `WRONG_CODES_ALLOWED` locks WhatsApp's confirmation and
 * leaves the order to staff (`staffToCall`: `Needs attention`, the attention marker, the Sheet).
 */
function countWrongCode(order: StoredOrder, proof: ConfirmProof, at: string, result: Confirming) {
  const confirmation = order.cod?.confirmation as NonNullable<NonNullable<StoredOrder['cod']>['confirmation']>;
  const wrong = confirmation.wrongCodes ?? [];
  if (proof.messageId && wrong.some((known) => known.messageId === proof.messageId)) {
    // The same message again (Meta's retry): counted the first time.
    result.outcome = confirmationLocked(order.cod) ? 'locked' : 'wrong code';
    return undefined;
  }
  confirmation.wrongCodes = [...wrong, { at, ...(proof.messageId ? { messageId: proof.messageId } : {}) }];
  order.updatedAt = at;
  logRefusal(order, proof.via, 'wrong code', at);
  if (confirmationLocked(order.cod)) {
    result.outcome = 'locked';
    result.lockedNow = true;
    order.history.push({
      at,
      event: `COD confirmation locked after ${WRONG_CODES_ALLOWED} wrong codes: staff to call`,
    });
    // The Status becomes `Needs attention: 5 wrong confirmation codes`: the rows are rewritten.
    resyncSheet(order);
  }
  return order;
}

/**
 * Confirms a COD order awaiting it, then books it (the booking's own claim makes that once). The
 * outcome says what happened; only `confirmed` changed the order's state.
 */
export async function confirmCod(deps: OrderDeps, orderId: string, proof: ConfirmProof): Promise<ConfirmOutcome> {
  const result: Confirming = { outcome: 'unknown order', lockedNow: false };
  if (!(await deps.log.get(orderId))) return result.outcome;
  await deps.log.update(orderId, (order) => {
    const at = deps.now().toISOString();
    const refused = refusal(order, proof);
    result.outcome = refused ?? 'confirmed';
    result.lockedNow = false;
    if (refused === 'already confirmed' || refused === 'not awaiting confirmation') return undefined;
    if (refused === 'wrong code') return countWrongCode(order, proof, at, result);
    if (refused) return logRefusal(order, proof.via, refused, at);
    const confirmation = order.cod?.confirmation as NonNullable<NonNullable<StoredOrder['cod']>['confirmation']>;
    (order.cod as NonNullable<StoredOrder['cod']>).confirmation = {
      ...confirmation,
      state: 'confirmed',
      via: proof.via,
      at,
    };
    const minutes = Math.round((Date.parse(at) - Date.parse(order.createdAt)) / 60_000);
    order.history.push({ at, event: `COD confirmed (${proof.via}) after ${minutes} min` });
    resyncSheet(order);
    order.updatedAt = at;
    return order;
  });
  // Booked now (and the Sheet's rows rewritten); a failed booking is retried as any other.
  if (result.outcome === 'confirmed') await forwardOrder(deps, orderId);
  // Locked by this write: staff see it in the Sheet at once (a Sheet that is down: the reconciler).
  if (result.lockedNow) await syncSheetRows(deps, orderId);
  return result.outcome;
}
