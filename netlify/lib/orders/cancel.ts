/**
 * Cancelling an order (docs/shop-rules.md §10, "Cancel and refund"; decision 023): asked once, by
 * the shopper from the order page (before pickup) or by staff from the Sheet, then done in steps
 * that each happen once however often they are asked for — 50 taps, a retry, the reconciler:
 *
 * 1. `requestCancellation` writes the request on the order (compare-and-swap): from then on the
 *    booking forward books nothing, and a second request finds the first.
 * 2. The carrier's booking is cancelled (`cancelShipment`), claimed on the order first. Delhivery
 *    refusing because the parcel has moved ends the cancellation: the order goes on, and whoever
 *    asked is told the truth.
 * 3. A prepaid order's money (or a COD order's fee paid now, rule 17) goes back in full: the
 *    refund is written on the order (its idempotency key made then) before Razorpay is asked, so a
 *    retry sends the same key and Razorpay refunds once.
 * 4. The order becomes `cancelled`, and the shopper gets one email (a notice, as the parcel's).
 *
 * A step that fails because a system is down stays on the order for the reconciler, which
 * finishes the cancellation; the order log says at each moment what is done. A request is told
 * "cancelling" only of a cancellation Delhivery has not refused: one that finds another request
 * asking Delhivery waits for its answer (issue 46).
 */
import { setTimeout as sleep } from 'node:timers/promises';
import type { CancelReason } from '#shop/cancel-texts.ts';
import type { PhoneOrderOutcome } from '#shop/cod-rules.ts';
import type { CancelStepName } from '#shop/order-engine/cancel-events.ts';
import { type CancelRefusal, cancelRefundDecision, cancelRefusal } from '#shop/order-engine/cancel-rules.ts';
import { creditNoteOwed } from '#shop/order-engine/order-flags.ts';
import type { Cancellation, CancelStep, StoredOrder } from '#shop/order-record.ts';
import { type IssuedRefund, refundKey } from '#shop/refunds.ts';
import { CANCEL_TIMEOUT_MS } from '../delhivery/cancel.ts';
import { issueCreditNote } from '../invoices/issue.ts';
import { deliverNotices } from '../notify/notices.ts';
import { syncSheetRows } from './forward.ts';
import { notePhoneOrder } from './phone-history.ts';
import type { OrderDeps } from './types.ts';

/**
 * How long a request waits for another request's call to Delhivery before answering: longer than
 * that call may take (it gives up after `CANCEL_TIMEOUT_MS`), polling the order.
 */
export const CANCEL_WAIT = { waitMs: CANCEL_TIMEOUT_MS + 2_000, pollMs: 50 };

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
 * The order once Delhivery has answered about its booking. While another request holds the claim
 * on that step it is asking Delhivery, and the parcel may have been picked up: answering
 * "cancelling" now would promise what may not happen (issue 46), so this request waits for the
 * answer. A claim still held after the wait belongs to a worker that died mid-call; the
 * cancellation stays on the order for the reconciler, and this request says so ("cancelling").
 */
async function bookingDecided(deps: OrderDeps, orderId: string, order: StoredOrder): Promise<StoredOrder> {
  const until = performance.now() + CANCEL_WAIT.waitMs;
  let current = order;
  while (current.cancellation?.booking.status === 'working' && performance.now() < until) {
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
  await runStep(deps, orderId, 'booking', cancelBooking);
  await runStep(deps, orderId, 'refund', refundInFull);
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

type StepResult = { status: CancelStep['status']; lastError?: string; refund?: Partial<IssuedRefund> };

/** Claims one step on the order (compare-and-swap), performs it, and settles what came of it. */
async function runStep(
  deps: OrderDeps,
  orderId: string,
  name: CancelStepName,
  perform: (deps: OrderDeps, order: StoredOrder) => Promise<StepResult>,
): Promise<void> {
  const at = deps.now().toISOString();
  const { order: claimed, changed } = await deps.log.apply(orderId, { type: 'cancel-step-claimed', at, step: name });
  if (!changed) return;
  let result: StepResult;
  try {
    result = await perform(deps, claimed);
  } catch (error) {
    result = { status: 'failed', lastError: (error as Error).message };
  }
  await deps.log.apply(orderId, { type: 'cancel-step-settled', at: deps.now().toISOString(), step: name, ...result });
}

async function cancelBooking(deps: OrderDeps, claimed: StoredOrder): Promise<StepResult> {
  const order = await bookingSettled(deps, claimed);
  const shipment = order.forwards.shipment;
  if (shipment.status === 'sending') return { status: 'failed', lastError: 'the booking is still being made' };
  const waybill = shipment.status === 'done' ? shipment.waybill : undefined;
  if (!waybill) return { status: 'not-needed' };
  const answer = await deps.carrier.cancelShipment({ waybill, bookedAt: shipment.at ?? order.createdAt });
  if (answer.ok) return { status: 'done' };
  if (answer.tooLate) return { status: 'too-late', lastError: answer.message };
  return { status: 'failed', lastError: answer.message };
}

/**
 * The order once its booking in flight has settled (booked or not), waiting as a request waits for
 * Delhivery's answer (CANCEL_WAIT): a parcel booked at the moment of the cancel is cancelled too.
 */
async function bookingSettled(deps: OrderDeps, order: StoredOrder): Promise<StoredOrder> {
  const until = performance.now() + CANCEL_WAIT.waitMs;
  let current = order;
  while (current.forwards.shipment.status === 'sending' && performance.now() < until) {
    await sleep(CANCEL_WAIT.pollMs);
    current = (await deps.log.get(order.orderId)) ?? current;
  }
  return current;
}

/**
 * The whole payment back. The refund is written on the order with its idempotency key before
 * Razorpay is asked (inside the claim's write, `mergeRefund` on settling), so whichever worker asks
 * again sends the same key: Razorpay answers with the first refund.
 */
async function refundInFull(deps: OrderDeps, order: StoredOrder): Promise<StepResult> {
  const paymentId = order.razorpay?.paymentId;
  const captured = order.razorpay?.amountPaise;
  if (!paymentId || captured === undefined) return { status: 'not-needed' };
  const key = refundKey(order.orderId, 'cancelled', 1);
  const choice = deps.gateway();
  if (!choice.ok) return { status: 'failed', lastError: choice.message };
  // What is left is decided inside the write that records the refund, against every refund on the
  // order then (a staff part refund made a moment ago among them): never more than was captured.
  const asked = { key, paymentId, capturedPaise: captured };
  const { order: recorded } = await deps.log.apply(order.orderId, {
    type: 'cancel-refund-requested',
    at: deps.now().toISOString(),
    ...asked,
  });
  // Written, or on the order already, this refund's amount; else why nothing is left to give.
  const decided = cancelRefundDecision(recorded, asked);
  if ('reason' in decided) {
    const { reason } = decided;
    return { status: reason === 'nothing-left' ? 'done' : 'failed', lastError: reason };
  }
  const { amountPaise } = decided;
  const answer = await choice.gateway.refundPayment({
    paymentId,
    amountPaise,
    receipt: key,
    notes: { orderId: order.orderId, purpose: 'cancelled' },
    idempotencyKey: key,
  });
  if (!answer.ok) {
    if (answer.code === 'REFUSED')
      return {
        status: 'failed',
        lastError: answer.message,
        refund: { key, status: 'failed', failure: answer.message },
      };
    return { status: 'failed', lastError: answer.message };
  }
  return {
    status: 'done',
    refund: { key, refundId: answer.refund.id, status: answer.refund.status },
  };
}
