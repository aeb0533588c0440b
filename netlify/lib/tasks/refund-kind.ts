/**
 * A refund asked of Razorpay, as a task (issue 47; runner.ts): the one place the shop asks
 * Razorpay for a refund. Every refund the shop gives back through Razorpay — the cancellation's,
 * a staff part refund, the extra payments' — is written on its order `requested` first, under its
 * idempotency key, and that write earns its task `<orderId>/refund/<key>` (step-tasks.ts). A refund
 * staff made by hand (`manual`) is never asked.
 *
 * Performed: a refund Razorpay has not given an id yet is first looked for among the payment's
 * refunds by its receipt (the key: an answer lost on the way, a runner stopped mid-call); found,
 * it is recorded, else asked for with the key as `X-Refund-Idempotency`, so a second ask answers
 * the first refund. A refund Razorpay still calls pending is fetched again every 15 minutes (the
 * task settles `later`) until it is processed or failed, or a webhook tells first.
 * Razorpay unreachable: the runner's retry. Refused: the refund `failed` in Razorpay's words.
 */

import type { IssuedRefund } from '#shop/order/index.ts';
import type { OrderChangeEvent, RefundReport } from '#shop/order-engine/index.ts';
import type { GatewayRefund, RefundGateway } from '../razorpay/gateway.ts';
import type { SettledTask, TaskKind, TaskOutcome } from './runner.ts';
import type { TaskRow } from './task-view.ts';

/** The refund's key (`<orderId>-staff-2`), from its task's (`<orderId>/refund/<orderId>-staff-2`). */
const refundKeyOf = (task: Pick<TaskRow, 'key' | 'order_id'>) => task.key.slice(`${task.order_id}/refund/`.length);

const reportOf = ({ id, status, receipt, amountPaise, paymentId }: GatewayRefund): RefundReport => ({
  id,
  status,
  receipt,
  amountPaise,
  paymentId,
});

/** Razorpay's word on a refund it has: still `pending`, it is asked about again in 15 minutes (a webhook may tell first). */
const told = (refund: GatewayRefund): TaskOutcome =>
  refund.status === 'pending'
    ? { status: 'later', result: { refund: reportOf(refund) } }
    : { status: 'done', result: { refund: reportOf(refund) } };

/** Razorpay's word on one refund: found by its receipt, made now, or fetched by its id. */
async function ask(gateway: RefundGateway, orderId: string, refund: IssuedRefund): Promise<TaskOutcome> {
  if (refund.refundId) {
    const answer = await gateway.fetchRefund(refund.paymentId, refund.refundId);
    return answer.ok ? told(answer.refund) : { status: 'failed', error: answer.message };
  }
  const listed = await gateway.paymentRefunds(refund.paymentId);
  if (!listed.ok) return { status: 'failed', error: listed.message };
  const found = listed.refunds.find((made) => made.receipt === refund.key);
  if (found) return told(found);
  const answer = await gateway.refundPayment({
    paymentId: refund.paymentId,
    amountPaise: refund.amountPaise,
    receipt: refund.key,
    notes: { orderId, purpose: refund.purpose },
    idempotencyKey: refund.key,
  });
  if (answer.ok) return told(answer.refund);
  // Refused never heals by asking again (more than is left, the key on another request): staff see why.
  if (answer.code === 'REFUSED') return { status: 'done', result: { refused: answer.message }, note: answer.message };
  return { status: 'failed', error: answer.message };
}

export const REFUND_TASK: TaskKind = {
  // A refund asked by staff or a cancellation: retried for a day from its first ask, then staff's.
  windowFrom: 'first-attempt',
  async perform(deps, order, task) {
    const key = refundKeyOf(task);
    const refund = order.issuedRefunds?.find((issued) => issued.key === key);
    // Settled meanwhile (a webhook told it), or never Razorpay's: nothing to ask.
    if (!refund || refund.manual || (refund.status !== 'requested' && refund.status !== 'pending'))
      return { status: 'skipped' };
    const choice = deps.gateway();
    if (!choice.ok) return { status: 'failed', error: choice.message };
    return ask(choice.gateway, order.orderId, refund);
  },
  settledEvent(settled: SettledTask): OrderChangeEvent | undefined {
    const key = refundKeyOf(settled.task);
    const { at, state, result, error } = settled;
    if (state === 'skipped') return undefined;
    if (settled.later) return { type: 'refund-reported', at, refund: result.refund as RefundReport };
    if (state !== 'done') return { type: 'refund-unanswered', at, key, message: error ?? 'Razorpay did not answer' };
    if (typeof result.refused === 'string') return { type: 'refund-refused', at, key, message: result.refused };
    return { type: 'refund-reported', at, refund: result.refund as RefundReport };
  },
};
