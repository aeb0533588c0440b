/**
 * A COD order confirmed before it ships (docs/shop-rules.md §10 rule 17, issue 34 §3): by the
 * shopper on WhatsApp — `CONFIRM <order id> <code>` from the order's own phone, or the
 * `cod_confirm` template's Confirm button from it — or by staff from the Sheet. The confirmation
 * is one compare-and-swap write of the order; only then may its shipment be booked (forward.ts),
 * so a storm of taps, a replayed webhook and two staff picks at once book once. A confirmation
 * from another phone, with a wrong code, or for a cancelled order changes nothing but the
 * order's history (the first few refusals, so a flood cannot bloat it).
 */
import type { ConfirmationWay } from '#shop/cod.ts';
import { phoneDigits } from '#shop/tracking.ts';
import { forwardOrder, resyncSheet } from './forward.ts';
import type { StoredOrder } from './order-record.ts';
import type { OrderDeps } from './types.ts';

export type ConfirmOutcome =
  | 'confirmed'
  | 'already confirmed'
  | 'not awaiting confirmation'
  | 'cancelled'
  | 'another phone'
  | 'wrong code'
  | 'unknown order';

export interface ConfirmProof {
  via: ConfirmationWay;
  /** The sender's 10-digit phone (WhatsApp): must be the order's. */
  phone?: string;
  /** The code the shopper sent with CONFIRM: must be the order's. */
  code?: string;
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
  if (proof.via === 'whatsapp-message' && proof.code !== confirmation.code) return 'wrong code';
  return undefined;
}

/**
 * Confirms a COD order awaiting it, then books it (the booking's own claim makes that once). The
 * outcome says what happened; only `confirmed` changed the order's state.
 */
export async function confirmCod(deps: OrderDeps, orderId: string, proof: ConfirmProof): Promise<ConfirmOutcome> {
  const result: { outcome: ConfirmOutcome } = { outcome: 'unknown order' };
  if (!(await deps.log.get(orderId))) return result.outcome;
  await deps.log.update(orderId, (order) => {
    const at = deps.now().toISOString();
    const refused = refusal(order, proof);
    result.outcome = refused ?? 'confirmed';
    if (refused === 'already confirmed' || refused === 'not awaiting confirmation') return undefined;
    if (refused) {
      const logged = order.history.filter((entry) => entry.event.startsWith('COD confirmation refused')).length;
      if (logged >= LOGGED_REFUSALS) return undefined;
      order.history.push({ at, event: `COD confirmation refused (${proof.via}): ${refused}` });
      order.updatedAt = at;
      return order;
    }
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
  return result.outcome;
}
