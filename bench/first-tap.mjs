// @ts-check
// `npm run bench:first-tap` (issue 36): how long a shopper on a slow phone waits for the first tap
// to do something. Builds the site, serves the production build on loopback as bench:pages does
// (scripts/serve.mjs) and, in Debian's Chromium driven by playwright-core, loads each route of
// bench/first-tap-controls.mjs as a phone on a slow link — the CPU slowed 4× and Slow 4G through the
// DevTools protocol, a fresh browser context (an empty cache) per load — and taps one of the page's
// main controls at its first contentful paint, or 0.5, 1 or 2 s after it. It measures from the tap
// to the frame that shows the control's effect (bench/first-tap-page.mjs says how), 3 times each,
// and prints the medians in a table against the 200 ms target; every run goes to
// bench/results/first-tap-<time>.json.
//
// Before measuring, each control is tapped once on the live page at full speed: its effect must
// show, or the bench stops (a selector that no longer matches must not read as a lost tap). The
// cart that Add to Cart leaves in localStorage there is what /cart and /checkout start with.
import { existsSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { chromium } from 'playwright-core';
import { describeEffect, TAP_ROUTES, TAP_TIMES_MS, TARGET_MS } from './first-tap-controls.mjs';
import {
  CPU_SLOWDOWN,
  checkControls,
  EFFECT_TIMEOUT_MS,
  measureTap,
  PHONE,
  SLOW_4G,
  TAP_HOLD_MS,
} from './first-tap-measure.mjs';
import {
  describeRun,
  firstTapRows,
  formatMs,
  markdownLines,
  median,
  tableLines,
  timeLabel,
} from './first-tap-report.mjs';
import { buildSite, HOST, portInUse, startServer, stopServer, waitForHealth } from './serve-build.mjs';

/** @typedef {import('./first-tap-controls.mjs').TapRoute} TapRoute */
/** @typedef {import('./first-tap-report.mjs').RunRecord} RunRecord */

const root = path.resolve(import.meta.dirname, '..');
// Not 8930/8931 (bench:pages, bench:headers), 8896 (bench:orders) nor 8897-8899 (screenshots, end-to-end runs).
const PORT = Number(process.env.BENCH_FIRST_TAP_PORT ?? 8932);
const BASE = `http://${HOST}:${PORT}`;
const RUNS = Number(process.env.BENCH_FIRST_TAP_RUNS ?? 3);
/** For trying it out: `BENCH_FIRST_TAP_ROUTES=/products/3,/cart` measures only those. */
const ONLY = process.env.BENCH_FIRST_TAP_ROUTES?.split(',').filter(Boolean);
const CHROME_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const CHROME_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];
/** Loads per measurement while the tap lands beside the control. */
const MISSED_ATTEMPTS = 3;

const started = performance.now();
const loadAtStart = os.loadavg();
/** @type {import('./serve-build.mjs').BuildServer | undefined} */
let server;
/** @type {import('playwright-core').Browser | undefined} */
let browser;

