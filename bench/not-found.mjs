// Part of `npm run bench:orders`: does "not found" tell which order ids exist? /api/track and
// /api/orders/:id must answer an unknown id and a known id with a wrong phone or key alike, in
// words and in time (docs/security.md, finding 8). Requests alternate between the two cases, one
// at a time, so both see the same machine; the medians and their difference are reported.
import { performance } from 'node:perf_hooks';

const SAMPLES = Number(process.env.BENCH_NOT_FOUND_SAMPLES ?? 200);
/**
 * What "within noise" means here: the Mann–Whitney z of the two samples. |z| ≥ 3 (p < 0.003) says
 * one case is reliably slower, however small the difference of medians.
 */
export const NOT_FOUND_TARGET_Z = 3;

/**
 * @param {number[]} values
 * @returns {number}
 */
function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (/** @type {number} */ index) => sorted[index] ?? Number.NaN;
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? at(middle) : (at(middle - 1) + at(middle)) / 2;
}

/**
 * Mann–Whitney U as a z score (ties share ranks): > 0 when the first sample tends to be slower.
 * @param {number[]} first
 * @param {number[]} second
 */
export function mannWhitneyZ(first, second) {
  const all = [...first.map((value) => ({ value, first: true })), ...second.map((value) => ({ value, first: false }))];
  all.sort((a, b) => a.value - b.value);
  /** @type {number[]} */
  const ranks = new Array(all.length);
  for (let start = 0; start < all.length; ) {
    let end = start;
    while (end + 1 < all.length && all[end + 1]?.value === all[start]?.value) end += 1;
    for (let index = start; index <= end; index += 1) ranks[index] = (start + end) / 2 + 1;
    start = end + 1;
  }
  const rankSum = all.reduce((sum, entry, index) => (entry.first ? sum + (ranks[index] ?? 0) : sum), 0);
  const n1 = first.length;
  const n2 = second.length;
  const u = rankSum - (n1 * (n1 + 1)) / 2;
  return (u - (n1 * n2) / 2) / Math.sqrt((n1 * n2 * (n1 + n2 + 1)) / 12);
}

/**
 * @param {() => Promise<Response>} send
 * @returns {Promise<{ ms: number; status: number }>}
 */
async function timed(send) {
  const started = performance.now();
  const response = await send();
  await response.arrayBuffer();
  return { ms: performance.now() - started, status: response.status };
}

/**
 * @param {string} base
 * @param {string} knownId an order this run placed (phone 98765 43210)
 * @param {string} unknownId an id no order has
 */
export async function measureNotFound(base, knownId, unknownId) {
  const track = (/** @type {string} */ orderId) => () =>
    fetch(`${base}/api/track`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ orderId, phone: '91234 56789' }),
    });
  const view = (/** @type {string} */ orderId) => () => fetch(`${base}/api/orders/${orderId}?key=${'0'.repeat(32)}`);
  /** @type {Record<string, { known: number[]; unknown: number[]; statuses: Set<number> }>} */
  const runs = {};
  for (const [name, make] of /** @type {const} */ ([
    ['/api/track', track],
    ['/api/orders/:id', view],
  ])) {
    const run = { known: /** @type {number[]} */ ([]), unknown: /** @type {number[]} */ ([]), statuses: new Set() };
    for (let index = 0; index < 10; index += 1) await timed(make(index % 2 ? knownId : unknownId)); // warm
    for (let index = 0; index < SAMPLES; index += 1) {
      // Alternate which goes first, so neither always follows the other.
      const pair = index % 2 ? ['known', 'unknown'] : ['unknown', 'known'];
      for (const which of pair) {
        const result = await timed(make(which === 'known' ? knownId : unknownId));
        run[/** @type {'known' | 'unknown'} */ (which)].push(result.ms);
        run.statuses.add(result.status);
      }
    }
    runs[name] = run;
  }
  return Object.entries(runs).map(([name, run]) => ({
    name,
    samples: SAMPLES,
    statuses: [...run.statuses],
    knownMedianMs: median(run.known),
    unknownMedianMs: median(run.unknown),
    differenceMs: median(run.known) - median(run.unknown),
    z: mannWhitneyZ(run.known, run.unknown),
  }));
}
