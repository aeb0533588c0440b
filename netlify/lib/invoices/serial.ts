/**
 * Consecutive serial numbers with no gap and no repeat (Rule 46 (b); docs/shop-rules.md §12,
 * decision 027): one counter per series and financial year, a compare-and-swap on Netlify Blobs.
 *
 * A number is taken by swapping the counter from `{ last: n, pending: … }` to `{ last: n + 1,
 * pending: <the new document> }`, and the document is then written onto its order. Whoever next
 * reads the counter first finishes the pending document's write (it is idempotent: an order
 * keeps the first document it is given), so a worker that died between its swap and its write
 * leaves no gap: the number is on its order before the counter moves past it. A pending number
 * whose order turned out to hold another one already (two workers of one order racing) was never
 * given to anyone: the next taker reuses it.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import type { JsonStore } from '../platform/blobs.ts';

export interface Numbered {
  number: string;
  orderId: string;
}

interface Counter<T extends Numbered> {
  last: number;
  pending?: T;
}

export interface SerialSeries<T extends Numbered> {
  store: JsonStore;
  /** The counter's key: one per series and financial year (`invoice-serial-2026-27`). */
  key: string;
  format: (n: number) => string;
  /** The number this order already holds in the series, if any. */
  held: (orderId: string) => Promise<string | undefined>;
  /**
   * Writes the document onto its order unless the order holds one of this series already, and
   * answers the number the order holds afterwards (conditional: never a second document).
   */
  record: (document: T) => Promise<string>;
}

/**
 * How long a taker keeps trying against others taking numbers at the same moment. Only a burst
 * contends (the bench: 200 bookings at once); a taker that runs out throws, and its forward is
 * retried later (forward.ts): nothing is taken in that case, so nothing is lost.
 */
const GIVE_UP_MS = 120_000;

export class SerialBusyError extends Error {
  override name = 'SerialBusyError';
}

/** The number `orderId` holds in the series: the one it had, or the next one, taken now. */
export async function takeNumber<T extends Numbered>(
  series: SerialSeries<T>,
  orderId: string,
  make: (number: string) => T,
): Promise<string> {
  const started = Date.now();
  for (let attempt = 0; Date.now() - started < GIVE_UP_MS; attempt += 1) {
    // Lost races back off at random, twice as long each time (up to a limit), so a burst spreads out.
    if (attempt > 0) await sleep(Math.random() * Math.min(5 * 2 ** attempt, 1_000));
    const entry = await series.store.getWithMetadata(series.key, { type: 'json' });
    const counter = (entry?.data as Counter<T> | undefined) ?? { last: 0 };
    let next = counter.last + 1;
    if (counter.pending) {
      const holds = await series.record(counter.pending);
      if (counter.pending.orderId === orderId) return holds;
      if (holds !== counter.pending.number) next = counter.last;
    }
    const mine = await series.held(orderId);
    if (mine) return mine;
    const document = make(series.format(next));
    const swapped = await series.store.setJSON(
      series.key,
      { last: next, pending: document } satisfies Counter<T>,
      entry?.etag ? { onlyIfMatch: entry.etag } : { onlyIfNew: true },
    );
    if (swapped.modified) return series.record(document);
  }
  throw new SerialBusyError(`No ${series.key} number could be taken in ${GIVE_UP_MS / 1000} s; tried again later.`);
}
