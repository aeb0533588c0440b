/**
 * The one status staff see for an order (the Sheet's Status column, /api/health), derived from
 * the order log so it can never disagree with it. docs/shop-rules.md §10 and docs/staff-guide.md.
 *
 * - `Placed`: a COD order the shop has; its shipment is being booked.
 * - `Paid`: a prepaid order whose payment is proven; its shipment is being booked.
 * - `Booked`: Delhivery has the shipment; the Waybill column has its number.
 * - `Needs attention: <reason>`: the shop stopped trying (retries ran out): staff act by hand. The
 *   booking's reason comes first, then the Sheet's, then the confirmation email's.
 * - `Needs refund: <payments>`: the order was paid more than once; staff refund the extra payment
 *   in Razorpay's dashboard (the order itself goes ahead on its first payment).
 * - `Expired`: a prepaid order never paid within 15 minutes (it never reaches the Sheet).
 */
import { type ForwardState, forwardOf, needsRefund, type StoredOrder } from './order-log.ts';

export type StaffStatus = 'Placed' | 'Paid' | 'Booked' | 'Needs attention' | 'Needs refund' | 'Expired';

type Judged = Pick<StoredOrder, 'status' | 'mode' | 'forwards' | 'refunds' | 'razorpay'>;

export function staffStatus(order: Judged): StaffStatus {
  if (order.status === 'expired') return 'Expired';
  if (needsRefund(order)) return 'Needs refund';
  if (attentionReason(order) !== undefined) return 'Needs attention';
  if (isBooked(order.forwards.shipment)) return 'Booked';
  return order.mode === 'prepaid' && order.status !== 'pending' ? 'Paid' : 'Placed';
}

/** The status as written in the Sheet: `Needs attention` carries its reason. */
export function staffStatusLabel(order: Judged): string {
  const status = staffStatus(order);
  if (status === 'Needs attention') return `Needs attention: ${attentionReason(order)}`;
  if (status === 'Needs refund') return `Needs refund: ${refundReason(order)}`;
  return status;
}

function refundReason(order: Judged): string {
  const extra = (order.refunds ?? []).map((refund) => refund.paymentId).join(', ');
  return `paid again by ${extra} (the order is paid by ${order.razorpay?.paymentId ?? 'its first payment'})`;
}

const ATTENTION = [
  ['shipment', 'shipment not booked'],
  ['sheet', 'Sheet not updated'],
  ['email', 'confirmation email not sent'],
] as const;

function attentionReason(order: Pick<StoredOrder, 'forwards'>): string | undefined {
  for (const [kind, what] of ATTENTION) {
    const forward = forwardOf(order, kind);
    if (forward.status === 'needs-attention') return `${what} (${forward.lastError ?? 'no reason given'})`;
  }
  return undefined;
}

function isBooked(shipment: ForwardState): boolean {
  return shipment.status === 'done';
}
