/**
 * Which Orders tab an order's rows live in (issue 48 point 3; docs/shop-rules.md §11): one tab per
 * financial year of the order's placing, `Orders 2026-27`, so no spreadsheet nears Google's limit
 * of 10 million cells (about 250,000 order rows of 40 columns). An order whose rows were written
 * before the yearly tabs (the one `Orders` tab) stays there: its rows are never moved or doubled.
 */
import { indiaToday } from '../dates.ts';
import { financialYear } from '../invoice/index.ts';
import type { ForwardState } from './order-record.ts';

export const FIRST_ORDERS_TAB = 'Orders';

/** The tab of the financial year (India's calendar) an order placed at `createdAt` belongs to. */
export function yearTab(createdAt: string): string {
  return `Orders ${financialYear(indiaToday(new Date(createdAt))).id}`;
}

/**
 * The order's tab: the one its rows were written to (kept with the Sheet's forward), the first
 * `Orders` tab for rows written before tabs were named, else its year's.
 */
export function ordersTabOf(order: { createdAt: string; forwards: { sheet?: ForwardState } }): string {
  const sheet = order.forwards.sheet;
  if (sheet?.tab) return sheet.tab;
  return sheet?.syncedCells || sheet?.syncedStatus ? FIRST_ORDERS_TAB : yearTab(order.createdAt);
}
