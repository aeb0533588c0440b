// The pure parts of `npm run bench:festival` (festival-day.mjs): the day's plan (when each order
// arrives, its cart, where it goes, whether staff cancel it) from a seeded generator, so every run
// places the same orders; the report's arithmetic (calls per minute, the Sheet's delay); and the
// checks' comparisons (a tab's rows against each order's, the emails sent against the log's).

import { seeded } from './seeded.mjs';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/**
 * Pincodes the local carrier simulates (netlify/lib/delhivery/simulated-tracking.ts): the ending
 * follows the pincode. Each with a city and a state it belongs to, so no COD rule speaks.
 * `share`: the part of the day's orders sent there.
 */
export const DESTINATIONS = [
  { pincode: '248001', city: 'Dehradun', state: 'Uttarakhand', ending: 'delivered', share: 0.25 },
  { pincode: '110001', city: 'New Delhi', state: 'Delhi', ending: 'delivered', share: 0.2 },
  { pincode: '560001', city: 'Bengaluru', state: 'Karnataka', ending: 'delivered', share: 0.15 },
  { pincode: '600001', city: 'Chennai', state: 'Tamil Nadu', ending: 'delivered', share: 0.15 },
  { pincode: '400099', city: 'Mumbai', state: 'Maharashtra', ending: 'fails once, then delivered', share: 0.12 },
  { pincode: '302099', city: 'Jaipur', state: 'Rajasthan', ending: 'returned', share: 0.1 },
  { pincode: '700099', city: 'Kolkata', state: 'West Bengal', ending: 'lost', share: 0.03 },
];

/** The catalogue's products and sizes (the local content): a cart takes one to three of them. */
const ITEMS = [
  { productId: 1, size: '500gm' },
  { productId: 1, size: '1kg' },
  { productId: 2, size: '500gm' },
  { productId: 3, size: '120gm' },
  { productId: 3, size: '495gm' },
  { productId: 4, size: '1kg' },
  { productId: 5, size: '1kg' },
  { productId: 6, size: '23gm' },
];

const FIRST_ITEM = { productId: 1, size: '500gm' };

const STREETS = ['Rajpur Road', 'Mall Road', 'Station Road', 'Gandhi Nagar', 'Civil Lines', 'Park Street'];

/**
 * @typedef {(typeof DESTINATIONS)[number]} Destination
 * @typedef {{ at: number; lines: { productId: number; size: string; quantity: number }[];
 *   destination: Destination; street: string; phone: string; cancelAfterMs?: number }} PlannedOrder
 */

/**
 * The day's orders from `start` (ms), oldest first: `perHour` an hour, `burstPerHour` in each of
 * `burstHours` (hours after `start`), each count times `scale`; each arrives at a random moment of
 * its hour, and `cancelShare` of them are cancelled by staff 5 to 60 minutes after they arrive.
 * @param {{ start: number; seed?: number; scale?: number; perHour?: number; burstPerHour?: number;
 *   burstHours?: readonly number[]; hours?: number; cancelShare?: number }} options
 * @returns {PlannedOrder[]}
 */
export function dayPlan(options) {
  const {
    start,
    seed = 48,
    scale = 1,
    perHour = 100,
    burstPerHour = 300,
    burstHours = [10, 13, 20],
    hours = 24,
  } = options;
  const cancelShare = options.cancelShare ?? 0.04;
  const random = seeded(seed);
  const pick = (/** @type {number} */ length) => Math.floor(random() * length);
  /** @type {PlannedOrder[]} */
  const orders = [];
  for (let hour = 0; hour < hours; hour += 1) {
    const count = Math.round((burstHours.includes(hour) ? burstPerHour : perHour) * scale);
    for (let index = 0; index < count; index += 1) {
      const at = start + hour * HOUR + Math.floor(random() * HOUR);
      /** @type {PlannedOrder['lines']} */
      const lines = [];
      for (let items = 1 + pick(3); lines.length < items; ) {
        const item = ITEMS[pick(ITEMS.length)] ?? FIRST_ITEM;
        if (!lines.some((line) => line.productId === item.productId && line.size === item.size))
          lines.push({ ...item, quantity: 1 + pick(3) });
      }
      const cancelled = random() < cancelShare;
      orders.push({
        at,
        lines,
        destination: destinationAt(random()),
        street: `${1 + pick(200)} ${STREETS[pick(STREETS.length)]}`,
        phone: `9${String(100_000_000 + pick(900_000_000)).padStart(9, '0')}`,
        ...(cancelled ? { cancelAfterMs: 5 * MINUTE + Math.floor(random() * 55 * MINUTE) } : {}),
      });
    }
  }
  orders.sort((a, b) => a.at - b.at);
  // Order ids are `OUO_<ms>`: two orders never arrive in the same millisecond.
  for (let index = 1; index < orders.length; index += 1) {
    const order = orders[index];
    const before = orders[index - 1];
    if (order && before && order.at <= before.at) order.at = before.at + 1;
  }
  return orders;
}

