import type { GstReport } from '#shop/invoice/index.ts';
import { cellText, gstTables } from '#shop/invoice/index.ts';
import type { CellValue, SheetTab } from './tabs.ts';

/**
 * The GST report in the Sheet (issue 35 §5, docs/staff-guide.md): every row of each of the report's
 * tables (src/shop/invoice/gst-report-tables.ts) in one tab, under its own columns, keyed
 * `<month>|<table>|<row>`, so running the report again for the month rewrites its rows. Amounts are
 * rupees with two decimals, credit notes negative; `Written at` on every row, so a row the last run
 * did not write shows its age.
 */
export const GST_HEADERS = [
  'Key',
  'Month',
  'Table',
  'Note',
  'Kind',
  'Number',
  'Date',
  'Order ID',
  'Reverses',
  'Recipient',
  'GSTIN',
  'Section',
  'Place of supply',
  'State code',
  'Supplies',
  'HSN',
  'UQC',
  'Quantity',
  'Rate %',
  'Document value',
  'Taxable value',
  'CGST',
  'SGST',
  'IGST',
  'Total',
  'Series',
  'From',
  'To',
  'Issued',
  'Cancelled',
  'Written at',
] as const;

/** A run of the report as the Sheet gets it: the figures and when they were written (ISO, UTC). */
export interface SheetGst {
  report: GstReport;
  writtenAt: string;
}

/** The rows of one run, table by table in the report's order; raw cells in header order. */
export function gstRows({ report, writtenAt }: SheetGst): CellValue[][] {
  return gstTables(report).flatMap((table) =>
    table.rows.map(({ key, cells }) => {
      const named = new Map<string, CellValue>([
        ['Key', `${report.month}|${table.name}|${key}`],
        ['Month', report.month],
        ['Table', table.name],
        ['Written at', writtenAt],
      ]);
      cells.forEach((cell, column) => {
        named.set(String(table.headers[column]), cellText(cell));
      });
      return GST_HEADERS.map((header) => named.get(header));
    }),
  );
}

export const GST_TAB: SheetTab<SheetGst> = {
  name: 'GST',
  type: 'gst',
  headers: GST_HEADERS,
  keyHeader: 'Key',
  keyField: 'month',
  keyPerRow: true,
  // A later run for the month rewrites every figure; the key stays.
  updatable: GST_HEADERS.filter((header) => header !== 'Key'),
  key: ({ report }) => report.month,
  rows: gstRows,
};
