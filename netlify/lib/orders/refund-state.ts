/**
 * A refund's state, from Razorpay's word (docs/shop-rules.md §10, "Cancel and refund"): `pending`
 * when made, then `processed` or `failed`, whichever tells first — the refund call's own answer,
 * the webhooks `refund.processed` / `refund.failed`, or the reconciler asking. Each refund is
 * matched by its idempotency key (sent as its `receipt`) or its id, and only moves forward
 * (`mergeRefund`), so a replayed or late event changes nothing and none is counted twice.
 */

import { reportedRefund } from '#shop/order-engine/cancel-rules.ts';
import type { StoredOrder } from '#shop/order-record.ts';
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

/**
 * The reconciler's part: asks Razorpay about every refund of the order not settled yet. A refund
 * asked for whose answer never came is looked for among the payment's refunds by its key (the
 * receipt); Razorpay having none, it is asked for again with the same key.
 */
export async function settleRefunds(deps: OrderDeps, order: StoredOrder): Promise<void> {
  const choice = deps.gateway();
  if (!choice.ok) return;
  const { gateway } = choice;
  for (const issued of order.issuedRefunds ?? []) {
    if (issued.manual || (issued.status !== 'requested' && issued.status !== 'pending')) continue;
    if (issued.refundId) {
      const answer = await gateway.fetchRefund(issued.paymentId, issued.refundId);
      if (answer.ok) await recordRefund(deps, order.orderId, answer.refund);
      continue;
    }
    const listed = await gateway.paymentRefunds(issued.paymentId);
    const found = listed.ok ? listed.refunds.find((refund) => refund.receipt === issued.key) : undefined;
    if (found) {
      await recordRefund(deps, order.orderId, found);
      continue;
    }
    if (!listed.ok) continue; // Razorpay unreachable: asked again next run
    const again = await gateway.refundPayment({
      paymentId: issued.paymentId,
      amountPaise: issued.amountPaise,
      receipt: issued.key,
      notes: { orderId: order.orderId, purpose: issued.purpose },
      idempotencyKey: issued.key,
    });
    if (again.ok) await recordRefund(deps, order.orderId, again.refund);
  }
}
