/**
 * Forwarding an order: booking its Delhivery shipment, issuing its invoice, sending the shopper's
 * confirmation email and writing its rows to the staff's Sheet, each at most once whoever asks
 * first (browser, webhook, reconciler). Each is a task (forward-kinds.ts) run by the one runner
 * (netlify/lib/tasks/runner.ts): a failed forward is retried with back-off for a day, then left to
 * staff as `Needs attention`. The Sheet's rows follow the order: a later booking or a give-up
 * rewrites them (never a second set of rows). docs/shop-rules.md §10.
 */

import type { StoredOrder } from '#shop/order/index.ts';
import { TASK_KINDS } from '../tasks/kinds.ts';
import { runOrderTasks } from '../tasks/runner.ts';
import type { OrderDeps } from './types.ts';

/**
 * Books the shipment, issues the invoice, sends the email, then writes the order's rows (with its
 * waybill and status). Failures stay on the order's tasks for the reconciler; nothing is lost.
 */
export async function forwardOrder(deps: OrderDeps, orderId: string): Promise<StoredOrder> {
  const ran = await runOrderTasks(deps, TASK_KINDS, orderId, ['shipment', 'invoice', 'email', 'sheet']);
  // As read when nothing more was due: no second read.
  const order = ran.order ?? (await deps.log.get(orderId));
  if (!order) throw new Error(`Order ${orderId} vanished from the log`);
  return order;
}

/** Writes the order's rows again when what they show has changed (the parcel moved): once, by its task. */
export async function syncSheetRows(deps: OrderDeps, orderId: string): Promise<void> {
  await runOrderTasks(deps, TASK_KINDS, orderId, ['sheet']);
}
