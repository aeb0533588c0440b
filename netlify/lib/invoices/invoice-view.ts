/**
 * What an invoice or a credit note prints, once, for both its renderings (the HTML page,
 * invoice-html.ts, and the PDF, invoice-pdf.ts): every Rule 46 particular with its label, the
 * figures formatted (₹ with Indian grouping and paise), the total in words, and only the tax
 * columns that apply (CGST and SGST within the supplier's State, IGST from another). A pure
 * function of the stored document (docs/shop-rules.md §12). `ratesToConfirm` is for staff and the
 * accountant: it is never printed on a shopper's document.
 */

import type { CreditNote, Invoice, InvoiceLine, Place } from '#shop/invoice/index.ts';
import { formatPaise, rupeesInWords } from '#shop/money/index.ts';
import { text } from '#shop/texts/server.ts';

export type TaxDocumentKind = (Invoice | CreditNote)['kind'];

export interface PartyView {
  heading: string;
  /** The trade name above the legal name, or the recipient's name. */
  name: string;
  legalName?: string;
  address: string[];
  gstin: string;
  /** `Uttarakhand (05)`. */
  state: string;
}

/** One table column after the description: a label, and each row's cell under it. */
export type ColumnKey = 'hsn' | 'quantity' | 'taxable' | 'rate' | 'cgst' | 'sgst' | 'igst' | 'amount';

export interface Column {
  key: ColumnKey;
  label: string;
  /** Figures sit right-aligned. */
  numeric: boolean;
}

export interface RowView {
  index: number;
  description: string;
  cells: Record<ColumnKey, string>;
}

export interface DocumentView {
  kind: TaxDocumentKind;
  title: string;
  hindi: string;
  /** `Tax Invoice · कर बीजक`: the bilingual heading both renderings print. */
  heading: string;
  /** A credit note's `against invoice OUO/26-27/000123 of 27 Nov 2026`. */
  against?: string;
  /** Label and value pairs under the heading: number, date, order, place of supply. */
  facts: [string, string][];
  number: string;
  supplier: PartyView;
  recipient: PartyView;
  columns: Column[];
  rows: RowView[];
  /** The totals row: its cells under the same columns (empty where a total means nothing). */
  totals: Record<ColumnKey, string>;
  /** `₹1,045.00`. */
  total: string;
  /** `Rupees One Thousand Forty-Five only`. */
  totalInWords: string;
  reverseCharge: string;
  /** `For <legal name>`, above the signature. */
  signedFor: string;
  signature: { mode: 'computer-generated'; note: string } | { mode: 'image'; caption: string; imageUrl: string };
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** An India date as printed: `2026-11-27` → `27 Nov 2026`. */
export function printedDate(date: string): string {
  const [year, month, day] = date.split('-').map(Number);
  return `${day} ${MONTHS[(month ?? 1) - 1]} ${year}`;
}

/** `Maharashtra (27)`: a State as Rule 46 wants it, name and code. */
export const stateWithCode = (place: Place) => `${place.stateName} (${place.stateCode})`;

/** A percentage as printed: 5 → `5%`, 2.5 → `2.5%`. */
const percent = (rate: number) => `${Number(rate.toFixed(2))}%`;

const money = formatPaise;

function columnsFor(interState: boolean): Column[] {
  const tax: Column[] = interState
    ? [{ key: 'igst', label: 'IGST', numeric: true }]
    : [
        { key: 'cgst', label: 'CGST', numeric: true },
        { key: 'sgst', label: 'SGST', numeric: true },
      ];
  return [
    { key: 'hsn', label: 'HSN', numeric: false },
    { key: 'quantity', label: 'Qty', numeric: true },
    { key: 'taxable', label: 'Taxable value', numeric: true },
    { key: 'rate', label: 'GST rate', numeric: true },
    ...tax,
    { key: 'amount', label: 'Amount', numeric: true },
  ];
}

/** A tax cell: the amount and the rate it was charged at (half the GST rate each for CGST and SGST). */
const taxCell = (paise: number, rate: number) => `${money(paise)} @ ${percent(rate)}`;

function rowCells(line: InvoiceLine, interState: boolean): Record<ColumnKey, string> {
  const half = line.rate / 2;
  return {
    hsn: line.hsn,
    quantity: `${line.quantity} ${line.unit}`,
    taxable: money(line.taxablePaise),
    rate: percent(line.rate),
    cgst: interState ? '' : taxCell(line.cgstPaise, half),
    sgst: interState ? '' : taxCell(line.sgstPaise, half),
    igst: interState ? taxCell(line.igstPaise, line.rate) : '',
    amount: money(line.paidPaise),
  };
}

export function documentView(document: Invoice | CreditNote): DocumentView {
  const { kind, supplier, recipient, totals } = document;
  const title = text(`invoiceDocument.title.${kind}`);
  const hindi = text(`invoiceDocument.hindi.${kind}`);
  const signature = document.signature;
  return {
    kind,
    title,
    hindi,
    heading: `${title} · ${hindi}`,
    ...(document.kind === 'credit-note'
      ? { against: `against invoice ${document.invoice.number} of ${printedDate(document.invoice.date)}` }
      : {}),
    facts: [
      [text(`invoiceDocument.number.${kind}`), document.number],
      [text('invoiceDocument.date'), printedDate(document.date)],
      [text('invoiceDocument.order'), document.orderId],
      [text('invoiceDocument.placeOfSupply'), stateWithCode(document.placeOfSupply)],
    ],
    number: document.number,
    supplier: {
      heading: text('invoiceDocument.supplier'),
      name: supplier.tradeName?.trim() || supplier.legalName,
      ...(supplier.tradeName?.trim() && supplier.tradeName.trim() !== supplier.legalName
        ? { legalName: supplier.legalName }
        : {}),
      address: supplier.address,
      gstin: supplier.gstin,
      state: stateWithCode(supplier),
    },
    recipient: {
      heading: text('invoiceDocument.recipient'),
      name: recipient.name,
      address: recipient.address,
      gstin: recipient.gstin ?? text('invoiceDocument.unregistered'),
      state: stateWithCode(recipient),
    },
    columns: columnsFor(document.interState),
    rows: document.lines.map((line, index) => ({
      index: index + 1,
      description: line.description,
      cells: rowCells(line, document.interState),
    })),
    totals: {
      hsn: '',
      quantity: '',
      taxable: money(totals.taxablePaise),
      rate: '',
      cgst: document.interState ? '' : money(totals.cgstPaise),
      sgst: document.interState ? '' : money(totals.sgstPaise),
      igst: document.interState ? money(totals.igstPaise) : '',
      amount: money(totals.totalPaise),
    },
    total: money(totals.totalPaise),
    totalInWords: rupeesInWords(totals.totalPaise),
    reverseCharge: text('invoiceDocument.reverseCharge'),
    signedFor: `For ${supplier.legalName}`,
    signature:
      signature.mode === 'image'
        ? {
            mode: 'image',
            caption: `${text('invoiceDocument.signatory')}, ${signature.signatory}`,
            imageUrl: signature.imageUrl,
          }
        : { mode: 'computer-generated', note: text(`invoiceDocument.computerGenerated.${kind}`) },
  };
}
