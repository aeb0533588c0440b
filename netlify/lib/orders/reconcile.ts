/** The scheduled reconciler: settles unpaid prepaid orders with Razorpay and retries forwards. */

import { forwardOrder } from './forward.ts';
import { canMove, type StoredOrder } from './order-log.ts';
import { completePaidOrder } from './pay.ts';
import type { OrderDeps } from './types.ts';

/** Prepaid orders still unpaid this long after creation are asked about, then expired. */
export const PENDING_PAYMENT_TIMEOUT_MS = 15 * 60 * 1000;

/**
 * Every 15 minutes: prepaid orders still pending after 15 minutes are settled with Razorpay's own
 * answer (paid → completed, otherwise expired), and failed forwards are retried.
 */
export async function reconcile(
  deps: OrderDeps,
): Promise<{ completed: string[]; expired: string[]; retried: string[] }> {
  const report = { completed: [] as string[], expired: [] as string[], retried: [] as string[] };
  const now = deps.now().getTime();
  for (const orderId of await deps.log.openOrderIds()) {
    // One order that cannot be settled never stops the others.
    try {
      await reconcileOne(deps, orderId, now, report);
    } catch (error) {
      console.warn(`reconcile: order ${orderId} skipped: ${(error as Error).message}`);
    }
  }
  return report;
}

async function reconcileOne(
  deps: OrderDeps,
  orderId: string,
  now: number,
  report: { completed: string[]; expired: string[]; retried: string[] },
): Promise<void> {
  {
    const order = await deps.log.get(orderId);
    if (!order) return;
    if (order.mode === 'prepaid' && order.status === 'pending') {
      if (now - Date.parse(order.createdAt) < PENDING_PAYMENT_TIMEOUT_MS) return;
      const settled = await settlePendingPayment(deps, order);
      if (settled) report[settled].push(orderId);
      return;
    }
    const needsForward = (['sheet', 'shipment'] as const).some((kind) => {
      const state = order.forwards[kind];
      return state.status === 'pending' || state.status === 'failed' || state.status === 'sending';
    });
    if (needsForward) {
      await forwardOrder(deps, orderId);
      report.retried.push(orderId);
    }
  }
}

async function settlePendingPayment(deps: OrderDeps, order: StoredOrder): Promise<'completed' | 'expired' | undefined> {
  const gateway = deps.gateway();
  const remote = order.razorpay ? await gateway.fetchOrder(order.razorpay.orderId) : undefined;
  if (order.razorpay && remote?.status === 'paid') {
    const paymentId = await gateway.capturedPaymentId(order.razorpay.orderId);
    if (paymentId) {
      const done = await completePaidOrder(deps, {
        orderId: order.orderId,
        paymentId,
        amountPaise: remote.amountPaise,
        via: 'reconciler',
      });
      return done.ok ? 'completed' : undefined;
    }
    return undefined;
  }
  if (order.razorpay && !remote) return undefined; // Razorpay unreachable: ask again next time
  await deps.log.update(order.orderId, (current) => {
    if (!canMove(current.status, 'expired')) return undefined;
    const at = deps.now().toISOString();
    current.status = 'expired';
    current.updatedAt = at;
    current.history.push({ at, event: 'expired: not paid within 15 minutes' });
    return current;
  });
  return 'expired';
}
