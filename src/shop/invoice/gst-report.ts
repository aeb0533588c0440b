/**
 * The GST report of a month (issue 35 §5): from the invoices and credit notes dated in it (their
 * `date`, India's calendar), the figures the owner's accountant files in GSTR-1. Pure:
 * `npm run report:gst` reads the order log and prints, writes or sends what this computes; the
 * tables' layout is gst-report-tables.ts.
 *
 * Definitions:
 * - Amounts are paise. A credit note's amounts are negative: it reverses its invoice, so it
 *   reduces every total it is counted in (the invoice may be of an earlier month). GSTR-1 takes a
 *   credit note's values as positive numbers in table 9B: the report's readers say so.
 * - B2B: a document whose recipient gave a GSTIN (table 4; its credit notes table 9B, registered).
 * - B2C large: an inter-State invoice to an unregistered buyer whose value (tax included) is above
 *   `B2CL_THRESHOLD_PAISE` (table 5; its credit notes table 9B, unregistered, so they are not
 *   netted in B2C small).
 * - B2C small: every other document to an unregistered buyer, summed by place of supply and rate
 *   (table 7), its credit notes netted in.
 * - HSN summary (table 12): lines by B2B or B2C supplies (the table's two parts), HSN as printed,
 *   unit (UQC) and rate, net of credit notes.
 * - Documents issued (table 13): per series (an invoice series, the credit notes' series), the
 *   lowest and highest number of the month and how many; none is ever cancelled (a credit note
 *   reverses an invoice instead).
 */
import type { CreditNote, Invoice, InvoiceLine, Place, TaxTotals } from './invoice.ts';
import { serialIndex } from './invoice-numbers.ts';

/**
 * GSTR-1 table 5's threshold, tax included: the limit was lowered from ₹2,50,000 to ₹1,00,000 from
 * 1 August 2024. An invoice of exactly ₹1,00,000 is still B2C small ("above" the limit).
 */
export const B2CL_THRESHOLD_PAISE = 1_00_000_00;

export type GstDocument = Invoice | CreditNote;

export type Section = 'B2B' | 'B2CL' | 'B2CS';

/** Paise: taxable value, each tax, and their total (a document's, a line's, a group's). */
export type Figures = TaxTotals;

export interface DocumentRow extends Figures {
  kind: GstDocument['kind'];
  number: string;
  date: string;
  orderId: string;
  recipient: string;
  gstin?: string;
  placeOfSupply: Place;
  section: Section;
  /** A credit note's invoice, by number. */
  reverses?: string;
}

/** One rate of one document, as GSTR-1 tables 4, 5 and 9B take it. */
export interface PortalRow extends Figures {
  kind: GstDocument['kind'];
  number: string;
  date: string;
  recipient: string;
  gstin?: string;
  placeOfSupply: Place;
  /** The whole document's value, tax included (negative for a credit note). */
  documentPaise: number;
  rate: number;
}

export interface B2csRow extends Figures {
  placeOfSupply: Place;
  rate: number;
}

export interface HsnRow extends Figures {
  supplies: 'B2B' | 'B2C';
  hsn: string;
  unit: InvoiceLine['unit'];
  rate: number;
  /** Net of credit notes. */
  quantity: number;
}

export interface SeriesRow {
  kind: GstDocument['kind'];
  /** The number without its running part: `OUO/26-27`. */
  series: string;
  from: string;
  to: string;
  issued: number;
  cancelled: 0;
}

export interface RateRow extends Figures {
  rate: number;
}

export interface StateRow extends Figures {
  placeOfSupply: Place;
}

export interface GstReport {
  /** YYYY-MM. */
  month: string;
  documents: DocumentRow[];
  b2b: PortalRow[];
  b2cl: PortalRow[];
  b2cs: B2csRow[];
  hsn: HsnRow[];
  documentsIssued: SeriesRow[];
  byRate: RateRow[];
  byState: StateRow[];
  totals: Figures;
  /** What the accountant must look at before filing: rates to confirm, numbers not found. */
  warnings: string[];
}

