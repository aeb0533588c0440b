// @ts-check
// The figures of `npm run bench:first-tap` (bench/first-tap.mjs): each run's outcome, the median
// per control and tap time, and the table it prints. Pure, for the tests.

/**
 * One tap's outcome: `answered` with the ms from the tap to the frame that showed the effect;
 * `lost` — tapped, and the effect never showed within the bench's wait; `absent` — the control was
 * not on the page at the tap time (nothing to tap); `missed` — the tap landed on something else
 * (the page moved under it: a bench problem, reported).
 * @typedef {{ status: 'answered', ms: number } | { status: 'lost' | 'absent' | 'missed' }} Outcome
 */

/**
 * @typedef {{
 *   outcome: Outcome,
 *   tapAfterPaintMs: number | null,
 *   paintMs: number | null,
 *   paintToldAfterMs: number | null,
 *   liveAfterPaintMs: number | null,
 *   held: boolean,
 *   inputDelayMs: number | null,
 *   eventTimingMs: number | null,
 *   problem?: string,
 * }} TapRecord
 *   `tapAfterPaintMs`: when the tap really came, after the first contentful paint; `paintMs`: the
 *   paint after the navigation's start; `paintToldAfterMs`: how long after it the page's paint
 *   observer ran and told the bench (the soonest a tap "at paint" can come); `liveAfterPaintMs`:
 *   when the page had hydrated; `held`: the hydration gate held the tap and replayed it;
 *   `inputDelayMs`: from the tap until the page's main thread handled it; `eventTimingMs`: the
 *   largest Event Timing duration of the tap's events; `problem`: why the run does not count as
 *   measured (the tap landed beside the control, the page never saw it, the effect was there before).
 * @typedef {TapRecord & { run: number, route: string, control: string, tapAfterMs: number, missedBefore: number }} RunRecord
 *   `missedBefore`: loads whose tap landed beside the control (the page moved under it) before this one
 */

/**
 * The median of the runs' outcomes, ordered fastest first with every unanswered one after all
 * answered ones (as if it took forever: lost, then missed, then absent); with an even count, the
 * slower middle one.
 * @param {readonly Outcome[]} outcomes
 * @returns {Outcome | undefined}
 */
export function medianOutcome(outcomes) {
  const rank = { answered: 0, lost: 1, missed: 2, absent: 3 };
  const sorted = [...outcomes].sort(
    (a, b) => rank[a.status] - rank[b.status] || (a.status === 'answered' && b.status === 'answered' ? a.ms - b.ms : 0),
  );
  return sorted[Math.floor(sorted.length / 2)];
}

/** @param {number} ms */
export function formatMs(ms) {
  return ms >= 1000 ? `${(ms / 1000).toFixed(2)} s` : `${Math.round(ms)} ms`;
}

/**
 * A table cell: the median with ✓ (within the target) or ✗, and how many runs were not answered
 * unless none or all were alike: `96 ms ✓`, `1.62 s ✗`, `lost ✗`, `140 ms ✓ (1/3 lost)`,
 * `lost ✗ (2/3 lost, 1/3 absent)`.
 * @param {readonly Outcome[]} outcomes
 * @param {number} targetMs
 */
export function formatCell(outcomes, targetMs) {
  const median = medianOutcome(outcomes);
  if (!median) return '–';
  const figure = median.status === 'answered' ? formatMs(median.ms) : median.status;
  const met = median.status === 'answered' && median.ms <= targetMs;
  /** @type {Record<string, number>} */
  const unanswered = {};
  for (const outcome of outcomes)
    if (outcome.status !== 'answered') unanswered[outcome.status] = (unanswered[outcome.status] ?? 0) + 1;
  const alike = unanswered[median.status] === outcomes.length;
  const notes = alike
    ? []
    : Object.entries(unanswered).map(([status, count]) => `${count}/${outcomes.length} ${status}`);
  return `${figure} ${met ? '✓' : '✗'}${notes.length > 0 ? ` (${notes.join(', ')})` : ''}`;
}

/** A tap time as the table's header names it. @param {number} ms */
export function timeLabel(ms) {
  return ms === 0 ? 'at paint' : `+${ms / 1000} s`;
}

/** One run in a line: `1.62 s (held; tapped 31 ms after paint; live 2.10 s after paint)`. @param {TapRecord} record */
export function describeRun(record) {
  const { outcome } = record;
  const notes = [
    record.held ? 'held' : '',
    record.tapAfterPaintMs === null ? '' : `tapped ${formatMs(record.tapAfterPaintMs)} after paint`,
    record.liveAfterPaintMs === null ? 'not live yet' : `live ${formatMs(record.liveAfterPaintMs)} after paint`,
    record.problem ?? '',
  ].filter(Boolean);
  return `${outcome.status === 'answered' ? formatMs(outcome.ms) : outcome.status} (${notes.join('; ')})`;
}

/**
 * The lines of a table: columns padded to their widest cell, a rule under the header.
 * @param {readonly (readonly string[])[]} rows the header first
 * @returns {string[]}
 */
export function tableLines(rows) {
  const [header = [], ...body] = rows;
  const widths = header.map((_, column) => Math.max(...rows.map((row) => [...(row[column] ?? '')].length)));
  const line = (/** @type {readonly string[]} */ row) =>
    row
      .map((cell, column) => cell + ' '.repeat((widths[column] ?? 0) - [...cell].length))
      .join('  ')
      .trimEnd();
  return [line(header), widths.map((width) => '-'.repeat(width)).join('  '), ...body.map(line)];
}

/**
 * The same rows as a Markdown table, for the decision record.
 * @param {readonly (readonly string[])[]} rows the header first
 * @returns {string[]}
 */
export function markdownLines(rows) {
  const [header = [], ...body] = rows;
  const line = (/** @type {readonly string[]} */ row) =>
    `| ${row.map((cell) => cell.replace(/\|/g, '\\|')).join(' | ')} |`;
  return [line(header), line(header.map(() => '---')), ...body.map(line)];
}

/**
 * The first-tap table: a row per control on its route, a column per tap time.
 * @param {readonly { route: string, label: string, byTime: readonly (readonly Outcome[])[] }[]} rows
 *   `byTime[i]`: the runs' outcomes at `tapTimesMs[i]`
 * @param {readonly number[]} tapTimesMs
 * @param {number} targetMs
 * @returns {string[][]} the header first
 */
export function firstTapRows(rows, tapTimesMs, targetMs) {
  return [
    [`control on route (target ≤ ${targetMs} ms)`, ...tapTimesMs.map(timeLabel)],
    ...rows.map(({ route, label, byTime }) => [
      `${route} ${label}`,
      ...tapTimesMs.map((_, index) => formatCell(byTime[index] ?? [], targetMs)),
    ]),
  ];
}

/**
 * The median of numbers (the mean of the middle two for an even count); NaN for none.
 * @param {readonly number[]} values
 */
export function median(values) {
  const sorted = values.filter((value) => Number.isFinite(value)).sort((a, b) => a - b);
  if (sorted.length === 0) return Number.NaN;
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1
    ? (sorted[middle] ?? Number.NaN)
    : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
}
