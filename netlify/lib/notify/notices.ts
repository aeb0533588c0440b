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
 * Email is the one channel today; WhatsApp (a later issue) adds a channel to the same notices.
 */
import { NOTICE_EVENTS, type Notice, type NoticeEvent, noticeStillTrue } from '#shop/parcel.ts';
import { RETRY_WINDOW_MS, retryDelayMs } from '../orders/forward.ts';
import { type NoticeState, noticeOpen, type OrderEvent, type StoredOrder } from '../orders/order-record.ts';
import type { OrderDeps } from '../orders/types.ts';
import { orderNewsEmail } from './order-email.ts';
import { parcelEmail } from './parcel-email.ts';

/** A claim older than this belongs to a worker that died; another may take the notice. */
const STALE_CLAIM_MS = 5 * 60 * 1000;

/**
 * A parcel notice's key on the order: the first parcel's plain (`email:shipped`), a parcel booked
 * again by staff its own (`email:shipped-parcel-2`), so the shopper hears that one ship too.
 */
function keyOf(order: Pick<StoredOrder, 'earlierShipments'>, noticeKey: string): string {
  const sent = order.earlierShipments?.length ?? 0;
  return sent === 0 ? `email:${noticeKey}` : `email:${noticeKey}-parcel-${sent + 1}`;
}

/** Adds the notice a change earned to the order (inside the order log's conditional write). */
export function enqueueNotice(order: StoredOrder, notice: Notice | undefined, at: string): void {
  if (!notice) return;
  const key = keyOf(order, notice.key);
  order.notices ??= {};
  if (order.notices[key]) return; // earned before: never a second message
  order.notices[key] = { channel: 'email', event: notice.event, status: 'pending', attempts: 0, createdAt: at };
}

/** News about the order itself (cancelled, refunded), once per key (`refunded-2` for a second refund). */
export function enqueueOrderNotice(order: StoredOrder, event: OrderEvent, at: string, key: string = event): void {
  order.notices ??= {};
  const name = `email:${key}`;
  if (order.notices[name]) return;
  order.notices[name] = { channel: 'email', event, status: 'pending', attempts: 0, createdAt: at };
}

const isParcelEvent = (event: NoticeEvent | OrderEvent): event is NoticeEvent =>
  (NOTICE_EVENTS as readonly string[]).includes(event);

/** Is the news still true when its turn comes? A parcel's by its state; a cancellation while the order is cancelled. */
function stillTrue(event: NoticeEvent | OrderEvent, order: StoredOrder): boolean {
  if (isParcelEvent(event)) return noticeStillTrue(event, order.parcel?.state ?? 'booked');
  return event === 'refunded' || order.status === 'cancelled';
}

/** Has the shopper been told (or is about to be told) that the parcel shipped? */
export const shippedNoticed = (order: Pick<StoredOrder, 'notices' | 'earlierShipments'>) =>
  Boolean(order.notices?.[keyOf(order, 'shipped')]);

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
    const outcome = await send(deps, claimed.order, key, claimed.state);
    await settle(deps, orderId, key, outcome);
    (outcome.ok ? report.sent : report.failed).push(key);
  }
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

async function send(
  deps: OrderDeps,
  order: StoredOrder,
  key: string,
  state: NoticeState,
): Promise<{ ok: true } | { ok: false; reason: string }> {
  try {
    const { shop } = await deps.settings();
    const email = isParcelEvent(state.event)
      ? parcelEmail(order, state.event, shop, deps.siteUrl)
      : orderNewsEmail(order, state.event, shop, deps.siteUrl);
    const result = await deps.mail.sendOrderEmail({
      orderId: order.orderId,
      emailId: `${order.orderId}-${key.slice('email:'.length)}`,
      to: order.customer.email,
      subject: email.subject,
      html: email.html,
      name: shop.name,
      replyTo: shop.email,
    });
    // DUPLICATE: sent before, its answer lost; sending again would be a second message.
    return result.ok || result.code === 'DUPLICATE' ? { ok: true } : { ok: false, reason: result.message };
  } catch (error) {
    return { ok: false, reason: (error as Error).message };
  }
}

async function settle(
  deps: OrderDeps,
  orderId: string,
  key: string,
  outcome: { ok: true } | { ok: false; reason: string },
): Promise<void> {
  await deps.log.update(orderId, (order) => {
    const state = order.notices?.[key];
    if (state?.status !== 'sending') return undefined;
    const now = deps.now();
    const at = now.toISOString();
    const { claimedAt: _claimed, nextAttemptAt: _next, ...rest } = state;
    let next: NoticeState;
    if (outcome.ok) next = { ...rest, status: 'sent', at };
    else if (now.getTime() - Date.parse(state.createdAt) >= RETRY_WINDOW_MS)
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
    order.updatedAt = at;
    return order;
  });
}
