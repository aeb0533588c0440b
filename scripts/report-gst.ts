// `npm run report:gst -- [YYYY-MM] [--json] [--csv [dir]] [--sheet]`: the GST report of a month
// (issue 35 §5) over the order log: every invoice and credit note dated in it (India's calendar) and
// the figures GSTR-1 needs — B2B, B2C large, B2C small by State and rate, the HSN summary, the
// documents issued, totals per rate and per State (src/shop/invoice/gst-report.ts). Without a month: the
// previous month in India. Credit notes are negative: they reduce the month's figures.
//
// `--json` prints the figures as JSON (amounts in paise) instead of the tables. `--csv` also writes
// one CSV file per table, `gst-<month>-<table>.csv`, to the folder given (`.data/reports/` by
// default), cells that a spreadsheet would run as a formula neutralised as the Sheet's are.
// `--sheet` also writes the tables to the Sheet's GST tab through the functions' Sheets client
// (the Apps Script with SHEETS_WEBHOOK_URL and SHEETS_WEBHOOK_SECRET, otherwise `GST.csv` under
// LOCAL_SHEETS_DIR); a failed write is an error exit. A month that is not YYYY-MM is an error exit
// before anything is read or written.
//
// Reads the orders with an invoice or a credit note dated in the month, by query on their indexed
// dates (netlify/lib/reports/order-rows.ts), from where `npm run report:returns` reads them
// (`openOrders`): production's Netlify Database when NETLIFY_DB_URL is set to its connection string,
// which the owner copies from Netlify (`NETLIFY_DB_URL='postgres://…' npm run report:gst --
// 2026-11`); otherwise the local database of `npm run dev` (`.netlify/db`, or LOCAL_DB_DIR), opened
// in this process: stop the dev server first (a run refuses while it holds the folder). It only
// reads the orders.
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { indiaToday } from '#shop/dates.ts';
import {
  cellText,
  type GstCell,
  type GstReport,
  type GstTable,
  gstReport,
  gstTables,
  isAmount,
} from '#shop/invoice/index.ts';
import type { Queries } from '../netlify/lib/platform/database.ts';
import { gstDocuments } from '../netlify/lib/reports/gst.ts';
import { GST_TAB } from '../netlify/lib/sheets/gst-tab.ts';
import { neutraliseCell, tabRows } from '../netlify/lib/sheets/tabs.ts';
import { BOM, CRLF, formatCsvRow } from '../src/content/sheet-csv.server.ts';
import { openOrders, runIfCommand, writeReportTab } from './report-returns.ts';

export const DEFAULT_CSV_DIR = '.data/reports';
const MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;
/** What `--csv` is never given as its folder: a month, even a wrong one, or another option. */
const NOT_A_FOLDER = /^(-|\d{4}-\d{1,2}$)/;

export interface GstOptions {
  /** YYYY-MM. */
  month: string;
  json: boolean;
  /** Where to write the CSV files, when asked. */
  csv?: string;
  /** Also write the tables to the Sheet's GST tab. */
  sheet: boolean;
}

/** The month before `now`'s, in India. */
export function previousMonth(now = new Date()): string {
  const [year, month] = indiaToday(now).split('-').map(Number) as [number, number];
  return month === 1 ? `${year - 1}-12` : `${year}-${String(month - 1).padStart(2, '0')}`;
}

/** The month and output from the command line; `--csv` with no folder after it writes to `.data/reports/`. */
export function readOptions(argv: readonly string[], now = new Date()): GstOptions {
  const args = argv.map((arg, index) =>
    arg === '--csv' && (argv[index + 1] === undefined || NOT_A_FOLDER.test(argv[index + 1] as string))
      ? `--csv=${DEFAULT_CSV_DIR}`
      : arg,
  );
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    options: {
      json: { type: 'boolean', default: false },
      csv: { type: 'string' },
      sheet: { type: 'boolean', default: false },
    },
  });
  if (positionals.length > 1) throw new Error(`One month at a time, as YYYY-MM: not ${positionals.join(' ')}.`);
  const month = positionals[0] ?? previousMonth(now);
  if (!MONTH.test(month)) throw new Error(`The month is written YYYY-MM (e.g. 2026-11), not ${month}.`);
  return { month, json: values.json, sheet: values.sheet, ...(values.csv ? { csv: values.csv } : {}) };
}

export async function buildReport(db: Queries, month: string): Promise<GstReport> {
  return gstReport(await gstDocuments(db, month), month);
}

const lastDay = (month: string) =>
  new Date(Date.UTC(Number(month.slice(0, 4)), Number(month.slice(5)), 0)).toISOString().slice(0, 10);

