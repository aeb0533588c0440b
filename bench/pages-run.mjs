// @ts-check
// Part of `npm run bench:pages`: the page runs. Each route and its floor (bench/floor.mjs) measured by
// Lighthouse interleaved, RUNS times each; of each, the run with the median LCP counts, with what it
// requested before its first paint (bench/first-paint.mjs) and the route's weight from the build.
import { performance } from 'node:perf_hooks';
import lighthouse from 'lighthouse';
import { beforeFirstPaint } from './first-paint.mjs';
import { floorPath } from './floor.mjs';
import { seedCart } from './pages-cart.mjs';
import { summarise } from './pages-figures.mjs';
import { formatMs } from './pages-format.mjs';
import { BASE, CATEGORIES, CHECKOUT_ROUTE, CLIENT_DIR, LIGHTHOUSE_ATTEMPTS, RUNS } from './pages-settings.mjs';
import { routeWeight } from './route-weight.mjs';

/** @typedef {import('./route-weight.mjs').RouteWeight} RouteWeight */
/** @typedef {import('lighthouse').Result} Lhr */
/** @typedef {import('./first-paint.mjs').BeforeFirstPaint} BeforeFirstPaint */
/** @typedef {import('./pages-figures.mjs').RunSummary} RunSummary */

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
 */

/**
 * The route and its floor, interleaved: page, floor, page, floor… so that both see the same machine.
 * @param {string} route
 * @param {number} port Chromium's DevTools port
 * @returns {Promise<RouteResult>}
 */
export async function measureRoute(route, port) {
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
