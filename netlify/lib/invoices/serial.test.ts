/**
 * The serial numbers of invoices and credit notes (docs/shop-rules.md §12): consecutive, no gap,
 * no repeat, however many take one at once and wherever a taker dies. The counter is on Netlify's
 * local Blobs server (its compare-and-swap); the orders are a map here.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestBlobs, type TestBlobs } from '#tests/support/blobs.ts';
import type { JsonStore } from '../platform/blobs.ts';
import { type Numbered, type SerialSeries, takeNumber } from './serial.ts';

let blobs: TestBlobs;
beforeAll(async () => {
  blobs = await startTestBlobs();
});
afterAll(() => blobs.stop());

let seriesCount = 0;

/**
 * A series over a map of orders; `before` may fail or change a write, as a dying worker would;
 * `store` may wrap the counter's store, to step in between a taker's requests.
 */
function world(
  options: { before?: (document: Numbered) => void | Promise<void>; store?: (store: JsonStore) => JsonStore } = {},
) {
  const orders = new Map<string, string | undefined>();
  seriesCount += 1;
  const store = blobs.store('orders');
  const series: SerialSeries<Numbered> = {
    store: options.store?.(store) ?? store,
    key: `invoice-serial-test-${seriesCount}`,
    format: (n) => `T/26-27/${String(n).padStart(6, '0')}`,
    held: async (orderId) => orders.get(orderId),
    async record(document) {
      await options.before?.(document);
      if (!orders.has(document.orderId)) return '';
      const held = orders.get(document.orderId);
      if (held) return held;
      orders.set(document.orderId, document.number);
      return document.number;
    },
  };
  const take = (orderId: string) => takeNumber(series, orderId, (number) => ({ number, orderId }));
  /** The counter as stored. */
  const counter = async () => (await store.getWithMetadata(series.key, { type: 'json' }))?.data;
  return { orders, series, take, counter };
}

const range = (n: number) => Array.from({ length: n }, (_, index) => index + 1);
const serial = (n: number) => `T/26-27/${String(n).padStart(6, '0')}`;