const monthName = (month: string) =>
  new Intl.DateTimeFormat('en-IN', { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(`${month}-01T00:00:00Z`),
  );

/** Figures right, words left; amounts grouped the Indian way. */
function printTable(table: GstTable): string[] {
  if (table.rows.length === 0) return ['', table.title, '  (none)'];
  const right = table.headers.map((_, column) => {
    const cell = table.rows[0]?.cells[column] as GstCell;
    return typeof cell === 'number' || isAmount(cell);
  });
  const rows = [table.headers, ...table.rows.map((row) => row.cells.map((cell) => cellText(cell, true)))];
  const widths = table.headers.map((_, column) => Math.max(...rows.map((row) => (row[column] ?? '').length)));
  const line = (row: readonly string[]) =>
    `  ${row.map((cell, column) => (right[column] ? cell.padStart(widths[column] ?? 0) : cell.padEnd(widths[column] ?? 0))).join('  ')}`.trimEnd();
  return ['', table.title, ...rows.map(line)];
}

/** The report as a person reads it in a terminal: the notes and warnings first, then each table. */
export function formatReport(report: GstReport, where: string): string {
  const [notes, ...tables] = gstTables(report) as [GstTable, ...GstTable[]];
  const [sign, ...warnings] = notes.rows.map((row) => cellText(row.cells[0] as GstCell));
  return [
    `GST report for ${monthName(report.month)}: invoices and credit notes dated ${report.month}-01 to ${lastDay(report.month)} (India), from ${where}`,
    `Amounts in rupees; Total is the taxable value with its tax. ${sign}`,
    ...warnings.map((warning) => `Warning: ${warning}`),
    ...tables.flatMap(printTable),
    '',
  ].join('\n');
}

/** A CSV cell: text neutralised as the Sheet's cells are; an amount as the report's own `-1045.00`, never a formula. */
const csvCell = (cell: GstCell) => (isAmount(cell) ? cellText(cell) : neutraliseCell(cell));

/** One CSV file per table in `dir`, replacing that month's files; says which. */
export async function writeCsvFiles(report: GstReport, dir: string): Promise<string> {
  await mkdir(dir, { recursive: true });
  const names: string[] = [];
  for (const table of gstTables(report)) {
    const name = `gst-${report.month}-${table.id}.csv`;
    const lines = [table.headers.map(neutraliseCell), ...table.rows.map((row) => row.cells.map(csvCell))];
    await writeFile(path.join(dir, name), `${BOM}${lines.map((cells) => `${formatCsvRow(cells)}${CRLF}`).join('')}`);
    names.push(name);
  }
  return `Wrote ${names.length} CSV files for ${report.month} to ${dir}: ${names.join(', ')}.\n`;
}

/** Writes the tables to the GST tab and says where and how many; throws with the Sheets client's message when not written. */
async function writeToSheet(report: GstReport, env: Record<string, string | undefined>, now = new Date()) {
  const gst = { report, writtenAt: now.toISOString() };
  const where = await writeReportTab(env, GST_TAB.name, (sheets) => sheets.upsertGst(gst));
  return `Wrote ${tabRows(GST_TAB, gst).length} rows for ${report.month} to the ${GST_TAB.name} tab of ${where}.\n`;
}

/**
 * Where the report goes: `print` takes it, `tell` what was written when the report is JSON and which
 * local database is read (stderr).
 */
export interface ReportOutput {
  print: (text: string) => void;
  tell: (text: string) => void;
  /** The local database's folder, read when NETLIFY_DB_URL is not set (`openOrders`'s unless told). */
  directory?: string;
}

const STANDARD_OUTPUT: ReportOutput = {
  print: (text) => process.stdout.write(text),
  tell: (text) => process.stderr.write(text),
};

/** The command: its options are read, and refused, before the database is opened or a file written. */
export async function main(
  argv: readonly string[],
  env: Record<string, string | undefined>,
  output: Partial<ReportOutput> = {},
): Promise<void> {
  const { print, tell, directory } = { ...STANDARD_OUTPUT, ...output };
  const options = readOptions(argv);
  const source = await openOrders(env, directory, tell);
  try {
    const report = await buildReport(source.db, options.month);
    print(options.json ? `${JSON.stringify(report, null, 2)}\n` : formatReport(report, source.where));
    // Standard output stays one JSON document.
    const say = options.json ? tell : print;
    if (options.csv) say(await writeCsvFiles(report, options.csv));
    if (options.sheet) say(await writeToSheet(report, env));
  } finally {
    await source.close();
  }
}

await runIfCommand(import.meta.url, main);
