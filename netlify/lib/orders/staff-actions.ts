/**
 * Staff act on an order from the Sheet's Action column (docs/shop-rules.md §10 rule 15,
 * docs/staff-guide.md): the Apps Script posts the action, signed, to /api/staff/action
 * (staff-request.ts), which hands it here. Each action answers the short text the Sheet's Status
 * shows; a refusal (unknown order, more than is left, a COD order not delivered, too late)
 * changes nothing.
 *
 * - `cancel`: the shopper's cancellation (cancel.ts), asked by staff.
 * - `refund`: part of a prepaid payment back. The refund is written on the order, its key
 *   `<orderId>-staff-<n>` decided inside the compare-and-swap write (so two requests at once never
 *   share an n, and never refund more than was captured between them), and the request's
 *   single-use id kept on it (so the same request never makes a second); the write earns the
 *   refund's task (netlify/lib/tasks/refund-kind.ts), run right after it: Razorpay is asked with
 *   that key there, and the answer is told from the order as it then reads. A Cash on Delivery order whose parcel was delivered (its cash collected) is
 *   refunded by hand (UPI or bank transfer): staff pick the action once the transfer is made, and it
 *   is recorded as refunded (`manual`), never sent to Razorpay.
 * - `refund-extra`: every extra captured payment (`order.refunds`) back in full, each under
 *   `<orderId>-extra-payment-<i>`; moved to `issuedRefunds` in the same write, so the order is no
 *   longer `Needs refund`.
 * - `cod-received`: a COD order's cash has arrived; the Sheet's Payment Status says `COD received`.
 *   Only once its parcel is delivered (the courier collects the cash at the door); before that it
 *   is refused, with the order's Status, and changes nothing.
 * - `book-again`: a failed booking tried again, or a returned or lost parcel sent again (book-again.ts).
 * - `confirm-cod`: a COD order awaiting its shopper's confirmation, confirmed by staff after a
 *   call (confirm.ts, rule 17); it is booked then, once.
 */

import { formatRupees } from '#shop/money/index.ts';
import type { StoredOrder } from '#shop/order/index.ts';
import { CASH_PAYMENT, checkRefund, type IssuedRefund } from '#shop/order/index.ts';
import { codDelivered, staffRefundOf, staffStatusLabel } from '#shop/order-engine/index.ts';
import type { StaffAction } from '#shop/schemas/index.ts';
import { text } from '#shop/texts/server.ts';
import { fail, type ServiceResult } from '../platform/http.ts';
import { TASK_KINDS } from '../tasks/kinds.ts';
import { runOrderTasks } from '../tasks/runner.ts';
import { bookAgain } from './book-again.ts';
import { cancelOrder } from './cancel.ts';
import { confirmCod } from './confirm.ts';
import { syncSheetRows } from './forward.ts';
import type { OrderDeps } from './types.ts';

export interface StaffActionInput {
  /** The request's single-use id (the Apps Script's UUID). */
  requestId: string;
  orderId: string;
  action: StaffAction;
  /** Rupees, for `refund`. */
  amount?: number | undefined;
}

export type StaffResult = ServiceResult<{ ok: true; result: string }>;

const done = (result: string): StaffResult => ({ ok: true, status: 200, body: { ok: true, result } });
const rupees = (paise: number) => formatRupees(paise / 100);

export async function performStaffAction(deps: OrderDeps, input: StaffActionInput): Promise<StaffResult> {
  const order = await deps.log.get(input.orderId);
  if (!order) return fail(404, 'NOT_FOUND', text('staff.unknownOrder', { orderId: input.orderId }));
  switch (input.action) {
    case 'cancel':
      return cancel(deps, input.orderId);
    case 'refund':
      if (input.amount === undefined) return fail(422, 'VALIDATION_FAILED', text('staff.badAmount'));
      return order.mode === 'cod'
        ? refundCash(deps, order, input.amount * 100, input.requestId)
        : refundPart(deps, order, input.amount * 100, input.requestId);
    case 'refund-extra':
      return refundExtra(deps, input.orderId, input.requestId);
    case 'cod-received':
      return codReceived(deps, order, input.requestId);
    case 'book-again':
      return bookAgain(deps, input.orderId, input.requestId);
    case 'confirm-cod':
      return confirmByStaff(deps, input.orderId);
  }
}

