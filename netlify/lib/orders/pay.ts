/**
 * Paying online: a Razorpay (or local test gateway) order for the server's total (or, for a COD
 * order with its COD fee paid now, that fee: advance.ts), created once per shop order; the
 * browser's signature checked against the Razorpay order id we stored; and the one path by which a
 * prepaid order (or that fee) becomes paid — a payment Razorpay reports captured
 * (judge-payment.ts). docs/shop-rules.md §10.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import type { PaidVia, StoredOrder } from '#shop/order/index.ts';
import { paymentStartKey } from '#shop/order-engine/index.ts';
import type { CreatePaymentOrderRequest, PrepaidOrderRequest } from '#shop/schemas/index.ts';
import { text } from '#shop/texts/server.ts';
import { deliverNotices } from '../notify/notices.ts';
import { fail, type ServiceFailure, type ServiceResult } from '../platform/http.ts';
import type { GatewayChoice } from '../razorpay/gateway.ts';
import { isWellFormedSignature, verifyPaymentSignature } from '../razorpay/signature.ts';
import { TASK_KINDS } from '../tasks/kinds.ts';
import { runOrderTasks } from '../tasks/runner.ts';
import { advanceFee } from './advance.ts';
import { recordCapture } from './capture.ts';
import { codNotAllowed, decideCodFor } from './cod-check.ts';
import { forwardOrder } from './forward.ts';
import { judgePaymentById, type Money } from './judge-payment.ts';
import { newOrder, priceOrder, recordedAlready, recordOrder, totalMismatch } from './place.ts';
import type { OrderDeps } from './types.ts';

export const PAYMENT_START = {
  /** How long a concurrent request waits for the runner creating the Razorpay order (its call times out at 10 s). */
  waitMs: 12 * 1000,
  pollMs: 100,
};

/**
 * Online payment switched off here (production without Razorpay keys, or the local test gateway
 * refused): 503, and the shopper is told to choose Cash on Delivery. The reason goes to the log.
 */
function paymentsUnavailable(off: Exclude<GatewayChoice, { ok: true }>): ServiceFailure {
  console.warn(`payments: off here: ${off.message}`);
  return fail(503, 'PAYMENTS_UNAVAILABLE', text('order.paymentsUnavailable'));
}

