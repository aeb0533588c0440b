/**
 * Where an order's tax invoice and credit note open (docs/shop-rules.md §12): under the order's own
 * page, with the same key, so whoever can see the order (the shopper's link, the Sheet) can open
 * its invoice, and nobody else can (netlify/functions/invoice.mts checks the key).
 */
import type { StoredOrder } from '../orders/order-record.ts';

export type DocumentKind = 'invoice' | 'credit-note';

/** `/orders/<id>/invoice?key=…` (or `.pdf`, or the credit note); undefined for an order without a key. */
export function documentUrl(
  siteUrl: string,
  order: Pick<StoredOrder, 'orderId' | 'key'>,
  kind: DocumentKind = 'invoice',
  format: 'html' | 'pdf' = 'html',
): string | undefined {
  if (!order.key) return undefined;
  const site = siteUrl.replace(/\/+$/, '');
  const file = format === 'pdf' ? `${kind}.pdf` : kind;
  return `${site}/orders/${encodeURIComponent(order.orderId)}/${file}?key=${encodeURIComponent(order.key)}`;
}

/** The Sheet's Invoice cell: the invoice's number, and the credit note's once there is one. */
export function invoiceCell(order: Pick<StoredOrder, 'invoice' | 'creditNote'>): string | undefined {
  if (!order.invoice) return undefined;
  return order.creditNote ? `${order.invoice.number}; credit note ${order.creditNote.number}` : order.invoice.number;
}
