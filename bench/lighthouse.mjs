// @ts-check
// `npm run bench:pages`: builds the site, serves the production build on loopback
// (scripts/serve.mjs) and measures the main routes with Lighthouse in Debian's Chromium — the
// default (mobile) config with simulated throttling, median of 3 runs per route — beside each
// route's first-load JavaScript and CSS read from the build (bench/route-weight.mjs). Prints a
// table with the targets of bench/targets.mjs and writes JSON to bench/results/.
//
// /checkout is measured with a cart: it is seeded in localStorage before each run, and the run
// keeps storage (`disableStorageReset`) after the bench cleared the cache itself. An empty cart
// sends the page to /cart, so every run must end on /checkout, and the order summary is checked
// in the browser afterwards.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { defaultSettings } from 'lighthouse/core/config/constants.js';
import { computeMedianRun, filterToValidRuns } from 'lighthouse/core/lib/median-run.js';
import { chromium } from 'playwright-core';
import { routeWeight } from './route-weight.mjs';
import { HOST, portInUse, startServer, stopServer, waitForHealth } from './serve-build.mjs';
import { KB, meets, TARGETS } from './targets.mjs';

/** @typedef {import('./targets.mjs').Target} Target */
/** @typedef {import('./route-weight.mjs').RouteWeight} RouteWeight */
/** @typedef {import('lighthouse').Result} Lhr */

const root = path.resolve(import.meta.dirname, '..');
const CLIENT_DIR = path.join(root, 'build/client');
// Not 8896 (bench:orders) nor 8897-8899 (screenshots, end-to-end runs).
const PORT = Number(process.env.BENCH_PAGES_PORT ?? 8930);
const BASE = `http://${HOST}:${PORT}`;
const RUNS = 3;
const ROUTES = ['/', '/products', '/products/3', '/blog/1', '/who-are-we/recipes', '/checkout'];
const PRODUCT_ROUTE = '/products/3';
const CHECKOUT_ROUTE = '/checkout';
const CHROME_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const CHROME_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];
/** The cart as the shop stores it (src/shop/cart.ts, key `cart`); the page rebuilds each line from the catalogue. */
const CART_STORAGE_KEY = 'cart';
const CART = [
  { productId: 3, size: '495gm', quantity: 1 },
  { productId: 1, size: '500gm', quantity: 2 },
];
const CATEGORIES = /** @type {const} */ (['performance', 'accessibility', 'best-practices', 'seo']);

const started = performance.now();
/** @type {import('./serve-build.mjs').BuildServer | undefined} */
let server;
/** @type {chromeLauncher.LaunchedChrome | undefined} */
let chrome;
// An uncaught error skips `finally`: Chromium must not outlive the bench either way.
process.on('exit', () => {
  try {
    if (chrome) process.kill(chrome.pid, 'SIGKILL');
  } catch {
    // already gone
  }
});

