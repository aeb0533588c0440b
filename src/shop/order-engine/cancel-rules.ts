/**
 * What a cancellation and a refund may do (docs/shop-rules.md §10, "Cancel and refund"; decision
 * 023), pure: the cancel events apply them (cancel-events.ts), and their writers
 * (netlify/lib/orders/cancel.ts, refund-state.ts) run the same checks on the order the event left,
 * to tell the shopper, staff or Razorpay what came of it.
 */
import { checkRefund, type IssuedRefund, paysFirst, type RefundCheck, type StoredOrder } from '../order/index.ts';

/** Why an order cannot be cancelled, in the shop's words' keys (src/shop/texts/cancel.ts). */
export type CancelRefusal = 'not-placed' | 'too-late' | 'already-cancelled';

/** Has the parcel left the pickup? Then only a refusal at the door or a return can undo it. */
export const parcelMoved = (order: Pick<StoredOrder, 'parcel'>) =>
  Boolean(order.parcel && order.parcel.state !== 'booked');

/** Can this order still be cancelled (the order page shows the button only then)? */
export function cancellable(order: StoredOrder): CancelRefusal | undefined {
  if (order.status === 'cancelled') return 'already-cancelled';
  if (order.status === 'expired' || (paysFirst(order) && order.status === 'pending')) return 'not-placed';
  // A parcel not moved is still `booked` (or not followed): never closed, so never too late for that.
  if (parcelMoved(order)) return 'too-late';
  return undefined;
}

/**
 * What a request to cancel is told of this order: a refusal, or none (it is cancelled, or joins a
 * cancellation under way). One joining a cancellation Delhivery refused is refused as it was.
 */
export function cancelRefusal(order: StoredOrder): CancelRefusal | undefined {
  if (order.cancellation && !order.cancellation.doneAt && order.status !== 'cancelled')
    return order.cancellation.booking.status === 'too-late' ? 'too-late' : undefined;
  return cancellable(order);
}

/** How much a cancellation gives back, or why nothing: decided against every refund on the order. */
export type CancelRefundDecision = { amountPaise: number } | { reason: Extract<RefundCheck, { ok: false }>['reason'] };

/**
 * The cancellation's refund (its key): the one on the order already, else what is left of the
 * captured payment (a staff part refund made a moment ago counted): never more than was captured.
 */
export function cancelRefundDecision(
  order: Pick<StoredOrder, 'issuedRefunds'>,
  refund: { key: string; paymentId: string; capturedPaise: number },
): CancelRefundDecision {
  const existing = order.issuedRefunds?.find((issued) => issued.key === refund.key);
  if (existing) return { amountPaise: existing.amountPaise };
  const check = checkRefund(refund.capturedPaise, order.issuedRefunds ?? [], refund.paymentId);
  return check.ok ? { amountPaise: check.amountPaise } : { reason: check.reason };
}

/** What Razorpay says of one refund (the refund call's answer, a webhook, the reconciler asking). */
export interface RefundReport {
  id: string;
  status: 'pending' | 'processed' | 'failed';
  /** Our idempotency key, sent as the refund's receipt. */
  receipt?: string | undefined;
  amountPaise?: number | undefined;
  paymentId?: string | undefined;
}

/**
 * The order's refund a report is about, matched by its id or its key (the receipt), or undefined.
 * `other`: our key on another refund — another id, amount or payment — is not this refund (issue
 * 47), and never rewrites what the order knows.
 */
export function reportedRefund(
  order: Pick<StoredOrder, 'issuedRefunds'>,
  report: RefundReport,
): { known: IssuedRefund; other: boolean } | undefined {
  const known = (order.issuedRefunds ?? []).find(
    (issued) => issued.refundId === report.id || (report.receipt !== undefined && issued.key === report.receipt),
  );
  if (!known) return undefined;
  const other =
    (known.refundId !== undefined && known.refundId !== report.id) ||
    (report.amountPaise !== undefined && report.amountPaise !== known.amountPaise) ||
    (report.paymentId !== undefined && report.paymentId !== known.paymentId);
  return { known, other };
}
