/**
 * Cancelling an order (docs/shop-rules.md §10, "Cancel and refund"; decision 023): asked once, by
 * the shopper from the order page (before pickup) or by staff from the Sheet, then done in steps
 * that each happen once however often they are asked for — 50 taps, a retry, the reconciler:
 *
 * 1. `requestCancellation` writes the request on the order (the engine's `cancel-asked`): from then
 *    on the booking forward books nothing, a second request finds the first, and the write earns
 *    the booking step's task (`cancel-booking`, cancel-kind.ts), which this request runs at once.
 * 2. The carrier's booking is cancelled (`cancelShipment`) by that task, claimed on its row.
 *    Delhivery refusing because the parcel has moved ends the cancellation: the order goes on, and
 *    whoever asked is told the truth.
 * 3. What is left then is the `cancel-finish` task's (cancel-finish-kind.ts), earned by the engine
 *    each time it changes: a prepaid order's money (or a COD order's fee paid now, rule 17) asked
 *    back in full under its idempotency key, whose `refund` task (netlify/lib/tasks/refund-kind.ts)
 *    is the one place Razorpay is asked; then the order `cancelled`, its shopper told once (a
 *    notice, as the parcel's) and an invoiced order's credit note.
 *
 * A step that fails because a system is down stays due on its task, which the sweep runs when its
 * back-off has passed (netlify/lib/orders/reconcile.ts); the order log says at each moment what is done. A
 * request is told "cancelling" only of a cancellation Delhivery has not refused: one that finds
 * another runner asking Delhivery waits for its answer (issue 46).
 */
import { setTimeout as sleep } from 'node:timers/promises';
import type { StoredOrder } from '#shop/order/index.ts';
import { type CancelRefusal, cancelBookingKey, cancelRefusal } from '#shop/order-engine/index.ts';
import type { CancelReason } from '#shop/texts/cancel-reason.ts';
import { TASK_KINDS } from '../tasks/kinds.ts';
import { runOrderTasks } from '../tasks/runner.ts';
import { CANCEL_WAIT } from './cancel-kind.ts';
import type { OrderDeps } from './types.ts';

// The rules moved to the shop core with the cancel events (issue 47); the order view reads them here.
export { type CancelRefusal, cancellable } from '#shop/order-engine/index.ts';
export type CancelOutcome =
  | { ok: true; order: StoredOrder; state: 'cancelled' | 'cancelling' }
  | { ok: false; order: StoredOrder | undefined; refusal: CancelRefusal | 'unknown-order' };

/**
 * Asks for the order to be cancelled and does every step it can now. A second request (a double
 * tap, 50 at once) joins the first: the same steps, done once.
 */
export async function cancelOrder(
  deps: OrderDeps,
  orderId: string,
  request: { reason: CancelReason; by: 'shopper' | 'staff'; fromPhone?: boolean },
): Promise<CancelOutcome> {
  const at = deps.now().toISOString();
  const current = await deps.log.get(orderId);
  if (!current) return { ok: false, order: undefined, refusal: 'unknown-order' };
  const { order, changed } = await deps.log.apply(orderId, { type: 'cancel-asked', at, ...request });
  // Nothing written: refused, or asked already (this request joins it), as the order read then says.
  const refusal = changed ? undefined : cancelRefusal(order);
  if (refusal === 'already-cancelled') return { ok: true, order, state: 'cancelled' };
  if (refusal) return { ok: false, order, refusal };
  const finished = await bookingDecided(deps, orderId, await finishCancellation(deps, orderId));
  if (finished.cancellation?.booking.status === 'too-late') return { ok: false, order: finished, refusal: 'too-late' };
  return { ok: true, order: finished, state: finished.status === 'cancelled' ? 'cancelled' : 'cancelling' };
}

/**
 * The order once Delhivery has answered about its booking. A step still `pending` after this
 * request ran the order's tasks, or one that failed before and whose task another runner holds now
 * (the reconciler trying it again), is being asked of Delhivery, and the parcel may have been
 * picked up. Answering "cancelling" now would promise what may not happen (issue 46), so this
 * request waits for the answer. A claim still held after the wait belongs to a runner that died
 * mid-call; its task is taken over once the claim is stale, and this request says so ("cancelling").
 */
async function bookingDecided(deps: OrderDeps, orderId: string, order: StoredOrder): Promise<StoredOrder> {
  const until = performance.now() + CANCEL_WAIT.waitMs;
  const asking = async (current: StoredOrder) =>
    current.cancellation?.booking.status === 'pending' ||
    (current.cancellation?.booking.status === 'failed' &&
      (await deps.log.taskState(cancelBookingKey(orderId))) === 'running');
  let current = order;
  while ((await asking(current)) && performance.now() < until) {
    await sleep(CANCEL_WAIT.pollMs);
    current = (await deps.log.get(orderId)) ?? current;
  }
  return current;
}

/** A cancellation's kinds, in the order they run: the booking, what is left after it, the money, then the shopper and the Sheet. */
const CANCEL_KINDS = ['cancel-booking', 'cancel-finish', 'refund', 'notice', 'sheet'] as const;

/**
 * Does what is left of a cancellation now: the booking, then the money, the order's new status and
 * its credit note, the shopper's email and the Sheet, each by its task (cancel-kind.ts,
 * cancel-finish-kind.ts, netlify/lib/tasks/refund-kind.ts), once whoever else runs them.
 */
async function finishCancellation(deps: OrderDeps, orderId: string): Promise<StoredOrder> {
  const ran = await runOrderTasks(deps, TASK_KINDS, orderId, CANCEL_KINDS);
  const order = ran.order ?? (await deps.log.get(orderId));
  if (!order) throw new Error(`Order ${orderId} vanished from the log`);
  return order;
}
