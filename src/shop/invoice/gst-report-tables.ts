/**
 * The GST report (gst-report.ts) as tables with headers: what `npm run report:gst` prints, writes as
 * one CSV file per table and puts in the Sheet's GST tab, so all three say the same in the same
 * words. Amounts stay paise (`{ paise }` cells) until a reader prints them: with Indian grouping for
 * a person (`1,04,500.00`), plain for a file (`104500.00`).
 */

import { formatRupees } from '../money/index.ts';
import { B2CL_THRESHOLD_PAISE, type Figures, type GstReport, type Section } from './gst-report.ts';

export interface Amount {
  paise: number;
}

export type GstCell = string | number | Amount;

export const GST_TABLE_IDS = [
  'notes',
  'documents',
  'b2b',
  'b2cl',
  'b2cs',
  'hsn',
  'docs-issued',
  'by-rate',
  'by-state',
] as const;

export type GstTableId = (typeof GST_TABLE_IDS)[number];

export interface GstTable {
  id: GstTableId;
  /** A short name: the GST tab's `Table` column. */
  name: string;
  /** What the table is and where the accountant files it. */
  title: string;
  headers: string[];
  /** Each row with its key, unique in the table (a document's number, a State and rate). */
  rows: { key: string; cells: GstCell[] }[];
}

/** Said wherever the figures are: how to read a credit note's minus sign. */
export const SIGN_NOTE =
  "Credit notes are shown negative: each reverses an invoice, so it reduces the month's figures. GSTR-1 table 9B takes a credit note's values as positive numbers: leave out the minus sign there.";

const grouping = new Intl.NumberFormat('en-IN', { maximumFractionDigits: 0 });

/** Paise as rupees with two decimals: `-1045.00`, or `-1,045.00` grouped the Indian way. */
export function rupeesText(paise: number, grouped = false): string {
  const whole = Math.floor(Math.abs(paise) / 100);
  const rest = String(Math.abs(paise) % 100).padStart(2, '0');
  return `${paise < 0 ? '-' : ''}${grouped ? grouping.format(whole) : whole}.${rest}`;
}

export const isAmount = (cell: GstCell): cell is Amount => typeof cell === 'object';

export const cellText = (cell: GstCell, grouped = false): string =>
  isAmount(cell) ? rupeesText(cell.paise, grouped) : String(cell);

type Column<R> = readonly [header: string, cell: (row: R) => GstCell];

function table<R>(
  id: GstTableId,
  name: string,
  title: string,
  columns: readonly Column<R>[],
  rows: readonly R[],
  keyOf: (row: R) => string,
): GstTable {
  return {
    id,
    name,
    title,
    headers: columns.map(([header]) => header),
    rows: rows.map((row) => ({ key: keyOf(row), cells: columns.map(([, cell]) => cell(row)) })),
  };
}

const KINDS = { invoice: 'Invoice', 'credit-note': 'Credit note' } as const;
const SECTIONS: Record<Section, string> = { B2B: 'B2B', B2CL: 'B2C large', B2CS: 'B2C small' };

const taxable: Column<Figures> = ['Taxable value', (row) => ({ paise: row.taxablePaise })];
const cgst: Column<Figures> = ['CGST', (row) => ({ paise: row.cgstPaise })];
const sgst: Column<Figures> = ['SGST', (row) => ({ paise: row.sgstPaise })];
const igst: Column<Figures> = ['IGST', (row) => ({ paise: row.igstPaise })];
const total: Column<Figures> = ['Total', (row) => ({ paise: row.totalPaise })];
const taxes = [taxable, cgst, sgst, igst, total] as const;
const rate: Column<{ rate: number }> = ['Rate %', (row) => row.rate];
const place: Column<{ placeOfSupply: { stateName: string } }> = [
  'Place of supply',
  (row) => row.placeOfSupply.stateName,
];
const stateCode: Column<{ placeOfSupply: { stateCode: string } }> = [
  'State code',
  (row) => row.placeOfSupply.stateCode,
];

type Document = GstReport['documents'][number];
type Portal = GstReport['b2b'][number];

