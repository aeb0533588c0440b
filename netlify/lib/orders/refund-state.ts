/**
 * A refund's state, from Razorpay's word (docs/shop-rules.md §10, "Cancel and refund"): `pending`
 * when made, then `processed` or `failed`, whichever tells first — the refund call's own answer,
 * the webhooks `refund.processed` / `refund.failed`, or the refund's task asking again. Each refund is
 * matched by its idempotency key (sent as its `receipt`) or its id, and only moves forward
 * (`mergeRefund`, src/shop/order-engine/refund-events.ts), so a replayed or late event changes
 * nothing and none is counted twice. Razorpay is asked for a refund in one place only: the
 * refund's task (netlify/lib/tasks/refund-kind.ts).
 */

import { reportedRefund } from '#shop/order-engine/index.ts';
import { deliverNotices } from '../notify/notices.ts';
import type { GatewayRefund } from '../razorpay/gateway.ts';
import { syncSheetRows } from './forward.ts';
import type { OrderDeps } from './types.ts';

/** Records what Razorpay says of one refund on its order; tells the Sheet and the shopper once. */
export async function recordRefund(
  deps: OrderDeps,
  orderId: string,
  refund: Pick<GatewayRefund, 'id' | 'status' | 'receipt'> & Partial<Pick<GatewayRefund, 'amountPaise' | 'paymentId'>>,
): Promise<'changed' | 'unchanged' | 'unknown refund'> {
  const at = deps.now().toISOString();
  const { id, status, receipt, amountPaise, paymentId } = refund;
  const report = { id, status, receipt, amountPaise, paymentId };
  const { order, changed } = await deps.log.apply(orderId, { type: 'refund-reported', at, refund: report });
  if (changed) {
    await Promise.all([syncSheetRows(deps, orderId), deliverNotices(deps, orderId)]);
    return 'changed';
  }
  // Nothing written: the order as it was read tells why (the same match the event made).
  const match = reportedRefund(order, report);
  if (!match) return 'unknown refund';
  if (match.other) {
    console.warn(`refund ${match.known.key}: ignored word of another refund (${refund.id}) under its key`);
    return 'unknown refund';
  }
  return 'unchanged';
}
