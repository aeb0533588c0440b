/**
 * Paying online: a Razorpay (or local test gateway) order for the server's total, the browser's
 * signature checked against the Razorpay order id we stored, and the one path by which a prepaid
 * order becomes paid. docs/shop-rules.md §10.
 */
import { toPaise } from '../../../src/shop/money.ts';
import type { CreatePaymentOrderRequest, PrepaidOrderRequest } from '../../../src/shop/schemas.ts';
import { isWellFormedSignature, verifyPaymentSignature } from '../razorpay/signature.ts';
import { forwardOrder } from './forward.ts';
import { canMove, type StoredOrder } from './order-log.ts';
import { newOrder, priceOrder, recordOrder, totalMismatch } from './place.ts';
import { fail, type OrderDeps, type ServiceResult } from './types.ts';

export async function createPaymentOrder(deps: OrderDeps, request: CreatePaymentOrderRequest) {
  const gateway = deps.gateway();
  const priced = await priceOrder(deps, request.lines, request.customer.pincode, 'prepaid');
  if (!priced.ok) return priced;
  if (request.clientTotal !== priced.body.totals.total) return totalMismatch(priced.body.totals.total);
  const { order } = await recordOrder(
    deps,
    newOrder({
      orderId: request.orderId,
      mode: 'prepaid',
      customer: request.customer,
      lines: request.lines,
      priced: priced.body,
      now: deps.now(),
    }),
  );
  if (order.status !== 'pending') return fail(409, 'ALREADY_PAID', `Order ${order.orderId} is already paid.`);
  let razorpay = order.razorpay;
  if (!razorpay) {
    const amountPaise = toPaise(order.totals.total);
    const created = await gateway.createOrder({
      amountPaise,
      receipt: order.orderId,
      notes: { orderId: order.orderId },
    });
    await deps.log.linkRazorpayOrder(created.id, order.orderId);
    const updated = await deps.log.update(order.orderId, (current) => {
      if (current.razorpay) return undefined; // a concurrent request linked one first: keep it
      current.razorpay = { orderId: created.id, amountPaise: created.amountPaise };
      current.history.push({ at: deps.now().toISOString(), event: `razorpay order ${created.id}` });
      return current;
    });
    razorpay = updated.order.razorpay;
  }
  if (!razorpay) throw new Error('unreachable: the payment order was just linked');
  return {
    ok: true as const,
    status: 200,
    body: {
      success: true as const,
      order: { id: razorpay.orderId, amount: razorpay.amountPaise, currency: 'INR' as const },
      key_id: gateway.keyId,
      gateway: gateway.kind,
      orderId: order.orderId,
      total: order.totals.total,
    },
  };
}

export async function verifyPayment(
  deps: OrderDeps,
  input: { razorpay_order_id: string; razorpay_payment_id: string; razorpay_signature: string },
) {
  if (!isWellFormedSignature(input.razorpay_signature)) {
    return fail(400, 'INVALID_SIGNATURE', 'The payment signature is not a valid signature.');
  }
  const order = await deps.log.getByRazorpayOrder(input.razorpay_order_id);
  const verified =
    order?.razorpay !== undefined &&
    verifyPaymentSignature({
      razorpayOrderId: order.razorpay.orderId, // the id we stored, not the one the browser sent
      paymentId: input.razorpay_payment_id,
      signature: input.razorpay_signature,
      keySecret: deps.gateway().keySecret,
    });
  return { ok: true as const, status: 200, body: { verified } };
}

export async function processPrepaid(deps: OrderDeps, request: PrepaidOrderRequest) {
  if (!isWellFormedSignature(request.razorpay_signature)) {
    return fail(400, 'INVALID_SIGNATURE', 'The payment signature is not a valid signature.');
  }
  const order = await deps.log.get(request.orderId);
  if (!order?.razorpay || order.razorpay.orderId !== request.razorpay_order_id) {
    return fail(404, 'UNKNOWN_PAYMENT', 'We have no payment started for this order.');
  }
  const gateway = deps.gateway();
  const signed = verifyPaymentSignature({
    razorpayOrderId: order.razorpay.orderId,
    paymentId: request.razorpay_payment_id,
    signature: request.razorpay_signature,
    keySecret: gateway.keySecret,
  });
  if (!signed) return fail(400, 'PAYMENT_NOT_VERIFIED', 'The payment could not be verified.');
  const remote = await gateway.fetchOrder(order.razorpay.orderId);
  const expectedPaise = toPaise(order.totals.total);
  if (!remote || remote.receipt !== order.orderId || remote.amountPaise !== expectedPaise) {
    return fail(409, 'PAYMENT_MISMATCH', 'The payment does not match this order.');
  }
  const completed = await completePaidOrder(deps, {
    orderId: order.orderId,
    paymentId: request.razorpay_payment_id,
    amountPaise: remote.amountPaise,
    via: 'browser',
  });
  if (!completed.ok) return completed;
  return {
    ok: true as const,
    status: 200,
    body: { success: true as const, orderId: order.orderId, total: order.totals.total, status: completed.body.status },
  };
}

/**
 * The one path by which a prepaid order becomes paid: the caller has proven the payment (browser
 * signature, signed webhook, or Razorpay's own answer to the reconciler). Idempotent.
 */
export async function completePaidOrder(
  deps: OrderDeps,
  input: { orderId: string; paymentId: string; amountPaise: number; via: 'browser' | 'webhook' | 'reconciler' },
): Promise<ServiceResult<StoredOrder>> {
  const existing = await deps.log.get(input.orderId);
  if (!existing?.razorpay) return fail(404, 'UNKNOWN_ORDER', `No payment was started for order ${input.orderId}.`);
  if (input.amountPaise !== existing.razorpay.amountPaise) {
    return fail(409, 'AMOUNT_MISMATCH', `The payment amount does not match order ${input.orderId}.`);
  }
  await deps.log.update(input.orderId, (order) => {
    if (!canMove(order.status, 'paid') || !order.razorpay) return undefined; // already paid or further
    const at = deps.now().toISOString();
    order.status = 'paid';
    order.updatedAt = at;
    order.razorpay = { ...order.razorpay, paymentId: input.paymentId, paidAt: at, via: input.via };
    order.record.paymentStatus = 'Completed';
    order.history.push({ at, event: `paid ${input.paymentId} (${input.via})` });
    return order;
  });
  const forwarded = await forwardOrder(deps, input.orderId);
  return { ok: true, status: 200, body: forwarded };
}