const kind: Column<{ kind: Document['kind'] }> = ['Kind', (row) => KINDS[row.kind]];
const number: Column<{ number: string }> = ['Number', (row) => row.number];
const date: Column<{ date: string }> = ['Date', (row) => row.date];
const recipient: Column<{ recipient: string }> = ['Recipient', (row) => row.recipient];
const gstin: Column<{ gstin?: string }> = ['GSTIN', (row) => row.gstin ?? ''];
const documentValue: Column<Portal> = ['Document value', (row) => ({ paise: row.documentPaise })];
const portalKey = (row: Portal) => `${row.number}|${row.rate}`;

/** The report's tables, in the order a reader goes through them; `notes` first (the sign, the warnings). */
export function gstTables(report: GstReport): GstTable[] {
  const large = formatRupees(B2CL_THRESHOLD_PAISE / 100);
  return [
    {
      id: 'notes',
      name: 'Notes',
      title: 'Read first',
      headers: ['Note'],
      rows: [SIGN_NOTE, ...report.warnings].map((note, index) => ({ key: String(index + 1), cells: [note] })),
    },
    table<Document>(
      'documents',
      'Documents',
      'Every invoice and credit note of the month',
      [
        kind,
        number,
        date,
        ['Order ID', (row) => row.orderId],
        ['Reverses', (row) => row.reverses ?? ''],
        recipient,
        gstin,
        ['Section', (row) => SECTIONS[row.section]],
        place,
        stateCode,
        ...taxes,
      ],
      report.documents,
      (row) => row.number,
    ),
    table<Portal>(
      'b2b',
      'B2B',
      'B2B: to buyers with a GSTIN, a row per document and rate (GSTR-1 table 4; credit notes: table 9B, registered)',
      [kind, number, date, recipient, gstin, place, stateCode, documentValue, rate, taxable, cgst, sgst, igst],
      report.b2b,
      portalKey,
    ),
    table<Portal>(
      'b2cl',
      'B2C large',
      `B2C large: inter-State invoices above ${large} to buyers without a GSTIN, a row per document and rate (table 5; credit notes: table 9B, unregistered)`,
      [kind, number, date, recipient, place, stateCode, documentValue, rate, taxable, igst],
      report.b2cl,
      portalKey,
    ),
    table(
      'b2cs',
      'B2C small',
      'B2C small: every other sale to buyers without a GSTIN, by place of supply and rate, net of credit notes (table 7)',
      [place, stateCode, rate, ...taxes],
      report.b2cs,
      (row) => `${row.placeOfSupply.stateCode}|${row.rate}`,
    ),
    table(
      'hsn',
      'HSN',
      'HSN summary, net of credit notes (table 12, its B2B and B2C parts)',
      [
        ['Supplies', (row) => row.supplies],
        ['HSN', (row) => row.hsn],
        ['UQC', (row) => row.unit],
        ['Quantity', (row) => row.quantity],
        rate,
        taxable,
        igst,
        cgst,
        sgst,
        total,
      ],
      report.hsn,
      (row) => `${row.supplies}|${row.hsn}|${row.unit}|${row.rate}`,
    ),
    table(
      'docs-issued',
      'Documents issued',
      'Documents issued (table 13): none cancelled, a credit note reverses an invoice instead',
      [
        ['Series', (row) => (row.kind === 'invoice' ? 'Invoices' : 'Credit notes')],
        ['From', (row) => row.from],
        ['To', (row) => row.to],
        ['Issued', (row) => row.issued],
        ['Cancelled', (row) => row.cancelled],
      ],
      report.documentsIssued,
      (row) => row.series,
    ),
    table(
      'by-rate',
      'By rate',
      'Totals by rate, net of credit notes',
      [['Rate %', (row) => row.rate], ...taxes],
      [...report.byRate, { rate: 'All' as const, ...report.totals }],
      (row) => String(row.rate),
    ),
    table(
      'by-state',
      'By State',
      'Totals by place of supply, net of credit notes',
      [place, stateCode, ...taxes],
      report.byState,
      (row) => row.placeOfSupply.stateCode,
    ),
  ];
}
