/**
 * Messages to the shopper about their parcel (docs/shop-rules.md §10, "Parcel news"), each sent
 * at most once however often the sync runs, a webhook is replayed or a worker retries:
 *
 * 1. A change of the parcel's state earns at most one notice (`noticeFor`), written on the order in
 *    the same conditional write as the change (`enqueueNotice`), under a key of its own.
 * 2. `deliverNotices` claims each open notice on the order (compare-and-swap), checks it is still
 *    true (a late "out for delivery" for a delivered parcel is skipped), sends it, and settles it.
 *    The email itself carries the key (`emailId`), so the sender refuses a second copy even when an
 *    answer was lost between sending and settling.
 * 3. A failed send waits (the forwards' back-off) and is tried again by the next sync or reconciler
 *    run, for a day; then staff see it in the order's history.
 *
 * Two channels carry the same news (channels.ts): email, always, and WhatsApp when the shopper
 * agreed to it at checkout (`order.whatsapp.consent`). Each `(order, event, channel)` is one notice
 * under its own key (`email:shipped`, `whatsapp:shipped`), so each channel sends it at most once.
 */
import { awaitingConfirmation } from '#shop/cod.ts';
import { NOTICE_EVENTS, type Notice, type NoticeEvent, noticeStillTrue } from '#shop/parcel.ts';
import { RETRY_WINDOW_MS, resyncSheet, retryDelayMs, syncSheetRows } from '../orders/forward.ts';
import { type NoticeState, noticeOpen, type OrderEvent, type StoredOrder } from '../orders/order-record.ts';
import type { OrderDeps } from '../orders/types.ts';
import { type Channel, type SendOutcome, sendNotice } from './channels.ts';

/** A claim older than this belongs to a worker that died; another may take the notice. */
const STALE_CLAIM_MS = 5 * 60 * 1000;

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

const isParcelEvent = (event: NoticeEvent | OrderEvent): event is NoticeEvent =>
  (NOTICE_EVENTS as readonly string[]).includes(event);

/**
 * Is the news still true when its turn comes? A parcel's by its state; a cancellation while the
 * order is cancelled; "placed" while it is not.
 */
function stillTrue(event: NoticeEvent | OrderEvent, order: StoredOrder): boolean {
  if (isParcelEvent(event)) return noticeStillTrue(event, order.parcel?.state ?? 'booked');
  if (event === 'placed') return order.status !== 'cancelled';
  if (event === 'cod-confirm') return awaitingConfirmation(order.cod) && !order.cancellation;
  return event === 'refunded' || order.status === 'cancelled';
}

/** Has the shopper been told (or is about to be told) that the parcel shipped? */
export const shippedNoticed = (order: Pick<StoredOrder, 'notices' | 'earlierShipments'>) =>
  Boolean(order.notices?.[keyOf(order, 'shipped')] ?? order.notices?.[keyOf(order, 'shipped', 'whatsapp')]);

export interface DeliveredNotices {
  sent: string[];
  skipped: string[];
  failed: string[];
}

/** Sends the order's open notices whose time has come; each one at most once. */
export async function deliverNotices(deps: OrderDeps, orderId: string): Promise<DeliveredNotices> {
  const report: DeliveredNotices = { sent: [], skipped: [], failed: [] };
  const order = await deps.log.get(orderId);
  for (const [key, state] of Object.entries(order?.notices ?? {})) {
    if (!noticeOpen(state)) continue;
    const claimed = await claim(deps, orderId, key);
    if (!claimed) continue;
    if (claimed.skipped) {
      report.skipped.push(key);
      continue;
    }
    const outcome = await sendNotice(deps, claimed.order, key, claimed.state);
    await settle(deps, orderId, key, outcome);
    (outcome.ok ? report.sent : report.failed).push(key);
  }
  // The Sheet's WhatsApp cell tells what became of the messages: written once, after them all,
  // if it changed (settle) — or if a write running beside this one left it to be written again.
  if (report.sent.length > 0 || report.failed.length > 0) await syncSheetRows(deps, orderId);
  return report;
}

type Claimed = { order: StoredOrder; state: NoticeState; skipped: boolean };

async function claim(deps: OrderDeps, orderId: string, key: string): Promise<Claimed | undefined> {
  const now = deps.now();
  const at = now.toISOString();
  let skipped = false;
  const { order, changed } = await deps.log.update(orderId, (current) => {
    const state = current.notices?.[key];
    if (!state || !noticeOpen(state)) return undefined;
    const since = (time: string | undefined) => (time ? now.getTime() - Date.parse(time) : Number.POSITIVE_INFINITY);
    if (state.status === 'sending' && since(state.claimedAt) < STALE_CLAIM_MS) return undefined;
    if (state.status === 'failed' && since(state.nextAttemptAt) < 0) return undefined;
    const notices = current.notices as Record<string, NoticeState>;
    skipped = !stillTrue(state.event, current);
    notices[key] = skipped
      ? { ...state, status: 'skipped', at }
      : { ...state, status: 'sending', claimedAt: at, attempts: state.attempts + 1 };
    if (skipped) current.history.push({ at, event: `${key}: skipped (no longer true)` });
    current.updatedAt = at;
    return current;
  });
  const state = order.notices?.[key];
  return changed && state ? { order, state, skipped } : undefined;
}

/** Settles a sent or failed notice; the order's Sheet rows are to be written again if it changed what they show. */
async function settle(deps: OrderDeps, orderId: string, key: string, outcome: SendOutcome): Promise<void> {
  await deps.log.update(orderId, (order) => {
    const state = order.notices?.[key];
    if (state?.status !== 'sending') return undefined;
    const now = deps.now();
    const at = now.toISOString();
    const { claimedAt: _claimed, nextAttemptAt: _next, ...rest } = state;
    let next: NoticeState;
    if (outcome.ok)
      next = { ...rest, status: 'sent', at, ...(outcome.messageId ? { messageId: outcome.messageId } : {}) };
    // Will not heal (a number not on WhatsApp, outside the 24-hour window): given up at once.
    else if (outcome.permanent || now.getTime() - Date.parse(state.createdAt) >= RETRY_WINDOW_MS)
      next = { ...rest, status: 'gave-up', at, lastError: outcome.reason };
    else
      next = {
        ...rest,
        status: 'failed',
        at,
        lastError: outcome.reason,
        nextAttemptAt: new Date(now.getTime() + retryDelayMs(state.attempts)).toISOString(),
      };
    (order.notices as Record<string, NoticeState>)[key] = next;
    order.history.push({ at, event: `${key}: ${next.status}${next.lastError ? ` (${next.lastError})` : ''}` });
    resyncSheet(order);
    order.updatedAt = at;
    return order;
  });
}
