/**
 * Messages to the shopper about their parcel (docs/shop-rules.md §10, "Parcel news"), each sent
 * at most once however often the sync runs, a webhook is replayed or a worker retries:
 *
 * 1. A change of the parcel's state earns at most one notice (`noticeFor`), written on the order in
 *    the same write as the change (`enqueueNotice`, src/shop/order-engine/notices.ts), under a key of its own.
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

import type { OrderDeps } from '../orders/types.ts';
import { TASK_KINDS } from '../tasks/kinds.ts';
import { runOrderTasks } from '../tasks/runner.ts';

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
