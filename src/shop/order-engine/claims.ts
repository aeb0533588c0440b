/**
 * The one stale-claim time (issue 47): a claim on a task, a cancellation's step or a day's pickup
 * older than this belongs to a worker that was stopped, and another takes it over. Netlify ends a
 * function after 30 s at most (docs/platform.md) and every outside call gives up after 10 s, so
 * five minutes is far beyond any live worker, and short enough that staff never wait on a dead one.
 * What the worker asked carries a key derived from the claim's step, so a repeat is refused there.
 */
export const STALE_CLAIM_MS = 5 * 60 * 1000;