try {
  if (await portInUse(PORT)) throw new Error(`${HOST}:${PORT} is in use; stop that server or set BENCH_PAGES_PORT.`);
  // chrome-launcher reports a missing binary as an unhandled 'error' event, which no catch sees.
  if (!existsSync(CHROME_PATH)) throw new Error(`no Chromium at ${CHROME_PATH}: install it or set CHROME_PATH.`);
  buildSite();
  server = startServer({ port: PORT });
  console.log(`Started scripts/serve.mjs (pid ${server.child.pid}) on ${BASE}`);
  await waitForHealth(server);
  chrome = await chromeLauncher.launch({ chromePath: CHROME_PATH, chromeFlags: CHROME_FLAGS, logLevel: 'silent' });
  console.log(`Started Chromium (pid ${chrome.pid}, DevTools port ${chrome.port})`);

  /** @type {RouteResult[]} */
  const results = [];
  for (const route of ROUTES) results.push(await measureRoute(route, chrome.port));
  await checkCheckoutShowsCart(chrome.port);
  await clearCart(chrome.port);

  const seconds = (performance.now() - started) / 1000;
  printTables(results);
  const file = await writeResults(results, seconds);
  console.log(`\nResults written to ${path.relative(root, file)} (${Math.round(seconds)} s)`);
} catch (error) {
  console.error(`\nbench:pages failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
  if (server?.output()) console.error(`\nLast server output:\n${server.output().slice(-4000)}`);
  process.exitCode = 1;
} finally {
  if (chrome) {
    await chrome.kill();
    console.log(`Stopped Chromium (pid ${chrome.pid}).`);
    chrome = undefined;
  }
  if (server && (await stopServer(server))) console.log(`Stopped the server (pid ${server.child.pid}).`);
}

// ---------------------------------------------------------------------------------------------

function buildSite() {
  console.log('Building (npm run build)…');
  const buildStarted = performance.now();
  const result = spawnSync('npm', ['run', 'build'], { cwd: root, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  if (result.status !== 0) {
    console.error(`${result.stdout ?? ''}${result.stderr ?? ''}`.slice(-8000));
    throw new Error(`npm run build failed (exit ${result.status ?? result.signal})`);
  }
  console.log(`Built in ${((performance.now() - buildStarted) / 1000).toFixed(1)} s`);
}

/**
 * @typedef {{
 *   route: string,
 *   median: Lhr,
 *   medianIndex: number,
 *   runs: RunSummary[],
 *   weight: RouteWeight,
 * }} RouteResult
 * @typedef {ReturnType<typeof summarise>} RunSummary
 */

/**
 * @param {string} route
 * @param {number} port Chromium's DevTools port
 * @returns {Promise<RouteResult>}
 */
async function measureRoute(route, port) {
  const withCart = route === CHECKOUT_ROUTE;
  /** @type {Lhr[]} */
  const runs = [];
  for (let run = 1; run <= RUNS; run += 1) {
    if (withCart) await seedCart(port);
    const runStarted = performance.now();
    const result = await lighthouse(`${BASE}${route}`, {
      port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: [...CATEGORIES],
      // Keep the seeded cart; seedCart cleared the cache and the rest as Lighthouse would.
      disableStorageReset: withCart,
    });
    if (!result) throw new Error(`Lighthouse returned no result for ${route}`);
    const { lhr } = result;
    if (lhr.runtimeError)
      throw new Error(`Lighthouse on ${route}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
    const finalPath = new URL(lhr.finalDisplayedUrl).pathname.replace(/\/$/, '') || '/';
    if (finalPath !== route)
      throw new Error(
        `Lighthouse on ${route} ended on ${lhr.finalDisplayedUrl}${withCart ? ' (was the cart empty?)' : ''}`,
      );
    runs.push(lhr);
    const summary = summarise(lhr);
    console.log(
      `  ${route} run ${run}/${RUNS}: performance ${summary.performance}, LCP ${formatMs(summary.lcpMs)}, ` +
        `TBT ${formatMs(summary.tbtMs)}, CPU benchmark ${Math.round(summary.benchmarkIndex)} ` +
        `(${((performance.now() - runStarted) / 1000).toFixed(1)} s)`,
    );
  }
  const valid = filterToValidRuns(runs);
  if (valid.length === 0) throw new Error(`No Lighthouse run of ${route} had both FCP and TTI`);
  const median = computeMedianRun(valid);
  return {
    route,
    median,
    medianIndex: runs.indexOf(median),
    runs: runs.map(summarise),
    weight: await routeWeight(CLIENT_DIR, route),
  };
}

