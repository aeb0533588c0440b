/**
 * The order's one Razorpay order, created as a task (issue 47): `<orderId>/payment-start`, asked
 * only by the shopper's Pay (pay.ts `createPaymentOrder`), never earned by the engine, so the sweep
 * never creates a payment nobody asked for. Ten requests at once (double taps, two tabs) ask the
 * same task: one claims it and asks Razorpay, the others wait for the order's link.
 *
 * Razorpay refusing or unreachable gives the task up at once (`permanent`): the shopper's next tap
 * asks it again and tries at once, and the sweep leaves it alone. A runner stopped mid-call leaves
 * its claim until it is stale (the one STALE_CLAIM_MS, five minutes): the shopper meanwhile hears
 * "still being set up", and a Razorpay order the dead runner made is simply never used (an unpaid
 * Razorpay order costs nothing and expires there).
 */
import { toPaise } from '#shop/money/index.ts';
import { payableNow } from '#shop/order/index.ts';
import type { PaymentGateway } from '../razorpay/gateway.ts';
import type { TaskKind, TaskOutcome } from '../tasks/runner.ts';

export const PAYMENT_START_TASK: TaskKind = {
  windowFrom: 'first-attempt',
  async perform(deps, order): Promise<TaskOutcome> {
    // Linked already (another runner, before this one's turn): nothing to create.
    if (order.razorpay) return { status: 'skipped' };
    const choice = deps.gateway();
    if (!choice.ok) return { status: 'failed', error: choice.message, permanent: true };
    let created: Awaited<ReturnType<PaymentGateway['createOrder']>>;
    try {
      created = await choice.gateway.createOrder({
        amountPaise: toPaise(payableNow(order)),
        receipt: order.orderId,
        notes: { orderId: order.orderId, ...(order.cod?.advance ? { purpose: 'cod-fee' } : {}) },
      });
    } catch (error) {
      return { status: 'failed', error: (error as Error).message, permanent: true };
    }
    // Found by its id before the order names it: a webhook for it can already find its order.
    await deps.log.linkRazorpayOrder(created.id, order.orderId);
    return { status: 'done', result: { razorpayOrderId: created.id, amountPaise: created.amountPaise } };
  },
  settledEvent: ({ state, result, at }) =>
    state === 'done'
      ? {
          type: 'razorpay-order-created',
          at,
          razorpayOrderId: String(result.razorpayOrderId),
          amountPaise: Number(result.amountPaise),
        }
      : undefined,
};
