/**
 * An order paid first whose payment has not come, checked with Razorpay as a task (issue 47;
 * docs/shop-rules.md §10): `<orderId>/payment-check`, earned when the order is placed and due 15
 * minutes later (src/shop/order-engine/transition.ts `earnedSteps`). A COD order's fee paid now
 * (rule 17) waits the same way. Razorpay's word decides:
 *
 * - a payment that is money completes the order (every such payment is recorded, so a second one
 *   is kept for refund); what that earns (the booking, the invoice, the email, the rows) runs in
 *   the same run of the order's tasks;
 * - an authorized payment whose capture has not gone through keeps it waiting: asked again in 15 minutes;
 * - no payment at all expires it, in the settle's own write (`payment-expired`).
 *
 * Razorpay unreachable or payments switched off: the order waits, asked again every 15 minutes for
 * as long as it takes (a shopper's money may be on its way; nothing is expired on a guess).
 */
import { paysFirst } from '#shop/order/index.ts';
import type { TaskKind, TaskOutcome } from '../tasks/runner.ts';
import { recordCapture } from './capture.ts';
import { judgePayment } from './judge-payment.ts';

/** The order waits for Razorpay (payments switched off since it was made, a capture not through): said in the log. */
function waits(
  orderId: string,
  outcome: TaskOutcome,
  why = outcome.status === 'failed' ? outcome.error : '',
): TaskOutcome {
  console.warn(`reconcile: order ${orderId} waits: ${why}`);
  return outcome;
}

export const PAYMENT_CHECK_TASK: TaskKind = {
  windowFrom: 'first-attempt',
  neverGivesUp: true,
  async perform(deps, order): Promise<TaskOutcome> {
    // Paid (the browser, the webhook) or expired since it was earned: nothing to ask.
    if (!paysFirst(order) || order.status !== 'pending') return { status: 'skipped' };
    if (!order.razorpay) return { status: 'done', result: { outcome: 'expired' } };
    const choice = deps.gateway();
    if (!choice.ok) return waits(order.orderId, { status: 'failed', error: choice.message });
    const { gateway } = choice;
    const answer = await gateway.orderPayments(order.razorpay.orderId);
    if (!answer.ok) return { status: 'failed', error: answer.message };
    let completed = false;
    let waiting: string | undefined;
    for (const payment of answer.payments) {
      if (payment.status !== 'captured' && payment.status !== 'authorized') continue;
      const verdict = await judgePayment(gateway, order.razorpay, payment);
      if (verdict.kind === 'money') {
        await recordCapture(deps, { orderId: order.orderId, money: verdict, via: 'reconciler' });
        completed = true;
      } else if (verdict.kind === 'confirming') {
        waiting = verdict.reason;
      }
    }
    if (completed) return { status: 'done', result: { outcome: 'completed' } };
    if (waiting) return waits(order.orderId, { status: 'later', result: { waiting } }, waiting);
    return { status: 'done', result: { outcome: 'expired' } };
  },
  settledEvent: ({ state, result, at }) =>
    state === 'done' && result.outcome === 'expired' ? { type: 'payment-expired', at } : undefined,
};
