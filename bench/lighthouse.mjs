// @ts-check
// `npm run bench:pages`: builds the site, serves the production build on loopback
// (scripts/serve.mjs) and measures the main routes with Lighthouse in Debian's Chromium — the
// default (mobile) config with simulated throttling — each beside its floor: the same prerendered
// HTML with every script and modulepreload link removed (bench/floor.mjs), written from the build
// into a temporary folder and served by the same server at /__floor/<route>. Each route is measured
// interleaved, 3 times: page, floor, page, floor, page, floor; for each, the run with the median LCP
// counts. Prints the page beside its floor (LCP ratio, performance delta) with the targets of
// bench/targets.mjs, the other scores, what the page requested before its first paint
// (bench/first-paint.mjs) and each route's first-load JavaScript and CSS read from the build
// (bench/route-weight.mjs), and writes JSON to bench/results/.
//
// /checkout is measured with a cart: it is seeded in localStorage before each run (the floor's
// too, though without scripts it cannot read it), and the run keeps storage
// (`disableStorageReset`) after the bench cleared the cache itself. An empty cart sends the page
// to /cart, so every run must end on /checkout, and the order summary is checked in the browser
// afterwards.
import { existsSync, rmSync } from 'node:fs';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { defaultSettings } from 'lighthouse/core/config/constants.js';
import { chromium } from 'playwright-core';
import { beforeFirstPaint } from './first-paint.mjs';
import { floorPath, writeFloors } from './floor.mjs';
import { routeWeight } from './route-weight.mjs';
import { buildSite, HOST, portInUse, startServer, stopServer, waitForHealth } from './serve-build.mjs';
import { KB, meets, TARGETS } from './targets.mjs';

/** @typedef {import('./targets.mjs').Target} Target */
/** @typedef {import('./route-weight.mjs').RouteWeight} RouteWeight */
/** @typedef {import('lighthouse').Result} Lhr */
/** @typedef {import('./first-paint.mjs').BeforeFirstPaint} BeforeFirstPaint */

const root = path.resolve(import.meta.dirname, '..');
const CLIENT_DIR = path.join(root, 'build/client');
// Not 8896 (bench:orders) nor 8897-8899 (screenshots, end-to-end runs).
const PORT = Number(process.env.BENCH_PAGES_PORT ?? 8930);
const BASE = `http://${HOST}:${PORT}`;
const RUNS = 3;
/** Lighthouse runs per measurement when one reports a runtime error (a trace it could not read). */
const LIGHTHOUSE_ATTEMPTS = 3;
const ALL_ROUTES = ['/', '/products', '/products/3', '/blog/1', '/who-are-we/recipes', '/cart', '/checkout'];
/**
 * The routes to measure: all of them, or those in BENCH_PAGES_ROUTES (comma-separated, any
 * prerendered path: `/blog/1,/policies/returns`), to measure a few pages in a few minutes.
 */
const CHOSEN_ROUTES = (process.env.BENCH_PAGES_ROUTES ?? '').split(',').map((route) => route.trim());
const ROUTES = CHOSEN_ROUTES.some(Boolean) ? CHOSEN_ROUTES.filter(Boolean) : ALL_ROUTES;
const PRODUCT_ROUTE = '/products/3';
const CHECKOUT_ROUTE = '/checkout';
/** The routes that are `noindex` on purpose (their route modules' meta): the cart and the checkout. */
const NOINDEX_ROUTES = ['/cart', CHECKOUT_ROUTE];
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
/** The temporary folder of the floor pages. */
/** @type {string | undefined} */
let floors;
// An uncaught error skips `finally`: neither Chromium nor the floors may outlive the bench either way.
process.on('exit', () => {
  try {
    if (chrome) process.kill(chrome.pid, 'SIGKILL');
  } catch {
    // already gone
  }
  if (floors) rmSync(floors, { recursive: true, force: true });
});

