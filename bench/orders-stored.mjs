// Part of `npm run bench:orders`: what the shop's server stored for this run's orders — the order log
// in its own database (states, bookings, GST invoices) and the local sheet's Orders tab — and the wait
// for late writes of requests that timed out.
import { readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { parse } from 'csv-parse/sync';
import { createOrderLog } from '../netlify/lib/orders/order-log.ts';
import { openDatabase } from '../netlify/lib/platform/database.ts';
import { urlFile } from '../site-build/local-database.ts';
import { yearTab } from '../src/shop/order/index.ts';
import { CART, root, SCHEMA, SETTLE_POLLS } from './orders-settings.mjs';
import { benchUrl } from './orders-statements.mjs';

/** @typedef {{ server: import('./serve-build.mjs').BuildServer | undefined, sheetsDir: string | undefined }} Stored */

/**
 * The server's order log, read from its own database (the throw-away server's SCHEMA; on the local
 * engine `.data/bench/orders/db`, emptied as the server starts: this run's orders never reach a
 * developer's), opened on first read.
 * @type {{ db: import('../netlify/lib/platform/database.ts').Database, log: import('../netlify/lib/orders/order-log.ts').OrderLog } | undefined}
 */
let orderLog;

/** Closes the order log's connection, if a read opened it. */
export async function closeOrderLog() {
  await orderLog?.db.close();
}

/**
 * Requests that timed out may still be writing: wait until the log stops changing (bounded).
 * @param {Stored} stored
 * @param {string[]} sentIds
 */
export async function settle(stored, sentIds) {
  let last = '';
  let stableFor = 0;
  let log = await checkOrderLog(stored.server, sentIds);
  for (let poll = 0; poll < SETTLE_POLLS && stableFor < 3; poll += 1) {
    await new Promise((resolve) => setTimeout(resolve, 1000));
    log = await checkOrderLog(stored.server, sentIds);
    const sheet = await checkSheet(stored.sheetsDir, sentIds);
    const now = `${log.orders}/${log.forwarded}/${sheet.dataRows}`;
    stableFor = now === last ? stableFor + 1 : 0;
    last = now;
  }
  return log;
}

/**
 * The local Orders tab: one row per item; every sent id must appear once per item, nothing else.
 * @param {string | undefined} sheetsDir
 * @param {string[]} sentIds
 */
export async function checkSheet(sheetsDir, sentIds) {
  // The year's Orders tab (src/shop/order/sheet-tab.ts), where an order placed now is written.
  const file = path.join(sheetsDir ?? '', `${yearTab(new Date().toISOString())}.csv`);
  const records = parseCsv(await readFile(file, 'utf8').catch(() => ''));
  const [header = [], ...rows] = records;
  const idColumn = header.indexOf('Order ID');
  const expected = new Set(sentIds);
  /** @type {Map<string, number>} */
  const perId = new Map();
  let unexpectedRows = 0;
  for (const row of rows) {
    const id = row[idColumn] ?? '';
    if (!expected.has(id)) {
      unexpectedRows += 1;
      continue;
    }
    perId.set(id, (perId.get(id) ?? 0) + 1);
  }
  return {
    file: path.basename(file),
    distinctIds: perId.size,
    dataRows: [...perId.values()].reduce((sum, count) => sum + count, 0),
    doubled: [...perId.values()].filter((count) => count > CART.length).length,
    missing: sentIds.filter((id) => !perId.has(id)).length,
    unexpectedRows,
    unexpectedSample: rows.filter((row) => !expected.has(row[idColumn] ?? '')).slice(0, 3),
  };
}

/**
 * The server's order log, opened on the first read (the local engine's URL is beside its database
 * folder once it runs: site-build/local-database.ts). One connection and single statements: the
 * local engine runs every connection in one session, so nothing here may hold a transaction.
 * @param {import('./serve-build.mjs').BuildServer | undefined} server
 */
function benchOrderLog(server) {
  if (!orderLog) {
    if (!server) throw new Error('the server is not running');
    // On the throw-away server, as BENCH_ROLE: these reads are not the server's statements.
    const url = server.databaseUrl ? benchUrl(SCHEMA) : readFileSync(urlFile(server.database), 'utf8').trim();
    const db = openDatabase(url, { max: 1 });
    orderLog = { db, log: createOrderLog(db) };
  }
  return orderLog.log;
}

/**
 * This run's orders as the server's order log holds them (its own database, read in one
 * statement): their states, the words that confirm each, its bookings and invoices.
 * @param {import('./serve-build.mjs').BuildServer | undefined} server
 * @param {string[]} sentIds
 */
async function checkOrderLog(server, sentIds) {
  const records = await benchOrderLog(server).ordersWhere('o.order_id = any($1)', [sentIds]);
  let forwarded = 0;
  let awaiting = 0;
  /** Bookings made, by order: a booking shows once in the order's history as `shipment: done`. */
  let bookings = 0;
  let bookedTwice = 0;
  /** @type {Map<string, string>} order id → the words that confirm it (rule 17) */
  const confirmTexts = new Map();
  /** @type {string[]} the GST invoice numbers of this run's orders (docs/shop-rules.md §12) */
  const invoiceNumbers = [];
  let invoicedTwice = 0;
  const unreadable = [];
  for (const record of records) {
    try {
      if (record.status === 'forwarded') forwarded += 1;
      const confirmation = record.cod?.confirmation;
      if (confirmation?.state === 'awaiting') awaiting += 1;
      if (confirmation) confirmTexts.set(record.orderId, `CONFIRM ${record.orderId} ${confirmation.code}`);
      const booked = record.history.filter((entry) => entry.event === 'shipment: done').length;
      bookings += booked;
      if (booked > 1) bookedTwice += 1;
      if (record.invoice?.number) invoiceNumbers.push(record.invoice.number);
      const issued = record.history.filter((entry) => entry.event.startsWith('invoice ')).length;
      if (issued > 1) invoicedTwice += 1;
    } catch {
      unreadable.push(record.orderId);
    }
  }
  return {
    database: server?.databaseUrl
      ? `${SCHEMA} on the throw-away PostgreSQL`
      : path.relative(root, server?.database ?? ''),
    orders: records.length,
    forwarded,
    awaiting,
    bookings,
    bookedTwice,
    invoices: invoiceSeries(invoiceNumbers),
    invoicedTwice,
    confirmTexts,
    unreadable: unreadable.length,
    unreadableKeys: unreadable,
  };
}

/**
 * The invoice numbers taken by this run's bookings: how many, how many distinct, and whether they
 * run without a gap (the server's database is new each run, so its series starts afresh).
 * @param {string[]} numbers
 */
export function invoiceSeries(numbers) {
  const indices = numbers.map((number) => Number(number.slice(number.lastIndexOf('/') + 1))).sort((a, b) => a - b);
  const first = indices[0] ?? 0;
  const last = indices.at(-1) ?? 0;
  const distinct = new Set(indices).size;
  return { taken: numbers.length, distinct, first, last, consecutive: distinct === last - first + 1 };
}

/**
 * The Orders tab as netlify/lib/sheets/local-csv.ts writes it, read with the same csv-parse options.
 * @param {string} text
 * @returns {string[][]}
 */
function parseCsv(text) {
  return parse(text, {
    bom: true,
    relax_column_count: true,
    skip_empty_lines: true,
    record_delimiter: ['\r\n', '\n', '\r'],
  });
}
