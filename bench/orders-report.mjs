// Part of `npm run bench:orders`: the report. What must hold of the run (every order in the log and the
// sheet exactly once, booked and invoiced once, "not found" alike for known and unknown ids), the table
// printed with its targets, and the results file, bench/results/orders-<time>.json.
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { NOT_FOUND_TARGET_Z } from './not-found.mjs';
import {
  BASE,
  CART,
  DATABASE,
  ORDERS,
  QUOTE_CONNECTIONS,
  QUOTE_SECONDS,
  RESEND_CONCURRENCY,
  root,
  STATEMENTS_TARGET,
} from './orders-settings.mjs';

/**
 * @param {{
 *   databaseShown: string,
 *   counting: boolean,
 *   clientTotal: number,
 *   quoteRun: import('autocannon').Result,
 *   placed: Awaited<ReturnType<typeof import('./orders-place.mjs').placeOrders>>,
 *   placingStatements: Awaited<ReturnType<typeof import('./orders-statements.mjs').serverStatements>>,
 *   confirming: Awaited<ReturnType<typeof import('./orders-confirm.mjs').confirmTwice>>,
 *   notFound: Awaited<ReturnType<typeof import('./not-found.mjs').measureNotFound>>,
 * }} figures
 */
export function ordersReport(figures) {
  const { databaseShown, counting, clientTotal, quoteRun, placed, placingStatements, confirming, notFound } = figures;
  const { beforeConfirming, confirmations, confirmingStatements, repeats, confirmed, repeatStatements } = confirming;
  // What must hold once the outbox has resent: every order in the log and the sheet exactly once.
  // (First-attempt answers are reported, not required: see the table.)
  const ok =
    placed.sentIds.length === ORDERS &&
    placed.renamed === 0 &&
    placed.sheet.distinctIds === ORDERS &&
    placed.sheet.dataRows === ORDERS * CART.length &&
    placed.sheet.doubled === 0 &&
    placed.sheet.unexpectedRows === 0 &&
    placed.placedMessages === ORDERS &&
    placed.outbox.length === ORDERS &&
    placed.log.orders === ORDERS &&
    placed.log.unreadable === 0 &&
    beforeConfirming.awaiting === ORDERS &&
    beforeConfirming.bookings === 0 &&
    confirmations.outcomes['confirmation: confirmed'] === ORDERS &&
    repeats.outcomes['confirmation: already confirmed'] === ORDERS &&
    confirmed.bookings === ORDERS &&
    confirmed.bookedTwice === 0 &&
    confirmed.forwarded === ORDERS &&
    confirmed.invoices.taken === ORDERS &&
    confirmed.invoices.distinct === ORDERS &&
    confirmed.invoices.consecutive &&
    confirmed.invoicedTwice === 0 &&
    notFound.every((run) => run.statuses.length === 1 && run.statuses[0] === 404);

  /**
   * @param {string} phase
   * @param {Awaited<ReturnType<typeof import('./orders-statements.mjs').serverStatements>>} counted
   * @param {string} target
   */
  const statementRow = (phase, counted, target) => [
    `DB statements per order, ${phase} (without BEGIN/COMMIT)`,
    counted
      ? `${round(counted.perOrder, 2)} (${round(counted.perOrderWithoutTransaction, 2)}); ${counted.calls} in all`
      : 'not counted on the local engine',
    target,
  ];
  const rows = [
    ['database', databaseShown, ''],
    ['shipping quote p50 (ms)', quoteRun.latency.p50, ''],
    ['shipping quote p99 (ms)', quoteRun.latency.p99, ''],
    ['shipping quote req/s (mean)', round(quoteRun.requests.average, 2), ''],
    ['shipping quote requests completed', quoteRun.requests.total, ''],
    [
      'shipping quote non-2xx / errors / timeouts',
      `${quoteRun.non2xx} / ${quoteRun.errors} / ${quoteRun.timeouts}`,
      '0 / 0 / 0',
    ],
    ['COD orders sent at once (distinct ids)', new Set(placed.sentIds).size, ORDERS],
    ['COD first answers by status', JSON.stringify(placed.firstStatuses), `{"201":${ORDERS}}`],
    ['COD connection errors / timeouts', `${placed.orderRun.errors} / ${placed.orderRun.timeouts}`, '0 / 0'],
    ['COD wall time for all (s)', round(placed.orderSeconds, 2), ''],
    statementRow('placing (with resends)', placingStatements, `≤ ${STATEMENTS_TARGET}`),
    ['COD orders/s (2xx answers / wall time)', round((placed.firstStatuses[201] ?? 0) / placed.orderSeconds, 2), ''],
    [
      'COD latency p50 / p99 / max (ms)',
      `${placed.orderRun.latency.p50} / ${placed.orderRun.latency.p99} / ${placed.orderRun.latency.max}`,
      '',
    ],
    [
      'after the burst: log records / forwarded / sheet ids',
      `${placed.firstLog.orders} / ${placed.firstLog.forwarded} / ${placed.firstSheet.distinctIds}`,
      '',
    ],
    ['outbox resends by status', JSON.stringify(placed.resendStatuses), ''],
    [
      'WhatsApp order_placed messages / all messages',
      `${placed.placedMessages} / ${placed.outbox.length}`,
      `${ORDERS} / ${ORDERS}`,
    ],
    ['outbox resend time (s)', round(placed.resendSeconds, 2), ''],
    ['orders answered 2xx (after one resend round)', placed.answered.size, ''],
    ['orders answered under another id', placed.renamed, 0],
    ['Orders.csv distinct order ids', placed.sheet.distinctIds, ORDERS],
    ['Orders.csv item rows (2 per order)', placed.sheet.dataRows, ORDERS * CART.length],
    ['Orders.csv ids written more than once', placed.sheet.doubled, 0],
    ['Orders.csv unexpected rows (extra headers, foreign ids)', placed.sheet.unexpectedRows, 0],
    ['order log records (database rows)', placed.log.orders, ORDERS],
    ['order log records unreadable (malformed record)', placed.log.unreadable, 0],
    [
      'awaiting confirmation / booked, before any confirmation',
      `${beforeConfirming.awaiting} / ${beforeConfirming.bookings}`,
      `${ORDERS} / 0`,
    ],
    [
      '200 confirmations at once: outcomes',
      JSON.stringify(confirmations.outcomes),
      `{"confirmation: confirmed":${ORDERS}}`,
    ],
    [
      'confirmation wall time for all (s) / dropped and sent again / non-2xx',
      `${round(confirmations.seconds, 2)} / ${confirmations.redelivered} / ${confirmations.non2xx}`,
      '',
    ],
    statementRow('confirming', confirmingStatements, `≤ ${STATEMENTS_TARGET}`),
    [
      'GST invoices of the 200 bookings: taken / distinct / numbers / a gap / issued twice',
      `${confirmed.invoices.taken} / ${confirmed.invoices.distinct} / ${confirmed.invoices.first}..${confirmed.invoices.last} / ${confirmed.invoices.consecutive ? 'no' : 'yes'} / ${confirmed.invoicedTwice}`,
      `${ORDERS} / ${ORDERS} / n..n+${ORDERS - 1} / no / 0`,
    ],
    ['the same 200 again: outcomes', JSON.stringify(repeats.outcomes), `{"confirmation: already confirmed":${ORDERS}}`],
    ['the same 200 again: wall time for all (s)', round(repeats.seconds, 2), ''],
    statementRow('the same confirmations again', repeatStatements, ''),
    [
      'bookings made / orders booked twice / forwarded',
      `${confirmed.bookings} / ${confirmed.bookedTwice} / ${confirmed.forwarded}`,
      `${ORDERS} / 0 / ${ORDERS}`,
    ],
    ...notFound.flatMap((run) => [
      [`${run.name} not found: statuses`, JSON.stringify(run.statuses), '[404]'],
      [
        `${run.name} not found median ms: known id / unknown id (${run.samples} each)`,
        `${round(run.knownMedianMs, 2)} / ${round(run.unknownMedianMs, 2)}`,
        '',
      ],
      [`${run.name} not found: difference of medians (ms)`, round(run.differenceMs, 2), ''],
      [
        `${run.name} not found: known slower than unknown, Mann–Whitney z`,
        round(run.z, 1),
        `|z| < ${NOT_FOUND_TARGET_Z}`,
      ],
    ]),
  ];
  return {
    ok,
    rows,
    database: { kind: DATABASE, shown: databaseShown },
    statements: {
      countedBy: counting ? 'pg_stat_statements (calls of the server role; BEGIN, COMMIT and ROLLBACK counted)' : null,
      placing: placingStatements,
      confirming: confirmingStatements,
      repeated: repeatStatements,
    },
    quote: {
      connections: QUOTE_CONNECTIONS,
      seconds: QUOTE_SECONDS,
      latency: quoteRun.latency,
      requests: quoteRun.requests,
      non2xx: quoteRun.non2xx,
      errors: quoteRun.errors,
      timeouts: quoteRun.timeouts,
    },
    cod: {
      orders: ORDERS,
      clientTotal,
      wallSeconds: placed.orderSeconds,
      latency: placed.orderRun.latency,
      firstStatuses: placed.firstStatuses,
      errors: placed.orderRun.errors,
      timeouts: placed.orderRun.timeouts,
      afterBurst: { log: placed.firstLog, sheet: placed.firstSheet },
      resend: {
        count: placed.unanswered.length,
        concurrency: RESEND_CONCURRENCY,
        statuses: placed.resendStatuses,
        seconds: placed.resendSeconds,
      },
      answered: placed.answered.size,
      renamed: placed.renamed,
    },
    sheet: placed.sheet,
    log: { ...placed.log, confirmTexts: undefined },
    confirmation: {
      before: beforeConfirming,
      first: confirmations,
      repeated: repeats,
      after: { ...confirmed, confirmTexts: undefined },
    },
    notFound,
  };
}

