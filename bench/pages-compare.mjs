// @ts-check
// Part of `npm run bench:pages`: the page against its floor and the targets of bench/targets.mjs —
// LCP ratio, performance and TBT over the floor, the scores — the targets missed, and what to keep in
// mind when reading the figures.
import { failingAudits, summarise } from './pages-figures.mjs';
import { formatKb, formatMs, formatRatio } from './pages-format.mjs';
import { NOINDEX_ROUTES, PRODUCT_ROUTE } from './pages-settings.mjs';
import { meets, TARGETS } from './targets.mjs';

/** @typedef {import('./targets.mjs').Target} Target */
/** @typedef {import('lighthouse').Result} Lhr */
/** @typedef {import('./pages-run.mjs').RouteResult} RouteResult */

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
export function comparison({ page, floor, weight }) {
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
 * Whether the route's SEO meets its target: 100, or on a NOINDEX_ROUTES page every failing SEO
 * audit is `is-crawlable`.
 * @param {string} route
 * @param {Lhr} lhr
 */
export function seoMet(route, lhr) {
  if (meets(summarise(lhr).seo, TARGETS.seo)) return true;
  const failing = failingAudits(lhr, 'seo');
  return NOINDEX_ROUTES.includes(route) && failing.length > 0 && failing.every((id) => id === 'is-crawlable');
}

/** @param {RouteResult} result @returns {string[]} */
export function missedTargets(result) {
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
 * What to keep in mind when reading the figures, found in the results themselves.
 * @param {RouteResult[]} results
 * @returns {string[]}
 */
export function notes(results) {
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
