/**
 * Messages to the shopper about their parcel (docs/shop-rules.md §10, "Parcel news"), each sent
 * at most once however often the sync runs, a webhook is replayed or a worker retries:
 *
 * 1. A change of the parcel's state earns at most one notice (`noticeFor`), written on the order in
 *    the same conditional write as the change (`enqueueNotice`), under a key of its own.
 * 2. Each notice is a task (notice-kind.ts): `deliverNotices` runs them; the runner claims each,
 *    checks it is still true (a late "out for delivery" for a delivered parcel is skipped), sends
 *    it, and settles it.
 *    The email itself carries the key (`emailId`), so the sender refuses a second copy even when an
 *    answer was lost between sending and settling.
 * 3. A failed send waits (the runner's back-off) and is tried again by the next sync or reconciler
 *    run, for a day from when it was earned; then staff see it in the order's history.
 *
 * Two channels carry the same news (channels.ts): email, always, and WhatsApp when the shopper
 * agreed to it at checkout (`order.whatsapp.consent`). Each `(order, event, channel)` is one notice
 * under its own key (`email:shipped`, `whatsapp:shipped`), so each channel sends it at most once.
 */

import type { OrderEvent, StoredOrder } from '#shop/order-record.ts';
import type { Notice, NoticeEvent } from '#shop/parcel.ts';
import type { OrderDeps } from '../orders/types.ts';
import { TASK_KINDS } from '../tasks/kinds.ts';
import { runOrderTasks } from '../tasks/runner.ts';
import type { Channel } from './channels.ts';

/**
 * A parcel notice's key on the order: the first parcel's plain (`email:shipped`), a parcel booked
 * again by staff its own (`email:shipped-parcel-2`), so the shopper hears that one ship too.
 */
function keyOf(order: Pick<StoredOrder, 'earlierShipments'>, noticeKey: string, channel: Channel = 'email'): string {
  const sent = order.earlierShipments?.length ?? 0;
  return sent === 0 ? `${channel}:${noticeKey}` : `${channel}:${noticeKey}-parcel-${sent + 1}`;
}

/**
 * The channels this order's news of `event` goes out on: email always (but `placed`), WhatsApp when
 * agreed to: every event has its template, `delivered` too (`order_delivered`, decision 024).
 */
function channelsFor(order: StoredOrder, event: NoticeEvent | OrderEvent): Channel[] {
  // `placed` has its own email (the confirmation forward); `cod-confirm` is asked on WhatsApp only.
  const channels: Channel[] = event === 'placed' || event === 'cod-confirm' ? [] : ['email'];
  if (order.whatsapp?.consent) channels.push('whatsapp');
  return channels;
}

/** Writes a pending notice under `key`, unless one is there: earned before, never a second message. */
function enqueue(order: StoredOrder, key: string, channel: Channel, event: NoticeEvent | OrderEvent, at: string) {
  order.notices ??= {};
  if (order.notices[key]) return;
  order.notices[key] = { channel, event, status: 'pending', attempts: 0, createdAt: at };
}

/** Adds the notice a change earned to the order (inside the order log's conditional write). */
export function enqueueNotice(order: StoredOrder, notice: Notice | undefined, at: string): void {
  if (!notice) return;
  for (const channel of channelsFor(order, notice.event))
    enqueue(order, keyOf(order, notice.key, channel), channel, notice.event, at);
}

/**
 * News about the order itself (placed, cancelled, refunded), once per key (`refunded-2` for a
 * second refund). `placed` is WhatsApp's alone: the confirmation email is a forward (forward.ts).
 */
export function enqueueOrderNotice(order: StoredOrder, event: OrderEvent, at: string, key: string = event): void {
  for (const channel of channelsFor(order, event)) enqueue(order, `${channel}:${key}`, channel, event, at);
}

/** Has the shopper been told (or is about to be told) that the parcel shipped? */
export const shippedNoticed = (order: Pick<StoredOrder, 'notices' | 'earlierShipments'>) =>
  Boolean(order.notices?.[keyOf(order, 'shipped')] ?? order.notices?.[keyOf(order, 'shipped', 'whatsapp')]);

export interface DeliveredNotices {
  sent: string[];
  skipped: string[];
  failed: string[];
}

/**
 * Sends the order's notices whose time has come, each one at most once (its task, notice-kind.ts);
 * then the Sheet's WhatsApp cell tells what became of them, written once after them all if it changed.
 */
export async function deliverNotices(deps: OrderDeps, orderId: string): Promise<DeliveredNotices> {
  const ran = await runOrderTasks(deps, TASK_KINDS, orderId, ['notice', 'sheet']);
  const keys = (names: string[]) =>
    names.filter((name) => name.startsWith('notice/')).map((name) => name.slice('notice/'.length));
  return { sent: keys(ran.done), skipped: keys(ran.skipped), failed: keys(ran.failed) };
}
