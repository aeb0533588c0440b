// `npm run migrate:orders`: the run (its tally, its problems, the database it writes) and the Blobs
// `orders` store sorted by what each key holds.
import { createHash } from 'node:crypto';
import type { StoredOrder } from '#shop/order/index.ts';
import { indianMobile } from '#shop/phone.ts';
import type { Database } from '../../netlify/lib/platform/database.ts';
import { why } from '../migrate-site-tasks.ts';
import type { Entry } from './blobs-source.ts';
import { orderSchema } from './stored-records.ts';
import type { Kind, KindCount } from './tally.ts';

// ---------------------------------------------------------------------------------------------------
// Reading the log

const ORDER_KEY = /^order-(.+)$/;
const RAZORPAY_KEY = /^razorpay-(.+)$/;
const EVENT_KEY = /^webhook-event-(.+)$/;
const SERIES_KEY = /^(invoice|credit-note)-serial-(\d{4}-\d{2})$/;
const MARKER_KEY = /^(open|attention|parcel|refund)-/;
const DECOY_KEY = 'decoy-order';
export const SUBMISSION_KEY = /^(review|contact)-.+$/;
export const PICKUP_KEY = /^pickup-\d{4}-\d{2}-\d{2}$/;
export const OPT_OUT_KEY = /^optout-(.+)$/;
export const MESSAGE_KEY = /^message-([0-9a-f]{64})$/;
export const PHONE_KEY = /^phone-([0-9a-f]{64})$/;

export const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
export const phoneDigits = (phone: string) => indianMobile(phone) ?? phone;
export const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

type Readable = { key: string; data: unknown };

/** A run's tally and its lines, with the database it writes to. */
export interface Run {
  db: Database;
  dryRun: boolean;
  counts: Record<Kind, KindCount>;
  problems: string[];
  notes: string[];
}

/** A thing not copied: its line, and a count under its kind (none: a key of no kind). */
export function problem(run: Run, kind: Kind | undefined, line: string): void {
  if (kind) run.counts[kind].skipped += 1;
  run.problems.push(line);
}

export function readable(run: Run, kind: Kind | undefined, store: string, entry: Entry): entry is Readable {
  if ('data' in entry) return true;
  problem(run, kind, `${store}/${entry.key}: ${entry.problem}; not copied`);
  return false;
}

/** The `orders` store sorted by what each key holds. */
export interface OrderStore {
  orders: StoredOrder[];
  /** Every order record that could be parsed, valid or not: the numbers and phones it holds are in use. */
  parsed: Record<string, unknown>[];
  razorpay: (Readable & { id: string })[];
  events: { key: string; id: string; data: unknown }[];
  counters: Readable[];
}

export function sortOrderStore(run: Run, entries: readonly Entry[]): OrderStore {
  const store: OrderStore = { orders: [], parsed: [], razorpay: [], events: [], counters: [] };
  let markers = 0;
  let decoy = false;
  for (const entry of entries) {
    const { key } = entry;
    const order = ORDER_KEY.exec(key);
    const index = RAZORPAY_KEY.exec(key);
    const event = EVENT_KEY.exec(key);
    if (order) {
      run.counts.orders.blobs += 1;
      if (!readable(run, 'orders', 'orders', entry)) continue;
      if (entry.data && typeof entry.data === 'object') store.parsed.push(entry.data as Record<string, unknown>);
      const parsed = orderSchema.safeParse(entry.data);
      if (!parsed.success)
        problem(run, 'orders', `orders/${key}: not a valid order (${why(parsed.error)}); not copied`);
      else if (parsed.data.orderId !== order[1])
        problem(run, 'orders', `orders/${key}: holds order ${parsed.data.orderId}, not ${order[1]}; not copied`);
      else store.orders.push(entry.data as StoredOrder);
    } else if (index?.[1]) {
      run.counts['Razorpay order index'].blobs += 1;
      if (readable(run, 'Razorpay order index', 'orders', entry)) store.razorpay.push({ ...entry, id: index[1] });
    } else if (event?.[1]) {
      run.counts['webhook events'].blobs += 1;
      // An event's id is what matters (its time only says when): an unreadable one is still remembered.
      store.events.push({ key, id: event[1], data: 'data' in entry ? entry.data : undefined });
      if (!('data' in entry)) run.notes.push(`orders/${key}: ${entry.problem}; its id copied, at the time of this run`);
    } else if (SERIES_KEY.test(key)) {
      // Counted with the series the orders' numbers show (copySeries), which still count without it.
      store.counters.push({ key, data: 'data' in entry ? entry.data : undefined });
      if (!('data' in entry))
        problem(run, 'invoice series', `orders/${key}: ${entry.problem}; its orders' numbers still count`);
    } else if (MARKER_KEY.test(key)) {
      markers += 1;
    } else if (key === DECOY_KEY) {
      decoy = true;
    } else {
      problem(run, undefined, `orders/${key}: not a kind this migration knows; not copied`);
    }
  }
  if (markers > 0 || decoy) {
    run.notes.push(
      `${plural(markers, 'marker')} (open-, attention-, parcel-, refund-)${decoy ? ' and the decoy' : ''} not copied: the database derives them`,
    );
  }
  return store;
}