/** The figures the table shows, from one Lighthouse result. */
function summarise(/** @type {Lhr} */ lhr) {
  const score = (/** @type {string} */ id) => {
    const value = lhr.categories[id]?.score;
    return typeof value === 'number' ? Math.round(value * 100) : Number.NaN;
  };
  const numeric = (/** @type {string} */ id) => lhr.audits[id]?.numericValue ?? Number.NaN;
  return {
    performance: score('performance'),
    accessibility: score('accessibility'),
    bestPractices: score('best-practices'),
    seo: score('seo'),
    fcpMs: numeric('first-contentful-paint'),
    lcpMs: numeric('largest-contentful-paint'),
    tbtMs: numeric('total-blocking-time'),
    cls: numeric('cumulative-layout-shift'),
    totalBytes: numeric('total-byte-weight'),
    /** Lighthouse's CPU benchmark at the time of the run: lower means a busier or slower machine. */
    benchmarkIndex: lhr.environment.benchmarkIndex,
  };
}

/**
 * Runs `action` on a page of the bench's Chromium (the default context, which Lighthouse uses too),
 * then closes the page and disconnects — Chromium keeps running.
 * @template T
 * @param {number} port
 * @param {(page: import('playwright-core').Page) => Promise<T>} action
 * @returns {Promise<T>}
 */
async function withPage(port, action) {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
  try {
    const context = browser.contexts()[0];
    if (!context) throw new Error('Chromium has no default context');
    const page = await context.newPage();
    try {
      return await action(page);
    } finally {
      await page.close();
    }
  } finally {
    await browser.close();
  }
}

/**
 * Puts CART in the origin's localStorage and clears what Lighthouse clears before a run (the HTTP
 * cache and its default storage types, which leave localStorage alone), so the measured load is as
 * cold as the other routes'. The origin is opened on the health endpoint, not a page, so no page
 * asset gets cached by the seeding.
 */
async function seedCart(/** @type {number} */ port) {
  await withPage(port, async (page) => {
    await page.goto(`${BASE}/api/health`);
    const seed = { key: CART_STORAGE_KEY, value: JSON.stringify(CART) };
    await page.evaluate(({ key, value }) => localStorage.setItem(key, value), seed);
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Storage.clearDataForOrigin', {
      origin: BASE,
      storageTypes: defaultSettings.clearStorageTypes.join(','),
    });
    await cdp.send('Network.clearBrowserCache');
    await cdp.detach();
  });
}

/** The checkout page with the seeded cart shows the order summary with each line — not the empty-cart redirect. */
async function checkCheckoutShowsCart(/** @type {number} */ port) {
  await seedCart(port);
  await withPage(port, async (page) => {
    await page.goto(`${BASE}${CHECKOUT_ROUTE}`);
    const summary = page.getByRole('region', { name: 'Order summary' });
    await summary.waitFor({ state: 'visible', timeout: 15_000 });
    const lines = await summary.getByRole('listitem').count();
    const pathname = new URL(page.url()).pathname;
    if (pathname !== CHECKOUT_ROUTE || lines !== CART.length)
      throw new Error(`${CHECKOUT_ROUTE} showed ${lines} cart lines at ${pathname} (expected ${CART.length})`);
    console.log(`Checked: ${CHECKOUT_ROUTE} with the seeded cart shows the order summary with ${lines} lines.`);
  });
}

/** The routes measured after this one (none today) start from an empty cart, as a first visit does. */
async function clearCart(/** @type {number} */ port) {
  await withPage(port, async (page) => {
    await page.goto(`${BASE}/api/health`);
    await page.evaluate((key) => localStorage.removeItem(key), CART_STORAGE_KEY);
  });
}

// --- Output -----------------------------------------------------------------------------------

/** @param {number} ms */
function formatMs(ms) {
  return ms >= 1000 ? `${(ms / 1000).toFixed(2)} s` : `${Math.round(ms)} ms`;
}

/** @param {number} bytes */
function formatKb(bytes) {
  return `${(bytes / KB).toFixed(1)} kB`;
}

/**
 * `98 (≥95 ✓)`: the figure, then the target and whether it is met.
 * @param {number} value
 * @param {Target} target
 * @param {(value: number) => string} format
 */