/**
 * @param {number} value
 * @param {number} [digits]
 */
function round(value, digits = 0) {
  const factor = 10 ** digits;
  return Math.round(value * factor) / factor;
}

/** @param {unknown[][]} rows */
export function printTable(rows) {
  const table = [['metric', 'value', 'target'], ...rows.map((row) => row.map(String))];
  const widths = [0, 1, 2].map((column) => Math.max(...table.map((row) => row[column]?.length ?? 0)));
  const line = (/** @type {string[]} */ row) => row.map((cell, column) => cell.padEnd(widths[column] ?? 0)).join('  ');
  console.log(`\n${line(table[0] ?? [])}\n${widths.map((width) => '-'.repeat(width)).join('  ')}`);
  for (const row of table.slice(1)) console.log(line(row));
}

/** @param {{ rows: unknown[][] } & Record<string, unknown>} report */
export async function writeResults(report) {
  const directory = path.join(root, 'bench/results');
  await mkdir(directory, { recursive: true });
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  const file = path.join(directory, `orders-${stamp}.json`);
  const { rows: _rows, ...data } = report;
  const meta = { at: new Date().toISOString(), node: process.version, base: BASE };
  await writeFile(file, `${JSON.stringify({ ...meta, ...data }, null, 2)}\n`);
  return file;
}
