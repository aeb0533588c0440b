/**
 * What a settled task writes on its order (the runner, netlify/lib/tasks/runner.ts, performs it;
 * parcel-events.ts's `task-settled` applies it): a forward's new state and history, the order
 * `forwarded` once staff and the carrier have it (docs/shop-rules.md §10); a notice's new state and
 * history. The state comes as the task's row now reads (netlify/lib/tasks/order-tasks.ts).
 */
import { canMove, type ForwardKind, type ForwardState, type NoticeState, type StoredOrder } from '../order/index.ts';

/** The forwards that make an order `forwarded` (staff and the carrier have it); the email does not hold it. */
const HANDED_OVER = ['sheet', 'shipment'] as const;

/** Writes a settled forward on the order: its state, its history, a late booking's cancellation, `forwarded`. */
export function settleForward(order: StoredOrder, kind: ForwardKind, state: ForwardState, at: string): StoredOrder {
  order.forwards[kind] = state;
  const event = `${kind}: ${state.status}${state.lastError ? ` (${state.lastError})` : ''}`;
  // The same failure again (the Sheet's batch retried each minute while the script is down, then
  // each hour once given up) is not news: the history keeps its first time, the forward its count.
  const last = order.history.findLast((entry) => entry.event.startsWith(`${kind}: `));
  const again = ['failed', 'needs-attention'].includes(state.status) && last?.event === event;
  if (!again) order.history.push({ at, event });
  // A booking that settled after the order's cancellation was asked (its task was in flight):
  // the cancellation cancels this parcel too (cancel.ts), however far it had got (issue 47).
  const cancellation = order.cancellation;
  if (
    kind === 'shipment' &&
    state.status === 'done' &&
    state.waybill &&
    cancellation?.booking.status === 'not-needed'
  ) {
    cancellation.booking = { status: 'pending', attempts: 0 };
  }
  const handed = HANDED_OVER.every((key) => ['done', 'not-sent'].includes(order.forwards[key].status));
  if (handed && canMove(order.status, 'forwarded')) order.status = 'forwarded';
  return order;
}

/** Writes a settled notice (`key` on the order, `email:shipped`) on the order: its state and its history. */
export function settleNotice(order: StoredOrder, key: string, state: NoticeState, at: string): StoredOrder {
  order.notices = { ...order.notices, [key]: state };
  order.history.push({
    at,
    event:
      state.status === 'skipped'
        ? `${key}: skipped (no longer true)`
        : `${key}: ${state.status}${state.lastError ? ` (${state.lastError})` : ''}`,
  });
  return order;
}