describe('takeNumber', () => {
  it('gives 200 orders taking a number at once the numbers 1 to 200, each once', async () => {
    const { orders, take, counter } = world();
    const ids = range(200).map((n) => `OUO_${n}`);
    for (const id of ids) orders.set(id, undefined);
    const taken = await Promise.all(ids.map(take));
    expect(new Set(taken).size).toBe(200);
    expect([...taken].sort()).toEqual(range(200).map(serial));
    expect(ids.map((id) => orders.get(id))).toEqual(taken);
    // The last taker settled the counter: nothing is left for the next one to write.
    expect(await counter()).toEqual({ last: 200 });
  }, 120_000);

  it('settles the counter after a clean take: the number is on its order and nothing is pending', async () => {
    const { orders, take, counter } = world();
    orders.set('A', undefined);
    orders.set('B', undefined);
    expect(await take('A')).toBe(serial(1));
    expect(await counter()).toEqual({ last: 1 });
    expect(await take('B')).toBe(serial(2));
    expect(await counter()).toEqual({ last: 2 });
    expect(orders.get('A')).toBe(serial(1));
    expect(orders.get('B')).toBe(serial(2));
  });

  it("never settles away a newer taker's pending number: it swapped between the settle's read and its swap", async () => {
    // B takes a number (and dies before writing it) at the worst moment: after A's settle read
    // the counter, before its swap. The swap must be refused, or B's number would be a gap.
    let racing: Promise<unknown> | undefined;
    let bDies = true;
    const { orders, take, counter } = world({
      before: (document) => {
        if (document.orderId === 'B' && bDies) {
          bDies = false;
          throw new Error('the function was stopped');
        }
      },
      store: (store) => ({
        ...store,
        async setJSON(key, data, options) {
          if (!racing && (data as { pending?: unknown }).pending === undefined) {
            // A's settle: B swaps (and dies) before it reaches the store.
            racing = take('B').catch((error: Error) => error.message);
            await racing;
          }
          return store.setJSON(key, data, options);
        },
      }),
    });
    orders.set('A', undefined);
    orders.set('B', undefined);
    orders.set('C', undefined);
    expect(await take('A')).toBe(serial(1));
    expect(await racing).toBe('the function was stopped');
    expect(await counter()).toEqual({ last: 2, pending: { orderId: 'B', number: serial(2) } });
    // The next taker writes B's number onto B, then takes the next one.
    expect(await take('C')).toBe(serial(3));
    expect(orders.get('B')).toBe(serial(2));
    expect(await take('B')).toBe(serial(2));
    expect(await counter()).toEqual({ last: 3 });
  });

  it("never settles away a newer taker's pending number: it swapped before the settle read the counter", async () => {
    // While A's number is being written onto A, B reads the counter (A's number pending), writes
    // it for A, takes the next one and dies before writing it; only then does A's settle look.
    let racing: Promise<string> | undefined;
    let bDies = true;
    const { orders, take, counter } = world({
      before: async (document) => {
        if (document.orderId === 'A' && !racing) {
          racing = take('B').catch((error: Error) => error.message);
          await racing;
        }
        if (document.orderId === 'B' && bDies) {
          bDies = false;
          throw new Error('the function was stopped');
        }
      },
    });
    orders.set('A', undefined);
    orders.set('B', undefined);
    orders.set('C', undefined);
    expect(await take('A')).toBe(serial(1));
    expect(await racing).toBe('the function was stopped');
    expect(await counter()).toEqual({ last: 2, pending: { orderId: 'B', number: serial(2) } });
    expect(await take('C')).toBe(serial(3));
    expect(orders.get('B')).toBe(serial(2));
    expect(await counter()).toEqual({ last: 3 });
  });

  it('gives one order asked for 30 times at once one number, and the next order the next one', async () => {
    const { orders, take } = world();
    orders.set('A', undefined);
    orders.set('B', undefined);
    const answers = await Promise.all(range(30).map(() => take('A')));
    expect(new Set(answers)).toEqual(new Set([serial(1)]));
    expect(await take('B')).toBe(serial(2));
    expect(await take('A')).toBe(serial(1));
  });

  it('leaves no gap when a taker dies between taking a number and writing it: the next taker writes it', async () => {
    let dies = true;
    const { orders, take } = world({
      before: (document) => {
        if (document.orderId === 'A' && dies) {
          dies = false;
          throw new Error('the function was stopped');
        }
      },
    });
    orders.set('A', undefined);
    orders.set('B', undefined);
    await expect(take('A')).rejects.toThrow('the function was stopped');
    expect(orders.get('A')).toBeUndefined();
    expect(await take('B')).toBe(serial(2));
    expect(orders.get('A')).toBe(serial(1));
    expect(await take('A')).toBe(serial(1));
  });

  it("lets a dead taker's own retry find its number before anyone else comes", async () => {
    let dies = true;
    const { orders, take } = world({
      before: () => {
        if (dies) {
          dies = false;
          throw new Error('the function was stopped');
        }
      },
    });
    orders.set('A', undefined);
    await expect(take('A')).rejects.toThrow();
    expect(await take('A')).toBe(serial(1));
    expect(orders.get('A')).toBe(serial(1));
  });

  it('gives a number never held (its order had one already) to the next order: no gap', async () => {
    const { orders, series, take } = world();
    orders.set('A', serial(1));
    orders.set('B', undefined);
    // A second worker of A took number 2 before seeing A's 1 (the race the counter's pending covers).
    await series.store.setJSON(series.key, { last: 2, pending: { orderId: 'A', number: serial(2) } });
    expect(await take('B')).toBe(serial(2));
    expect(orders.get('A')).toBe(serial(1));
  });

  it('reuses a pending number whose order is gone, and answers an order its existing number', async () => {
    const { orders, series, take } = world();
    await series.store.setJSON(series.key, { last: 1, pending: { orderId: 'GONE', number: serial(1) } });
    orders.set('B', undefined);
    orders.set('C', serial(7));
    expect(await take('B')).toBe(serial(1));
    expect(await take('C')).toBe(serial(7));
  });
});
