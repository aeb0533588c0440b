/**
 * A refund's state, from Razorpay's word (docs/shop-rules.md §10, "Cancel and refund"): `pending`
 * when made, then `processed` or `failed`, whichever tells first — the refund call's own answer,
 * the webhooks `refund.processed` / `refund.failed`, or the reconciler asking. Each refund is
 * matched by its idempotency key (sent as its `receipt`) or its id, and only moves forward
 * (`mergeRefund`), so a replayed or late event changes nothing and none is counted twice.
 */

import { enqueueOrderNotice } from '#shop/order-engine/notices.ts';
import { resyncSheet } from '#shop/order-engine/sheet-row.ts';
import type { StoredOrder } from '#shop/order-record.ts';
import { mergeRefund } from '#shop/refunds.ts';
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
  const result: { outcome: 'changed' | 'unchanged' | 'unknown refund' } = { outcome: 'unknown refund' };
  await deps.log.update(orderId, (order) => {
    const known = (order.issuedRefunds ?? []).find(
      (issued) => issued.refundId === refund.id || (refund.receipt !== undefined && issued.key === refund.receipt),
    );
    if (!known) return undefined;
    // Our key (the receipt) on another refund — another id, amount or payment — is not this refund
    // (issue 47): it never rewrites what the order knows.
    const other =
      (known.refundId !== undefined && known.refundId !== refund.id) ||
      (refund.amountPaise !== undefined && refund.amountPaise !== known.amountPaise) ||
      (refund.paymentId !== undefined && refund.paymentId !== known.paymentId);
    if (other) {
      console.warn(`refund ${known.key}: ignored word of another refund (${refund.id}) under its key`);
      return undefined;
    }
    const before = JSON.stringify(known);
    const at = deps.now().toISOString();
    mergeRefund(order, {
      key: known.key,
      refundId: refund.id,
      status: refund.status,
      ...(refund.status !== 'pending' ? { settledAt: known.settledAt ?? at } : {}),
    });
    const after = (order.issuedRefunds ?? []).find((issued) => issued.key === known.key);
    if (JSON.stringify(after) === before) {
      result.outcome = 'unchanged';
      return undefined;
    }
    result.outcome = 'changed';
    order.history.push({ at, event: `refund ${known.key}: ${after?.status} (${refund.id})` });
    if (after?.status === 'processed') enqueueOrderNotice(order, 'refunded', at, `refunded-${known.key}`);
    // The Refunded and Refund IDs columns change even when the Status does not (a staff part refund).
    resyncSheet(order, { force: true });
    order.updatedAt = at;
    return order;
  });
  if (result.outcome === 'changed') await Promise.all([syncSheetRows(deps, orderId), deliverNotices(deps, orderId)]);
  return result.outcome;
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