function withTarget(value, target, format) {
  const sign = target.kind === 'min' ? (target.limit === 100 ? '=' : '≥') : '≤';
  return `${format(value)} (${sign}${format(target.limit)} ${meets(value, target) ? '✓' : '✗'})`;
}

/** @param {string[][]} rows first row is the header */
function printTable(rows) {
  const widths = (rows[0] ?? []).map((_, column) => Math.max(...rows.map((row) => [...(row[column] ?? '')].length)));
  const line = (/** @type {string[]} */ row) =>
    row.map((cell, column) => cell + ' '.repeat((widths[column] ?? 0) - [...cell].length)).join('  ');
  const [header = [], ...body] = rows;
  console.log(`${line(header)}\n${widths.map((width) => '-'.repeat(width)).join('  ')}`);
  for (const row of body) console.log(line(row));
}

/** @param {RouteResult[]} results */
function printTables(results) {
  const integer = (/** @type {number} */ value) => String(value);
  const cls = (/** @type {number} */ value) => value.toFixed(3).replace(/0+$/, '').replace(/\.$/, '') || '0';
  console.log(
    `\nLighthouse ${results[0]?.median.lighthouseVersion ?? ''}: mobile, simulated throttling, median of ${RUNS} runs`,
  );
  printTable([
    ['route', 'performance', 'accessibility', 'best practices', 'SEO', 'FCP', 'LCP', 'TBT', 'CLS'],
    ...results.map(({ route, median }) => {
      const figures = summarise(median);
      return [
        route === CHECKOUT_ROUTE ? `${route} (with cart)` : route,
        withTarget(figures.performance, TARGETS.performance, integer),
        withTarget(figures.accessibility, TARGETS.accessibility, integer),
        withTarget(figures.bestPractices, TARGETS.bestPractices, integer),
        withTarget(figures.seo, TARGETS.seo, integer),
        formatMs(figures.fcpMs),
        withTarget(figures.lcpMs, TARGETS.lcpMs, formatMs),
        withTarget(figures.tbtMs, TARGETS.tbtMs, formatMs),
        withTarget(figures.cls, TARGETS.cls, cls),
      ];
    }),
  ]);

  console.log('\nWeight: first load from the build (gzip -9, before hydration); total from Lighthouse (transferred)');
  printTable([
    ['route', 'first-load JS', 'first-load CSS', 'HTML', 'total bytes'],
    ...results.map(({ route, median, weight }) => [
      route,
      route === PRODUCT_ROUTE
        ? withTarget(weight.js.gzip, TARGETS.productPageJsGzip, formatKb)
        : `${formatKb(weight.js.gzip)} (${weight.js.files.length} files)`,
      `${formatKb(weight.css.gzip)} (${weight.css.files.length} files)`,
      formatKb(weight.html.gzip),
      formatKb(summarise(median).totalBytes),
    ]),
  ]);

  const product = results.find((result) => result.route === PRODUCT_ROUTE);
  if (product) {
    const largest = [...product.weight.js.files].sort((a, b) => b.gzip - a.gzip).slice(0, 5);
    console.log(
      `\nLargest first-load JS on ${PRODUCT_ROUTE}: ${largest.map((file) => `${path.basename(file.file)} ${formatKb(file.gzip)}`).join(', ')}`,
    );
  }

  for (const note of notes(results)) console.log(`\nNote: ${note}`);

  const misses = results.flatMap((result) => missedTargets(result));
  console.log(
    misses.length === 0 ? '\nEvery target met.' : `\nTargets missed (${misses.length}):\n  ${misses.join('\n  ')}`,
  );
}

/**
 * What to keep in mind when reading the figures, found in the results themselves.
 * @param {RouteResult[]} results
 * @returns {string[]}
 */