try {
  if (await portInUse(PORT)) throw new Error(`${HOST}:${PORT} is in use; stop that server or set BENCH_PAGES_PORT.`);
  // chrome-launcher reports a missing binary as an unhandled 'error' event, which no catch sees.
  if (!existsSync(CHROME_PATH)) throw new Error(`no Chromium at ${CHROME_PATH}: install it or set CHROME_PATH.`);
  buildSite();
  floors = await writeFloors(CLIENT_DIR, ROUTES);
  console.log(`Wrote the floor pages (no <script>, no modulepreload) to ${floors}, served at ${floorPath('/')}…`);
  server = startServer({ port: PORT, name: 'pages', env: { SERVE_EXTRA_STATIC_DIR: floors } });
  console.log(`Started scripts/serve.mjs (pid ${server.child.pid}) on ${BASE}`);
  await waitForHealth(server);
  chrome = await chromeLauncher.launch({ chromePath: CHROME_PATH, chromeFlags: CHROME_FLAGS, logLevel: 'silent' });
  console.log(`Started Chromium (pid ${chrome.pid}, DevTools port ${chrome.port})`);

  /** @type {RouteResult[]} */
  const results = [];
  for (const route of ROUTES) results.push(await measureRoute(route, chrome.port));

  // The figures first: a failed check below must not throw away minutes of measuring.
  const seconds = (performance.now() - started) / 1000;
  printTables(results);
  const file = await writeResults(results, seconds);
  console.log(`\nResults written to ${path.relative(root, file)} (${Math.round(seconds)} s)`);
  await checkCheckoutShowsCart(chrome.port);
  await clearCart(chrome.port);
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
  if (floors) await rm(floors, { recursive: true, force: true });
  floors = undefined;
}

// ---------------------------------------------------------------------------------------------

/**
 * One address's runs (a route or its floor): the run with the median LCP and its index, every
 * run's figures, and what the median run requested before its first paint.
 * @typedef {{
 *   median: Lhr,
 *   medianIndex: number,
 *   runs: RunSummary[],
 *   beforeFirstPaint: BeforeFirstPaint,
 * }} Measured
 * @typedef {{ route: string, page: Measured, floor: Measured, weight: RouteWeight }} RouteResult
 * @typedef {ReturnType<typeof summarise>} RunSummary
 */

/**
 * The route and its floor, interleaved: page, floor, page, floor… so that both see the same machine.
 * @param {string} route
 * @param {number} port Chromium's DevTools port
 * @returns {Promise<RouteResult>}
 */
async function measureRoute(route, port) {
  /** @type {Lhr[]} */
  const pageRuns = [];
  /** @type {Lhr[]} */
  const floorRuns = [];
  for (let run = 1; run <= RUNS; run += 1) {
    pageRuns.push(await runLighthouse(route, route, port, `${route} run ${run}/${RUNS}`));
    floorRuns.push(await runLighthouse(floorPath(route), route, port, `${route} floor run ${run}/${RUNS}`));
  }
  return {
    route,
    page: measured(route, pageRuns),
    floor: measured(floorPath(route), floorRuns),
    weight: await routeWeight(CLIENT_DIR, route),
  };
}

/**
 * One Lighthouse run of `address`, a bench route or its floor; the run must end where it started.
 * @param {string} address
 * @param {string} route the bench route it stands for (the checkout's runs get the cart)
 * @param {number} port Chromium's DevTools port
 * @param {string} label
 * @returns {Promise<Lhr>}
 */
async function runLighthouse(address, route, port, label) {
  const withCart = route === CHECKOUT_ROUTE;
  /** @type {Lhr | undefined} */
  let lhr;
  let runStarted = performance.now();
  for (let attempt = 1; !lhr; attempt += 1) {
    if (withCart) await seedCart(port);
    runStarted = performance.now();
    const result = await lighthouse(`${BASE}${address}`, {
      port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: [...CATEGORIES],
      // Keep the seeded cart; seedCart cleared the cache and the rest as Lighthouse would.
      disableStorageReset: withCart,
    });
    if (!result) throw new Error(`Lighthouse returned no result for ${address}`);
    const error = result.lhr.runtimeError;
    if (!error) lhr = result.lhr;
    // On a busy machine Chromium now and then records a trace Lighthouse cannot read (NO_NAVSTART,
    // NO_FCP…): Lighthouse itself says to run it again. Only LIGHTHOUSE_ATTEMPTS failures in a row fail the bench.
    else if (attempt < LIGHTHOUSE_ATTEMPTS)
      console.log(`  ${label}: Lighthouse failed (${error.code}); running it again`);
    else throw new Error(`Lighthouse on ${address}: ${error.code} ${error.message} (${attempt} attempts)`);
  }
  if (withoutSlash(new URL(lhr.finalDisplayedUrl).pathname) !== withoutSlash(address))
    throw new Error(
      `Lighthouse on ${address} ended on ${lhr.finalDisplayedUrl}${withCart ? ' (was the cart empty?)' : ''}`,
    );
  const summary = summarise(lhr);
  console.log(
    `  ${label}: performance ${summary.performance}, LCP ${formatMs(summary.lcpMs)}, ` +
      `TBT ${formatMs(summary.tbtMs)}, CPU benchmark ${Math.round(summary.benchmarkIndex)} ` +
      `(${((performance.now() - runStarted) / 1000).toFixed(1)} s)`,
  );
  return lhr;
}