const FIELDS = ['taxablePaise', 'cgstPaise', 'sgstPaise', 'igstPaise', 'totalPaise'] as const;
const figuresBy = (value: (field: (typeof FIELDS)[number]) => number) =>
  Object.fromEntries(FIELDS.map((field) => [field, value(field)])) as unknown as Figures;

const NONE = figuresBy(() => 0);
const plus = (a: Figures, b: Figures) => figuresBy((field) => a[field] + b[field]);

/** A credit note counts against the month: -1; an invoice: +1. */
const signOf = (document: GstDocument) => (document.kind === 'credit-note' ? -1 : 1);

/** Figures times a sign: `0 - x`, not `-1 × x`, so a credit note's nothing is 0, never -0. */
const signed = (figures: Figures, sign: number) =>
  figuresBy((field) => (sign < 0 ? 0 - figures[field] : figures[field]));

const lineFigures = (line: InvoiceLine, sign: number): Figures => signed({ ...line, totalPaise: line.paidPaise }, sign);

export function sectionOf(document: GstDocument): Section {
  if (document.recipient.gstin) return 'B2B';
  return document.interState && document.totals.totalPaise > B2CL_THRESHOLD_PAISE ? 'B2CL' : 'B2CS';
}

interface Line {
  document: GstDocument;
  section: Section;
  line: InvoiceLine;
  sign: number;
  figures: Figures;
}

/**
 * Sums lines' figures by a key, in first-seen order; `start` gives a new group its own fields, and
 * `more` counts anything else a line adds to its group.
 */
function sumBy<R extends Figures>(
  lines: readonly Line[],
  keyOf: (one: Line) => string,
  start: (one: Line) => Omit<R, keyof Figures>,
  more: (group: R, one: Line) => R = (group) => group,
): R[] {
  const groups = new Map<string, R>();
  for (const one of lines) {
    const key = keyOf(one);
    const group = groups.get(key) ?? ({ ...start(one), ...NONE } as R);
    groups.set(key, more({ ...group, ...plus(group, one.figures) }, one));
  }
  return [...groups.values()];
}

const byState = (a: { placeOfSupply: Place }, b: { placeOfSupply: Place }) =>
  a.placeOfSupply.stateCode.localeCompare(b.placeOfSupply.stateCode);

const recipientOf = ({ recipient: { name, gstin } }: GstDocument) => ({ recipient: name, ...(gstin ? { gstin } : {}) });

function documentRow(document: GstDocument): DocumentRow {
  return {
    kind: document.kind,
    number: document.number,
    date: document.date,
    orderId: document.orderId,
    ...recipientOf(document),
    placeOfSupply: document.placeOfSupply,
    section: sectionOf(document),
    ...(document.kind === 'credit-note' ? { reverses: document.invoice.number } : {}),
    ...signed(document.totals, signOf(document)),
  };
}

/** Each document's rates, one row each, as the portal's tables 4, 5 and 9B take them. */
const portalRows = (lines: readonly Line[]) =>
  sumBy<PortalRow>(
    lines,
    ({ document, line }) => `${document.kind}|${document.number}|${line.rate}`,
    ({ document, line, sign }) => ({
      kind: document.kind,
      number: document.number,
      date: document.date,
      ...recipientOf(document),
      placeOfSupply: document.placeOfSupply,
      documentPaise: signed(document.totals, sign).totalPaise,
      rate: line.rate,
    }),
  );

