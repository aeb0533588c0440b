// @ts-check
// Part of `npm run bench:pages`: how its figures are written — milliseconds, kilobytes, ratios, a
// figure beside its target — and its tables.
import { CHECKOUT_ROUTE } from './pages-settings.mjs';
import { KB, meets } from './targets.mjs';

/** @typedef {import('./targets.mjs').Target} Target */

/** @param {number} ms */
export function formatMs(ms) {
  return ms >= 1000 ? `${(ms / 1000).toFixed(2)} s` : `${Math.round(ms)} ms`;
}

/** @param {number} bytes */
export function formatKb(bytes) {
  return `${(bytes / KB).toFixed(1)} kB`;
}

/** @param {number} ratio */
export function formatRatio(ratio) {
  return `${ratio.toFixed(2)}×`;
}

/** A score difference with its sign: `+1`, `0`, `-3`. */
export function formatDelta(/** @type {number} */ delta) {
  return delta > 0 ? `+${delta}` : String(delta);
}

/** @param {number} value */
export function formatCls(value) {
  return value.toFixed(3).replace(/0+$/, '').replace(/\.$/, '') || '0';
}

/**
 * `98 (≥95 ✓)`: the figure, then the target and whether it is met (`met` overrides the comparison).
 * @param {number} value
 * @param {Target} target
 * @param {(value: number) => string} format
 * @param {boolean} [met]
 */
export function withTarget(value, target, format, met = meets(value, target)) {
  const sign = target.kind === 'min' ? (target.limit === 100 ? '=' : '≥') : '≤';
  return `${format(value)} (${sign}${format(target.limit)} ${met ? '✓' : '✗'})`;
}

/** @param {string[][]} rows first row is the header */
export function printTable(rows) {
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
export function routeLabel(/** @type {string} */ route) {
  return route === CHECKOUT_ROUTE ? `${route} (with cart)` : route;
}

/** `Document 1, Stylesheet 1, Image 2, Font 1`: requests per resource type. */
export function formatTypes(/** @type {Record<string, number>} */ types) {
  return (
    Object.entries(types)
      .map(([type, count]) => `${type} ${count}`)
      .join(', ') || 'none'
  );
}
