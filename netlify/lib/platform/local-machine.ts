/**
 * Whether the functions run on a developer's own machine: under `npm run dev`, or under `npm start
 * -- --dev-tools` (scripts/serve.mjs). Only there do the development tools exist — the staff desk
 * (`/api/dev/staff`), the development phone (`/api/dev/whatsapp`) and its public app secret, the
 * local test gateway, a scheduled function run on request — docs/shop-rules.md §11, issue 46.
 *
 * The mark is set by those local servers' own code in their own process (site-build/local-functions.ts),
 * not read from a setting: Netlify runs the deployed functions in its own runtime, which never runs
 * that code, so no variable of a deploy — production, a deploy preview, a branch deploy — can switch
 * the tools on, whatever else is configured there. A global symbol rather than a module's variable:
 * under `npm run dev` the functions are loaded by Vite's module runner, a second copy of this module.
 */
const LOCAL_MACHINE = Symbol.for('ouo.local-machine');

type Marked = { [LOCAL_MACHINE]?: boolean };

export function onLocalMachine(): boolean {
  return (globalThis as Marked)[LOCAL_MACHINE] === true;
}

/** Called by the local servers when they start (and by tests, which play either side). */
export function markLocalMachine(on = true): void {
  (globalThis as Marked)[LOCAL_MACHINE] = on;
}
