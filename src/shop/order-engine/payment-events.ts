/**
 * The order's events of payment: started, paid (browser, webhook, reconciler), captured late, paid
 * again, expired unpaid (transition.ts). A prepaid order (or a COD order's fee paid now, rule 17)
 * becomes paid only by a payment Razorpay has captured (docs/shop-rules.md §10); its writer is
 * netlify/lib/orders/pay.ts, the sweep's netlify/lib/orders/reconcile.ts.
 */
import { canMove, type PaidVia, type StoredOrder } from '../order/index.ts';
import type { Family } from './family.ts';
import { enqueueOrderNotice } from './notices.ts';

/** An order paid first with no payment this long after it was placed is asked about, then expired (its `payment-check` task). */
export const PENDING_PAYMENT_TIMEOUT_MS = 15 * 60 * 1000;

export type PaymentEvent =
  /**
   * Razorpay created the order's Razorpay order: its id and the amount it asks (paise). Created
   * once by the order's `payment-start` task (netlify/lib/orders/payment-start-kind.ts), whose claim
   * makes double taps and two tabs one Razorpay order.
   */
  | { type: 'razorpay-order-created'; at: string; razorpayOrderId: string; amountPaise: number }
  /** Razorpay has this payment but it is not captured yet: the order page says "confirming". */
  | { type: 'payment-confirming'; at: string; paymentId: string; reason: string }
  /** The browser's payment is not money for this order (another order's, the wrong amount, failed). */
  | { type: 'payment-refused'; at: string; paymentId: string; reason: string }
  /**
   * Razorpay has captured this payment for the order (judge-payment.ts). `confirmationCode` is the
   * code a COD order's fee paid now confirms it with (random, so drawn by the writer).
   */
  | {
      type: 'payment-captured';
      at: string;
      paymentId: string;
      amountPaise: number;
      via: PaidVia;
      confirmationCode: string;
    }
  /** No payment within 15 minutes of the order: it expires (a late payment still revives it). */
  | { type: 'payment-expired'; at: string };

/**
 * The fee is captured: the payment is the shopper's yes (`via: 'advance'`), so the order is booked
 * at once (rule 17, "The COD fee paid now"). Only as the order becomes paid.
 */
function confirmByAdvance(order: StoredOrder, at: string, code: string): void {
  if (!order.cod?.advance) return;
  order.cod.confirmation = { state: 'confirmed', code, via: 'advance', at };
  order.history.push({ at, event: `confirmed by the COD fee paid now (${order.cod.advance.amount} rupees)` });
}

/** A payment the order already knows: the one that paid it, or one recorded for refund. */
function knownPayment(order: StoredOrder, paymentId: string): boolean {
  return Boolean(
    order.razorpay?.paymentId === paymentId ||
      order.refunds?.some((refund) => refund.paymentId === paymentId) ||
      order.issuedRefunds?.some((refund) => refund.purpose === 'extra-payment' && refund.paymentId === paymentId),
  );
}

export const PAYMENT_EVENTS: Family<PaymentEvent> = {
  handlers: {
    'razorpay-order-created': (order, { at, razorpayOrderId, amountPaise }) => {
      if (order.razorpay) return undefined; // a runner that took over a stale claim linked one first
      order.razorpay = { orderId: razorpayOrderId, amountPaise };
      order.history.push({ at, event: `razorpay order ${razorpayOrderId}` });
      return order;
    },

    'payment-confirming': (order, { at, paymentId, reason }) => {
      if (!order.razorpay || order.razorpay.paymentId) return undefined;
      order.razorpay.confirming = paymentId;
      order.history.push({ at, event: `payment ${paymentId} confirming: ${reason}` });
      return order;
    },

    'payment-refused': (order, { at, paymentId, reason }) => {
      order.history.push({ at, event: `payment ${paymentId} refused: ${reason}` });
      return order;
    },

    /**
     * The one way a prepaid order becomes paid. An expired order is revived (a late payment is money
     * too). A second, different payment on a paid order is recorded for refund, never lost and never
     * a second shipment. The same payment told again changes nothing.
     */
    'payment-captured': (order, { at, paymentId, amountPaise, via, confirmationCode }) => {
      if (!order.razorpay) return undefined;
      if (canMove(order.status, 'paid')) {
        const late = order.status === 'expired' ? ' after the order expired' : '';
        order.status = 'paid';
        const { confirming: _settled, ...razorpay } = order.razorpay;
        order.razorpay = { ...razorpay, paymentId, paidAt: at, via };
        // A prepaid order is paid in full; a COD order's fee paid now confirms it (the rest is cash).
        if (order.mode === 'prepaid') order.record.paymentStatus = 'Completed';
        confirmByAdvance(order, at, confirmationCode);
        order.history.push({ at, event: `paid ${paymentId} (${via})${late}` });
        // Placed now that it is paid: its WhatsApp "placed" is earned in the same write.
        enqueueOrderNotice(order, 'placed', at);
        return order;
      }
      if (!order.razorpay.paymentId || knownPayment(order, paymentId)) return undefined; // the same payment told again
      order.refunds = [...(order.refunds ?? []), { paymentId, amountPaise, at, via }];
      order.history.push({ at, event: `paid again by ${paymentId} (${via}): needs refund` });
      return order;
    },

    'payment-expired': (order, { at }) => {
      if (!canMove(order.status, 'expired')) return undefined;
      order.status = 'expired';
      order.history.push({ at, event: 'expired: not paid within 15 minutes' });
      return order;
    },
  },
};
