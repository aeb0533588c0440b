/**
 * The one status staff see for an order (the Sheet's Status column, /api/health), derived from
 * the order log so it can never disagree with it. docs/shop-rules.md §10 and docs/staff-guide.md.
 *
 * - `Placed`: a COD order the shop has from before confirmation existed; its shipment is being booked.
 * - `Awaiting confirmation`: a COD order not yet confirmed by the shopper, staff or an advance:
 *   nothing is booked (docs/shop-rules.md §10 rule 17). `Confirmed`: it was; its shipment is being booked.
 * - `Paid`: a prepaid order whose payment is proven; its shipment is being booked.
 * - `Booked`: Delhivery has the shipment; the Waybill column has its number.
 * - Then the parcel's own state (src/shop/parcel/parcel.ts): `Picked up`, `In transit`, `Out for
 *   delivery`, `Delivery failed: <the courier's reason>`, `Delivered`, `Returning to us`,
 *   `Returned`, `Cancelled`; `Needs attention: delivery failed twice (…)` or `Needs attention: lost
 *   or damaged (…)`. A COD order's Payment Status says `Collected by courier` on delivery and `Not
 *   collected (returned)` once it comes back (`sheetPaymentStatus`); before that, one whose COD fee
 *   was paid now says `Advance ₹150 paid; ₹784 on delivery` (rule 17).
 * - `Needs attention: <reason>`: the shop stopped trying (retries ran out): staff act by hand. The
 *   booking's reason comes first, then the Sheet's, then the confirmation email's.
 *   `Needs attention: not confirmed`: a COD order its shopper has not confirmed in 48 hours; staff
 *   call, then confirm (the Sheet's Action `Confirm COD`) or cancel it. `Needs attention: 5 wrong
 *   confirmation codes`: WhatsApp takes no confirmation of it any more; staff call, the same way.
 *   `Needs attention: email undeliverable (bounced: <the provider's words>); call the shopper` (or
 *   `marked as spam`): the shopper's address refused an email while the order still has news.
 * - `Needs refund: <payments>`: the order was paid more than once; staff refund the extra payment
 *   in Razorpay's dashboard (the order itself goes ahead on its first payment).
 * - `Expired`: a prepaid order (or a COD fee to pay now) never paid within 15 minutes (it never
 *   reaches the Sheet).
 */
import { cashOnDelivery, confirmationLocked, staffToCall, WRONG_CODES_ALLOWED } from '../cod/index.ts';
import { formatRupees } from '../money/index.ts';
import type { OrderRecord } from '../order/index.ts';
import { type ForwardState, forwardOf, refundsSummary, type StoredOrder } from '../order/index.ts';
import { type CodMoney, codMoney, parcelAttention, parcelStaffStatus } from '../parcel/index.ts';
import { emailAttention } from './email-events.ts';
import { needsRefund } from './order-flags.ts';

/** A COD order's Payment Status once its COD fee was paid now (docs/shop-rules.md §10 rule 17). */
export type AdvancePaid = `Advance ${string} paid; ${string} on delivery`;

/** The Sheet's Payment Status: the record's Pending/Completed, a COD fee paid now, or what became of a COD parcel's cash. */
export type SheetPaymentStatus = OrderRecord['paymentStatus'] | CodMoney | 'COD received' | AdvancePaid;

export type StaffStatus =
  | 'Placed'
  | 'Awaiting confirmation'
  | 'Confirmed'
  | 'Paid'
  | 'Booked'
  | 'Parcel'
  | 'Cancelling'
  | 'Cancelled'
  | 'Needs attention'
  | 'Needs refund'
  | 'Expired';

type Judged = Pick<StoredOrder, 'status' | 'mode' | 'forwards' | 'refunds' | 'razorpay'> &
  Partial<Pick<StoredOrder, 'parcel' | 'cancellation' | 'issuedRefunds' | 'cod' | 'emailUndeliverable'>>;

export function staffStatus(order: Judged): StaffStatus {
  if (order.status === 'expired') return 'Expired';
  if (needsRefund(order)) return 'Needs refund';
  if (attentionReason(order) !== undefined) return 'Needs attention';
  if (order.status === 'cancelled') return 'Cancelled';
  if (order.cancellation && !order.cancellation.doneAt && order.cancellation.booking.status !== 'too-late')
    return 'Cancelling';
  if (isBooked(order.forwards.shipment)) return order.parcel && order.parcel.changes.length > 0 ? 'Parcel' : 'Booked';
  const confirmation = order.mode === 'cod' ? order.cod?.confirmation : undefined;
  if (confirmation) return confirmation.state === 'confirmed' ? 'Confirmed' : 'Awaiting confirmation';
  return order.mode === 'prepaid' && order.status !== 'pending' ? 'Paid' : 'Placed';
}

