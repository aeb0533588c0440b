// A small seeded generator for the benches that make up orders (reports.mjs, festival-plan.mjs):
// the same orders on every run.

/**
 * Mulberry32: numbers in [0, 1) from `seed`, the same sequence for the same seed.
 * @param {number} seed
 */
export function seeded(seed) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}
