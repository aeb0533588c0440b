/**
 * The order log as the GST report reads it (src/shop/gst-report.ts): every order's invoice and
 * credit note, as they were issued and frozen on the order (netlify/lib/invoices). `npm run
 * report:gst` (scripts/report-gst.ts) runs it over the local Blobs sandbox or a site's Blobs.
 */
import type { GstDocument } from '#shop/gst-report.ts';
import type { OrderLog } from '../orders/order-log.ts';
import type { StoredOrder } from '../orders/order-record.ts';
import { fromEveryOrder } from './read-orders.ts';

/** An order's tax documents: none before it was invoiced, the invoice, and its credit note once cancelled. */
export function gstDocumentsOf(order: Pick<StoredOrder, 'invoice' | 'creditNote'>): GstDocument[] {
  return [order.invoice, order.creditNote].filter((document) => document !== undefined);
}

/** Every invoice and credit note in the log, oldest order first; the report takes a month's. */
export function gstDocuments(log: Pick<OrderLog, 'allOrderIds' | 'get'>): Promise<GstDocument[]> {
  return fromEveryOrder(log, gstDocumentsOf);
}
