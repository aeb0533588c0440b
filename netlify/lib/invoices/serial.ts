/**
 * Consecutive serial numbers with no gap and no repeat (Rule 46 (b); docs/shop-rules.md §12,
 * decisions 027 and 031): one row per series and financial year in `document_series`, moved in the
 * same transaction that freezes the document on its order.
 *
 * The transaction locks the order's row first (an order that holds a number of the series already
 * answers it and takes none), then moves the counter (`last + 1`, which locks the series' row until
 * commit, so takers queue there), then writes the document onto the order. Either all of it commits
 * or none: a taker that dies before its commit leaves the counter where it was, so there is never a
 * gap, and two takers can never hold the same number. No retry loop, no pending document.
 */
import type { StoredOrder } from '#shop/order/index.ts';
import type { Queries } from '../platform/database.ts';

export interface SerialSeries {
  /** The counter's key: one per series and financial year (`invoice-serial-2026-27`). */
  key: string;
  format: (n: number) => string;
  /** The number this order holds in the series already, if any. */
  held: (order: StoredOrder) => string | undefined;
  /**
   * Writes the document numbered `number` onto the order (its history too): the shop's documents
   * by the order's engine (issue.ts). Throwing undoes the transaction, the counter's move with it.
   */
  keep: (order: StoredOrder, number: string) => StoredOrder;
}

/** The order log's one locked change, with the transaction for the statements that commit with it. */
export interface LockedUpdate {
  updateLocked(
    orderId: string,
    change: (order: StoredOrder, tx: Queries) => Promise<StoredOrder | undefined>,
  ): Promise<{ order: StoredOrder; changed: boolean }>;
}

/** The next number of a series, taken inside the caller's transaction (the series' row stays locked until it ends). */
export async function nextInSeries(tx: Queries, key: string): Promise<number> {
  const [row] = await tx.query<{ last: number }>(
    `insert into document_series (series, last) values ($1, 1)
     on conflict (series) do update set last = document_series.last + 1
     returning last`,
    [key],
  );
  if (!row) throw new Error(`The series ${key} gave no number.`);
  return row.last;
}

/**
 * The number the order holds in the series: the one it had, or the next one, taken now with its
 * document. `issued` says whether this call wrote it. An order that is not there takes none (throws).
 */
export async function takeNumber(
  log: LockedUpdate,
  series: SerialSeries,
  orderId: string,
): Promise<{ number: string; order: StoredOrder; issued: boolean }> {
  const { order, changed } = await log.updateLocked(orderId, async (current, tx) => {
    if (series.held(current)) return undefined;
    return series.keep(current, series.format(await nextInSeries(tx, series.key)));
  });
  const number = series.held(order);
  if (!number) throw new Error(`Order ${orderId} holds no ${series.key} number after taking one.`);
  return { number, order, issued: changed };
}
