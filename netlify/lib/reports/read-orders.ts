/**
 * Every order of the log, read a few at a time, as a report takes them: the return-to-origin report
 * (returns.ts) reads their parcels, the GST report (gst.ts) their invoices and credit notes.
 */
import type { OrderLog } from '../orders/order-log.ts';
import type { StoredOrder } from '../orders/order-record.ts';

/** Orders read at once. */
const READ_CONCURRENCY = 16;

/** What `pick` finds in each order of the log, oldest order first; ids whose record is gone are skipped. */
export async function fromEveryOrder<T>(
  log: Pick<OrderLog, 'allOrderIds' | 'get'>,
  pick: (order: StoredOrder) => readonly T[],
): Promise<T[]> {
  const ids = (await log.allOrderIds()).sort();
  const found: T[] = [];
  for (let start = 0; start < ids.length; start += READ_CONCURRENCY) {
    const orders = await Promise.all(ids.slice(start, start + READ_CONCURRENCY).map((id) => log.get(id)));
    for (const order of orders) {
      if (order) found.push(...pick(order));
    }
  }
  return found;
}