/** A COD order confirmed by staff after calling the shopper (rule 17): booked now, once. */
async function confirmByStaff(deps: OrderDeps, orderId: string): Promise<StaffResult> {
  const outcome = await confirmCod(deps, orderId, { via: 'staff' });
  if (outcome === 'confirmed') {
    const order = (await deps.log.get(orderId)) as StoredOrder;
    return done(text('staff.codConfirmed', { status: staffStatusLabel(order) }));
  }
  if (outcome === 'already confirmed') return done(text('staff.codAlreadyConfirmed'));
  return fail(
    409,
    'STAFF_ACTION_REFUSED',
    outcome === 'cancelled' ? text('staff.codCancelled') : text('staff.codNothingToConfirm'),
  );
}

async function cancel(deps: OrderDeps, orderId: string): Promise<StaffResult> {
  const outcome = await cancelOrder(deps, orderId, { reason: 'other', by: 'staff' });
  if (outcome.ok) return done(staffStatusLabel(outcome.order));
  if (outcome.refusal === 'unknown-order') return fail(404, 'NOT_FOUND', text('staff.unknownOrder', { orderId }));
  if (outcome.refusal === 'too-late') return fail(409, 'TOO_LATE_TO_CANCEL', text('staff.tooLate'));
  return fail(409, 'NOT_CANCELLABLE', text('staff.notPlaced'));
}

type Decided = { refund: IssuedRefund; fresh: boolean } | { refusal: StaffResult };

/**
 * Writes the next refund of `purpose` on the order, or finds the one this request wrote before:
 * the key's n, and the check against what is left, are decided inside one compare-and-swap write
 * (the `staff-refund-asked` event); a refusal is told by the same check on the record it left.
 */
async function writeRefund(
  deps: OrderDeps,
  orderId: string,
  wanted: { paymentId: string; capturedPaise: number; amountPaise: number; requestId: string; manual?: true },
): Promise<Decided> {
  const at = deps.now().toISOString();
  const { order, changed } = await deps.log.apply(orderId, { type: 'staff-refund-asked', at, ...wanted });
  const refund = staffRefundOf(order, wanted.requestId);
  if (refund) return { refund, fresh: changed };
  const check = checkRefund(wanted.capturedPaise, order.issuedRefunds ?? [], wanted.paymentId, wanted.amountPaise);
  // Nothing written yet the check passes: another write took what was left in between (as before).
  if (check.ok) return { refusal: fail(409, 'STAFF_ACTION_REFUSED', text('staff.nothingLeft')) };
  if (check.reason === 'more-than-left')
    return {
      refusal: fail(
        409,
        'STAFF_ACTION_REFUSED',
        text('staff.moreThanLeft', { amount: rupees(wanted.amountPaise), left: rupees(check.leftPaise) }),
      ),
    };
  if (check.reason === 'nothing-left') return { refusal: fail(409, 'STAFF_ACTION_REFUSED', text('staff.nothingLeft')) };
  return { refusal: fail(422, 'VALIDATION_FAILED', text('staff.badAmount')) };
}

/** Part of a prepaid order's payment back through Razorpay. */
async function refundPart(
  deps: OrderDeps,
  order: StoredOrder,
  amountPaise: number,
  requestId: string,
): Promise<StaffResult> {
  const paymentId = order.razorpay?.paymentId;
  const capturedPaise = order.razorpay?.amountPaise;
  if (!paymentId || capturedPaise === undefined || order.status === 'pending' || order.status === 'expired')
    return fail(409, 'STAFF_ACTION_REFUSED', text('staff.notPaid'));
  const decided = await writeRefund(deps, order.orderId, { paymentId, capturedPaise, amountPaise, requestId });
  if ('refusal' in decided) return decided.refusal;
  const [answer] = await askRazorpay(deps, order.orderId, [decided.refund]);
  return done(
    answer ?? text('staff.refundQueued', { amount: rupees(decided.refund.amountPaise), key: decided.refund.key }),
  );
}