/** `/products/3/` → `/products/3`; `/` stays. */
function withoutSlash(/** @type {string} */ pathname) {
  return pathname.replace(/\/$/, '') || '/';
}

/**
 * @param {string} address
 * @param {Lhr[]} runs
 * @returns {Measured}
 */
function measured(address, runs) {
  const median = medianByLcp(address, runs);
  return {
    median,
    medianIndex: runs.indexOf(median),
    runs: runs.map(summarise),
    beforeFirstPaint: beforeFirstPaint(median),
  };
}

/**
 * The run with the median LCP, as the issue compares pages and floors (Lighthouse's own
 * computeMedianRun picks by FCP and TTI instead); with an even number of runs, the faster middle one.
 * @param {string} address
 * @param {Lhr[]} runs
 * @returns {Lhr}
 */
function medianByLcp(address, runs) {
  const lcp = (/** @type {Lhr} */ lhr) => lhr.audits['largest-contentful-paint']?.numericValue ?? Number.NaN;
  const sorted = runs.filter((lhr) => Number.isFinite(lcp(lhr))).sort((a, b) => lcp(a) - lcp(b));
  const median = sorted[Math.floor((sorted.length - 1) / 2)];
  if (!median) throw new Error(`No Lighthouse run of ${address} measured LCP`);
  return median;
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
    // The summary is prerendered ('Loading your cart…'); its lines come once the page is live.
    await summary
      .getByRole('listitem')
      .first()
      .waitFor({ state: 'visible', timeout: 15_000 })
      .catch(() => undefined);
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

/** @param {number} ratio */
function formatRatio(ratio) {
  return `${ratio.toFixed(2)}×`;
}

/** A score difference with its sign: `+1`, `0`, `-3`. */
function formatDelta(/** @type {number} */ delta) {
  return delta > 0 ? `+${delta}` : String(delta);
}

/** @param {number} value */
function formatCls(value) {
  return value.toFixed(3).replace(/0+$/, '').replace(/\.$/, '') || '0';
}

/**
 * `98 (≥95 ✓)`: the figure, then the target and whether it is met (`met` overrides the comparison).
 * @param {number} value
 * @param {Target} target
 * @param {(value: number) => string} format
 * @param {boolean} [met]
 */
function withTarget(value, target, format, met = meets(value, target)) {
  const sign = target.kind === 'min' ? (target.limit === 100 ? '=' : '≥') : '≤';
  return `${format(value)} (${sign}${format(target.limit)} ${met ? '✓' : '✗'})`;
}

/** @param {string[][]} rows first row is the header */
function printTable(rows) {
  const widths = (rows[0] ?? []).map((_, column) => Math.max(...rows.map((row) => [...(row[column] ?? '')].length)));
  const line = (/** @type {string[]} */ row) =>
    row
      .map((cell, column) => cell + ' '.repeat((widths[column] ?? 0) - [...cell].length))
      .join('  ')
      .trimEnd();
  const [header = [], ...body] = rows;
  console.log(`${line(header)}\n${widths.map((width) => '-'.repeat(width)).join('  ')}`);
  for (const row of body) console.log(line(row));
}

/** The route as the tables name it. */
function routeLabel(/** @type {string} */ route) {
  return route === CHECKOUT_ROUTE ? `${route} (with cart)` : route;
}

/** The median of some figures (the middle one; the lower middle of an even count). */
function middle(/** @type {number[]} */ values) {
  const sorted = values.filter(Number.isFinite).sort((a, b) => a - b);
  return sorted[Math.floor((sorted.length - 1) / 2)] ?? Number.NaN;
}

/**
 * The page against its floor: LCP ratio and performance difference (median-LCP runs), and the
 * median TBT of the page's runs above its floor's, with its target: a page that loads no React
 * (decision 028) has the stricter one.
 * @param {RouteResult} result
 */
function comparison({ page, floor, weight }) {
  const pageFigures = summarise(page.median);
  const floorFigures = summarise(floor.median);
  return {
    pageFigures,
    floorFigures,
    lcpRatio: pageFigures.lcpMs / floorFigures.lcpMs,
    performanceDelta: pageFigures.performance - floorFigures.performance,
    tbtOverFloorMs: middle(page.runs.map((run) => run.tbtMs)) - middle(floor.runs.map((run) => run.tbtMs)),
    tbtTarget: weight.staticScript ? TARGETS.staticTbtOverFloorMs : TARGETS.tbtOverFloorMs,
  };
}

/**
 * The audits of a category that count and did not pass (weight above 0, score below 1).
 * @param {Lhr} lhr
 * @param {string} category
 * @returns {string[]} audit ids
 */
function failingAudits(lhr, category) {
  return (lhr.categories[category]?.auditRefs ?? [])
    .filter((ref) => ref.weight > 0)
    .filter((ref) => {
      const score = lhr.audits[ref.id]?.score;
      return typeof score === 'number' && score < 1;
    })
    .map((ref) => ref.id);
}

/**
 * Whether the route's SEO meets its target: 100, or on a NOINDEX_ROUTES page every failing SEO
 * audit is `is-crawlable`.
 * @param {string} route
 * @param {Lhr} lhr
 */
function seoMet(route, lhr) {
  if (meets(summarise(lhr).seo, TARGETS.seo)) return true;
  const failing = failingAudits(lhr, 'seo');
  return NOINDEX_ROUTES.includes(route) && failing.length > 0 && failing.every((id) => id === 'is-crawlable');
}

/**
 * The LCP element of a run as Lighthouse names it (its CSS selector), with the image file if it has one.
 * @param {Lhr} lhr
 */
function lcpElement(lhr) {
  const details = /** @type {{ items?: { type?: string, items?: { node?: LhNode }[] }[] } | undefined} */ (
    /** @type {unknown} */ (lhr.audits['largest-contentful-paint-element']?.details)
  );
  const node = details?.items?.find((item) => item.type === 'table')?.items?.[0]?.node;
  if (!node) return '(none reported)';
  const src = /\ssrc="([^"]+)"/.exec(node.snippet ?? '')?.[1];
  const name = node.selector ?? node.nodeLabel ?? node.snippet ?? '?';
  return src ? `${name} (${src.split('/').pop()})` : `${name} ("${(node.nodeLabel ?? '').slice(0, 40)}")`;
}
/** @typedef {{ selector?: string, nodeLabel?: string, snippet?: string }} LhNode */

