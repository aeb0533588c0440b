// The report of `npm run bench:festival` (festival-day.mjs): one scenario's results read as the
// checks that failed, and both scenarios side by side as a table.
import { callsPerMinute, caughtUpAt, clock, delaySummary, duration, minutesOverOne } from './festival-plan.mjs';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const BURST_HOURS = [10, 13, 20];
/** A row waits at most a batch's minute and the wait for the next: within this the Sheet is caught up. */
const CAUGHT_UP_MS = 2 * MINUTE;
const MAX_ORDERS = 500;

/**
 * @typedef {{ name: string; downForMs: number; start: number; endedAt: number; capped: boolean;
 *   outcomes: Record<string, number>; jobs: Record<string, number>;
 *   samples: { at: number; delayMs: number }[]; orders: number; planned: number; endings: Record<string, number>;
 *   notices: Record<string, number>; attention: Record<string, number>; tabs: string[];
 *   sheet: (ReturnType<typeof import('./festival-plan.mjs').sheetCheck> & { tab: string })[]; unwritten: string | null;
 *   email: ReturnType<typeof import('./festival-plan.mjs').emailCheck> & { requests: number };
 *   tasks: Record<string, number>; whatsappSent: number; warnings: Record<string, number>;
 *   calls: { times: number[]; refusedSimultaneous: number; killed: number };
 *   writes: { at: number; orders: number; answer: string }[]; realSeconds: number }} ScenarioResult
 */

/**
 * The figures the table shows and the results file keeps, from a scenario's raw results.
 * @param {ScenarioResult} result
 */
export function figures(result) {
  const { start } = result;
  const calls = callsPerMinute(result.calls.times, start, result.endedAt);
  const busyMinutes = minutesOverOne(result.writes, start, MAX_ORDERS);
  const day = { start, burstHours: BURST_HOURS, dayEnd: start + 24 * HOUR };
  const health = delaySummary(result.samples, day);
  const back = start + result.downForMs;
  const caughtUp = result.downForMs > 0 ? caughtUpAt(result.samples, back, CAUGHT_UP_MS) : undefined;
  const sheet = {
    orders: sum(result.sheet.map((tab) => tab.orders)),
    rows: sum(result.sheet.map((tab) => tab.rows)),
    outOfOrder: sum(result.sheet.map((tab) => tab.outOfOrder)),
    missing: result.sheet.flatMap((tab) => tab.missing),
    unexpected: result.sheet.flatMap((tab) => tab.unexpected),
    doubled: result.sheet.flatMap((tab) => tab.doubled),
    stale: result.sheet.flatMap((tab) => tab.stale),
    headersOk: result.sheet.every((tab) => tab.headerOk),
    firstDifference: result.sheet.find((tab) => tab.firstDifference)?.firstDifference,
  };
  return {
    calls,
    busyMinutes,
    health,
    failedBatches: result.writes.filter((write) => !write.answer.startsWith('wrote')).length,
    largestBatch: Math.max(0, ...result.writes.map((write) => write.orders)),
    catchUp:
      result.downForMs > 0
        ? {
            back: clock(result.downForMs),
            caughtUp: caughtUp === undefined ? undefined : clock(caughtUp - start),
            afterMs: caughtUp === undefined ? undefined : caughtUp - back,
            calls: result.calls.times.filter((at) => at >= back && at <= (caughtUp ?? Number.POSITIVE_INFINITY)).length,
          }
        : undefined,
    sheet,
  };
}

/**
 * The checks that failed, in words.
 * @param {ScenarioResult} result
 */