/** A COD order's money went back by hand (staff's UPI or bank transfer): recorded, once its parcel was delivered. */
async function refundCash(
  deps: OrderDeps,
  order: StoredOrder,
  amountPaise: number,
  requestId: string,
): Promise<StaffResult> {
  // Delivered is when the courier collected the cash; `COD received` is only ever recorded after it.
  if (!codDelivered(order)) return fail(409, 'STAFF_ACTION_REFUSED', text('staff.codNotCollected'));
  const decided = await writeRefund(deps, order.orderId, {
    paymentId: CASH_PAYMENT,
    capturedPaise: order.totals.total * 100,
    amountPaise,
    requestId,
    manual: true,
  });
  if ('refusal' in decided) return decided.refusal;
  if (decided.fresh) await syncSheetRows(deps, order.orderId);
  return done(text('staff.refundManual', { amount: rupees(decided.refund.amountPaise) }));
}

/**
 * Runs the order's refund tasks (each refund already written on the order, its task earned with
 * it) and tells what Razorpay said of each, from the order as it then reads: made, refused in its
 * words, or undefined where it has not answered (payments off, Razorpay down, or another runner
 * asking right now): the task is retried with the same key.
 */
async function askRazorpay(deps: OrderDeps, orderId: string, refunds: IssuedRefund[]): Promise<(string | undefined)[]> {
  await runOrderTasks(deps, TASK_KINDS, orderId, ['refund', 'notice', 'sheet']);
  const order = await deps.log.get(orderId);
  return refunds.map((asked) => {
    const refund = order?.issuedRefunds?.find((issued) => issued.key === asked.key) ?? asked;
    if (refund.status === 'failed' && refund.failure && !refund.refundId)
      return text('staff.refundRefused', { amount: rupees(refund.amountPaise), reason: refund.failure });
    return refund.refundId
      ? text('staff.refundMade', { amount: rupees(refund.amountPaise), refundId: refund.refundId })
      : undefined;
  });
}

/** Every extra captured payment back in full; the order is no longer `Needs refund`. */
async function refundExtra(deps: OrderDeps, orderId: string, requestId: string): Promise<StaffResult> {
  const at = deps.now().toISOString();
  const { order, changed } = await deps.log.apply(orderId, { type: 'staff-extra-refunds-asked', at, requestId });
  // The refunds this write moved: this request's, asked at this moment.
  const moved = changed
    ? (order.issuedRefunds ?? []).filter(
        (refund) => refund.purpose === 'extra-payment' && refund.requestId === requestId && refund.requestedAt === at,
      )
    : [];
  if (moved.length === 0) return fail(409, 'STAFF_ACTION_REFUSED', text('staff.noExtraPayment'));
  const answers = await askRazorpay(deps, orderId, moved);
  const words = moved.map(
    (refund, index) =>
      `${rupees(refund.amountPaise)} of ${refund.paymentId}: ${answers[index] ?? text('staff.refundQueued', { amount: rupees(refund.amountPaise), key: refund.key })}`,
  );
  return done(text('staff.extraRefunded', { payments: words.join('; ') }));
}

/** A COD order's cash has arrived: recorded only once its parcel is delivered (`codDelivered`, rule 15). */
async function codReceived(deps: OrderDeps, order: StoredOrder, requestId: string): Promise<StaffResult> {
  if (order.mode !== 'cod') return fail(409, 'STAFF_ACTION_REFUSED', text('staff.notCod'));
  const at = deps.now().toISOString();
  const { order: stored, changed } = await deps.log.apply(order.orderId, { type: 'staff-cod-received', at, requestId });
  // Judged on the record the write left, as the event was: not delivered, nothing changed.
  if (!changed && !codDelivered(stored))
    return fail(409, 'STAFF_ACTION_REFUSED', text('staff.codNotDelivered', { status: staffStatusLabel(stored) }));
  if (changed) await syncSheetRows(deps, order.orderId);
  return done(text('staff.codReceived'));
}
