/**
 * What the reports read of the order store (decision 031): the `orders` rows of a report's month or
 * period, each one statement, never a listing of every order followed by a read of each.
 *
 * Each order comes whole, as the order log reads it. Oldest order first: order ids are
 * `OUO_<milliseconds>`, compared byte by byte (`collate "C"`) as JavaScript sorts them.
 */

import type { StoredOrder } from '#shop/order/index.ts';
import type { ReportPeriod } from '#shop/returns/index.ts';
import { createOrderLog } from '../orders/order-log.ts';
import type { Database, Queries } from '../platform/database.ts';

/** An order as a report reads it. */
export type OrderRecord = StoredOrder;

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The orders with an invoice or a credit note dated in [$1, $2): the GST invoice's and the credit
 * note's India dates are indexed columns (`orders_invoice_date`, `orders_credit_note_date`), so the
 * month's orders are found without reading any other.
 */
const DOCUMENTS_DATED = `(o.invoice_date >= $1::date and o.invoice_date < $2::date)
  or (o.credit_note_date >= $1::date and o.credit_note_date < $2::date)`;

/**
 * The orders with a parcel booked in [$1, $2) (instants), as returns.ts dates a parcel: the span
 * from their first booking to their latest overlaps the period (`orders_booked`); the report dates
 * each parcel of an order that comes.
 */
const BOOKED_IN = `o.last_booked_at >= $1::timestamptz and o.first_booked_at < $2::timestamptz`;

const records = (db: Queries, condition: string, params: readonly unknown[]) =>
  createOrderLog(db as Database).ordersWhere(condition, params);

/** The first day of `month` (YYYY-MM) and of the month after it, as YYYY-MM-DD. */
export function monthBounds(month: string): [string, string] {
  const [year, number] = month.split('-').map(Number) as [number, number];
  const next = number === 12 ? `${year + 1}-01` : `${year}-${String(number + 1).padStart(2, '0')}`;
  return [`${month}-01`, `${next}-01`];
}

/** The instants a period of India's days starts and ends at (its last day included), as ISO times. */
export function periodBounds(period: ReportPeriod): [string, string] {
  const start = Date.parse(`${period.from}T00:00:00+05:30`);
  const end = Date.parse(`${period.to}T00:00:00+05:30`) + DAY_MS;
  if (Number.isNaN(start) || Number.isNaN(end))
    throw new Error(`Not a period of days: ${period.from} to ${period.to}.`);
  return [new Date(start).toISOString(), new Date(end).toISOString()];
}

/**
 * The orders with an invoice or a credit note dated in `month` (YYYY-MM, India's calendar), oldest
 * first. An order invoiced in an earlier month and credited in this one comes with both documents:
 * the report takes the month's.
 */
export function ordersWithDocumentsIn(db: Queries, month: string): Promise<OrderRecord[]> {
  return records(db, DOCUMENTS_DATED, monthBounds(month));
}

/**
 * The orders with a parcel booked in `period` (India's days, both ends included), oldest first. An
 * order also booked outside the period comes whole: the report dates each of its parcels.
 */
export function ordersBookedIn(db: Queries, period: ReportPeriod): Promise<OrderRecord[]> {
  return records(db, BOOKED_IN, periodBounds(period));
}
