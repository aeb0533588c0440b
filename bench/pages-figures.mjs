// @ts-check
// Part of `npm run bench:pages`: the figures read from one Lighthouse result — the scores and timings
// the tables show, the audits of a category that did not pass, and the LCP element.

/** @typedef {import('lighthouse').Result} Lhr */
/** @typedef {ReturnType<typeof summarise>} RunSummary */

/** The figures the table shows, from one Lighthouse result. */
export function summarise(/** @type {Lhr} */ lhr) {
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
 * The audits of a category that count and did not pass (weight above 0, score below 1).
 * @param {Lhr} lhr
 * @param {string} category
 * @returns {string[]} audit ids
 */
export function failingAudits(lhr, category) {
  return (lhr.categories[category]?.auditRefs ?? [])
    .filter((ref) => ref.weight > 0)
    .filter((ref) => {
      const score = lhr.audits[ref.id]?.score;
      return typeof score === 'number' && score < 1;
    })
    .map((ref) => ref.id);
}

/**
 * The LCP element of a run as Lighthouse names it (its CSS selector), with the image file if it has one.
 * @param {Lhr} lhr
 */
export function lcpElement(lhr) {
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
