/**
 * An order's tax invoice or credit note, as its shopper opens it (docs/shop-rules.md §12): under
 * the order's own page, with the order's key, as the HTML page or the PDF. The key is checked as
 * the order page checks it (`orderForShopper`, netlify/lib/orders/view.ts): an unknown order and a
 * wrong key get the same "not found" at the same moment, so a link guessed tells nothing, not even
 * whether an invoice exists. Only an order proven by its key may hear that it has none yet.
 */
import type { CreditNote, Invoice } from '#shop/invoice/index.ts';
import { text } from '#shop/texts/server.ts';
import { createOrderLog, type OrderLog } from '../orders/order-log.ts';
import { keyMatches, orderForShopper } from '../orders/view.ts';
import { database } from '../platform/database.ts';
import { invoiceHtml } from './invoice-html.ts';
import { type DocumentFormat, type DocumentKind, documentFileName, documentPath } from './links.ts';
import { signatureImages } from './signature-image.ts';

export interface DocumentRequest {
  /** Checked against the order id pattern already: it becomes a storage key. */
  orderId: string;
  key: string;
  kind: DocumentKind;
  format: DocumentFormat;
  /** The site's own address, as the request came in: links, and a signature image kept on the site. */
  origin: string;
  /** When the request began: a "not found" is answered at a fixed time after it (view.ts). */
  started: number;
}

export interface DocumentDeps {
  log: OrderLog;
  /** The signature image as a `data:` URL, or undefined when it cannot be had. */
  signatureImage: (address: string, site: string) => Promise<string | undefined>;
}

export type DocumentAnswer =
  /** Unknown order, wrong key: nothing more may be said. */
  | { kind: 'not-found'; message: string }
  /** The order, proven, has no such document (yet). */
  | { kind: 'missing'; message: string; orderLink: string }
  | { kind: 'html'; html: string }
  | { kind: 'pdf'; pdf: Buffer; filename: string };

export function createDocumentDeps(): DocumentDeps {
  return { log: createOrderLog(database()), signatureImage: loadSignature };
}
// One per process: a warm function fetches a signature image once.
const loadSignature = signatureImages();

/** `OUO/26-27/000123` → `OUO-26-27-000123.pdf`. */
export const pdfFileName = (number: string) => `${documentFileName(number)}.pdf`;

export async function openDocument(deps: DocumentDeps, request: DocumentRequest): Promise<DocumentAnswer> {
  const { orderId, key, kind } = request;
  const order = await orderForShopper(deps, orderId, (stored) => keyMatches(stored, key), request.started);
  if (!order) return { kind: 'not-found', message: text('invoice.notFound') };
  const document: Invoice | CreditNote | undefined = kind === 'invoice' ? order.invoice : order.creditNote;
  if (!document) {
    const message = kind === 'invoice' ? text('invoice.noInvoiceYet') : text('invoice.noCreditNote');
    return { kind: 'missing', message, orderLink: documentPath(orderId, key) };
  }
  const signature =
    document.signature.mode === 'image'
      ? await deps.signatureImage(document.signature.imageUrl, request.origin)
      : undefined;
  if (request.format === 'pdf') {
    // Loaded with the first PDF asked for: a cold start that answers the page never imports pdfmake.
    const { invoicePdf } = await import('./invoice-pdf.ts');
    return { kind: 'pdf', pdf: await invoicePdf(document, signature), filename: pdfFileName(document.number) };
  }
  const links = { pdf: documentPath(orderId, key, kind, 'pdf'), order: documentPath(orderId, key) };
  return { kind: 'html', html: invoiceHtml(document, links, signature) };
}
