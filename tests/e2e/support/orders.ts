import { appendFileSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { REVIEW_HEADERS } from '../../../netlify/lib/sheets/submission-tabs.ts';
import { E2E_MAIL_DIR, E2E_SHEETS_DIR } from '../../../playwright.config.ts';
import { formatCsvRow, parseCsv } from '../../../src/content/sheet-csv.server.ts';
import type { CreditNote, Invoice } from '../../../src/shop/invoice.ts';

/** The order log as the test server keeps it (Netlify's local Blobs sandbox). */
const ORDER_LOG_DIR = path.resolve('.netlify/blobs-serve/entries/0/site:orders');

export function loggedOrder(
  orderId: string,
): { status: string; mode: string; totals: { total: number }; key: string } | undefined {
  const file = path.join(ORDER_LOG_DIR, `order-${orderId}`);
  return existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : undefined;
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
export const sheetRows = (orderId: string) => sheetTabRows('Orders', (row) => row['Order ID'] === orderId);

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
 * quarter of an hour, so the stored order's next attempt is moved to now (the local Blobs sandbox
 * keeps each record as a JSON file).
 */
export function endRetryBackOff(orderId: string) {
  const file = path.join(ORDER_LOG_DIR, `order-${orderId}`);
  const order = JSON.parse(readFileSync(file, 'utf8'));
  for (const forward of Object.values(order.forwards) as { nextAttemptAt?: string }[]) {
    if (forward.nextAttemptAt) forward.nextAttemptAt = new Date(Date.now() - 1000).toISOString();
  }
  writeFileSync(file, JSON.stringify(order));
}

/**
 * An order's tax invoice and credit note as issuing writes them on its record (the test server's
 * local Blobs sandbox keeps each record as a JSON file): for journeys that open the documents of
 * an order whose booking they do not wait for.
 */
export function writeOrderDocuments(orderId: string, documents: { invoice?: Invoice; creditNote?: CreditNote }) {
  const file = path.join(ORDER_LOG_DIR, `order-${orderId}`);
  writeFileSync(file, JSON.stringify({ ...JSON.parse(readFileSync(file, 'utf8')), ...documents }));
}
