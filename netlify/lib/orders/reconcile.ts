/**
 * The scheduled reconciler (every 15 minutes): settles unpaid prepaid orders with Razorpay's own
 * answer and retries forwards whose back-off has passed. It works oldest order first, a few at a
 * time, and stops taking new orders when its time budget is spent: the rest wait for the next run,
 * and since the oldest always come first, none is skipped for ever. docs/shop-rules.md §10.
 */

import { awaitingConfirmation } from '#shop/cod.ts';
import { creditNoteOwed } from '#shop/order-engine/order-flags.ts';
import { FORWARD_KINDS, forwardOf, noticeOpen, paysFirst, type StoredOrder } from '#shop/order-record.ts';
import { refundsOpen } from '#shop/refunds.ts';
import { deliverNotices } from '../notify/notices.ts';
import { creditCancelledOrder, finishCancellation, rearmCancelSteps } from './cancel.ts';
import { chaseConfirmation } from './chase-confirmation.ts';
import { forwardOrder } from './forward.ts';
import { judgePayment } from './judge-payment.ts';
import { completePaidOrder } from './pay.ts';
import { settleRefunds } from './refund-state.ts';
import type { OrderDeps } from './types.ts';

/** Prepaid orders (and COD fees paid now) still unpaid this long after creation are asked about, then expired. */
export const PENDING_PAYMENT_TIMEOUT_MS = 15 * 60 * 1000;

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
  completed: string[];
  expired: string[];
  retried: string[];
  /** Open orders not looked at because the time budget ran out: the next run starts with them. */
  deferred: number;
}

export async function reconcile(deps: OrderDeps, limits: ReconcileLimits = RECONCILE_LIMITS): Promise<ReconcileReport> {
  const report: ReconcileReport = { completed: [], expired: [], retried: [], deferred: 0 };
  const queue = await deps.log.openOrderIds(); // oldest first
  const stopAt = Date.now() + limits.budgetMs;
  const worker = async () => {
    for (let orderId = queue.shift(); orderId !== undefined; orderId = queue.shift()) {
      if (Date.now() >= stopAt) {
        report.deferred = queue.length + 1;
        queue.length = 0;
        return;
      }
      // One order that cannot be settled never stops the others.
      try {
        await reconcileOne(deps, orderId, report);
      } catch (error) {
        console.warn(`reconcile: order ${orderId} skipped: ${(error as Error).message}`);
      }
    }
  };
  await Promise.all(Array.from({ length: limits.concurrency }, worker));
  return report;
}

async function reconcileOne(deps: OrderDeps, orderId: string, report: ReconcileReport): Promise<void> {
  const order = await deps.log.get(orderId);
  // A COD order's fee paid now waits for Razorpay as a prepaid order does, and expires the same way.
  const unpaid = order !== undefined && paysFirst(order) && (order.status === 'pending' || order.status === 'expired');
  if (order && unpaid) {
    if (deps.now().getTime() - Date.parse(order.createdAt) < PENDING_PAYMENT_TIMEOUT_MS) return;
    const settled = await settlePendingPayment(deps, order);
    if (settled) report[settled].push(orderId);
  } else if (order && FORWARD_KINDS.some((kind) => RETRIED.has(forwardOf(order, kind).status))) {
    await forwardOrder(deps, orderId);
    report.retried.push(orderId);
  }
  // A COD order its shopper has not confirmed: asked, reminded, then left to staff (rule 17).
  if (order && awaitingConfirmation(order.cod)) await chaseConfirmation(deps, orderId);
  // A cancellation a system interrupted (Delhivery or Razorpay down): finished now.
  const cancellation = order?.cancellation;
  const stepsLeft =
    cancellation !== undefined &&
    ((!cancellation.doneAt && cancellation.booking.status !== 'too-late') ||
      ['pending', 'failed'].includes(cancellation.booking.status));
  if (order && stepsLeft) {
    await rearmCancelSteps(deps, order);
    const finished = await finishCancellation(deps, orderId);
    if (finished.status === 'cancelled') report.retried.push(orderId);
  }
  // An invoiced order cancelled whose credit note could not be issued then: issued now.
  if (order && creditNoteOwed(order)) await creditCancelledOrder(deps, orderId);
  // Refunds Razorpay has not settled yet: asked about again by their tasks (refund-kind.ts).
  if (order && refundsOpen(order)) await settleRefunds(deps, (await deps.log.get(orderId)) ?? order);
  // A parcel's news the mail could not take: sent now if its back-off has passed (once, by its claim).
  if (order && Object.values(order.notices ?? {}).some(noticeOpen)) {
    const sent = await deliverNotices(deps, orderId);
    if (sent.sent.length > 0) report.retried.push(orderId);
  }
}

/** Forwards still to make: `failed` ones wait for their back-off inside `forwardOrder`. */
const RETRIED = new Set(['pending', 'failed', 'sending']);

/**
 * Razorpay's word on an unpaid order: a payment that is money completes it (every such payment
 * is passed on, so a second one is recorded for refund); an authorized payment whose capture
 * fails keeps it waiting; no payment at all expires it.
 */
async function settlePendingPayment(deps: OrderDeps, order: StoredOrder): Promise<'completed' | 'expired' | undefined> {
  if (order.razorpay) {
    const choice = deps.gateway();
    if (!choice.ok) {
      // Payments switched off since the order was made: it waits until Razorpay can be asked again.
      console.warn(`reconcile: order ${order.orderId} waits: ${choice.message}`);
      return undefined;
    }
    const { gateway } = choice;
    const answer = await gateway.orderPayments(order.razorpay.orderId);
    if (!answer.ok) return undefined; // Razorpay unreachable: ask again next time
    let completed = false;
    let waiting = false;
    for (const payment of answer.payments) {
      if (payment.status !== 'captured' && payment.status !== 'authorized') continue;
      const verdict = await judgePayment(gateway, order.razorpay, payment);
      if (verdict.kind === 'money') {
        const done = await completePaidOrder(deps, { orderId: order.orderId, money: verdict, via: 'reconciler' });
        completed ||= done.ok;
      } else if (verdict.kind === 'confirming') {
        waiting = true;
        console.warn(`reconcile: order ${order.orderId} waits: ${verdict.reason}`);
      }
    }
    if (completed) return 'completed';
    if (waiting) return undefined;
  }
  const expired = await deps.log.apply(order.orderId, { type: 'payment-expired', at: deps.now().toISOString() });
  return expired.changed ? 'expired' : undefined;
}
