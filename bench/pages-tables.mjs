// @ts-check
// Part of `npm run bench:pages`: the tables printed at the end — each page beside its floor with the
// targets, the other scores, what was requested before the first paint, the LCP elements, the weights,
// the notes and the targets missed.
import path from 'node:path';
import { floorPath } from './floor.mjs';
import { comparison, missedTargets, notes, seoMet } from './pages-compare.mjs';
import { lcpElement, summarise } from './pages-figures.mjs';
import {
  formatCls,
  formatDelta,
  formatKb,
  formatMs,
  formatRatio,
  formatTypes,
  printTable,
  routeLabel,
  withTarget,
} from './pages-format.mjs';
import { NOINDEX_ROUTES, PRODUCT_ROUTE, RUNS } from './pages-settings.mjs';
import { TARGETS } from './targets.mjs';

/** @typedef {import('./pages-run.mjs').RouteResult} RouteResult */

/** @param {RouteResult[]} results */
export function printTables(results) {
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
