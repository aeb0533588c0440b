/**
 * The order's events of a refund asked of Razorpay (transition.ts): what Razorpay said of it, told
 * by the refund's task (netlify/lib/tasks/refund-kind.ts, the one place that asks Razorpay for a
 * refund), a webhook or the reconciler. Each refund is matched by its idempotency key (sent as its
 * receipt) or its id, and only moves forward (`mergeRefund`), so a replayed or late word changes
 * nothing and none is counted twice. The cancellation's refund also settles the cancellation's
 * money step (docs/shop-rules.md §10, "Cancel and refund").
 */
import type { StoredOrder } from '../order/index.ts';
import { canMoveRefund, type IssuedRefund, mergeRefund } from '../order/index.ts';
import { type RefundReport, reportedRefund } from './cancel-rules.ts';
import type { Family } from './family.ts';
import { enqueueOrderNotice } from './notices.ts';

export type RefundEvent =
  /** Razorpay told a refund's state (the refund call's answer, a webhook, the reconciler asking). */
  | { type: 'refund-reported'; at: string; refund: RefundReport }
  /** Razorpay refused a refund (more than is left, the same key for another request): it gave nothing back. */
  | { type: 'refund-refused'; at: string; key: string; message: string }
  /** Razorpay could not be asked (down, or payments switched off): the refund waits for its task's retry. */
  | { type: 'refund-unanswered'; at: string; key: string; message: string };

/**
 * The cancellation's money step, once Razorpay answered about the cancellation's refund: `done`
 * once Razorpay made it (its state is the refund's), `failed` while it waits or was refused (the
 * reconciler, or staff, take it from there).
 */
function settleCancelStep(
  order: StoredOrder,
  key: string,
  outcome: { status: 'done' } | { status: 'failed'; lastError: string },
  at: string,
): boolean {
  const cancellation = order.cancellation;
  const refund = order.issuedRefunds?.find((issued) => issued.key === key);
  if (refund?.purpose !== 'cancelled' || !cancellation) return false;
  const step = cancellation.refund;
  if (step.status !== 'pending' && step.status !== 'failed') return false;
  if (step.status === outcome.status && step.lastError === (outcome as { lastError?: string }).lastError) return false;
  cancellation.refund = { ...outcome, attempts: step.attempts + 1, at };
  const why = outcome.status === 'failed' ? ` (${outcome.lastError})` : '';
  order.history.push({ at, event: `cancellation refund: ${outcome.status}${why}` });
  return true;
}

/**
 * A refund's state from Razorpay's word: it only moves forward (`mergeRefund`), so a replayed or
 * late report changes nothing, and the shopper hears of the money back once.
 */
function recordReport(order: StoredOrder, report: RefundReport, at: string): StoredOrder | undefined {
  const match = reportedRefund(order, report);
  if (!match || match.other) return undefined;
  const { known } = match;
  const before = JSON.stringify(known);
  mergeRefund(order, {
    key: known.key,
    refundId: report.id,
    status: report.status,
    ...(report.status !== 'pending' ? { settledAt: known.settledAt ?? at } : {}),
  });
  // `mergeRefund` kept the known refund in the order's refunds, moved forward or as it was.
  const after = (order.issuedRefunds as IssuedRefund[]).find((issued) => issued.key === known.key);
  const moved = JSON.stringify(after) !== before;
  if (moved) order.history.push({ at, event: `refund ${known.key}: ${after?.status} (${report.id})` });
  if (moved && after?.status === 'processed') enqueueOrderNotice(order, 'refunded', at, `refunded-${known.key}`);
  // Razorpay has the refund (whatever its state): the cancellation's money step is done.
  const stepped = settleCancelStep(order, known.key, { status: 'done' }, at);
  return moved || stepped ? order : undefined;
}

function refundRefused(order: StoredOrder, { at, key, message }: { at: string; key: string; message: string }) {
  const known = (order.issuedRefunds ?? []).find((refund) => refund.key === key);
  // A refund's state only moves forward: one already settled (or told twice) is left as it is.
  if (!known || !canMoveRefund(known.status, 'failed')) return undefined;
  mergeRefund(order, { key, status: 'failed', failure: message, settledAt: at });
  order.history.push({ at, event: `refund ${key}: refused by Razorpay (${message})` });
  settleCancelStep(order, key, { status: 'failed', lastError: message }, at);
  return order;
}

function refundUnanswered(order: StoredOrder, { at, key, message }: { at: string; key: string; message: string }) {
  const known = (order.issuedRefunds ?? []).find((refund) => refund.key === key);
  if (known?.status !== 'requested' && known?.status !== 'pending') return undefined;
  // Only the cancellation shows it (its step, for the reconciler and staff's `Cancelling`); a
  // staff refund's request is told "queued", and the refund's task retries either way.
  return settleCancelStep(order, key, { status: 'failed', lastError: message }, at) ? order : undefined;
}

export const REFUND_EVENTS: Family<RefundEvent> = {
  handlers: {
    'refund-reported': (order, { at, refund }) => recordReport(order, refund, at),
    'refund-refused': refundRefused,
    'refund-unanswered': refundUnanswered,
  },
  // The Payment Status, Refunded and Refund IDs columns change even when the Status does not (a staff part refund).
  rewritesSheet: ['refund-reported', 'refund-refused'],
};