export async function createPaymentOrder(
  deps: OrderDeps,
  request: CreatePaymentOrderRequest,
  limits: typeof PAYMENT_START = PAYMENT_START,
) {
  const choice = deps.gateway();
  if (!choice.ok) return paymentsUnavailable(choice);
  const { gateway } = choice;
  // The COD fee paid now is a COD order, priced with the COD charge (advance.ts, rule 17).
  const mode = request.codAdvance ? 'cod' : 'prepaid';
  const priced = await priceOrder(deps, request.lines, request.customer.pincode, mode);
  if (!priced.ok) return priced;
  if (request.clientTotal !== priced.body.totals.total) return totalMismatch(priced.body.totals.total);
  const fee = request.codAdvance ? advanceFee(priced.body) : undefined;
  if (fee && !fee.ok) return fee;
  // Rule 17: the fee paid now is offered unless the rules leave online payment alone.
  const decision = request.codAdvance
    ? await decideCodFor(deps, { orderId: request.orderId, delivery: request.customer, priced: priced.body })
    : undefined;
  if (decision?.outcome === 'prepaid_only' && !(await recordedAlready(deps, request, 'cod-advance'))) {
    return codNotAllowed(decision, request.customer.pincode);
  }
  const { order } = await recordOrder(
    deps,
    newOrder({
      orderId: request.orderId,
      mode,
      advance: fee?.body,
      ...(decision ? { cod: { decision: { ...decision, at: deps.now().toISOString() } } } : {}),
      customer: request.customer,
      lines: request.lines,
      priced: priced.body,
      now: deps.now(),
      whatsappUpdates: request.whatsappUpdates,
      whatsappLanguage: request.whatsappLanguage,
    }),
  );
  if (order.status !== 'pending' && order.status !== 'expired') {
    return fail(409, 'ALREADY_PAID', text('order.alreadyPaid', { orderId: order.orderId }));
  }
  const razorpay = order.razorpay ?? (await startPayment(deps, order, limits));
  if (!razorpay) return fail(503, 'PAYMENT_STARTING', text('order.paymentStarting'));
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

/**
 * The order's one Razorpay order: its `payment-start` task (payment-start-kind.ts), asked again now
 * (a tap after Razorpay failed tries at once; one a runner holds is left to it) and run; a request
 * whose task another runner holds waits for that runner's link. Razorpay's refusal is thrown, as
 * its own call would: the shopper is told to try again, and the next tap does.
 */
async function startPayment(
  deps: OrderDeps,
  order: StoredOrder,
  limits: typeof PAYMENT_START,
): Promise<StoredOrder['razorpay']> {
  const key = paymentStartKey(order.orderId);
  await deps.log.rearmTasks(order.orderId, [{ key, kind: 'payment-start' }], deps.now());
  const ran = await runOrderTasks(deps, TASK_KINDS, order.orderId, ['payment-start']);
  const problem = ran.problems['payment-start'];
  if (problem) throw new Error(problem);
  if (ran.order?.razorpay) return ran.order.razorpay;
  const waitUntil = Date.now() + limits.waitMs;
  for (;;) {
    const current = await deps.log.get(order.orderId);
    if (current?.razorpay || Date.now() > waitUntil) return current?.razorpay;
    await sleep(limits.pollMs);
  }
}

export async function verifyPayment(
  deps: OrderDeps,
  input: { razorpay_order_id: string; razorpay_payment_id: string; razorpay_signature: string },
) {
  if (!isWellFormedSignature(input.razorpay_signature)) {
    return fail(400, 'INVALID_SIGNATURE', text('order.invalidSignature'));
  }
  const order = await deps.log.getByRazorpayOrder(input.razorpay_order_id);
  if (!order?.razorpay) return { ok: true as const, status: 200, body: { verified: false } };
  const choice = deps.gateway();
  if (!choice.ok) return paymentsUnavailable(choice);
  const verified = verifyPaymentSignature({
    razorpayOrderId: order.razorpay.orderId, // the id we stored, not the one the browser sent
    paymentId: input.razorpay_payment_id,
    signature: input.razorpay_signature,
    keySecret: choice.gateway.keySecret,
  });
  return { ok: true as const, status: 200, body: { verified } };
}

/**
 * The browser's callback after Razorpay's dialog: the signature proves the payment id came from
 * Razorpay's checkout for our order; Razorpay's own answer about that payment decides whether it
 * is money. An authorized payment whose capture has not gone through yet is `confirming`: the
 * shopper hears "payment received, confirming" and the webhook or the reconciler finishes it.
 */
export async function processPrepaid(deps: OrderDeps, request: PrepaidOrderRequest) {
  if (!isWellFormedSignature(request.razorpay_signature)) {
    return fail(400, 'INVALID_SIGNATURE', text('order.invalidSignature'));
  }
  const order = await deps.log.get(request.orderId);
  if (!order?.razorpay || order.razorpay.orderId !== request.razorpay_order_id) {
    return fail(404, 'UNKNOWN_PAYMENT', text('order.unknownPayment'));
  }
  const choice = deps.gateway();
  if (!choice.ok) return paymentsUnavailable(choice);
  const { gateway } = choice;
  const signed = verifyPaymentSignature({
    razorpayOrderId: order.razorpay.orderId,
    paymentId: request.razorpay_payment_id,
    signature: request.razorpay_signature,
    keySecret: gateway.keySecret,
  });
  if (!signed) return fail(400, 'PAYMENT_NOT_VERIFIED', text('order.paymentNotVerified'));
  const verdict = await judgePaymentById(gateway, order.razorpay, request.razorpay_payment_id);
  const answer = {
    success: true as const,
    orderId: order.orderId,
    total: order.totals.total,
    ...(order.key ? { key: order.key } : {}),
  };
  if (verdict.kind === 'confirming') {
    await noteConfirming(deps, order.orderId, request.razorpay_payment_id, verdict.reason);
    return { ok: true as const, status: 202, body: { ...answer, status: 'pending' as const, confirming: true } };
  }
  if (verdict.kind === 'not-money') {
    await deps.log.apply(order.orderId, {
      type: 'payment-refused',
      at: deps.now().toISOString(),
      paymentId: request.razorpay_payment_id,
      reason: verdict.reason,
    });
    return verdict.mismatch
      ? fail(409, 'PAYMENT_MISMATCH', text('order.paymentMismatch'))
      : fail(402, 'PAYMENT_NOT_CAPTURED', text('order.paymentNotCaptured'));
  }
  const completed = await completePaidOrder(deps, { orderId: order.orderId, money: verdict, via: 'browser' });
  if (!completed.ok) return completed;
  return { ok: true as const, status: 200, body: { ...answer, status: completed.body.status } };
}

/** Razorpay has this payment but it is not captured yet: the order page says "confirming". */
export async function noteConfirming(deps: OrderDeps, orderId: string, paymentId: string, reason: string) {
  await deps.log.apply(orderId, { type: 'payment-confirming', at: deps.now().toISOString(), paymentId, reason });
}

/**
 * The one path by which a prepaid order becomes paid: Razorpay has the money (`Money`, from
 * judge-payment.ts). An expired order is revived (a late payment is money too). A second, different
 * payment on a paid order is recorded for refund, never lost and never a second shipment.
 * Idempotent.
 */
export async function completePaidOrder(
  deps: OrderDeps,
  input: { orderId: string; money: Money; via: PaidVia },
): Promise<ServiceResult<StoredOrder>> {
  const existing = await deps.log.get(input.orderId);
  if (!existing?.razorpay) return fail(404, 'UNKNOWN_ORDER', text('order.unknownOrder', { orderId: input.orderId }));
  await recordCapture(deps, input);
  const forwarded = await forwardOrder(deps, input.orderId);
  await deliverNotices(deps, input.orderId);
  return { ok: true, status: 200, body: forwarded };
}
