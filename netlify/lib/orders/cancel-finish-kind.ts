/**
 * What is left of a cancellation once Delhivery has answered for its booking, as a task (issue 47):
 * `<orderId>/cancel-finish`, earned each time that changes (src/shop/order-engine/cancel-events.ts
 * `cancelWork`), run by the request that asked right after the booking step, or by the sweep.
 *
 * 1. The money back (a prepaid order's, or a COD order's fee paid now, rule 17): the refund written
 *    on the order `requested` under its idempotency key (`cancel-refund-requested`: what is left is
 *    decided inside that write, against every refund on the order then, a staff part refund made a
 *    moment ago among them: never more than was captured), which earns its `refund` task
 *    (netlify/lib/tasks/refund-kind.ts), the one place Razorpay is asked. With payments switched
 *    off nothing is asked: the step is written failed and this task retries.
 * 2. Every step settled: the order becomes `cancelled` (its shopper's email is a notice), entered
 *    in its phone's history by who proved it.
 * 3. An order invoiced before: its credit note (docs/shop-rules.md §12), once.
 */
import type { PhoneOrderOutcome } from '#shop/cod/index.ts';
import type { Cancellation, StoredOrder } from '#shop/order/index.ts';
import { refundKey } from '#shop/order/index.ts';
import { cancelWork, creditNoteOwed } from '#shop/order-engine/index.ts';
import { issueCreditNote } from '../invoices/issue.ts';
import type { TaskKind, TaskOutcome } from '../tasks/runner.ts';
import { notePhoneOrder } from './phone-history.ts';
import type { OrderDeps } from './types.ts';

/**
 * What a cancellation tells of its phone (docs/shop-rules.md §10 rule 17): staff's is the shop's;
 * one from the order's own phone is its owner's; one with the order's key alone proves nothing of
 * the phone, as anyone can place an order with it (issue 46).
 */
function phoneOutcomeOf(cancellation: Cancellation | undefined): PhoneOrderOutcome {
  if (cancellation?.by === 'staff') return 'cancelled-by-shop';
  return cancellation?.fromPhone ? 'cancelled-from-phone' : 'cancelled';
}

async function requestRefund(deps: OrderDeps, order: StoredOrder): Promise<TaskOutcome> {
  const at = deps.now().toISOString();
  const paymentId = order.razorpay?.paymentId;
  const capturedPaise = order.razorpay?.amountPaise;
  if (!paymentId || capturedPaise === undefined) {
    await deps.log.apply(order.orderId, { type: 'cancel-step-settled', at, step: 'refund', status: 'not-needed' });
    return { status: 'done' };
  }
  const choice = deps.gateway();
  if (!choice.ok) {
    const lastError = choice.message;
    await deps.log.apply(order.orderId, {
      type: 'cancel-step-settled',
      at,
      step: 'refund',
      status: 'failed',
      lastError,
    });
    return { status: 'failed', error: choice.message };
  }
  const key = refundKey(order.orderId, 'cancelled', 1);
  await deps.log.apply(order.orderId, { type: 'cancel-refund-requested', at, key, paymentId, capturedPaise });
  return { status: 'done' };
}

async function close(deps: OrderDeps, order: StoredOrder): Promise<StoredOrder> {
  const at = deps.now().toISOString();
  const { order: closed, changed } = await deps.log.apply(
    order.orderId,
    { type: 'order-cancelled', at },
    undefined,
    order,
  );
  // Kept by who proved it: the COD rules count only one from the phone itself against it.
  if (changed) await notePhoneOrder(deps, closed, phoneOutcomeOf(closed.cancellation));
  return closed;
}

async function creditNote(deps: OrderDeps, order: StoredOrder): Promise<TaskOutcome> {
  const result = await issueCreditNote(deps, order);
  if (result && !result.ok) return { status: 'failed', error: `no credit note yet: ${result.problem}` };
  return { status: 'done' };
}

export const CANCEL_FINISH_TASK: TaskKind = {
  windowFrom: 'first-attempt',
  async perform(deps, order): Promise<TaskOutcome> {
    const work = cancelWork(order);
    if (work === 'request-refund') return requestRefund(deps, order);
    if (work === 'credit-note') return creditNote(deps, order);
    if (work !== 'close') return { status: 'skipped' };
    const closed = await close(deps, order);
    return creditNoteOwed(closed) ? creditNote(deps, closed) : { status: 'done' };
  },
  // Each step wrote what it changed itself (the refund's key, the order cancelled, the credit note).
  settledEvent: () => undefined,
};
