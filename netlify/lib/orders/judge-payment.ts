/**
 * The one rule for "is this payment money for this order" (docs/shop-rules.md §10), used alike by
 * the browser's callback, Razorpay's webhook and the reconciler:
 *
 * - the payment must pay this order's Razorpay order, in INR, for the amount stored with the
 *   order (paise) — never an amount the browser or the event proposes;
 * - `captured` is money;
 * - `authorized` is captured here, for exactly that amount, and is money once Razorpay says so;
 *   a capture that fails leaves it `confirming` (the webhook or the reconciler finishes it);
 * - any other status (`created`, `failed`, `refunded`) is not money.
 */

import type { StoredOrder } from '#shop/order/index.ts';
import type { GatewayPayment, PaymentGateway } from '../razorpay/gateway.ts';

/** Razorpay has the money for this order: the only value `completePaidOrder` accepts. */
export interface Money {
  kind: 'money';
  payment: GatewayPayment;
}

export type PaymentVerdict =
  | Money
  | { kind: 'confirming'; reason: string }
  | { kind: 'not-money'; reason: string; mismatch: boolean };

type PaymentStart = NonNullable<StoredOrder['razorpay']>;

function mismatch(expected: PaymentStart, payment: GatewayPayment): string | undefined {
  if (payment.orderId !== expected.orderId) return `payment ${payment.id} belongs to another Razorpay order`;
  if (payment.currency !== 'INR') return `payment ${payment.id} is in ${payment.currency || 'no currency'}, not INR`;
  if (payment.amountPaise !== expected.amountPaise) {
    return `payment ${payment.id} is for ${payment.amountPaise} paise, the order for ${expected.amountPaise}`;
  }
  return undefined;
}

/** Judges a payment as Razorpay reported it (an API answer or a signed webhook's entity). */
export async function judgePayment(
  gateway: PaymentGateway,
  expected: PaymentStart,
  payment: GatewayPayment,
): Promise<PaymentVerdict> {
  const wrong = mismatch(expected, payment);
  if (wrong) return { kind: 'not-money', reason: wrong, mismatch: true };
  if (payment.status === 'captured') return { kind: 'money', payment };
  if (payment.status !== 'authorized') {
    const why = payment.errorDescription ? `: ${payment.errorDescription}` : '';
    return { kind: 'not-money', reason: `payment ${payment.id} is ${payment.status}${why}`, mismatch: false };
  }
  const captured = await gateway.capturePayment(payment.id, expected.amountPaise);
  if (captured.ok && captured.payment.status === 'captured' && !mismatch(expected, captured.payment)) {
    return { kind: 'money', payment: captured.payment };
  }
  // Refused because someone captured it first (auto-capture, another path)? Razorpay's word decides.
  const now = await gateway.fetchPayment(payment.id);
  if (now.ok && now.payment.status === 'captured' && !mismatch(expected, now.payment)) {
    return { kind: 'money', payment: now.payment };
  }
  const reason = captured.ok ? `capture left it ${captured.payment.status}` : captured.message;
  return { kind: 'confirming', reason: `payment ${payment.id} is authorized, not yet captured (${reason})` };
}

/** Asks Razorpay about a payment id (the browser's), then judges it. */
export async function judgePaymentById(
  gateway: PaymentGateway,
  expected: PaymentStart,
  paymentId: string,
): Promise<PaymentVerdict> {
  const answer = await gateway.fetchPayment(paymentId);
  if (answer.ok) return judgePayment(gateway, expected, answer.payment);
  if (answer.code === 'UNREACHABLE') return { kind: 'confirming', reason: answer.message };
  return { kind: 'not-money', reason: answer.message, mismatch: true };
}
