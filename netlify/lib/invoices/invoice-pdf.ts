/**
 * An invoice or a credit note as a PDF (docs/shop-rules.md §12), the same words and figures as the
 * HTML page (invoice-view.ts), made in the function with pdfmake 0.3 (decision 027: the fastest
 * correct choice for the Hindi title; pdf-lib drew क्रेडिट wrong). One font draws everything, Noto
 * Sans Devanagari, whose Google Fonts build has Latin and ₹ beside Devanagari: embedded as a
 * subset, so the text can be searched and copied. pdfmake may read no URL and no file: the fonts
 * are handed to it once, from the package `@expo-google-fonts/noto-sans-devanagari` (its TTFs are
 * in the function's bundle through netlify.toml's `included_files`).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import pdfmake, { type Content, type DocumentDefinition } from 'pdfmake';
import type { CreditNote, Invoice } from '#shop/invoice/index.ts';
import { text } from '#shop/texts/server.ts';
import { type DocumentView, documentView, type PartyView } from './invoice-view.ts';

const FONT_PACKAGE = 'node_modules/@expo-google-fonts/noto-sans-devanagari';
/** The TTFs, relative to the function's working directory (the project, or the function's package). */
export const INVOICE_FONT_FILES = {
  normal: `${FONT_PACKAGE}/400Regular/NotoSansDevanagari_400Regular.ttf`,
  bold: `${FONT_PACKAGE}/700Bold/NotoSansDevanagari_700Bold.ttf`,
} as const;

const FONT = 'NotoSansDevanagari';
const GREY = '#4a5056';
const RULE = '#c8ced4';

let ready = false;

/** pdfmake told its font, once per process, and that it may fetch and read nothing itself. */
function preparePdfmake(root = process.cwd()): void {
  if (ready) return;
  for (const [style, file] of Object.entries(INVOICE_FONT_FILES)) {
    pdfmake.virtualfs.writeFileSync(`${FONT}-${style}.ttf`, readFileSync(path.join(root, file)));
  }
  pdfmake.addFonts({ [FONT]: { normal: `${FONT}-normal.ttf`, bold: `${FONT}-bold.ttf` } });
  pdfmake.setUrlAccessPolicy(() => false);
  pdfmake.setLocalAccessPolicy(() => false);
  ready = true;
}

/** Thin grey lines, a little padding: the HTML table's look. */
const LINES = {
  hLineWidth: () => 0.5,
  vLineWidth: () => 0.5,
  hLineColor: () => RULE,
  vLineColor: () => RULE,
  paddingLeft: () => 4,
  paddingRight: () => 4,
  paddingTop: () => 3,
  paddingBottom: () => 3,
};

function heading(view: DocumentView): Content {
  const facts = view.facts.map(([name, value]) => [
    { text: name, color: GREY },
    { text: value, bold: true },
  ]);
  return {
    columns: [
      {
        width: '*',
        stack: [
          { text: view.heading, fontSize: 18, bold: true },
          ...(view.against ? [{ text: view.against, bold: true, margin: [0, 2, 0, 0] }] : []),
        ],
      },
      { width: 'auto', table: { body: facts }, layout: 'noBorders' },
    ],
    columnGap: 16,
  };
}

function party(view: PartyView): Content {
  return {
    table: {
      widths: ['*'],
      body: [
        [
          {
            stack: [
              { text: view.heading.toUpperCase(), color: GREY, fontSize: 7, bold: true, characterSpacing: 0.6 },
              { text: view.name, bold: true },
              ...(view.legalName ? [view.legalName] : []),
              ...view.address,
              {
                text: [
                  { text: `${text('invoiceDocument.gstin')}  `, color: GREY },
                  { text: view.gstin, bold: true },
                ],
                margin: [0, 3, 0, 0],
              },
              {
                text: [
                  { text: `${text('invoiceDocument.state')}  `, color: GREY },
                  { text: view.state, bold: true },
                ],
              },
            ],
          },
        ],
      ],
    },
    layout: { ...LINES, paddingLeft: () => 7, paddingRight: () => 7, paddingTop: () => 6, paddingBottom: () => 6 },
  };
}

