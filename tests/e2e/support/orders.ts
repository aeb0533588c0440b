import { appendFileSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { StoredOrder } from '#shop/order/index.ts';
import { createOrderLog, type OrderLog } from '../../../netlify/lib/orders/order-log.ts';
import { type Database, openDatabase } from '../../../netlify/lib/platform/database.ts';
import { REVIEW_HEADERS } from '../../../netlify/lib/sheets/submission-tabs.ts';
import { E2E_MAIL_DIR, E2E_SHEETS_DIR } from '../../../playwright.config.ts';
import { urlFile } from '../../../site-build/local-database.ts';
import { formatCsvRow, parseCsv } from '../../../src/content/sheet-csv.server.ts';
import type { CreditNote, Invoice } from '../../../src/shop/invoice/index.ts';
import { yearTab } from '../../../src/shop/order/index.ts';

/**
 * The test server's database folder (LOCAL_DB_DIR in playwright.config.ts): while the server runs,
 * its local engine's URL is in `<folder>.url` (site-build/local-database.ts).
 */
const E2E_DB_DIR = path.resolve('.data/e2e/db');

let opened: { db: Database; log: OrderLog } | undefined;

/** What the order log's last resort (a write under the row's lock, in a transaction) meets here. */
class NoTransactionHere extends Error {
  override name = 'NoTransactionHere';
}

/**
 * The test server's order log, opened on first use (the server is up by then: Playwright starts
 * it before any test), once per worker process. One connection, and single statements only: the
 * local engine runs every connection in one session, so a transaction held here would take in
 * the server's own statements.
 */
function orderLog(): { db: Database; log: OrderLog } {
  if (!opened) {
    const file = urlFile(E2E_DB_DIR);
    if (!existsSync(file)) {
      throw new Error(`${path.relative(process.cwd(), file)} is missing: the test server's database is not running.`);
    }
    const pool = openDatabase(readFileSync(file, 'utf8').trim(), { max: 1 });
    const db: Database = {
      query: (text, params) => pool.query(text, params),
      // A transaction here would mix with the server's statements in the engine's one session:
      // a write that lost its races is tried again instead (writeOrderDocuments).
      transaction: () => Promise.reject(new NoTransactionHere('no transaction on the local engine from a test')),
      get statements() {
        return pool.statements;
      },
      close: () => pool.close(),
    };
    opened = { db, log: createOrderLog(db) };
  }
  return opened;
}

/** The order as the test server's order log holds it (its forwards and notices read from its tasks). */
export async function loggedOrder(orderId: string): Promise<StoredOrder | undefined> {
  return orderLog().log.get(orderId);
}

/** The confirmation email the test server wrote for an order (`.data/e2e/mail/<orderId>.html`). */
export const emailFile = (orderId: string) => path.join(E2E_MAIL_DIR, `${orderId}.html`);

/** Rows of any tab of the local Sheet (`<tab>.csv`) that `keep` chooses, by header. */
export function sheetTabRows(tab: string, keep: (row: Record<string, string>) => boolean): Record<string, string>[] {
  const file = path.join(E2E_SHEETS_DIR, `${tab}.csv`);
  if (!existsSync(file)) return [];
  const [headers = [], ...rows] = parseCsv(readFileSync(file, 'utf8'));
  return rows.map((row) => Object.fromEntries(headers.map((header, index) => [header, row[index] ?? '']))).filter(keep);
}

/** Rows of the local Sheet's Orders tab for one order id. */
export const sheetRows = (orderId: string) =>
  sheetTabRows(yearTab(new Date().toISOString()), (row) => row['Order ID'] === orderId);

const REVIEWS_FILE = path.join(E2E_SHEETS_DIR, 'Reviews.csv');

function readReviews(): { headers: string[]; rows: string[][] } {
  if (!existsSync(REVIEWS_FILE)) return { headers: [...REVIEW_HEADERS], rows: [] };
  const [headers = [], ...rows] = parseCsv(readFileSync(REVIEWS_FILE, 'utf8'));
  return { headers, rows };
}

/** Rows of the local Sheet's Reviews tab whose text is `text`. */
export function reviewRows(text: string): Record<string, string>[] {
  const { headers, rows } = readReviews();
  const review = headers.indexOf('review');
  return rows
    .filter((row) => row[review] === text)
    .map((row) => Object.fromEntries(headers.map((header, index) => [header, row[index] ?? ''])));
}

/** What a staff member does in the sheet: set Display to Yes for this review. */
export function publishReview(text: string) {
  const { headers, rows } = readReviews();
  const review = headers.indexOf('review');
  const display = headers.indexOf('display');
  const updated = rows.map((row) =>
    row[review] === text ? row.map((cell, index) => (index === display ? 'Yes' : cell)) : row,
  );
  writeFileSync(REVIEWS_FILE, [headers, ...updated].map((row) => `${formatCsvRow(row)}\r\n`).join(''));
}

/**
 * Published reviews written straight into the sheet (replacing this product's earlier test rows),
 * with the product's name and catalogue id as the shop writes them.
 */
export function addPublishedReviews(product: { id: number; name: string }, count: number) {
  const { headers, rows } = readReviews();
  const productColumn = headers.indexOf('product');
  const kept = rows.filter((row) => !(row[productColumn] === product.name && row[0]?.startsWith('e2e-')));
  writeFileSync(REVIEWS_FILE, [headers, ...kept].map((row) => `${formatCsvRow(row)}\r\n`).join(''));
  const stamp = Date.now();
  const added = Array.from({ length: count }, (_, index) =>
    headers.map(
      (header) =>
        ({
          id: `e2e-${stamp}-${index}`,
          product: product.name,
          'Product ID': String(product.id),
          name: `Shopper ${index + 1}`,
          email: `shopper${index}@example.com`,
          location: 'Pune, Maharashtra',
          rating: String(3 + (index % 3)),
          source: 'Website',
          date: '2026-11-01',
          review: `Cooks evenly and tastes nutty (${stamp}-${index}).`,
          display: 'yes',
          type: 'review',
        })[header] ?? '',
    ),
  );
  appendFileSync(REVIEWS_FILE, added.map((row) => `${formatCsvRow(row)}\r\n`).join(''));
}

/**
 * What fifteen minutes do to a failed forward: its back-off ends. The test server cannot wait a
 * quarter of an hour, so the order's tasks waiting for a retry (a forward's `nextAttemptAt` is its
 * task's `run_at`) are made due now, in one statement. Answers how many were.
 */
export async function endRetryBackOff(orderId: string): Promise<number> {
  const rows = await orderLog().db.query(
    `update tasks set run_at = now() - interval '1 second' where order_id = $1 and state = 'retry' returning id`,
    [orderId],
  );
  return rows.length;
}

/**
 * An order's tax invoice and credit note as issuing writes them on its record (through the test
 * server's order log): for journeys that open the documents of an order whose booking they do not
 * wait for.
 */
export async function writeOrderDocuments(
  orderId: string,
  documents: { invoice?: Invoice; creditNote?: CreditNote },
): Promise<void> {
  for (let tries = 1; ; tries += 1) {
    try {
      await orderLog().log.update(orderId, (order) => ({ ...order, ...documents }));
      return;
    } catch (error) {
      // The order log gave up on compare-and-swap (the server kept writing the order): again.
      if (!(error instanceof NoTransactionHere) || tries >= 5) throw error;
    }
  }
}
