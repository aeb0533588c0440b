/**
 * An invoice or a credit note as one HTML page (docs/shop-rules.md §12): what the shopper opens
 * from the order's page, reads on a phone and prints or saves on A4. The words and figures are
 * invoice-view.ts's, shared with the PDF; every value is HTML-escaped. The page loads nothing and
 * runs nothing: its one style block is allowed by hash (`INVOICE_PAGE_POLICY`) and a signature
 * image, when there is one, comes inside the page as a `data:` URL.
 */
import { createHash } from 'node:crypto';
import type { CreditNote, Invoice } from '#shop/invoice/index.ts';
import { text as shopText } from '#shop/texts/server.ts';
import { escapeHtml } from '../orders/email.ts';
import { INVOICE_STYLE } from './invoice-style.ts';
import { type Column, type DocumentView, documentView, type PartyView } from './invoice-view.ts';

/** The invoice page's content security policy: nothing but its one style block and an inline image. */
export const INVOICE_PAGE_POLICY = `default-src 'none'; style-src 'sha256-${createHash('sha256').update(INVOICE_STYLE).digest('base64')}'; img-src data:; base-uri 'none'; form-action 'none'; frame-ancestors 'none'`;

/** Where the page's links go: its PDF and the order's own page (both with the order's key). */
export interface InvoiceLinks {
  pdf: string;
  order: string;
}

const text = (value: string | number) => escapeHtml(value);

function page(title: string, body: string[]): string {
  return [
    '<!doctype html>',
    '<html lang="en">',
    '<head>',
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    '<meta name="robots" content="noindex">',
    '<meta name="referrer" content="no-referrer">',
    `<title>${text(title)}</title>`,
    `<style>${INVOICE_STYLE}</style>`,
    '</head>',
    '<body>',
    ...body,
    '</body>',
    '</html>',
  ].join('\n');
}

function party(view: PartyView, id: string): string {
  return [
    `<section class="party" aria-labelledby="${id}">`,
    `<h2 id="${id}">${text(view.heading)}</h2>`,
    `<p class="name">${text(view.name)}</p>`,
    view.legalName ? `<p>${text(view.legalName)}</p>` : '',
    `<address>${view.address.map(text).join('<br>')}</address>`,
    '<dl class="pairs">',
    `<div><dt>${shopText('invoiceDocument.gstin')}</dt><dd>${text(view.gstin)}</dd></div>`,
    `<div><dt>${shopText('invoiceDocument.state')}</dt><dd>${text(view.state)}</dd></div>`,
    '</dl>',
    '</section>',
  ].join('\n');
}

const cellClass = (column: Column) => (column.numeric ? ' class="num"' : '');

function table(view: DocumentView): string {
  const head = view.columns.map((column) => `<th scope="col"${cellClass(column)}>${text(column.label)}</th>`);
  const cells = (values: DocumentView['totals']) =>
    view.columns.map(
      (column) => `<td${cellClass(column)} data-label="${text(column.label)}">${text(values[column.key])}</td>`,
    );
  const rows = view.rows.map((row) =>
    [
      '<tr>',
      `<td class="idx">${row.index}</td>`,
      `<th scope="row" class="desc" data-n="${row.index}.">${text(row.description)}</th>`,
      ...cells(row.cells),
      '</tr>',
    ].join(''),
  );
  return [
    '<table class="lines">',
    `<thead><tr><th scope="col" class="idx">${shopText('invoiceDocument.index')}</th><th scope="col">${shopText('invoiceDocument.description')}</th>${head.join('')}</tr></thead>`,
    `<tbody>\n${rows.join('\n')}\n</tbody>`,
    `<tfoot><tr><td class="idx"></td><th scope="row" class="desc">${shopText('invoiceDocument.total')}</th>${cells(view.totals).join('')}</tr></tfoot>`,
    '</table>',
  ].join('\n');
}

function signature(view: DocumentView, imageDataUrl: string | undefined): string {
  if (view.signature.mode === 'computer-generated') return `<p class="sign note">${text(view.signature.note)}</p>`;
  return [
    '<div class="sign">',
    `<p>${text(view.signedFor)}</p>`,
    imageDataUrl
      ? `<img src="${text(imageDataUrl)}" alt="Signature" height="56">`
      : '<p class="blank" aria-hidden="true"></p>',
    `<p>${text(view.signature.caption)}</p>`,
    '</div>',
  ].join('\n');
}

/**
 * The document's page. `signatureImage` is the signature as a `data:` URL, fetched by the caller
 * (the page may load nothing from elsewhere); without it an image signature leaves its space blank.
 */
export function invoiceHtml(document: Invoice | CreditNote, links: InvoiceLinks, signatureImage?: string): string {
  const view = documentView(document);
  return page(`${view.title} ${view.number}`, [
    '<main class="doc">',
    '<header class="top">',
    '<div>',
    `<h1>${text(view.title)} · <span lang="hi">${text(view.hindi)}</span></h1>`,
    view.against ? `<p class="against">${text(view.against)}</p>` : '',
    '</div>',
    '<dl class="facts pairs">',
    ...view.facts.map(([label, value]) => `<div><dt>${text(label)}</dt><dd>${text(value)}</dd></div>`),
    '</dl>',
    '</header>',
    '<div class="parties">',
    party(view.supplier, 'supplier'),
    party(view.recipient, 'recipient'),
    '</div>',
    table(view),
    '<div class="sum">',
    `<p class="total"><span>${shopText('invoiceDocument.total')}</span> <strong>${text(view.total)}</strong></p>`,
    `<p class="words">${shopText('invoiceDocument.inWords')}: ${text(view.totalInWords)}</p>`,
    '</div>',
    `<p class="reverse">${text(view.reverseCharge)}</p>`,
    signature(view, signatureImage),
    '<nav class="actions" aria-label="This document">',
    `<a href="${text(links.pdf)}">Download PDF</a>`,
    `<a href="${text(links.order)}">Back to your order</a>`,
    "<p>To print it or save it as a PDF, use your browser's Print.</p>",
    '</nav>',
    '</main>',
  ]);
}

/** A short page in the same style: why there is no document to show, and the way back when known. */
export function invoiceMessageHtml(message: string, orderLink?: string): string {
  return page('Tax invoice', [
    '<main class="doc message">',
    '<h1>Tax invoice</h1>',
    `<p>${text(message)}</p>`,
    orderLink ? `<p><a href="${text(orderLink)}">Back to your order</a></p>` : '',
    '</main>',
  ]);
}
