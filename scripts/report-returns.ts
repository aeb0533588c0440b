// `npm run report:returns -- [--from YYYY-MM-DD] [--to YYYY-MM-DD] [--json] [--sheet]`: the
// return-to-origin report (docs/shop-rules.md §10) over the order store. Without dates: the last 30
// days, today included (India's days). `--json` prints the figures as JSON instead of the table.
// `--sheet` also writes them to the Sheet's RTO tab through the functions' Sheets client: the
// Apps Script web app when SHEETS_WEBHOOK_URL and SHEETS_WEBHOOK_SECRET are set, otherwise
// `RTO.csv` under LOCAL_SHEETS_DIR (`.data/sheets/`); a failed write is an error exit.
//
// Reads the orders with a parcel booked in the period, by query (netlify/lib/reports/order-rows.ts),
// from production's Netlify Database when NETLIFY_DB_URL is set to its connection string, which
// the owner copies from Netlify (`NETLIFY_DB_URL='postgres://…' npm run report:returns`; the report
// names only its host). Otherwise from the local database of `npm run dev`, `.netlify/db`
// (LOCAL_DB_DIR another, as for the dev server), opened in this process by Netlify's local engine
// with the migrations applied (site-build/local-database.ts): stop the dev server first, since two
// engines on one folder do not see each other's writes; a run refuses while the dev server holds
// the folder. NETLIFY_SITE_ID and NETLIFY_AUTH_TOKEN (the orders' old Blobs store) are refused
// without NETLIFY_DB_URL, rather than report the local orders in production's place. It only reads.
//
// Node 24 runs this TypeScript as it is (type stripping), like the modules it imports.

import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { indiaToday } from '#shop/dates.ts';
import { type ReportGroup, type ReturnsReport, returnsReport } from '#shop/returns/index.ts';
import { type Database, openDatabase, type Queries } from '../netlify/lib/platform/database.ts';
import { readServerEnv } from '../netlify/lib/platform/env.ts';
import { reportOrders } from '../netlify/lib/reports/returns.ts';
import { createSheets, type SheetsClient, type SheetWriteResult } from '../netlify/lib/sheets/client.ts';
import { RTO_TAB } from '../netlify/lib/sheets/rto-tab.ts';
import { tabRows } from '../netlify/lib/sheets/tabs.ts';
import { startLocalDatabase } from '../site-build/local-database.ts';

const ROOT = path.resolve(import.meta.dirname, '..');
/** `npm run dev`'s database folder (site-build/dev-functions.ts), unless LOCAL_DB_DIR names another. */
export const LOCAL_DATABASE = '.netlify/db';

const DAY_MS = 24 * 60 * 60 * 1000;
const DAY = /^\d{4}-\d{2}-\d{2}$/;

export interface ReportOptions {
  from: string;
  to: string;
  json: boolean;
  /** Also write the figures to the Sheet's RTO tab. */
  sheet: boolean;
}

/** The period and output from the command line; the last 30 days when no date is given. */
export function readOptions(argv: readonly string[], now = new Date()): ReportOptions {
  const { values } = parseArgs({
    args: [...argv],
    options: {
      from: { type: 'string' },
      to: { type: 'string' },
      json: { type: 'boolean', default: false },
      sheet: { type: 'boolean', default: false },
    },
  });
  const to = values.to ?? indiaToday(now);
  const from = values.from ?? indiaToday(new Date(Date.parse(`${to}T12:00:00+05:30`) - 29 * DAY_MS));
  for (const [name, day] of [
    ['--from', from],
    ['--to', to],
  ] as const) {
    if (!DAY.test(day) || Number.isNaN(Date.parse(day)))
      throw new Error(`${name} takes a date as YYYY-MM-DD, not ${day}.`);
  }
  if (from > to) throw new Error(`--from ${from} is after --to ${to}.`);
  return { from, to, json: values.json, sheet: values.sheet };
}

export interface OrderSource {
  db: Database;
  /** Says where the orders were read, for the report's heading. */
  where: string;
  close(): Promise<void>;
}

/** The host of a connection string, never its user or password; refused when it is not one. */
function hostOf(url: string): string {
  try {
    const host = new URL(url).hostname;
    if (host) return host;
  } catch {}
  throw new Error('NETLIFY_DB_URL is not a connection string (postgres://user:password@host/database).');
}

