/**
 * Consecutive serial numbers with no gap and no repeat (Rule 46 (b); docs/shop-rules.md §12,
 * decision 027): one counter per series and financial year, a compare-and-swap on Netlify Blobs.
 *
 * A number is taken by swapping the counter from `{ last: n }` to `{ last: n + 1, pending: <the new
 * document> }`, and the document is then written onto its order. Whoever next reads the counter
 * while the document is still pending first finishes its write (it is idempotent: an order keeps
 * the first document it is given), so a worker that died between its swap and its write leaves no
 * gap: the number is on its order before the counter moves past it. A pending number whose order
 * turned out to hold another one already (two workers of one order racing) was never given to
 * anyone: the next taker reuses it.
 *
 * Once its document is on its order, the taker settles the counter back to `{ last: n + 1 }`
 * (nothing pending), so the takers after it need not write it again: in a burst, a lost race
 * then costs two requests (read the counter, swap it) instead of the five or six it cost when
 * every attempt wrote the last taker's document and asked whether its own order held a number.
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

/**
 * A lost race waits a random time below a ceiling that doubles with each loss, from
 * FIRST_BACKOFF_MS up to MAX_BACKOFF_MS ("full jitter"), so a burst spreads out. The ceiling is
 * not lower on purpose: on the local Blobs server, whose compare-and-swap runs one at a time per
 * key, 200 takers at once retrying within 250 ms of each other took three times as long, with four
 * times the requests, as within 1 s: retries that come too often only queue behind each other, each
 * with a counter already stale by its turn.
 */
const FIRST_BACKOFF_MS = 10;
const MAX_BACKOFF_MS = 1_000;

const backoffMs = (losses: number) => Math.random() * Math.min(FIRST_BACKOFF_MS * 2 ** (losses - 1), MAX_BACKOFF_MS);

export class SerialBusyError extends Error {
  override name = 'SerialBusyError';
}

/** The number `orderId` holds in the series: the one it had, or the next one, taken now. */
export async function takeNumber<T extends Numbered>(
  series: SerialSeries<T>,
  orderId: string,
  make: (number: string) => T,
): Promise<string> {
  // Asked once, not at every attempt: an order that holds a number (a retry, a replayed booking)
  // takes none. After a lost race, the only way this order can have come to hold one is another
  // worker of the same order winning it, and its document is then the counter's pending one,
  // which the loop reads (or, already settled, a number this order's own write below answers).
  const mine = await series.held(orderId);
  if (mine) return mine;
  const started = Date.now();
  for (let losses = 0; Date.now() - started < GIVE_UP_MS; losses += 1) {
    if (losses > 0) await sleep(backoffMs(losses));
    const entry = await series.store.getWithMetadata(series.key, { type: 'json' });
    const counter = (entry?.data as Counter<T> | undefined) ?? { last: 0 };
    let next = counter.last + 1;
    if (counter.pending) {
      // A taker swapped and has not settled: it is writing its document now, or died before it could.
      const holds = await series.record(counter.pending);
      if (counter.pending.orderId === orderId) return holds;
      if (holds !== counter.pending.number) next = counter.last;
    }
    const document = make(series.format(next));
    const swapped = await series.store.setJSON(
      series.key,
      { last: next, pending: document } satisfies Counter<T>,
      entry?.etag ? { onlyIfMatch: entry.etag } : { onlyIfNew: true },
    );
    if (!swapped.modified) continue;
    // The order answers the number it holds: ours, or one another worker of it won first (then
    // ours stays pending, never given, and the next taker reuses it).
    const holds = await series.record(document);
    if (holds === document.number) await settle(series, next, document);
    return holds;
  }
  throw new SerialBusyError(`No ${series.key} number could be taken in ${GIVE_UP_MS / 1000} s; tried again later.`);
}

/**
 * The counter without its pending document, once that document is on its order: only if the
 * counter still holds exactly that (a swap of its ETag), since a taker that read it meanwhile may
 * have swapped in its own pending document, which must stay until written. Losing that race, or
 * failing here at all, changes nothing: the number is on its order, and the next taker's write of
 * it finds it there.
 */
async function settle<T extends Numbered>(series: SerialSeries<T>, last: number, document: T): Promise<void> {
  try {
    const entry = await series.store.getWithMetadata(series.key, { type: 'json' });
    const counter = entry?.data as Counter<T> | undefined;
    const ours =
      counter?.last === last &&
      counter.pending?.number === document.number &&
      counter.pending.orderId === document.orderId;
    if (!ours || !entry?.etag) return;
    await series.store.setJSON(series.key, { last } satisfies Counter<T>, { onlyIfMatch: entry.etag });
  } catch (error) {
    console.warn(`${series.key}: the counter was not settled after ${document.number} (${String(error)}); harmless`);
  }
}
