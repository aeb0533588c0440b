import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parseCsv } from '../../../netlify/lib/sheets.ts';
import { E2E_SHEETS_DIR } from '../../../playwright.config.ts';

/** The order log as the test server keeps it (Netlify's local Blobs sandbox). */
const ORDER_LOG_DIR = path.resolve('.netlify/blobs-serve/entries/0/site:orders');

export function loggedOrder(orderId: string): { status: string; mode: string; totals: { total: number } } | undefined {
  const file = path.join(ORDER_LOG_DIR, `order-${orderId}`);
  return existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : undefined;
}

/** Rows of the local Sheet's Orders tab for one order id. */
export function sheetRows(orderId: string): Record<string, string>[] {
  const file = path.join(E2E_SHEETS_DIR, 'Orders.csv');
  if (!existsSync(file)) return [];
  const [headers = [], ...rows] = parseCsv(readFileSync(file, 'utf8'));
  return rows
    .filter((row) => row[0] === orderId)
    .map((row) => Object.fromEntries(headers.map((header, index) => [header, row[index] ?? ''])));
}