export function problemsOf(result) {
  const { calls, busyMinutes, sheet } = figures(result);
  const problems = [];
  const some = (/** @type {string[]} */ ids) =>
    `${ids.length} (${ids.slice(0, 3).join(', ')}${ids.length > 3 ? ', …' : ''})`;
  if (result.capped)
    problems.push(`the run reached its cap (${duration(result.endedAt - result.start)}) with work left`);
  if ((result.outcomes.placed ?? 0) !== result.planned)
    problems.push(
      `${result.outcomes.placed ?? 0} orders placed of ${result.planned}: ${JSON.stringify(result.outcomes)}`,
    );
  const strayTabs = result.tabs.filter((tab) => !result.sheet.some((checked) => checked.tab === tab));
  if (strayTabs.length > 0) problems.push(`tabs no order's rows belong to: ${strayTabs.join(', ')}`);
  if (!sheet.headersOk) problems.push('a tab whose header row is not ORDER_HEADERS');
  if (sheet.missing.length > 0) problems.push(`orders with no rows in the Sheet: ${some(sheet.missing)}`);
  if (sheet.unexpected.length > 0) problems.push(`rows of orders the log does not have: ${some(sheet.unexpected)}`);
  if (sheet.doubled.length > 0) problems.push(`orders whose rows appear twice or apart: ${some(sheet.doubled)}`);
  if (sheet.stale.length > 0)
    problems.push(
      `orders whose rows are not their newest state: ${some(sheet.stale)}; first: ${sheet.firstDifference}`,
    );
  if (result.unwritten) problems.push(`Sheet rows still unwritten at the end (oldest armed ${result.unwritten})`);
  const { email } = result;
  if (email.twiceByKey.length > 0) problems.push(`emails sent twice (same key): ${some(email.twiceByKey)}`);
  if (email.twiceByTag.length > 0) problems.push(`emails sent twice (same email_id tag): ${some(email.twiceByTag)}`);
  if (email.notSent.length > 0)
    problems.push(`emails the log shows sent that the provider never sent: ${some(email.notSent)}`);
  if (email.notInLog.length > 0) problems.push(`emails sent that the log does not show sent: ${some(email.notInLog)}`);
  const refused = busyMinutes.filter((minute) => !minute.allowed);
  if (refused.length > 0)
    problems.push(
      `minutes with more than one call without a whole batch waiting: ${refused.map((minute) => `${minute.at} [${minute.writes.join('; ')}]`).join(', ')}`,
    );
  if (calls.total !== result.writes.length)
    problems.push(`${calls.total} calls reached the Apps Script but the shop sent ${result.writes.length} batches`);
  if (result.attention.other)
    problems.push(`${result.attention.other} orders need staff's attention (not for a lost parcel)`);
  if (result.whatsappSent > 0)
    problems.push(`${result.whatsappSent} WhatsApp messages sent to shoppers who never agreed`);
  return problems;
}

const sum = (/** @type {number[]} */ values) => values.reduce((total, value) => total + value, 0);
const round = (/** @type {number} */ value, digits = 2) => Math.round(value * 10 ** digits) / 10 ** digits;
const counts = (/** @type {Record<string, number>} */ record) =>
  Object.entries(record)
    .map(([name, count]) => `${name} ${count}`)
    .join(', ');

/**
 * Both scenarios side by side: [metric, normal day, Apps Script down the first hour, target].
 * @param {readonly ScenarioResult[]} results
 * @param {{ realSeconds: number }} run
 */