function table(view: DocumentView): Content {
  const align = (numeric: boolean) => (numeric ? 'right' : 'left');
  const header = [
    { text: text('invoiceDocument.index') },
    { text: text('invoiceDocument.description') },
    ...view.columns.map((column) => ({ text: column.label, alignment: align(column.numeric) })),
  ].map((cell) => ({ ...cell, bold: true, fontSize: 7.5, fillColor: '#f1f3f5' }));
  const cells = (values: DocumentView['totals']) =>
    view.columns.map((column) => ({ text: values[column.key], alignment: align(column.numeric), noWrap: true }));
  const rows = view.rows.map((row) => [String(row.index), row.description, ...cells(row.cells)]);
  const totals = [
    '',
    { text: text('invoiceDocument.total'), bold: true },
    ...cells(view.totals).map((cell) => ({ ...cell, bold: true })),
  ];
  return {
    table: {
      headerRows: 1,
      dontBreakRows: true,
      widths: ['auto', '*', ...view.columns.map(() => 'auto')],
      body: [header, ...rows, totals],
    },
    layout: LINES,
    fontSize: 8,
    margin: [0, 12, 0, 0],
  };
}

function signature(view: DocumentView, image: string | undefined): Content {
  if (view.signature.mode === 'computer-generated') {
    return { text: view.signature.note, color: GREY, margin: [0, 18, 0, 0] };
  }
  return {
    stack: [
      view.signedFor,
      image
        ? { image: 'signature', fit: [150, 48], alignment: 'right', margin: [0, 4] }
        : { text: ' ', margin: [0, 22] },
      view.signature.caption,
    ],
    alignment: 'right',
    margin: [0, 18, 0, 0],
    unbreakable: true,
  };
}

/** The document's pdfmake definition: pure, so its content can be read without drawing it. */
export function invoiceDefinition(document: Invoice | CreditNote, signatureImage?: string): DocumentDefinition {
  const view = documentView(document);
  return {
    pageSize: 'A4',
    // 12 mm, as the HTML page's @page; a little more below for the footer.
    pageMargins: [34, 34, 34, 40],
    language: 'en-IN',
    info: {
      title: `${view.title} ${view.number}`,
      author: document.supplier.legalName,
      subject: `${view.title} for order ${document.orderId}`,
    },
    defaultStyle: { font: FONT, fontSize: 9, lineHeight: 1.15 },
    ...(signatureImage && view.signature.mode === 'image' ? { images: { signature: signatureImage } } : {}),
    footer: (page: number, pages: number) => ({
      text: `${view.title} ${view.number} · page ${page} of ${pages}`,
      alignment: 'right',
      fontSize: 7,
      color: GREY,
      margin: [34, 12, 34, 0],
    }),
    content: [
      heading(view),
      { canvas: [{ type: 'line', x1: 0, y1: 0, x2: 527, y2: 0, lineWidth: 1.5 }], margin: [0, 10, 0, 0] },
      { columns: [party(view.supplier), party(view.recipient)], columnGap: 12, margin: [0, 12, 0, 0] },
      table(view),
      {
        text: [
          { text: `${text('invoiceDocument.total')}  `, fontSize: 11 },
          { text: view.total, bold: true, fontSize: 12 },
        ],
        alignment: 'right',
        margin: [0, 10, 0, 0],
      },
      { text: `${text('invoiceDocument.inWords')}: ${view.totalInWords}`, alignment: 'right' },
      { text: view.reverseCharge, margin: [0, 10, 0, 0] },
      signature(view, signatureImage),
    ],
  };
}

/** The PDF's bytes. `signatureImage`: a PNG or JPEG `data:` URL, fetched by the caller. */
export async function invoicePdf(document: Invoice | CreditNote, signatureImage?: string): Promise<Buffer> {
  preparePdfmake();
  return pdfmake.createPdf(invoiceDefinition(document, signatureImage)).getBuffer();
}
