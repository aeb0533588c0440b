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
import { enqueueOrderNotice } from '#shop/order-engine/notices.ts';
import { creditNoteOwed } from '#shop/order-engine/order-flags.ts';
import { resyncSheet } from '#shop/order-engine/sheet-row.ts';
import { type Cancellation, type CancelStep, paysFirst, type StoredOrder } from '#shop/order-record.ts';
import { parcelClosed } from '#shop/parcel.ts';
import { checkRefund, type IssuedRefund, mergeRefund, refundKey } from '#shop/refunds.ts';
import { CANCEL_TIMEOUT_MS } from '../delhivery/cancel.ts';
import { issueCreditNote } from '../invoices/issue.ts';
import { deliverNotices } from '../notify/notices.ts';
import { syncSheetRows } from './forward.ts';
import { notePhoneOrder } from './phone-history.ts';
import type { OrderDeps } from './types.ts';

/** A claim on a step older than this belongs to a worker that died. */
const STALE_CLAIM_MS = 5 * 60 * 1000;

/**
 * How long a request waits for another request's call to Delhivery before answering: longer than
 * that call may take (it gives up after `CANCEL_TIMEOUT_MS`), polling the order.
 */
export const CANCEL_WAIT = { waitMs: CANCEL_TIMEOUT_MS + 2_000, pollMs: 50 };

/** Why an order cannot be cancelled, in the shop's words' keys (messages.ts `CANCEL_TEXTS`). */
export type CancelRefusal = 'not-placed' | 'too-late' | 'already-cancelled';

/** Has the parcel left the pickup? Then only a refusal at the door or a return can undo it. */
export const parcelMoved = (order: Pick<StoredOrder, 'parcel'>) =>
  Boolean(order.parcel && order.parcel.state !== 'booked');

/** Can this order still be cancelled (the order page shows the button only then)? */
export function cancellable(order: StoredOrder): CancelRefusal | undefined {
  if (order.status === 'cancelled') return 'already-cancelled';
  if (order.status === 'expired' || (paysFirst(order) && order.status === 'pending')) return 'not-placed';
  if (parcelMoved(order) || (order.parcel && parcelClosed(order.parcel.state))) return 'too-late';
  return undefined;
}

export type CancelOutcome =
  | { ok: true; order: StoredOrder; state: 'cancelled' | 'cancelling' }
  | { ok: false; order: StoredOrder | undefined; refusal: CancelRefusal | 'unknown-order' };

const step = (status: CancelStep['status']): CancelStep => ({ status, attempts: 0 });

/**
 * Asks for the order to be cancelled and does every step it can now. A second request (a double
 * tap, 50 at once) joins the first: the same steps, done once.
 */
export async function cancelOrder(
  deps: OrderDeps,
  orderId: string,
  request: { reason: CancelReason; by: 'shopper' | 'staff'; fromPhone?: boolean },
): Promise<CancelOutcome> {
  let refusal: CancelRefusal | undefined;
  const at = deps.now().toISOString();
  const current = await deps.log.get(orderId);
  if (!current) return { ok: false, order: undefined, refusal: 'unknown-order' };
  const { order } = await deps.log.update(orderId, (stored) => {
    if (stored.cancellation && !stored.cancellation.doneAt && stored.status !== 'cancelled') {
      if (stored.cancellation.booking.status === 'too-late') refusal = 'too-late';
      return undefined; // asked already: this request joins it
    }
    refusal = cancellable(stored);
    if (refusal) return undefined;
    const shipment = stored.forwards.shipment;
    // A booking in flight (its task running) may yet make a parcel: the step waits for it (issue 47).
    const booked = (shipment.status === 'done' && Boolean(shipment.waybill)) || shipment.status === 'sending';
    // Money Razorpay holds: a prepaid order's, or a COD order's fee paid now (rule 17). Plain COD: none.
    const paid = Boolean(stored.razorpay?.paymentId);
    stored.cancellation = {
      reason: request.reason,
      by: request.by,
      ...(request.by === 'shopper' && request.fromPhone ? { fromPhone: true as const } : {}),
      requestedAt: at,
      booking: step(booked ? 'pending' : 'not-needed'),
      refund: step(paid ? 'pending' : 'not-needed'),
    };
    const where = stored.cancellation.fromPhone ? ' on WhatsApp' : '';
    stored.history.push({ at, event: `cancellation asked by the ${request.by}${where} (${request.reason})` });
    stored.updatedAt = at;
    return stored;
  });
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
  const { order, changed } = await deps.log.update(orderId, (stored) => {
    const cancellation = stored.cancellation;
    if (!cancellation || cancellation.doneAt || stored.status === 'cancelled') return undefined;
    const settled = (state: CancelStep) => state.status === 'done' || state.status === 'not-needed';
    if (!settled(cancellation.booking) || !settled(cancellation.refund)) return undefined;
    const at = deps.now().toISOString();
    cancellation.doneAt = at;
    stored.status = 'cancelled';
    stored.history.push({ at, event: 'cancelled' });
    enqueueOrderNotice(stored, 'cancelled', at);
    resyncSheet(stored);
    stored.updatedAt = at;
    return stored;
  });
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
    const result = await issueCreditNote({ ...deps, onIssued: (stored) => resyncSheet(stored) }, order);
    if (result && !result.ok) console.warn(`cancel: no credit note for ${orderId} yet: ${result.problem}`);
  } catch (error) {
    console.warn(`cancel: no credit note for ${orderId} yet: ${(error as Error).message}`);
  }
  await syncSheetRows(deps, orderId);
}