try {
  if (!Number.isInteger(RUNS) || RUNS < 1)
    throw new Error(`BENCH_FIRST_TAP_RUNS must be a whole number above 0, not ${RUNS}`);
  if (await portInUse(PORT))
    throw new Error(`${HOST}:${PORT} is in use; stop that server or set BENCH_FIRST_TAP_PORT.`);
  if (!existsSync(CHROME_PATH)) throw new Error(`no Chromium at ${CHROME_PATH}: install it or set CHROME_PATH.`);
  const routes = TAP_ROUTES.filter(({ route }) => !ONLY || ONLY.includes(route));
  if (routes.length === 0)
    throw new Error(`BENCH_FIRST_TAP_ROUTES names none of ${TAP_ROUTES.map((r) => r.route).join(', ')}`);
  buildSite();
  server = startServer({ port: PORT, name: 'first-tap' });
  console.log(`Started scripts/serve.mjs (pid ${server.child.pid}) on ${BASE}`);
  await waitForHealth(server);
  browser = await chromium.launch({ executablePath: CHROME_PATH, args: CHROME_FLAGS });
  console.log(`Started Chromium ${browser.version()}; load average ${formatLoad(loadAtStart)}`);

  const cart = await checkControls(browser, BASE, routes);
  /** @type {RunRecord[]} */
  const runs = [];
  for (let run = 1; run <= RUNS; run += 1)
    for (const { route, withCart, controls } of routes)
      for (const control of controls)
        for (const tapAfterMs of TAP_TIMES_MS) {
          // A tap that landed beside the control (the page moved under it) is not a figure: tap again.
          let missedBefore = -1;
          let record;
          do {
            missedBefore += 1;
            record = await measureTap(browser, BASE, { route, control, cart: withCart ? cart : undefined, tapAfterMs });
          } while (record.outcome.status === 'missed' && missedBefore + 1 < MISSED_ATTEMPTS);
          const { storedCart: _cart, ...figures } = record;
          runs.push({ run, route, control: control.id, tapAfterMs, missedBefore, ...figures });
          console.log(
            `  ${route} ${control.label} ${timeLabel(tapAfterMs)} run ${run}/${RUNS}: ${describeRun(record)}` +
              (missedBefore > 0 ? ` after ${missedBefore} tap(s) beside the control` : ''),
          );
        }

  const loadAtEnd = os.loadavg();
  const seconds = (performance.now() - started) / 1000;
  const rows = tableRows(routes, runs);
  printReport(rows, routes, runs, loadAtEnd);
  const file = await writeResults({ routes, runs, cart, seconds, loadAtEnd });
  console.log(`\nResults written to ${path.relative(root, file)} (${Math.round(seconds)} s)`);
} catch (error) {
  console.error(`\nbench:first-tap failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
  if (server?.output()) console.error(`\nLast server output:\n${server.output().slice(-4000)}`);
  process.exitCode = 1;
} finally {
  if (browser) {
    await browser.close();
    console.log('Stopped Chromium.');
  }
  if (server && (await stopServer(server))) console.log(`Stopped the server (pid ${server.child.pid}).`);
}

// --- Output --------------------------------------------------------------------------------------

/** @param {number[]} load */
function formatLoad(load) {
  return load.map((value) => value.toFixed(2)).join(', ');
}

/** @param {readonly TapRoute[]} routes @param {readonly RunRecord[]} runs */
function tableRows(routes, runs) {
  return firstTapRows(
    routes.flatMap(({ route, controls }) =>
      controls.map((control) => ({
        route,
        label: control.label,
        byTime: TAP_TIMES_MS.map((tapAfterMs) =>
          runs
            .filter((run) => run.route === route && run.control === control.id && run.tapAfterMs === tapAfterMs)
            .map((run) => run.outcome),
        ),
      })),
    ),
    TAP_TIMES_MS,
    TARGET_MS,
  );
}

/**
 * @param {string[][]} rows
 * @param {readonly TapRoute[]} routes
 * @param {readonly RunRecord[]} runs
 * @param {number[]} loadAtEnd
 */
function printReport(rows, routes, runs, loadAtEnd) {
  console.log(
    `\nFirst tap: CPU slowed ${CPU_SLOWDOWN}×, Slow 4G (${SLOW_4G.latency} ms, 1.6 Mbps down, 750 kbps up), ` +
      `${PHONE.viewport.width}×${PHONE.viewport.height} phone, a fresh context per load. From the tap (the finger's lift) ` +
      `to the frame that shows its effect; median of ${RUNS}. Load average: ${formatLoad(loadAtStart)} at the start, ` +
      `${formatLoad(loadAtEnd)} at the end.`,
  );
  for (const line of tableLines(rows)) console.log(line);
  console.log(`The taps came (the finger's lift, median after the paint): ${tapTimes(runs)}.`);
  console.log(
    '\nPer route (median over its runs): first contentful paint after navigation, live (hydrated) after paint',
  );
  for (const { route } of routes) {
    const mine = runs.filter((run) => run.route === route);
    const paint = median(mine.map((run) => run.paintMs ?? Number.NaN));
    const live = median(mine.map((run) => run.liveAfterPaintMs ?? Number.NaN));
    console.log(`  ${route}: paint ${formatMs(paint)}, live ${Number.isNaN(live) ? '–' : formatMs(live)} after it`);
  }
  const problems = runs.filter((run) => run.problem);
  for (const run of problems)
    console.log(`  ! ${run.route} ${run.control} ${timeLabel(run.tapAfterMs)} run ${run.run}: ${run.problem}`);
  const over = rows
    .slice(1)
    .flatMap((row) => row.slice(1))
    .filter((cell) => cell.includes('✗')).length;
  console.log(
    over === 0
      ? '\nEvery tap answered within the target.'
      : `\n${over} of ${(rows.length - 1) * TAP_TIMES_MS.length} cells over the target.`,
  );
}

/**
 * When the taps really came, per column: `at paint 120 ms, +0.5 s 590 ms, …`. A tap "at paint" comes
 * as soon as the page has told the bench of its paint, plus the finger's TAP_HOLD_MS.
 * @param {readonly RunRecord[]} runs
 */
function tapTimes(runs) {
  return TAP_TIMES_MS.map((tapAfterMs) => {
    const came = median(
      runs.filter((run) => run.tapAfterMs === tapAfterMs).map((run) => run.tapAfterPaintMs ?? Number.NaN),
    );
    return `${timeLabel(tapAfterMs)} ${Number.isNaN(came) ? '–' : formatMs(came)}`;
  }).join(', ');
}

/**
 * bench/results/first-tap-<time>.json: the set-up, each control's effect, every run.
 * @param {{ routes: readonly TapRoute[], runs: readonly RunRecord[], cart: string, seconds: number, loadAtEnd: number[] }} report
 */
async function writeResults({ routes, runs, cart, seconds, loadAtEnd }) {
  const directory = path.join(root, 'bench/results');
  await mkdir(directory, { recursive: true });
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  const file = path.join(directory, `first-tap-${stamp}.json`);
  const data = {
    at: new Date().toISOString(),
    seconds: Math.round(seconds),
    node: process.version,
    chromium: browser?.version(),
    base: BASE,
    loadAverage: { start: loadAtStart, end: loadAtEnd, cpus: os.cpus().length },
    phone: PHONE,
    cpuSlowdown: CPU_SLOWDOWN,
    network: SLOW_4G,
    tapHoldMs: TAP_HOLD_MS,
    effectTimeoutMs: EFFECT_TIMEOUT_MS,
    targetMs: TARGET_MS,
    runsPerCell: RUNS,
    measured:
      'from the tap (the timeStamp of the finger-lift event) to the requestAnimationFrame callback of the first frame in which the effect holds',
    seededCart: JSON.parse(cart),
    controls: routes.flatMap(({ route, controls }) =>
      controls.map((control) => ({
        route,
        id: control.id,
        label: control.label,
        shows: control.shows,
        effect: describeEffect(control.effect),
      })),
    ),
    table: tableRows(routes, runs),
    tableMarkdown: markdownLines(tableRows(routes, runs)).join('\n'),
    tapsCame: tapTimes(runs),
    runs,
  };
  await writeFile(file, `${JSON.stringify(data, null, 2)}\n`);
  return file;
}
