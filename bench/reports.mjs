// `npm run bench:reports`: the two reports over 10,000 orders (issue 47). A throw-away PostgreSQL
// server (scripts/throwaway-postgres.ts, the migrations applied to a schema of its own) is filled
// with 10,000 orders placed from August to November 2026, each written as the shop writes it, through
// the order log (netlify/lib/orders/order-log.ts): placed, then confirmed (COD), booked and invoiced,
// then delivered, returned (after failed attempts), lost, cancelled before pickup with a credit note,
// or still on its way. Then it times `report:gst` for one month and `report:returns` for one month,
// through the scripts' own `buildReport` (scripts/report-gst.ts, scripts/report-returns.ts): the
// rows read, the statements, the time in the database and in all, and the figures, checked against
// what was written (every document of the month once, every parcel booked in the period once).
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { indiaToday } from '#shop/dates.ts';
import { createOrderLog } from '../netlify/lib/orders/order-log.ts';
import { openDatabase } from '../netlify/lib/platform/database.ts';
import { buildReport as buildGstReport } from '../scripts/report-gst.ts';
import { buildReport as buildReturnsReport } from '../scripts/report-returns.ts';
import { createSchema, startThrowawayPostgres } from '../scripts/throwaway-postgres.ts';
import { booked, ended, FIRST_PLACED, LAST_PLACED, planOrders } from './reports-plan.mjs';

const root = path.resolve(import.meta.dirname, '..');
const ORDERS = Number(process.env.BENCH_REPORT_ORDERS ?? 10_000);
/** The month and the period the reports are timed on: a full month in the middle of the orders. */
const GST_MONTH = '2026-10';
const RETURNS_PERIOD = { from: '2026-10-01', to: '2026-10-31' };
/** Each report is run once, then this many times more: the first and the median of the rest. */
const RUNS = 5;
/** Orders written at once while filling (the fill's pool). */
const FILL_CONCURRENCY = 16;
const SCHEMA = 'bench_reports';

/**
 * Runs `work` on every item, `concurrency` at a time.
 * @template T
 * @param {readonly T[]} items
 * @param {number} concurrency
 * @param {(item: T) => Promise<void>} work
 */
async function eachAtOnce(items, concurrency, work) {
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < items.length) {
        const item = /** @type {T} */ (items[next]);
        next += 1;
        await work(item);
      }
    }),
  );
}

/**
 * The database as the reports see it, counting what they ask of it: statements, rows answered and
 * the time spent waiting for them.
 * @param {import('../netlify/lib/platform/database.ts').Database} db
 */
function counted(db) {
  const tally = { statements: 0, rows: 0, ms: 0 };
  /** @type {import('../netlify/lib/platform/database.ts').Database} */
  const queries = {
    ...db,
    async query(text, params) {
      const started = performance.now();
      const rows = await db.query(text, params);
      tally.ms += performance.now() - started;
      tally.statements += 1;
      tally.rows += rows.length;
      return /** @type {never} */ (rows);
    },
    get statements() {
      return tally.statements;
    },
  };
  return { queries, tally };
}

/**
 * Runs a report once, then RUNS times more: the first run's and the median run's time, the rows
 * and statements of one run, and its answer.
 * @template R
 * @param {import('../netlify/lib/platform/database.ts').Database} db
 * @param {(db: import('../netlify/lib/platform/database.ts').Database) => Promise<R>} run
 */
async function timeReport(db, run) {
  /** @type {{ ms: number, dbMs: number, statements: number, rows: number }[]} */
  const runs = [];
  /** @type {R | undefined} */
  let answer;
  for (let index = 0; index <= RUNS; index += 1) {
    const { queries, tally } = counted(db);
    const started = performance.now();
    answer = await run(queries);
    runs.push({ ms: performance.now() - started, dbMs: tally.ms, statements: tally.statements, rows: tally.rows });
  }
  const [first, ...rest] = runs;
  const median = [...rest].sort((a, b) => a.ms - b.ms)[Math.floor(rest.length / 2)];
  return { first, median, runs, answer: /** @type {R} */ (answer) };
}