function seriesRows(documents: readonly GstDocument[]): { rows: SeriesRow[]; warnings: string[] } {
  const head = (document: GstDocument) => document.number.slice(0, document.number.lastIndexOf('/'));
  const keyOf = (document: GstDocument) => `${document.kind === 'invoice' ? 0 : 1}|${head(document)}`;
  const warnings: string[] = [];
  const rows = [...new Set(documents.map(keyOf))].sort().map((key): SeriesRow => {
    const members = documents
      .filter((document) => keyOf(document) === key)
      .sort((a, b) => serialIndex(a.number) - serialIndex(b.number));
    const first = members[0] as GstDocument;
    const last = members.at(-1) as GstDocument;
    const taken = new Set(members.map((document) => serialIndex(document.number)));
    const width = first.number.length - head(first).length - 1;
    const missing: string[] = [];
    for (let n = serialIndex(first.number) + 1; n < serialIndex(last.number); n += 1) {
      if (!taken.has(n)) missing.push(`${head(first)}/${String(n).padStart(width, '0')}`);
    }
    if (missing.length > 0) {
      warnings.push(
        `Between ${first.number} and ${last.number}, not among the month's documents: ${missing.join(', ')}. Find them before filing table 13.`,
      );
    }
    return {
      kind: first.kind,
      series: head(first),
      from: first.number,
      to: last.number,
      issued: members.length,
      cancelled: 0,
    };
  });
  return { rows, warnings };
}

function ratesToConfirm(documents: readonly GstDocument[]): string[] {
  const hsns = [...new Set(documents.flatMap((document) => document.ratesToConfirm))].sort();
  return hsns.map((hsn) => {
    const numbers = documents.filter((document) => document.ratesToConfirm.includes(hsn)).map(({ number }) => number);
    return `HSN ${hsn} was taxed at a rate still to confirm with the accountant: ${numbers.join(', ')}.`;
  });
}

/** The figures of the documents dated in `month` (YYYY-MM): invoices, then credit notes, each by number. */
export function gstReport(all: readonly GstDocument[], month: string): GstReport {
  const documents = all
    .filter((document) => document.date.slice(0, 7) === month)
    .sort((a, b) => signOf(b) - signOf(a) || a.number.localeCompare(b.number));
  const lines: Line[] = documents.flatMap((document) => {
    const sign = signOf(document);
    const section = sectionOf(document);
    return [...document.lines]
      .sort((a, b) => a.rate - b.rate)
      .map((line) => ({ document, section, line, sign, figures: lineFigures(line, sign) }));
  });
  const inSection = (section: Section) => lines.filter((one) => one.section === section);
  const series = seriesRows(documents);
  return {
    month,
    documents: documents.map(documentRow),
    b2b: portalRows(inSection('B2B')),
    b2cl: portalRows(inSection('B2CL')),
    b2cs: sumBy<B2csRow>(
      inSection('B2CS'),
      ({ document, line }) => `${document.placeOfSupply.stateCode}|${line.rate}`,
      ({ document, line }) => ({ placeOfSupply: document.placeOfSupply, rate: line.rate }),
    ).sort((a, b) => byState(a, b) || a.rate - b.rate),
    hsn: sumBy<HsnRow>(
      lines,
      ({ section, line }) => `${section === 'B2B'}|${line.hsn}|${line.unit}|${line.rate}`,
      ({ section, line }) => ({
        supplies: section === 'B2B' ? 'B2B' : 'B2C',
        hsn: line.hsn,
        unit: line.unit,
        rate: line.rate,
        quantity: 0,
      }),
      (group, { line, sign }) => ({ ...group, quantity: group.quantity + sign * line.quantity }),
    ).sort(
      (a, b) =>
        a.supplies.localeCompare(b.supplies) ||
        a.hsn.localeCompare(b.hsn) ||
        a.unit.localeCompare(b.unit) ||
        a.rate - b.rate,
    ),
    documentsIssued: series.rows,
    byRate: sumBy<RateRow>(
      lines,
      ({ line }) => String(line.rate),
      ({ line }) => ({ rate: line.rate }),
    ).sort((a, b) => a.rate - b.rate),
    byState: sumBy<StateRow>(
      lines,
      ({ document }) => document.placeOfSupply.stateCode,
      ({ document }) => ({ placeOfSupply: document.placeOfSupply }),
    ).sort(byState),
    totals: lines.reduce((total, one) => plus(total, one.figures), NONE),
    warnings: [...ratesToConfirm(documents), ...series.warnings],
  };
}
