/**
 * A COD order confirmed before it ships (docs/shop-rules.md §10 rule 17, issue 34 §3): by the
 * shopper on WhatsApp — `CONFIRM <order id> <code>` from the order's own phone, or the
 * `cod_confirm` template's Confirm button from it — or by staff from the Sheet. The confirmation
 * is one compare-and-swap write of the order (its engine's `cod-confirmation-received`,
 * src/shop/order-engine/cod-confirmation.ts); only then may its shipment be booked (forward.ts),
 * so a storm of taps, a replayed webhook and two staff picks at once book once. A confirmation
 * from another phone, with a wrong code, or for a cancelled order confirms nothing; the order's
 * history says so, and wrong codes from the order's own phone are counted on it until WhatsApp
 * confirms it no more and staff call.
 */
import {
  type CodConfirmationReceived,
  type ConfirmOutcome,
  type ConfirmProof,
  confirmationOutcome,
  lockedBy,
} from '#shop/order-engine/index.ts';
import { forwardOrder, syncSheetRows } from './forward.ts';
import type { OrderDeps } from './types.ts';

/**
 * Confirms a COD order awaiting it, then books it (the booking's own claim makes that once). The
 * outcome says what happened; only `confirmed` changed the order's state.
 */
export async function confirmCod(deps: OrderDeps, orderId: string, proof: ConfirmProof): Promise<ConfirmOutcome> {
  const current = await deps.log.get(orderId);
  if (!current) return 'unknown order';
  const event: CodConfirmationReceived = { type: 'cod-confirmation-received', at: deps.now().toISOString(), ...proof };
  // Written over the order just read, unless another write came between (then read again).
  const result = await deps.log.apply(orderId, event, undefined, current);
  const outcome = confirmationOutcome(result, proof);
  // Booked now (and the Sheet's rows rewritten); a failed booking is retried as any other.
  if (outcome === 'confirmed') await forwardOrder(deps, orderId);
  // Locked by this write: staff see it in the Sheet at once (a Sheet that is down: the reconciler).
  if (result.changed && lockedBy(result.order, event)) await syncSheetRows(deps, orderId);
  return outcome;
}
