/**
 * The scheduled sweep (every 15 minutes; issue 47, decision 031): runs what is due. Every step of
 * an order's life is a task with the time it is due (netlify/lib/tasks/runner.ts): a payment not
 * come 15 minutes after the order (payment-check-kind.ts), a booking, invoice, email or Sheet row
 * whose back-off has passed, a cancellation's step, a refund Razorpay still calls pending, a COD
 * order's chase, a parcel's news. The sweep asks the task table which orders have one due (or one
 * held by a runner that was stopped) and runs each order's tasks; it knows no mechanism by name.
 *
 * It works oldest order first, a few at a time, and stops taking new orders when its time budget is
 * spent: the rest wait for the next run, and since the oldest always come first, none is skipped
 * for ever. docs/shop-rules.md §10.
 */
import { STALE_CLAIM_MS } from '#shop/order-engine/index.ts';
import { TASK_KINDS } from '../tasks/kinds.ts';
import { type RunReport, runOrderTasks } from '../tasks/runner.ts';
import { flushSheet } from './sheet-kind.ts';
import type { OrderDeps } from './types.ts';

export interface ReconcileLimits {
  /**
   * No new order is started after this long. Netlify stops a scheduled function after 30 s; the
   * orders in flight then have 20 s to finish (each outside call gives up after 10 s).
   */
  budgetMs: number;
  /** Orders worked on at once: few enough to stay polite to Razorpay, Delhivery and the Sheet. */
  concurrency: number;
}

export const RECONCILE_LIMITS: ReconcileLimits = { budgetMs: 10_000, concurrency: 4 };

export interface ReconcileReport {
  /** Unpaid orders Razorpay's answer completed, and those it expired. */
  completed: string[];
  expired: string[];
  /** Orders whose other due tasks ran (done, failed again, or asked again later). */
  retried: string[];
  /** Orders with tasks due not looked at because the time budget ran out: the next run starts with them. */
  deferred: number;
}

export async function reconcile(deps: OrderDeps, limits: ReconcileLimits = RECONCILE_LIMITS): Promise<ReconcileReport> {
  const report: ReconcileReport = { completed: [], expired: [], retried: [], deferred: 0 };
  const queue = await deps.log.dueOrderIds(deps.now(), STALE_CLAIM_MS); // oldest first
  const stopAt = Date.now() + limits.budgetMs;
  const worker = async () => {
    for (let orderId = queue.shift(); orderId !== undefined; orderId = queue.shift()) {
      if (Date.now() >= stopAt) {
        report.deferred = queue.length + 1;
        queue.length = 0;
        return;
      }
      // One order that cannot be run never stops the others.
      try {
        tell(report, orderId, await runOrderTasks(deps, TASK_KINDS, orderId));
      } catch (error) {
        console.warn(`reconcile: order ${orderId} skipped: ${(error as Error).message}`);
      }
    }
  };
  await Promise.all(Array.from({ length: limits.concurrency }, worker));
  // The Sheet's rows the runs above (or anything since the last batch) left due: one call per tab.
  await flushSheet(deps);
  return report;
}

/** What the run of one order's due tasks did, in the sweep's report. */
function tell(report: ReconcileReport, orderId: string, ran: RunReport): void {
  if (ran.done.includes('payment-check')) {
    report[ran.order?.status === 'expired' ? 'expired' : 'completed'].push(orderId);
    return;
  }
  const others = [...ran.done, ...ran.failed, ...ran.later].filter((name) => name !== 'payment-check');
  if (others.length > 0) report.retried.push(orderId);
}