/**
 * @param {number} draw a number in [0, 1)
 * @returns {Destination}
 */
function destinationAt(draw) {
  let left = draw;
  for (const destination of DESTINATIONS) {
    left -= destination.share;
    if (left < 0) return destination;
  }
  return /** @type {Destination} */ (DESTINATIONS[0]);
}

/**
 * The calls the Apps Script received, by minute of the run from `start` to `end` (ms): the most in
 * a minute, the mean over every minute of the run and over the minutes that had calls, and the
 * minutes with more than one call.
 * @param {readonly number[]} calls when each call arrived (ms)
 * @param {number} start
 * @param {number} end
 */
export function callsPerMinute(calls, start, end) {
  const minutes = Math.max(1, Math.ceil((end - start) / MINUTE));
  /** @type {Map<number, number>} */
  const counts = new Map();
  for (const at of calls) {
    const minute = Math.floor((at - start) / MINUTE);
    counts.set(minute, (counts.get(minute) ?? 0) + 1);
  }
  const busy = [...counts.values()];
  return {
    total: calls.length,
    minutes,
    minutesWithCalls: counts.size,
    max: busy.length > 0 ? Math.max(...busy) : 0,
    meanAll: calls.length / minutes,
    meanWithCalls: counts.size > 0 ? calls.length / counts.size : 0,
    /** @type {{ minute: number; calls: number }[]} */
    overOne: [...counts]
      .filter(([, count]) => count > 1)
      .sort(([a], [b]) => a - b)
      .map(([minute, count]) => ({ minute, calls: count })),
  };
}

/**
 * The Sheet's delay as sampled each minute: the most inside each burst hour, the most outside the
 * bursts, the delay when the day ends (`dayEnd`) and at the last sample.
 * @param {readonly { at: number; delayMs: number }[]} samples
 * @param {{ start: number; burstHours: readonly number[]; dayEnd: number }} day
 */
export function delaySummary(samples, { start, burstHours, dayEnd }) {
  const hourOf = (/** @type {number} */ at) => Math.floor((at - start) / HOUR);
  const most = (/** @type {readonly { delayMs: number }[]} */ some) =>
    some.reduce((max, sample) => Math.max(max, sample.delayMs), 0);
  return {
    bursts: burstHours.map((hour) => ({ hour, maxMs: most(samples.filter((sample) => hourOf(sample.at) === hour)) })),
    outsideMaxMs: most(samples.filter((sample) => !burstHours.includes(hourOf(sample.at)))),
    dayEndMs: samples.findLast((sample) => sample.at <= dayEnd)?.delayMs ?? 0,
    endMs: samples.at(-1)?.delayMs ?? 0,
  };
}

/**
 * When the Sheet had caught up after `from` (ms): the first sample from then on whose delay is
 * within `withinMs` (a batch's minute and the wait for the next), undefined when it never was.
 * @param {readonly { at: number; delayMs: number }[]} samples
 * @param {number} from
 * @param {number} withinMs
 */
export function caughtUpAt(samples, from, withinMs) {
  return samples.find((sample) => sample.at >= from && sample.delayMs <= withinMs)?.at;
}

/**
 * Minutes of the run with more than one call to the Apps Script, each call's orders and answer.
 * Allowed only where every call but the minute's last took a whole batch (`maxOrders`): the gate
 * opens at once when more rows wait than one batch takes.
 * @param {readonly { at: number; orders: number; answer: string }[]} writes
 * @param {number} start
 * @param {number} maxOrders
 */
export function minutesOverOne(writes, start, maxOrders) {
  /** @type {Map<number, { at: number; orders: number; answer: string }[]>} */
  const byMinute = new Map();
  for (const write of writes) {
    const minute = Math.floor((write.at - start) / MINUTE);
    byMinute.set(minute, [...(byMinute.get(minute) ?? []), write]);
  }
  return [...byMinute]
    .filter(([, some]) => some.length > 1)
    .map(([minute, some]) => ({
      minute,
      at: clock(minute * MINUTE),
      writes: some.map((write) => `${write.orders} orders: ${write.answer}`),
      allowed: some.slice(0, -1).every((write) => write.orders >= maxOrders),
    }));
}