function notes(results) {
  const found = [];
  const cpu = results.flatMap((result) => result.runs.map((run) => run.benchmarkIndex));
  found.push(
    `Lighthouse's CPU benchmark ranged ${Math.round(Math.min(...cpu))}–${Math.round(Math.max(...cpu))} over the runs; ` +
      'TBT and the performance score move with it (a busy machine reads slower).',
  );
  const uncompressed = results.filter(({ median }) => (median.audits['uses-text-compression']?.score ?? 1) < 1);
  if (uncompressed.length > 0) {
    const savings = uncompressed.map(({ median }) => median.audits['uses-text-compression']?.numericValue ?? 0);
    found.push(
      `the server sent text uncompressed on ${uncompressed.length} of ${results.length} routes ` +
        `(Lighthouse: up to ${formatMs(Math.max(...savings))} to save by compressing); Netlify's CDN compresses, ` +
        'so the timings and total bytes here are pessimistic — first-load JS/CSS are gzip figures regardless.',
    );
  }
  return found;
}

/** @param {RouteResult} result @returns {string[]} */
function missedTargets({ route, median, weight }) {
  const figures = summarise(median);
  /** @type {[string, number, Target, (value: number) => string][]} */
  const checks = [
    ['performance', figures.performance, TARGETS.performance, String],
    ['accessibility', figures.accessibility, TARGETS.accessibility, String],
    ['best practices', figures.bestPractices, TARGETS.bestPractices, String],
    ['SEO', figures.seo, TARGETS.seo, String],
    ['LCP', figures.lcpMs, TARGETS.lcpMs, formatMs],
    ['TBT', figures.tbtMs, TARGETS.tbtMs, formatMs],
    ['CLS', figures.cls, TARGETS.cls, (value) => value.toFixed(3)],
  ];
  if (route === PRODUCT_ROUTE) checks.push(['first-load JS', weight.js.gzip, TARGETS.productPageJsGzip, formatKb]);
  return checks
    .filter(([, value, target]) => !meets(value, target))
    .map(([name, value, target, format]) => {
      const by = Math.abs(value - target.limit);
      return `${route} ${name}: ${format(value)}, target ${target.kind === 'min' ? '≥' : '≤'} ${format(target.limit)} (off by ${format(by)})`;
    });
}

/**
 * bench/results/pages-<time>.json: the figures of every run and the median, the weights with every
 * file, and beside it a folder with the median run's full Lighthouse result per route.
 * @param {RouteResult[]} results
 * @param {number} seconds
 */
async function writeResults(results, seconds) {
  const directory = path.join(root, 'bench/results');
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  const lhrDirectory = path.join(directory, `pages-${stamp}`);
  await mkdir(lhrDirectory, { recursive: true });
  const slug = (/** @type {string} */ route) => route.replace(/^\/$/, 'home').replace(/^\//, '').replace(/\//g, '_');
  for (const { route, median } of results)
    await writeFile(path.join(lhrDirectory, `${slug(route)}.lhr.json`), JSON.stringify(median));
  const settings = results[0]?.median.configSettings;
  const file = path.join(directory, `pages-${stamp}.json`);
  const data = {
    at: new Date().toISOString(),
    seconds: Math.round(seconds),
    node: process.version,
    base: BASE,
    lighthouse: results[0]?.median.lighthouseVersion,
    userAgent: results[0]?.median.environment.hostUserAgent,
    formFactor: settings?.formFactor,
    throttlingMethod: settings?.throttlingMethod,
    runsPerRoute: RUNS,
    checkoutCart: CART,
    targets: TARGETS,
    notes: notes(results),
    routes: results.map(({ route, median, medianIndex, runs, weight }) => ({
      route,
      median: { run: medianIndex + 1, ...summarise(median) },
      runs,
      missed: missedTargets({ route, median, medianIndex, runs, weight }),
      weight,
      lighthouseResult: path.relative(directory, path.join(lhrDirectory, `${slug(route)}.lhr.json`)),
    })),
  };
  await writeFile(file, `${JSON.stringify(data, null, 2)}\n`);
  return file;
}
