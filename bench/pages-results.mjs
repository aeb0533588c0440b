// @ts-check
// Part of `npm run bench:pages`: the results file, bench/results/pages-<time>.json, and beside it the
// median runs' full Lighthouse results.
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { floorPath } from './floor.mjs';
import { comparison, missedTargets, notes } from './pages-compare.mjs';
import { lcpElement, summarise } from './pages-figures.mjs';
import { BASE, CART, RUNS, root } from './pages-settings.mjs';
import { TARGETS } from './targets.mjs';

/** @typedef {import('./pages-run.mjs').RouteResult} RouteResult */
/** @typedef {import('./pages-run.mjs').Measured} Measured */

/**
 * bench/results/pages-<time>.json: the figures of every run and the medians of page and floor, the
 * comparison, what was requested before the first paint, the weights with every file; beside it a
 * folder with the median runs' full Lighthouse results (`<route>.lhr.json`, `<route>.floor.lhr.json`).
 * @param {RouteResult[]} results
 * @param {number} seconds
 */
export async function writeResults(results, seconds) {
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