export function reportRows(results, run) {
  const all = results.map((result) => ({ result, figures: figures(result) }));
  /** @param {(each: (typeof all)[number]) => unknown} cell @param {string} metric @param {string} [target] */
  const row = (metric, cell, target = '') => [metric, ...all.map((each) => String(cell(each))), target];
  const delays = [
    ...BURST_HOURS.map((hour, index) =>
      row(`Sheet's delay (/api/health): max in the burst ${clock(hour * HOUR)}–${clock((hour + 1) * HOUR)}`, (each) =>
        duration(each.figures.health.bursts[index]?.maxMs ?? 0),
      ),
    ),
    row("Sheet's delay: max outside the bursts", (each) => duration(each.figures.health.outsideMaxMs)),
    row(
      "Sheet's delay: at 24:00 / at the end",
      (each) => `${duration(each.figures.health.dayEndMs)} / ${duration(each.figures.health.endMs)}`,
    ),
  ];
  return [
    row(
      'orders placed (of the plan) / refused',
      ({ result }) =>
        `${result.outcomes.placed ?? 0} (${result.planned}) / ${result.planned - (result.outcomes.placed ?? 0)}`,
      '≥ 3,000 / 0',
    ),
    row("staff's cancellations (too late: the parcel was picked up)", ({ result }) =>
      counts(
        Object.fromEntries(
          Object.entries(result.outcomes)
            .filter(([name]) => name.startsWith('cancel: '))
            .map(([name, count]) => [name.slice('cancel: '.length), count]),
        ),
      ),
    ),
    row("orders' endings", ({ result }) => counts(result.endings)),
    row(
      'simulated span (real time)',
      ({ result }) => `00:00–${clock(result.endedAt - result.start)} (${round(result.realSeconds, 0)} s)`,
    ),
    row('calls to the Apps Script', ({ figures }) => figures.calls.total),
    row(
      'calls per minute: max / mean (all minutes) / mean (minutes with calls)',
      ({ figures }) =>
        `${figures.calls.max} / ${round(figures.calls.meanAll, 3)} / ${round(figures.calls.meanWithCalls, 2)}`,
      '1 / — / 1',
    ),
    row(
      'minutes with more than one call (allowed: a whole batch of 500 left more)',
      ({ figures }) =>
        `${figures.busyMinutes.length} (${figures.busyMinutes.filter((minute) => minute.allowed).length} allowed)`,
      'all allowed',
    ),
    row(
      'orders in a batch: largest / mean',
      ({ result, figures }) =>
        `${figures.largestBatch} / ${round(sum(result.writes.map((write) => write.orders)) / Math.max(1, result.writes.length), 1)}`,
      `≤ ${MAX_ORDERS}`,
    ),
    row(
      'batches failed (not written) / refused (30 at once) / killed (6 min)',
      ({ result, figures }) =>
        `${figures.failedBatches} / ${result.calls.refusedSimultaneous} / ${result.calls.killed}`,
    ),
    ...delays,
    row('Apps Script back at / Sheet caught up (delay ≤ 2 min) at / after / calls it took', ({ figures }) =>
      figures.catchUp
        ? `${figures.catchUp.back} / ${figures.catchUp.caughtUp ?? 'never'} / ${figures.catchUp.afterMs === undefined ? '—' : duration(figures.catchUp.afterMs)} / ${figures.catchUp.calls}`
        : '—',
    ),
    row(
      'Sheet: orders / rows / missing / doubled / not newest',
      ({ figures }) =>
        `${figures.sheet.orders} / ${figures.sheet.rows} / ${figures.sheet.missing.length} / ${figures.sheet.doubled.length} / ${figures.sheet.stale.length}`,
      '— / — / 0 / 0 / 0',
    ),
    row(
      "orders whose rows sit below a newer order's (written out of order)",
      ({ figures }) => figures.sheet.outOfOrder,
    ),
    row(
      'Sheet rows unwritten at the end',
      ({ result }) => (result.unwritten ? `since ${result.unwritten}` : 'none'),
      'none',
    ),
    row(
      'emails sent (log shows sent) / twice / not sent / not in log',
      ({ result }) =>
        `${result.email.sent} (${result.email.expected}) / ${result.email.twiceByKey.length + result.email.twiceByTag.length} / ${result.email.notSent.length} / ${result.email.notInLog.length}`,
      'equal / 0 / 0 / 0',
    ),
    row('requests to Resend (a repeat is absorbed by its key)', ({ result }) => result.email.requests),
    row('email notices by state', ({ result }) =>
      counts(Object.fromEntries(Object.entries(result.notices).filter(([name]) => name.startsWith('email')))),
    ),
    row(
      'orders needing attention / WhatsApp messages',
      ({ result }) => `${counts(result.attention) || 'none'} / ${result.whatsappSent}`,
      'lost parcels only / 0',
    ),
    row(
      'parcel sync: requests / deferred; reconcile deferred',
      ({ result }) => `${result.jobs.syncRequests} / ${result.jobs.syncDeferred}; ${result.jobs.reconcileDeferred}`,
    ),
    row("warnings the shop's code logged", ({ result }) => sum(Object.values(result.warnings))),
    ['real time, both scenarios', `${round(run.realSeconds, 0)} s`, '', '< 15 min'],
  ];
}

/**
 * The table, then each scenario's minutes with more than one call, and what they were.
 * @param {string[][]} rows
 * @param {readonly ScenarioResult[]} results
 */
export function printReport(rows, results) {
  const table = [['metric', ...results.map((result) => result.name), 'target'], ...rows];
  const widths = table[0]?.map((_, column) => Math.max(...table.map((cells) => cells[column]?.length ?? 0))) ?? [];
  const line = (/** @type {string[]} */ cells) =>
    cells.map((cell, column) => cell.padEnd(widths[column] ?? 0)).join('  ');
  console.log(`\n${line(table[0] ?? [])}\n${widths.map((width) => '-'.repeat(width)).join('  ')}`);
  for (const cells of table.slice(1)) console.log(line(cells));
  for (const result of results) {
    const busy = figures(result).busyMinutes;
    if (busy.length === 0) continue;
    console.log(`\n${result.name}: minutes with more than one call to the Apps Script (the batches in each):`);
    for (const minute of busy)
      console.log(`  ${minute.at}  ${minute.writes.join('; ')}${minute.allowed ? '' : '  ← no whole batch waiting'}`);
  }
}