const round = (/** @type {number} */ value, digits = 0) => Math.round(value * 10 ** digits) / 10 ** digits;
const rupees = (/** @type {number} */ paise) =>
  `₹${(paise / 100).toLocaleString('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
const percent = (/** @type {number | null} */ value) => (value === null ? '—' : `${round(value * 100, 1)} %`);
const inMonth = (/** @type {number} */ ms, /** @type {string} */ month) => indiaToday(new Date(ms)).startsWith(month);
const inPeriod = (/** @type {number} */ ms) => {
  const day = indiaToday(new Date(ms));
  return day >= RETURNS_PERIOD.from && day <= RETURNS_PERIOD.to;
};

// ---------------------------------------------------------------------------------------------

const { plans, lastNumbers } = planOrders(ORDERS);

const postgres = await startThrowawayPostgres();
await createSchema(postgres.url, SCHEMA);
const db = openDatabase(postgres.url, { schema: SCHEMA, max: FILL_CONCURRENCY });
let failed = false;
try {
  const log = createOrderLog(db);
  console.log(
    `Writing ${ORDERS} orders through the order log (placed, booked and invoiced, ended), ${FILL_CONCURRENCY} at a time…`,
  );
  const fillStarted = performance.now();
  const statementsBefore = db.statements;
  await eachAtOnce(plans, FILL_CONCURRENCY, async (plan) => {
    const result = await log.create(plan.placed);
    if (!result.created) throw new Error(`${plan.placed.orderId} was placed twice`);
    await log.update(plan.placed.orderId, (order) => booked(order, plan));
    await log.update(plan.placed.orderId, (order) => ended(order, plan));
  });
  // The counters as the invoices' transactions leave them (invoices/serial.ts).
  for (const [series, last] of lastNumbers) {
    await db.query('insert into document_series (series, last) values ($1, $2)', [series, last]);
  }
  const fillSeconds = (performance.now() - fillStarted) / 1000;
  const fillStatements = db.statements - statementsBefore;
  // What autovacuum does after a load this size, before the reports run.
  await db.query('analyze');
  const [size] = await db.query(
    `select pg_size_pretty(sum(pg_total_relation_size(c.oid))) as size, (select count(*)::int from orders) as orders,
       (select count(*)::int from order_events) as events, (select count(*)::int from tasks) as tasks
     from pg_class c join pg_namespace n on n.oid = c.relnamespace where n.nspname = $1 and c.relkind = 'r'`,
    [SCHEMA],
  );
  console.log(
    `Wrote ${size?.orders} orders (${size?.events} history rows, ${size?.tasks} tasks; ${size?.size} with indexes) in ${round(fillSeconds, 1)} s, ${fillStatements} statements.`,
  );

  // What the reports must find: every document dated in the month, every parcel booked in the period.
  const expectedInvoices = plans.filter((plan) => inMonth(plan.bookedAt, GST_MONTH)).length;
  const expectedCreditNotes = plans.filter(
    (plan) => plan.outcome === 'credit-noted' && inMonth(plan.endAt, GST_MONTH),
  ).length;
  const expectedParcels = plans.filter((plan) => inPeriod(plan.bookedAt));
  const expectedOutcomes = {
    delivered: expectedParcels.filter((plan) => plan.outcome.startsWith('delivered')).length,
    returned: expectedParcels.filter((plan) => plan.outcome === 'returned').length,
    lost: expectedParcels.filter((plan) => plan.outcome === 'lost').length,
    cancelled: expectedParcels.filter((plan) => plan.outcome === 'credit-noted').length,
  };

  console.log(
    `Timing report:gst for ${GST_MONTH} and report:returns for ${RETURNS_PERIOD.from} to ${RETURNS_PERIOD.to}, ${RUNS + 1} runs each…`,
  );
  const gst = await timeReport(db, (queries) => buildGstReport(queries, GST_MONTH));
  const returns = await timeReport(db, (queries) =>
    buildReturnsReport(queries, { ...RETURNS_PERIOD, json: false, sheet: false }),
  );

  const invoices = gst.answer.documents.filter((row) => row.kind === 'invoice').length;
  const creditNotes = gst.answer.documents.filter((row) => row.kind === 'credit-note').length;
  const gstOk = invoices === expectedInvoices && creditNotes === expectedCreditNotes;
  const report = returns.answer;
  const returnsOk =
    report.orders === expectedParcels.length &&
    report.delivered === expectedOutcomes.delivered &&
    report.returned === expectedOutcomes.returned &&
    report.lost === expectedOutcomes.lost &&
    report.cancelled === expectedOutcomes.cancelled;
  failed = !gstOk || !returnsOk;

  /** @param {{ first?: { ms: number, dbMs: number }, median?: { ms: number, dbMs: number } }} timed */
  const times = (timed) =>
    `${round(timed.first?.ms ?? 0)} / ${round(timed.median?.ms ?? 0)} (database ${round(timed.first?.dbMs ?? 0)} / ${round(timed.median?.dbMs ?? 0)})`;
  const rows = [
    [
      'orders in the database',
      `${size?.orders} (placed ${indiaToday(new Date(FIRST_PLACED))} to ${indiaToday(new Date(LAST_PLACED))})`,
      ORDERS,
    ],
    ['fill: time (s) / statements', `${round(fillSeconds, 1)} / ${fillStatements}`, ''],
    [`report:gst ${GST_MONTH}: ms, first run / median of ${RUNS}`, times(gst), ''],
    ['report:gst: statements / rows read (orders) per run', `${gst.first?.statements} / ${gst.first?.rows}`, ''],
    [
      'report:gst: invoices / credit notes in the month',
      `${invoices} / ${creditNotes}`,
      `${expectedInvoices} / ${expectedCreditNotes}`,
    ],
    [
      'report:gst: taxable / CGST / SGST / IGST / total',
      [
        gst.answer.totals.taxablePaise,
        gst.answer.totals.cgstPaise,
        gst.answer.totals.sgstPaise,
        gst.answer.totals.igstPaise,
        gst.answer.totals.totalPaise,
      ]
        .map(rupees)
        .join(' / '),
      '',
    ],
    [
      'report:gst: B2B / B2C large / B2C small rows, HSN rows, States, warnings',
      `${gst.answer.b2b.length} / ${gst.answer.b2cl.length} / ${gst.answer.b2cs.length}, ${gst.answer.hsn.length}, ${gst.answer.byState.length}, ${gst.answer.warnings.length}`,
      '',
    ],
    [
      `report:returns ${RETURNS_PERIOD.from}..${RETURNS_PERIOD.to}: ms, first run / median of ${RUNS}`,
      times(returns),
      '',
    ],
    [
      'report:returns: statements / rows read (orders) per run',
      `${returns.first?.statements} / ${returns.first?.rows}`,
      '',
    ],
    [
      'report:returns: parcels / delivered / returned / lost / cancelled / on the way',
      `${report.orders} / ${report.delivered} / ${report.returned} / ${report.lost} / ${report.cancelled} / ${report.onTheWay}`,
      `${expectedParcels.length} / ${expectedOutcomes.delivered} / ${expectedOutcomes.returned} / ${expectedOutcomes.lost} / ${expectedOutcomes.cancelled} / 0`,
    ],
    [
      'report:returns: RTO rate / first-attempt delivery / days to delivery (median, p90)',
      `${percent(report.rtoRate)} / ${percent(report.firstAttemptDeliveryRate)} / ${report.daysToDelivery.median}, ${report.daysToDelivery.p90}`,
      '',
    ],
  ];
  const table = [['metric', 'value', 'expected'], ...rows.map((row) => row.map(String))];
  const widths = [0, 1, 2].map((column) => Math.max(...table.map((row) => row[column]?.length ?? 0)));
  const line = (/** @type {string[]} */ row) =>
    row
      .map((cell, column) => cell.padEnd(widths[column] ?? 0))
      .join('  ')
      .trimEnd();
  console.log(`\n${line(table[0] ?? [])}\n${widths.map((width) => '-'.repeat(width)).join('  ')}`);
  for (const row of table.slice(1)) console.log(line(row));

  const directory = path.join(root, 'bench/results');
  await mkdir(directory, { recursive: true });
  const file = path.join(directory, `reports-${new Date().toISOString().replace(/[:.]/g, '-')}.json`);
  await writeFile(
    file,
    `${JSON.stringify(
      {
        at: new Date().toISOString(),
        node: process.version,
        ok: !failed,
        orders: ORDERS,
        database: { schema: SCHEMA, ...size },
        fill: { seconds: fillSeconds, statements: fillStatements, concurrency: FILL_CONCURRENCY },
        gst: {
          month: GST_MONTH,
          runs: gst.runs,
          invoices,
          creditNotes,
          expected: { invoices: expectedInvoices, creditNotes: expectedCreditNotes },
          totals: gst.answer.totals,
          warnings: gst.answer.warnings,
        },
        returns: {
          period: RETURNS_PERIOD,
          runs: returns.runs,
          expected: { parcels: expectedParcels.length, ...expectedOutcomes },
          report: { ...report, byPincode: undefined },
        },
      },
      null,
      2,
    )}\n`,
  );
  console.log(`\nResults written to ${path.relative(root, file)}`);
  if (failed) console.error('\nbench:reports: a report did not find what was written (see the table).');
} catch (error) {
  failed = true;
  console.error(`bench:reports failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
} finally {
  await db.close();
  await postgres.stop();
}
if (failed) process.exitCode = 1;
