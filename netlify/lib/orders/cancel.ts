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
 * 3. A prepaid order's money (or a COD order's fee paid now, rule 17) goes back in full: the
 *    refund is written on the order `requested` under its idempotency key (`cancel-refund-requested`),
 *    which earns its `refund` task (netlify/lib/tasks/refund-kind.ts), run at once: the one place
 *    Razorpay is asked for a refund, with that key, so a retry refunds once.
 * 4. The order becomes `cancelled`, and the shopper gets one email (a notice, as the parcel's).
 *
 * A step that fails because a system is down stays on the order for the reconciler, which arms its
 * task again and finishes the cancellation; the order log says at each moment what is done. A
 * request is told "cancelling" only of a cancellation Delhivery has not refused: one that finds
 * another runner asking Delhivery waits for its answer (issue 46).
 */
import { setTimeout as sleep } from 'node:timers/promises';
import type { CancelReason } from '#shop/cancel-texts.ts';
import type { PhoneOrderOutcome } from '#shop/cod-rules.ts';
import { stepOpen } from '#shop/order-engine/cancel-events.ts';
import { type CancelRefusal, cancelRefusal } from '#shop/order-engine/cancel-rules.ts';
import { creditNoteOwed } from '#shop/order-engine/order-flags.ts';
import { cancelBookingKey } from '#shop/order-engine/task-keys.ts';
import type { Cancellation, StoredOrder } from '#shop/order-record.ts';
import { refundKey } from '#shop/refunds.ts';
import { issueCreditNote } from '../invoices/issue.ts';
import { deliverNotices } from '../notify/notices.ts';
import { TASK_KINDS } from '../tasks/kinds.ts';
import { rearmOpenRefunds } from '../tasks/refund-kind.ts';
import { runOrderTasks } from '../tasks/runner.ts';
import { CANCEL_WAIT } from './cancel-kind.ts';
import { syncSheetRows } from './forward.ts';
import { notePhoneOrder } from './phone-history.ts';
import type { OrderDeps } from './types.ts';

// The rules moved to the shop core with the cancel events (issue 47); the order view reads them here.
export { type CancelRefusal, cancellable } from '#shop/order-engine/cancel-rules.ts';
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

/**
 * What a cancellation tells of its phone (docs/shop-rules.md §10 rule 17): staff's is the shop's;
 * one from the order's own phone is its owner's; one with the order's key alone proves nothing of
 * the phone, as anyone can place an order with it (issue 46).
 */
function phoneOutcomeOf(cancellation: Cancellation | undefined): PhoneOrderOutcome {
  if (cancellation?.by === 'staff') return 'cancelled-by-shop';
  return cancellation?.fromPhone ? 'cancelled-from-phone' : 'cancelled';
}

/**
 * Does what is left of a cancellation: the booking, then the money, then the order's new status.
 * Safe to call any number of times, from anywhere (the request, the reconciler).
 */
export async function finishCancellation(deps: OrderDeps, orderId: string): Promise<StoredOrder> {
  await runOrderTasks(deps, TASK_KINDS, orderId, ['cancel-booking']);
  await requestRefund(deps, orderId);
  await runOrderTasks(deps, TASK_KINDS, orderId, ['refund']);
  const { order, changed } = await deps.log.apply(orderId, { type: 'order-cancelled', at: deps.now().toISOString() });
  // The Sheet and the shopper, each once (their claims); a failure stays for the reconciler.
  await Promise.all([syncSheetRows(deps, orderId), deliverNotices(deps, orderId)]);
  // Kept by who proved it: the COD rules count only one from the phone itself against it.
  if (changed) await notePhoneOrder(deps, order, phoneOutcomeOf(order.cancellation));
  await creditCancelledOrder(deps, orderId);
  return (await deps.log.get(orderId)) ?? order;
}

/**
 * An order cancelled after it was invoiced gets its credit note (docs/shop-rules.md §12), once; the
 * Sheet's rows then show it. One not issued now (Blobs busy, the Studio's settings gone) is owed,
 * which keeps the order open for the reconciler.
 */
export async function creditCancelledOrder(deps: OrderDeps, orderId: string): Promise<void> {
  const order = await deps.log.get(orderId);
  if (!order || !creditNoteOwed(order)) return;
  try {
    const result = await issueCreditNote(deps, order);
    if (result && !result.ok) console.warn(`cancel: no credit note for ${orderId} yet: ${result.problem}`);
  } catch (error) {
    console.warn(`cancel: no credit note for ${orderId} yet: ${(error as Error).message}`);
  }
  await syncSheetRows(deps, orderId);
}

/**
 * The whole payment back, once the booking step is settled: the refund written on the order with its
 * idempotency key (what is left is decided inside that write, against every refund on the order
 * then, a staff part refund made a moment ago among them: never more than was captured), which
 * earns its `refund` task. With payments switched off nothing is written: nothing was asked, so
 * nothing is on record to be sent again; the step waits as failed for the reconciler.
 */
async function requestRefund(deps: OrderDeps, orderId: string): Promise<void> {
  const order = await deps.log.get(orderId);
  const cancellation = order?.cancellation;
  if (!order || !cancellation || !stepOpen(cancellation.refund)) return;
  if (cancellation.booking.status !== 'done' && cancellation.booking.status !== 'not-needed') return;
  const key = refundKey(orderId, 'cancelled', 1);
  // Asked already: its task has it (armed again by the reconciler while Razorpay has not answered).
  if (order.issuedRefunds?.some((refund) => refund.key === key)) return;
  const at = deps.now().toISOString();
  const paymentId = order.razorpay?.paymentId;
  const capturedPaise = order.razorpay?.amountPaise;
  if (!paymentId || capturedPaise === undefined) {
    await deps.log.apply(orderId, { type: 'cancel-step-settled', at, step: 'refund', status: 'not-needed' });
    return;
  }
  const choice = deps.gateway();
  if (!choice.ok) {
    const failed = {
      type: 'cancel-step-settled',
      at,
      step: 'refund',
      status: 'failed',
      lastError: choice.message,
    } as const;
    await deps.log.apply(orderId, failed);
    return;
  }
  await deps.log.apply(orderId, { type: 'cancel-refund-requested', at, key, paymentId, capturedPaise });
}

/**
 * The reconciler's part: a cancellation's steps a system interrupted run again now, whatever their
 * task's back-off (the booking step that failed, the refund Razorpay has not answered); a step
 * written before its task existed (an order moved from Blobs) gets its task.
 */
export async function rearmCancelSteps(deps: OrderDeps, order: StoredOrder): Promise<void> {
  const booking = order.cancellation?.booking;
  // A pending step's task is due or running already; re-arming leaves both as they are.
  if (booking && stepOpen(booking))
    await deps.log.rearmTasks(
      order.orderId,
      [{ key: cancelBookingKey(order.orderId), kind: 'cancel-booking' }],
      deps.now(),
    );
  await rearmOpenRefunds(deps, order);
}
