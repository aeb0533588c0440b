/**
 * The messages an order's change earns (docs/shop-rules.md §10, "Parcel news"): each written on the
 * order under a key of its own, in the same write as the change, so each exists once and becomes
 * one task (netlify/lib/notify/notice-kind.ts sends it). Email always carries the news (but
 * `placed`, which has its own confirmation email, and `cod-confirm`, asked on WhatsApp only);
 * WhatsApp too when the shopper agreed to it at checkout.
 */
import type { NoticeState, OrderEvent, StoredOrder } from '../order/index.ts';
import type { Notice, NoticeEvent } from '../parcel/index.ts';

export type Channel = NoticeState['channel'];

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