/** The live process other than this one that holds the local engine's folder (`<folder>.lock`), if any. */
function holderOf(folder: string): number | undefined {
  let pid: number;
  try {
    pid = Number.parseInt(readFileSync(`${folder}.lock`, 'utf8'), 10);
  } catch {
    return undefined;
  }
  if (!Number.isInteger(pid) || pid <= 0 || pid === process.pid) return undefined;
  try {
    process.kill(pid, 0);
    return pid;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM' ? pid : undefined;
  }
}

/**
 * Where the report reads the orders: the database at NETLIFY_DB_URL (production's), or the local
 * database of `npm run dev` in `directory` (from the project's root when relative; LOCAL_DB_DIR or
 * `.netlify/db` unless told), opened for this run with the migrations applied (a folder never used
 * starts empty) and refused while the dev server holds it. `note` hears which, on standard error.
 */
export async function openOrders(
  env: Record<string, string | undefined>,
  directory = env.LOCAL_DB_DIR?.trim() || LOCAL_DATABASE,
  note: (text: string) => void = (text) => process.stderr.write(text),
): Promise<OrderSource> {
  const url = env.NETLIFY_DB_URL?.trim();
  if (url) {
    const where = `the database at NETLIFY_DB_URL (${hostOf(url)})`;
    const db = openDatabase(url, { max: 1 });
    return { db, where, close: () => db.close() };
  }
  if (env.NETLIFY_SITE_ID?.trim() && env.NETLIFY_AUTH_TOKEN?.trim()) {
    throw new Error(
      'The orders are in Netlify Database now: NETLIFY_SITE_ID and NETLIFY_AUTH_TOKEN no longer choose them. ' +
        "Set NETLIFY_DB_URL to production's connection string (copied from Netlify), or unset them to read " +
        'the local database of `npm run dev`.',
    );
  }
  const folder = path.resolve(ROOT, directory);
  const shown = path.relative(process.cwd(), folder) || '.';
  const holder = holderOf(folder);
  if (holder !== undefined) {
    throw new Error(
      `The local database in ${shown} is open in another process (${holder}), the dev server most likely: ` +
        "stop it first (two engines on one folder do not see each other's writes), or set NETLIFY_DB_URL to " +
        "read production's orders.",
    );
  }
  note(
    `Reading the local database of npm run dev (${shown}); the dev server must not start until this ends. ` +
      "For production's orders, set NETLIFY_DB_URL to the connection string copied from Netlify.\n",
  );
  const local = await startLocalDatabase(ROOT, folder);
  // The engine runs every connection in one session (netlify/lib/platform/database.ts): one connection.
  const db = openDatabase(local.url, { max: 1 });
  return {
    db,
    where: `the local database of npm run dev (${shown})`,
    async close() {
      try {
        await db.close();
      } finally {
        await local.stop();
      }
    },
  };
}

export async function buildReport(db: Queries, options: ReportOptions): Promise<ReturnsReport> {
  const period = { from: options.from, to: options.to };
  return returnsReport(await reportOrders(db, period), period);
}

const percent = (value: number | null) => (value === null ? '—' : `${(value * 100).toFixed(1)} %`);
const days = (value: number | null) => (value === null ? '—' : value.toFixed(1));

function table(title: string, keyHeader: string, groups: readonly ReportGroup[]): string[] {
  const header = [keyHeader, 'orders', 'delivered', 'returned', 'RTO rate'];
  const rows = groups.map((group) => [
    group.key,
    String(group.orders),
    String(group.delivered),
    String(group.returned),
    percent(group.rtoRate),
  ]);
  const widths = header.map((cell, column) => Math.max(cell.length, ...rows.map((row) => (row[column] ?? '').length)));
  const line = (cells: readonly string[]) =>
    `  ${cells.map((cell, column) => (column === 0 ? cell.padEnd(widths[0] ?? 0) : cell.padStart(widths[column] ?? 0))).join('  ')}`;
  return ['', title, line(header), ...(rows.length > 0 ? rows.map(line) : ['  (none)'])];
}