/** `Document 1, Stylesheet 1, Image 2, Font 1`: requests per resource type. */
function formatTypes(/** @type {Record<string, number>} */ types) {
  return (
    Object.entries(types)
      .map(([type, count]) => `${type} ${count}`)
      .join(', ') || 'none'
  );
}

/** @param {RouteResult[]} results */
function printTables(results) {
  const first = results[0]?.page.median;
  console.log(
    `\nLighthouse ${first?.lighthouseVersion ?? ''}: mobile, simulated throttling. Each route and its floor ` +
      `(the same HTML without <script> or modulepreload, at ${floorPath('/')}…) measured interleaved, ` +
      `${RUNS} runs each; the run with the median LCP counts.`,
  );
  printTable([
    [
      'route',
      'page perf',
      'page LCP',
      'floor perf',
      'floor LCP',
      'LCP page/floor',
      'perf page − floor',
      'TBT page − floor',
    ],
    ...results.map((result) => {
      const { pageFigures, floorFigures, lcpRatio, performanceDelta, tbtOverFloorMs, tbtTarget } = comparison(result);
      return [
        routeLabel(result.route),
        String(pageFigures.performance),
        formatMs(pageFigures.lcpMs),
        String(floorFigures.performance),
        formatMs(floorFigures.lcpMs),
        withTarget(lcpRatio, TARGETS.lcpRatio, formatRatio),
        formatDelta(performanceDelta),
        `${withTarget(tbtOverFloorMs, tbtTarget, formatMs)}${result.weight.staticScript ? ' no React' : ''}`,
      ];
    }),
  ]);

  console.log('\nThe page (median run)');
  printTable([
    ['route', 'accessibility', 'best practices', 'SEO', 'FCP', 'TBT', 'CLS'],
    ...results.map(({ route, page }) => {
      const figures = summarise(page.median);
      const exempt = NOINDEX_ROUTES.includes(route) && figures.seo < 100 && seoMet(route, page.median);
      return [
        routeLabel(route),
        withTarget(figures.accessibility, TARGETS.accessibility, String),
        withTarget(figures.bestPractices, TARGETS.bestPractices, String),
        `${withTarget(figures.seo, TARGETS.seo, String, seoMet(route, page.median))}${exempt ? ' noindex' : ''}`,
        formatMs(figures.fcpMs),
        formatMs(figures.tbtMs),
        withTarget(figures.cls, TARGETS.cls, formatCls),
      ];
    }),
  ]);

  console.log(
    '\nRequested before the first paint (median run, observed load; allowed: HTML, CSS, images, one font, no script)',
  );
  printTable([
    ['route', 'first paint', 'requests', 'transferred', 'types', 'rule', 'floor'],
    ...results.map(({ route, page, floor }) => {
      const early = page.beforeFirstPaint;
      return [
        route,
        formatMs(early.firstPaintMs),
        String(early.requests.length),
        formatKb(early.bytes),
        formatTypes(early.types),
        `${early.met ? '✓' : '✗'}${early.flags.length > 0 ? ` (flag: ${early.flags.join(', ')})` : ''}`,
        `${floor.beforeFirstPaint.requests.length} requests, ${formatKb(floor.beforeFirstPaint.bytes)}: ` +
          formatTypes(floor.beforeFirstPaint.types),
      ];
    }),
  ]);
  for (const { route, page } of results)
    for (const problem of page.beforeFirstPaint.problems) console.log(`  ✗ ${route}: ${problem}`);

  console.log('\nLCP element (median run)');
  for (const { route, page, floor } of results) {
    const pageElement = lcpElement(page.median);
    const floorElement = lcpElement(floor.median);
    console.log(
      `  ${route}: ${pageElement}${floorElement === pageElement ? '; the floor: the same' : `; the floor: ${floorElement}`}`,
    );
  }

  console.log('\nWeight: first load from the build (gzip -9, before hydration); total from Lighthouse (transferred)');
  printTable([
    ['route', 'first-load JS', 'first-load CSS', 'HTML', 'total bytes', 'floor total bytes'],
    ...results.map(({ route, page, floor, weight }) => [
      route,
      route === PRODUCT_ROUTE
        ? withTarget(weight.js.gzip, TARGETS.productPageJsGzip, formatKb)
        : `${formatKb(weight.js.gzip)} (${weight.js.files.length} files)`,
      `${formatKb(weight.css.gzip)} (${weight.css.files.length} files)`,
      formatKb(weight.html.gzip),
      formatKb(summarise(page.median).totalBytes),
      formatKb(summarise(floor.median).totalBytes),
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
  const cpu = results.flatMap((result) => [...result.page.runs, ...result.floor.runs].map((run) => run.benchmarkIndex));
  found.push(
    `Lighthouse's CPU benchmark ranged ${Math.round(Math.min(...cpu))}–${Math.round(Math.max(...cpu))} over the runs; ` +
      'TBT and the performance score move with it (a busy machine reads slower). Pages and floors ran interleaved, ' +
      'so both saw the same machine.',
  );
  const uncompressed = results.filter(({ page }) => (page.median.audits['uses-text-compression']?.score ?? 1) < 1);
  if (uncompressed.length > 0) {
    const savings = uncompressed.map(({ page }) => page.median.audits['uses-text-compression']?.numericValue ?? 0);
    found.push(
      `the server sent text uncompressed on ${uncompressed.length} of ${results.length} routes ` +
        `(Lighthouse: up to ${formatMs(Math.max(...savings))} to save by compressing); Netlify's CDN compresses, ` +
        'so the timings and total bytes here are pessimistic — first-load JS/CSS are gzip figures regardless.',
    );
  }
  return found;
}

/** @param {RouteResult} result @returns {string[]} */
function missedTargets(result) {
  const { route, page, weight } = result;
  const { pageFigures, lcpRatio, tbtOverFloorMs, tbtTarget } = comparison(result);
  /** @type {[string, number, Target, (value: number) => string, boolean?, string?][]} */
  const checks = [
    ['LCP page/floor', lcpRatio, TARGETS.lcpRatio, formatRatio],
    ['TBT page − floor (medians)', tbtOverFloorMs, tbtTarget, formatMs],
    [
      'accessibility',
      pageFigures.accessibility,
      TARGETS.accessibility,
      String,
      undefined,
      failingAudits(page.median, 'accessibility').join(', '),
    ],
    [
      'best practices',
      pageFigures.bestPractices,
      TARGETS.bestPractices,
      String,
      undefined,
      failingAudits(page.median, 'best-practices').join(', '),
    ],
    [
      'SEO',
      pageFigures.seo,
      TARGETS.seo,
      String,
      seoMet(route, page.median),
      failingAudits(page.median, 'seo').join(', '),
    ],
    ['CLS', pageFigures.cls, TARGETS.cls, (value) => value.toFixed(3)],
  ];
  if (route === PRODUCT_ROUTE) checks.push(['first-load JS', weight.js.gzip, TARGETS.productPageJsGzip, formatKb]);
  const missed = checks
    .filter(([, value, target, , met = meets(value, target)]) => !met)
    .map(([name, value, target, format, , failing]) => {
      const by = Math.abs(value - target.limit);
      const sign = target.kind === 'min' ? (target.limit === 100 ? '=' : '≥') : '≤';
      return (
        `${route} ${name}: ${format(value)}, target ${sign} ${format(target.limit)} (off by ${format(by).replace(/^\+/, '')})` +
        (failing ? `; failing: ${failing}` : '')
      );
    });
  for (const problem of page.beforeFirstPaint.problems) missed.push(`${route} before the first paint: ${problem}`);
  return missed;
}

/**
 * bench/results/pages-<time>.json: the figures of every run and the medians of page and floor, the
 * comparison, what was requested before the first paint, the weights with every file; beside it a
 * folder with the median runs' full Lighthouse results (`<route>.lhr.json`, `<route>.floor.lhr.json`).
 * @param {RouteResult[]} results
 * @param {number} seconds
 */
async function writeResults(results, seconds) {
  const directory = path.join(root, 'bench/results');
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  const lhrDirectory = path.join(directory, `pages-${stamp}`);
  await mkdir(lhrDirectory, { recursive: true });
  const slug = (/** @type {string} */ route) => route.replace(/^\/$/, 'home').replace(/^\//, '').replace(/\//g, '_');
  /** @param {string} route @param {'page' | 'floor'} which */
  const lhrFile = (route, which) =>
    path.join(lhrDirectory, `${slug(route)}${which === 'floor' ? '.floor' : ''}.lhr.json`);
  for (const { route, page, floor } of results) {
    await writeFile(lhrFile(route, 'page'), JSON.stringify(page.median));
    await writeFile(lhrFile(route, 'floor'), JSON.stringify(floor.median));
  }
  const settings = results[0]?.page.median.configSettings;
  const file = path.join(directory, `pages-${stamp}.json`);
  /** @param {string} route @param {string} address @param {Measured} runs @param {'page' | 'floor'} which */
  const describe = (route, address, { median, medianIndex, runs, beforeFirstPaint }, which) => ({
    address,
    median: { run: medianIndex + 1, ...summarise(median) },
    runs,
    lcpElement: lcpElement(median),
    beforeFirstPaint,
    lighthouseResult: path.relative(directory, lhrFile(route, which)),
  });
  const data = {
    at: new Date().toISOString(),
    seconds: Math.round(seconds),
    node: process.version,
    base: BASE,
    lighthouse: results[0]?.page.median.lighthouseVersion,
    userAgent: results[0]?.page.median.environment.hostUserAgent,
    formFactor: settings?.formFactor,
    throttlingMethod: settings?.throttlingMethod,
    runsPerRoute: RUNS,
    median: 'the run with the median LCP, for the page and for its floor',
    floor: 'the prerendered HTML without any <script> or <link rel="modulepreload">, served at /__floor/<route>',
    checkoutCart: CART,
    targets: TARGETS,
    notes: notes(results),
    routes: results.map((result) => {
      const { route, page, floor, weight } = result;
      const { lcpRatio, performanceDelta, tbtOverFloorMs } = comparison(result);
      return {
        route,
        lcpRatio,
        performanceDelta,
        tbtOverFloorMs,
        page: describe(route, route, page, 'page'),
        floor: describe(route, floorPath(route), floor, 'floor'),
        missed: missedTargets(result),
        weight,
      };
    }),
  };
  await writeFile(file, `${JSON.stringify(data, null, 2)}\n`);
  return file;
}
