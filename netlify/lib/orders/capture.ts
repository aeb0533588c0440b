/**
 * A payment Razorpay has captured, written on its order (docs/shop-rules.md §10): the order paid,
 * revived after expiring, or the payment recorded for refund as a second one (the engine's
 * `payment-captured`, src/shop/order-engine/payment-events.ts), and a paid order entered in its
 * phone's history for the COD rules. Idempotent. What the write earns (the booking, the invoice,
 * the email, the rows) is the caller's to run: the browser's callback and the webhook at once
 * (pay.ts `completePaidOrder`), the payment's check in the same run of the order's tasks.
 */
import { randomBytes } from 'node:crypto';
import { codeFor } from '#shop/cod/index.ts';
import type { PaidVia, StoredOrder } from '#shop/order/index.ts';
import type { Money } from './judge-payment.ts';
import { notePhoneOrder } from './phone-history.ts';
import type { OrderDeps } from './types.ts';

export async function recordCapture(
  deps: OrderDeps,
  input: { orderId: string; money: Money; via: PaidVia },
): Promise<StoredOrder> {
  const { payment } = input.money;
  const { order } = await deps.log.apply(input.orderId, {
    type: 'payment-captured',
    at: deps.now().toISOString(),
    paymentId: payment.id,
    amountPaise: payment.amountPaise,
    via: input.via,
    // A COD order's fee paid now confirms it with a code of its own (rule 17), drawn here: the engine is pure.
    confirmationCode: codeFor(randomBytes(4)),
  });
  // Paid: entered in its phone's history for the COD rules (once, however often it is told).
  if (order.razorpay?.paidAt) await notePhoneOrder(deps, order);
  return order;
}
