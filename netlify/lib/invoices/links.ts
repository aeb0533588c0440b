/**
 * Where an order's tax invoice and credit note open (docs/shop-rules.md §12): under the order's own
 * page, with the same key, so whoever can see the order (the shopper's link, the Sheet) can open
 * its invoice, and nobody else can (netlify/functions/invoice.mts checks the key).
 */
import type { StoredOrder } from '#shop/order/index.ts';

export type DocumentKind = 'invoice' | 'credit-note';
export type DocumentFormat = 'html' | 'pdf';

/** `/orders/<id>/invoice.pdf?key=…`: a document's address (or its PDF's; without a kind, the order page's). */
export function documentPath(orderId: string, key: string, kind?: DocumentKind, format: DocumentFormat = 'html') {
  const file = kind ? `/${kind}${format === 'pdf' ? '.pdf' : ''}` : '';
  return `/orders/${encodeURIComponent(orderId)}${file}?key=${encodeURIComponent(key)}`;
}

/** The same on the site (the Sheet, emails); undefined for an order recorded before orders had a key. */
export function documentUrl(
  siteUrl: string,
  order: Pick<StoredOrder, 'orderId' | 'key'>,
  kind: DocumentKind = 'invoice',
  format: DocumentFormat = 'html',
): string | undefined {
  if (!order.key) return undefined;
  return `${siteUrl.replace(/\/+$/, '')}${documentPath(order.orderId, order.key, kind, format)}`;
}

/** `OUO/26-27/000123` → `OUO-26-27-000123`: a serial's `/` cannot name a file. */
export const documentFileName = (number: string) => number.replace(/[^A-Za-z0-9-]/g, '-');