type StepName = 'booking' | 'refund';
type StepResult = { status: CancelStep['status']; lastError?: string; refund?: Partial<IssuedRefund> };

/** Claims one step on the order (compare-and-swap), performs it, and settles what came of it. */
async function runStep(
  deps: OrderDeps,
  orderId: string,
  name: StepName,
  perform: (deps: OrderDeps, order: StoredOrder) => Promise<StepResult>,
): Promise<void> {
  const now = deps.now();
  const { order: claimed, changed } = await deps.log.update(orderId, (stored) => {
    const cancellation = stored.cancellation;
    // A booking that settled after its order was cancelled (issue 47) is still cancelled then.
    if (!cancellation || (cancellation.doneAt && name !== 'booking')) return undefined;
    // The money waits for the booking: a parcel that has left is not refunded by a cancellation.
    if (name === 'refund' && !['done', 'not-needed'].includes(cancellation.booking.status)) return undefined;
    const state = cancellation[name];
    const stale = state.status === 'working' && now.getTime() - Date.parse(state.claimedAt ?? '') >= STALE_CLAIM_MS;
    if (state.status !== 'pending' && state.status !== 'failed' && !stale) return undefined;
    cancellation[name] = { ...state, status: 'working', claimedAt: now.toISOString(), attempts: state.attempts + 1 };
    return stored;
  });
  if (!changed) return;
  let result: StepResult;
  try {
    result = await perform(deps, claimed);
  } catch (error) {
    result = { status: 'failed', lastError: (error as Error).message };
  }
  await deps.log.update(orderId, (stored) => {
    const cancellation = stored.cancellation;
    if (cancellation?.[name].status !== 'working') return undefined;
    const at = deps.now().toISOString();
    const { claimedAt: _claimed, ...rest } = cancellation[name];
    cancellation[name] = {
      ...rest,
      status: result.status,
      at,
      ...(result.lastError ? { lastError: result.lastError } : {}),
    };
    if (result.refund) mergeRefund(stored, result.refund);
    stored.history.push({
      at,
      event: `cancellation ${name}: ${result.status}${result.lastError ? ` (${result.lastError})` : ''}`,
    });
    if (result.status === 'too-late') {
      // Delhivery has the parcel: the cancellation ends here and the order goes on.
      cancellation.refund = step('not-needed');
    }
    resyncSheet(stored);
    stored.updatedAt = at;
    return stored;
  });
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
  let decided: { amountPaise: number } | { reason: string } = { reason: 'nothing-left' };
  await deps.log.update(order.orderId, (stored) => {
    const existing = stored.issuedRefunds?.find((refund) => refund.key === key);
    if (existing) {
      decided = { amountPaise: existing.amountPaise };
      return undefined;
    }
    const check = checkRefund(captured, stored.issuedRefunds ?? [], paymentId);
    if (!check.ok) {
      decided = { reason: check.reason };
      return undefined;
    }
    decided = { amountPaise: check.amountPaise };
    // Written before Razorpay is asked: a crash now leaves a `requested` refund the reconciler resends.
    mergeRefund(stored, {
      key,
      paymentId,
      amountPaise: check.amountPaise,
      purpose: 'cancelled',
      status: 'requested',
      requestedAt: deps.now().toISOString(),
    });
    return stored;
  });
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