/** The status as written in the Sheet: `Needs attention` carries its reason, a parcel its state. */
export function staffStatusLabel(order: Judged): string {
  const status = staffStatus(order);
  if (status === 'Needs attention') return `Needs attention: ${attentionReason(order)}`;
  if (status === 'Needs refund') return `Needs refund: ${refundReason(order)}`;
  if (status === 'Parcel' && order.parcel) return parcelStaffStatus(order.parcel);
  if (status === 'Cancelled') return `Cancelled${refundWords(order)}`;
  return status;
}

/** A cancelled prepaid order's money, for the Status: `Cancelled, ₹934 refund pending`. */
function refundWords(order: Judged): string {
  const summary = refundsSummary(order.issuedRefunds ?? []);
  if (summary.state === 'pending') return `, ${formatRupees(summary.pendingPaise / 100)} refund pending`;
  if (summary.state === 'refunded') return `, ${formatRupees(summary.refundedPaise / 100)} refunded`;
  return '';
}

/**
 * The Sheet's Payment Status: the record's, until a COD parcel's cash is collected or comes back. A
 * COD order whose fee was paid now says so, and what the courier collects (rule 17).
 */
export function sheetPaymentStatus(
  order: Pick<StoredOrder, 'mode' | 'record'> &
    Partial<Pick<StoredOrder, 'parcel' | 'codReceived' | 'cod' | 'razorpay'>>,
): SheetPaymentStatus {
  if (order.mode === 'cod' && order.codReceived) return 'COD received';
  const cash = order.mode === 'cod' && order.parcel ? codMoney(order.parcel.state) : undefined;
  if (cash) return cash;
  const advance = order.razorpay?.paymentId ? order.cod?.advance : undefined;
  if (advance)
    return `Advance ${formatRupees(advance.amount)} paid; ${formatRupees(cashOnDelivery(order.record.total, order.cod))} on delivery`;
  return order.record.paymentStatus;
}

/** For `Needs refund` only: `needsRefund` found the order's extra payments. */
function refundReason(order: Judged): string {
  const extra = (order.refunds as NonNullable<Judged['refunds']>).map((refund) => refund.paymentId).join(', ');
  return `paid again by ${extra} (the order is paid by ${order.razorpay?.paymentId ?? 'its first payment'})`;
}

const ATTENTION = [
  ['shipment', 'shipment not booked'],
  ['sheet', 'Sheet not updated'],
  ['email', 'confirmation email not sent'],
] as const;

function attentionReason(
  order: Pick<StoredOrder, 'forwards' | 'status'> &
    Partial<Pick<StoredOrder, 'parcel' | 'issuedRefunds' | 'cod' | 'cancellation' | 'emailUndeliverable'>>,
): string | undefined {
  // 48 hours without the shopper's yes, or too many wrong codes on WhatsApp: staff call (rule 17).
  if (staffToCall(order.cod) && !order.cancellation)
    return confirmationLocked(order.cod) ? `${WRONG_CODES_ALLOWED} wrong confirmation codes` : 'not confirmed';
  for (const [kind, what] of ATTENTION) {
    const forward = forwardOf(order, kind);
    if (forward.status === 'needs-attention') return `${what} (${forward.lastError ?? 'no reason given'})`;
  }
  // An invoice that could not be issued is never given up on; its reason reads as it is
  // (`no GST rate for HSN 1201`): staff fix it in the Studio and the next try issues it (§12).
  const invoice = forwardOf(order, 'invoice');
  if (invoice.status === 'failed') return invoice.lastError ?? 'invoice not issued';
  const failed = order.issuedRefunds?.find((refund) => refund.status === 'failed');
  if (failed) return `refund failed (${failed.failure ?? failed.refundId ?? failed.key})`;
  // Last: the shop can still work the order; only the shopper cannot hear from it (email-events.ts).
  return (order.parcel ? parcelAttention(order.parcel) : undefined) ?? emailAttention(order);
}

function isBooked(shipment: ForwardState): boolean {
  return shipment.status === 'done';
}
