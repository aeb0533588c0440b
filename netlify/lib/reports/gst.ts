/**
 * The order store as the GST report reads it (src/shop/invoice/gst-report.ts): the invoices and credit notes
 * of a month's orders, as they were issued and frozen on the order (netlify/lib/invoices), found by
 * their indexed dates (order-rows.ts). `npm run report:gst` (scripts/report-gst.ts) runs it over
 * production's database or the local one of `npm run dev`.
 */
import type { GstDocument } from '#shop/invoice/index.ts';
import type { StoredOrder } from '#shop/order/index.ts';
import type { Queries } from '../platform/database.ts';
import { ordersWithDocumentsIn } from './order-rows.ts';

/** An order's tax documents: none before it was invoiced, the invoice, and its credit note once cancelled. */
export function gstDocumentsOf(order: Pick<StoredOrder, 'invoice' | 'creditNote'>): GstDocument[] {
  return [order.invoice, order.creditNote].filter((document) => document !== undefined);
}

/**
 * The invoices and credit notes of the orders with a document dated in `month` (YYYY-MM), oldest
 * order first; an earlier month's invoice comes with this month's credit note, and the report takes
 * the month's.
 */
export async function gstDocuments(db: Queries, month: string): Promise<GstDocument[]> {
  return (await ordersWithDocumentsIn(db, month)).flatMap(gstDocumentsOf);
}
