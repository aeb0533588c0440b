/**
 * A notice to the shopper as a task (netlify/lib/tasks/runner.ts; notices.ts earns them): checked
 * still true when its turn comes (a late "out for delivery" for a delivered parcel is skipped),
 * sent on its channel (channels.ts) under its key, so the sender refuses a second copy, and settled
 * on the order with its history. A failure that will never heal (a number not on WhatsApp) is given
 * up at once; others are retried for a day from when the notice was earned.
 */
import { awaitingConfirmation } from '#shop/cod/index.ts';
import type { NoticeState, OrderEvent, StoredOrder } from '#shop/order/index.ts';
import { NOTICE_EVENTS, type NoticeEvent, noticeStillTrue } from '#shop/parcel/index.ts';
import type { TaskKind } from '../tasks/runner.ts';
import { noticeView, type TaskRow } from '../tasks/task-view.ts';
import { sendNotice } from './channels.ts';

const isParcelEvent = (event: NoticeEvent | OrderEvent): event is NoticeEvent =>
  (NOTICE_EVENTS as readonly string[]).includes(event);

/**
 * Is the news still true when its turn comes? A parcel's by its state; a cancellation while the
 * order is cancelled; "placed" while it is not.
 */
function stillTrue(event: NoticeEvent | OrderEvent, order: StoredOrder): boolean {
  // A parcel whose booking was cancelled never ships: no news of it (issue 47).
  if (isParcelEvent(event))
    return order.cancellation?.booking.status !== 'done' && noticeStillTrue(event, order.parcel?.state ?? 'booked');
  if (event === 'placed') return order.status !== 'cancelled';
  if (event === 'cod-confirm') return awaitingConfirmation(order.cod) && !order.cancellation;
  return event === 'refunded' || order.status === 'cancelled';
}

/** The notice's key on its order (`email:shipped`), from its task's (`<orderId>/notice/email:shipped`). */
const noticeKeyOf = (task: Pick<TaskRow, 'key' | 'order_id'>) => task.key.slice(`${task.order_id}/notice/`.length);

export const NOTICE_TASK: TaskKind = {
  windowFrom: 'earned',
  async perform(deps, order, task) {
    const key = noticeKeyOf(task);
    const state = order.notices?.[key] as NoticeState;
    if (!stillTrue(state.event, order)) return { status: 'skipped' };
    const outcome = await sendNotice(deps, order, key, state);
    if (outcome.ok) return { status: 'done', result: outcome.messageId ? { messageId: outcome.messageId } : {} };
    return { status: 'failed', error: outcome.reason, ...(outcome.permanent ? { permanent: true } : {}) };
  },
  // Written on the order by the engine's `task-settled` (src/shop/order-engine/task-settles.ts).
  settledEvent: (settled) => ({
    type: 'task-settled',
    at: settled.at,
    key: settled.task.key,
    kind: 'notice',
    state: noticeView(settled),
  }),
};