/** The report as a person reads it in a terminal. */
export function formatReport(report: ReturnsReport, where: string): string {
  const { period } = report;
  const figures: [string, string][] = [
    ['Orders booked', String(report.orders)],
    ['Delivered', String(report.delivered)],
    ['Returned (RTO)', String(report.returned)],
    ['Lost', String(report.lost)],
    ['Cancelled', String(report.cancelled)],
    ['Still on the way', String(report.onTheWay)],
    ['RTO rate', `${percent(report.rtoRate)}  (returned / (delivered + returned))`],
    ['First-attempt delivery', `${percent(report.firstAttemptDeliveryRate)}  (of delivered)`],
    [
      'Days to delivery',
      `median ${days(report.daysToDelivery.median)}, 90th percentile ${days(report.daysToDelivery.p90)}`,
    ],
  ];
  const width = Math.max(...figures.map(([label]) => label.length));
  return [
    `Return-to-origin report: orders booked ${period.from} to ${period.to} (India), from ${where}`,
    '',
    ...figures.map(([label, value]) => `  ${label.padEnd(width)}  ${value}`),
    ...table('By payment mode', 'mode', report.byMode),
    ...table('By pincode (first three digits)', 'pincode', report.byPincode),
    ...table(
      "By the courier's stated reason (the last failed attempt; delivered and returned parcels)",
      'reason',
      report.byReason,
    ),
    ...table('COD parcels by the COD rule that spoke when the order was placed (issue 34)', 'rule', report.byCodReason),
    ...table('COD parcels by how the order was confirmed before it shipped', 'confirmed', report.byConfirmation),
    '',
  ].join('\n');
}

/**
 * How long the web app may take for a whole report (one request, a row per figure group or table
 * row): far longer than an order's rows may, and within the 6 minutes Google gives a web app.
 */
const REPORT_SHEET_TIMEOUT_MS = 3 * 60 * 1000;

/**
 * Writes a report to its tab with `upsert` (the returns and GST reports both) and answers where it
 * went: the Google Sheet, or the local tab's CSV file. Throws with the Sheets client's own message
 * when it was not written.
 */
export async function writeReportTab(
  env: Record<string, string | undefined>,
  tabName: string,
  upsert: (sheets: SheetsClient) => Promise<SheetWriteResult>,
): Promise<string> {
  const serverEnv = readServerEnv(env);
  const sheets = createSheets(serverEnv, fetch, { timeoutMs: REPORT_SHEET_TIMEOUT_MS });
  const result = await upsert(sheets);
  if (!result.ok) throw new Error(`The ${tabName} tab was not written: ${result.message}`);
  return sheets.kind === 'apps-script'
    ? 'the Google Sheet (the Apps Script at SHEETS_WEBHOOK_URL)'
    : path.join(serverEnv.LOCAL_SHEETS_DIR, `${tabName}.csv`);
}

/**
 * Writes the report's rows to the RTO tab and says where and how many; throws with the Sheets
 * client's own message when they were not written.
 */
async function writeToSheet(
  report: ReturnsReport,
  env: Record<string, string | undefined>,
  now = new Date(),
): Promise<string> {
  const rto = { report, writtenAt: now.toISOString() };
  const where = await writeReportTab(env, RTO_TAB.name, (sheets) => sheets.upsertRto(rto));
  const count = tabRows(RTO_TAB, rto).length;
  return `Wrote ${count} ${count === 1 ? 'row' : 'rows'} for ${report.period.from} to ${report.period.to} to the ${RTO_TAB.name} tab of ${where}.\n`;
}

/**
 * `print` takes the report; `tell` what was written to the Sheet when the report is JSON (so standard
 * output stays one JSON document) and which local database is read (standard error); `directory` is
 * the local database's folder, read when NETLIFY_DB_URL is not set.
 */
export async function main(
  argv: readonly string[],
  env: Record<string, string | undefined>,
  print: (text: string) => void = (text) => process.stdout.write(text),
  directory?: string,
  tell: (text: string) => void = (text) => process.stderr.write(text),
): Promise<void> {
  const options = readOptions(argv);
  const source = await openOrders(env, directory, tell);
  try {
    const report = await buildReport(source.db, options);
    print(options.json ? `${JSON.stringify(report, null, 2)}\n` : formatReport(report, source.where));
    if (options.sheet) (options.json ? tell : print)(await writeToSheet(report, env));
  } finally {
    await source.close();
  }
}

/**
 * Runs a report's `main` when `moduleUrl` is the script Node was started with (not when a test or
 * another report imports it); a failure ends it with its message and exit code 1.
 */
export async function runIfCommand(
  moduleUrl: string,
  run: (argv: readonly string[], env: Record<string, string | undefined>) => Promise<void>,
): Promise<void> {
  if (moduleUrl !== `file://${process.argv[1]}`) return;
  try {
    await run(process.argv.slice(2), process.env);
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exitCode = 1;
  }
}

await runIfCommand(import.meta.url, main);