/**
 * A tab's rows (header first) against the rows each order should show now: orders missing, ids
 * not expected, orders whose rows appear more than once or apart, and orders whose rows differ
 * (written, but not last with the newest state), with the first difference; and how many orders'
 * rows sit below a newer order's (written out of order: reported, not a failure).
 * @param {readonly string[][]} rows
 * @param {readonly string[]} headers
 * @param {ReadonlyMap<string, string[][]>} expected order id → its rows
 */
export function sheetCheck(rows, headers, expected) {
  const [header = [], ...body] = rows;
  /** @type {Map<string, { first: number; rows: string[][] }>} */
  const found = new Map();
  body.forEach((row, index) => {
    const id = row[0] ?? '';
    const seen = found.get(id) ?? { first: index, rows: [] };
    seen.rows.push(row);
    found.set(id, seen);
  });
  const doubled = [];
  const stale = [];
  /** @type {string | undefined} */
  let firstDifference;
  for (const [id, want] of expected) {
    const got = found.get(id);
    if (!got) continue;
    const apart = got.rows.some((row, offset) => body[got.first + offset] !== row);
    if (got.rows.length > want.length || apart) doubled.push(id);
    else if (JSON.stringify(got.rows) !== JSON.stringify(want)) {
      stale.push(id);
      firstDifference ??= difference(id, got.rows, want, header);
    }
  }
  // Order ids are `OUO_<ms>`: an id below one whose rows are above it was placed earlier, written later.
  let newest = '';
  let outOfOrder = 0;
  for (const id of found.keys()) {
    if (id < newest) outOfOrder += 1;
    else newest = id;
  }
  return {
    headerOk: JSON.stringify(header) === JSON.stringify(headers),
    orders: expected.size,
    rows: body.length,
    outOfOrder,
    missing: [...expected.keys()].filter((id) => !found.has(id)),
    unexpected: [...found.keys()].filter((id) => !expected.has(id)),
    doubled,
    stale,
    firstDifference,
  };
}

/**
 * @param {string} id
 * @param {string[][]} got
 * @param {string[][]} want
 * @param {readonly string[]} header
 */
function difference(id, got, want, header) {
  for (let row = 0; row < Math.max(got.length, want.length); row += 1) {
    for (let column = 0; column < header.length; column += 1) {
      const [has, should] = [got[row]?.[column], want[row]?.[column]];
      if (has !== should)
        return `${id} row ${row + 1} ${header[column]}: ${JSON.stringify(has)}, not ${JSON.stringify(should)}`;
    }
  }
  return `${id}: ${got.length} rows, not ${want.length}`;
}

/**
 * The emails the provider sent against those the order log shows sent: keys sent twice (by the
 * idempotency key, and by the `email_id` tag), emails the log shows sent that never went, emails
 * that went that the log does not show.
 * @param {readonly { key: string; body: { tags?: { name: string; value: string }[] } }[]} sent
 * @param {readonly string[]} expected
 */
export function emailCheck(sent, expected) {
  const twice = (/** @type {string[]} */ values) => values.filter((value, index) => values.indexOf(value) !== index);
  const keys = sent.map((email) => email.key);
  const tags = sent.map((email) => email.body.tags?.find((tag) => tag.name === 'email_id')?.value ?? '');
  const keySet = new Set(keys);
  const wanted = new Set(expected);
  return {
    sent: sent.length,
    expected: wanted.size,
    twiceByKey: twice(keys),
    twiceByTag: twice(tags),
    notSent: [...wanted].filter((id) => !keySet.has(id)),
    notInLog: [...keySet].filter((key) => !wanted.has(key)),
  };
}

/**
 * A moment of the run as the clock on the wall in India: `13:05` after the day's midnight, `26:10`
 * the next day.
 * @param {number} sinceMidnightMs
 */
export function clock(sinceMidnightMs) {
  const minutes = Math.floor(sinceMidnightMs / MINUTE);
  return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
}

/**
 * Minutes as `1 h 05 min` (or `45 s` below a minute).
 * @param {number} ms
 */
export function duration(ms) {
  if (ms < MINUTE) return `${Math.round(ms / 1000)} s`;
  const minutes = Math.round(ms / MINUTE);
  return minutes < 60 ? `${minutes} min` : `${Math.floor(minutes / 60)} h ${String(minutes % 60).padStart(2, '0')} min`;
}
