/**
 * The serial numbers of invoices and credit notes (docs/shop-rules.md §12): consecutive, no gap,
 * no repeat, however many take one at once and wherever a taker dies. Run on the real PostgreSQL
 * server of the test run: the series' row and the orders' rows are locked by the server itself,
 * across connections, as in production.
 */
import { describe, expect, it } from 'vitest';
import type { StoredOrder } from '#shop/order/index.ts';
import { freshDatabase } from '#tests/support/database.ts';
import { bareOrder } from '#tests/support/stored-order.ts';
import { createOrderLog } from '../orders/order-log.ts';
import type { Database } from '../platform/database.ts';
import { type SerialSeries, takeNumber } from './serial.ts';

const serial = (n: number) => `T/26-27/${String(n).padStart(6, '0')}`;
const range = (n: number) => Array.from({ length: n }, (_, index) => index + 1);

function order(orderId: string): StoredOrder {
  return bareOrder({
    orderId,
    status: 'forwarded',
    createdAt: '2026-11-21T10:00:00.000Z',
    updatedAt: '2026-11-21T10:00:00.000Z',
    record: {} as StoredOrder['record'],
    forwards: { sheet: { status: 'done', attempts: 1 }, shipment: { status: 'done', attempts: 1 } },
  });
}

/**
 * A series whose numbers are kept in the order's `fingerprint` (any field does: the test looks at
 * the number alone); `dies` throws inside the transaction, after the counter moved, as a function
 * stopped mid-write would.
 */
async function world(options: { dies?: (orderId: string) => boolean } = {}) {
  const { db } = await freshDatabase({ max: 20 });
  const log = createOrderLog(db);
  const series: SerialSeries = {
    key: 'invoice-serial-2026-27',
    format: serial,
    held: (stored) => (stored.fingerprint.startsWith('T/') ? stored.fingerprint : undefined),
    keep(stored, number) {
      if (options.dies?.(stored.orderId)) throw new Error('the function was stopped');
      stored.fingerprint = number;
      return stored;
    },
  };
  const take = async (orderId: string) => (await takeNumber(log, series, orderId)).number;
  const held = async (orderId: string) => series.held((await log.get(orderId)) as StoredOrder);
  const counter = async () =>
    (await db.query<{ last: number }>('select last from document_series where series = $1', [series.key]))[0]?.last;
  const place = (...ids: string[]) => Promise.all(ids.map((id) => log.create(order(id))));
  return { db: db as Database, take, held, counter, place };
}

describe('takeNumber', () => {
  it('gives 200 orders taking a number at once the numbers 1 to 200, each once', async () => {
    const { take, held, counter, place } = await world();
    const ids = range(200).map((n) => `OUO_${n}`);
    await place(...ids);
    const taken = await Promise.all(ids.map(take));
    expect(new Set(taken).size).toBe(200);
    expect([...taken].sort()).toEqual(range(200).map(serial));
    expect(await Promise.all(ids.map(held))).toEqual(taken);
    expect(await counter()).toBe(200);
  }, 120_000);

  it('gives one order asked for 30 times at once one number, and the next order the next one', async () => {
    const { take, place, counter } = await world();
    await place('A', 'B');
    const answers = await Promise.all(range(30).map(() => take('A')));
    expect(new Set(answers)).toEqual(new Set([serial(1)]));
    expect(await take('B')).toBe(serial(2));
    expect(await take('A')).toBe(serial(1));
    expect(await counter()).toBe(2);
  });

  it('leaves no gap when a taker dies between taking a number and writing it: nothing of it is kept', async () => {
    let dying = true;
    const { take, held, place, counter } = await world({ dies: (orderId) => orderId === 'A' && dying });
    await place('A', 'B');
    await expect(take('A')).rejects.toThrow('the function was stopped');
    expect(await held('A')).toBeUndefined();
    expect(await counter()).toBeUndefined(); // the counter's move was rolled back with the write
    expect(await take('B')).toBe(serial(1));
    dying = false;
    expect(await take('A')).toBe(serial(2));
  });

  it('lets 50 takers at once, a third of them dying, leave the numbers 1 to n with no gap', async () => {
    const dead = new Set(
      range(50)
        .filter((n) => n % 3 === 0)
        .map((n) => `OUO_${n}`),
    );
    const { take, held, place } = await world({ dies: (orderId) => dead.has(orderId) });
    const ids = range(50).map((n) => `OUO_${n}`);
    await place(...ids);
    const results = await Promise.allSettled(ids.map(take));
    const taken = results.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : []));
    expect(taken).toHaveLength(50 - dead.size);
    expect([...taken].sort()).toEqual(range(taken.length).map(serial));
    for (const id of dead) expect(await held(id)).toBeUndefined();
  });

  it('answers an order its existing number and takes none', async () => {
    const { take, place, counter } = await world();
    await place('A');
    expect(await take('A')).toBe(serial(1));
    expect(await take('A')).toBe(serial(1));
    expect(await counter()).toBe(1);
  });

  it('takes no number for an order that is not there', async () => {
    const { take, counter } = await world();
    await expect(take('GONE')).rejects.toThrow(/does not exist/);
    expect(await counter()).toBeUndefined();
  });
});
