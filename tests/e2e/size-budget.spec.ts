// First-load JavaScript budgets, read from the build `npm run test:e2e` has just made (no browser):
// the same computation as `npm run bench` (bench/route-weight.mjs), the budgets in bench/targets.mjs.
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { prerenderedPaths, type RouteWeight, routeWeight } from '../../bench/route-weight.mjs';
import { FIRST_LOAD_JS_BUDGETS, KB, STATIC_PAGE_SCRIPT_GZIP } from '../../bench/targets.mjs';

const CLIENT_DIR = path.resolve('build/client');
/** The route types the issue names that load React: each must be prerendered and measured. */
const NAMED_ROUTES = ['/', '/products', '/products/3', '/who-are-we/recipes', '/checkout', '/cart'];
/** Pages issue 36 names that load no React (decision 028): a post, a policy, a batch, the story, the 404 page. */
const STATIC_ROUTES = [
  '/blog/1',
  '/blog',
  '/policies/returns',
  '/who-are-we',
  '/who-are-we/traceability/OUO-GHEE-2025-09-25-001',
  '/404',
];

let weights: Promise<RouteWeight[]> | undefined;
/** Every prerendered page's weight, measured once per worker. */
function measureAll(): Promise<RouteWeight[]> {
  weights ??= prerenderedPaths(CLIENT_DIR).then((paths) =>
    Promise.all(paths.map((urlPath) => routeWeight(CLIENT_DIR, urlPath))),
  );
  return weights;
}

const leafRoute = (weight: RouteWeight) => weight.routeIds.at(-1) ?? '(none)';
const kb = (bytes: number) => `${(bytes / KB).toFixed(1)} kB`;

test('the named routes are prerendered and their first-load scripts and styles are found', async () => {
  const all = await measureAll();
  for (const route of NAMED_ROUTES) {
    const weight = all.find((candidate) => candidate.path === route);
    expect(weight, `${route} is prerendered`).toBeDefined();
    if (!weight) continue;
    const files = weight.js.files.map((file) => path.basename(file.file));
    // The manifest, the client entry (hydration) and the root route load on every page.
    for (const name of ['manifest-', 'entry.client-', 'root-'])
      expect(
        files.some((file) => file.startsWith(name)),
        `${route} loads ${name}*.js`,
      ).toBe(true);
    expect(weight.routeIds[0], `${route} hydrates the root route`).toBe('root');
    expect(weight.js.gzip, `${route} first-load JS`).toBeGreaterThan(0);
    expect(weight.css.gzip, `${route} first-load CSS`).toBeGreaterThan(0);
  }
});

test('the pages without React load no JavaScript file, and their inline script is a few kB', async () => {
  const all = await measureAll();
  for (const route of STATIC_ROUTES) {
    const weight = all.find((candidate) => candidate.path === route);
    expect(weight, `${route} is prerendered`).toBeDefined();
    if (!weight) continue;
    expect(weight.staticScript, `${route} runs the early script in static mode`).toBeDefined();
    expect(weight.js, `${route} first-load JS`).toEqual({ files: [], bytes: 0, gzip: 0 });
    expect(weight.routeIds, `${route} hydrates no route`).toEqual([]);
    expect(weight.css.gzip, `${route} first-load CSS`).toBeGreaterThan(0);
    expect(
      weight.staticScript?.gzip,
      `${route}: inline script ${kb(weight.staticScript?.gzip ?? 0)} gzip, ceiling ${kb(STATIC_PAGE_SCRIPT_GZIP)}`,
    ).toBeLessThanOrEqual(STATIC_PAGE_SCRIPT_GZIP);
  }
});

test("every prerendered page is within its route's first-load JS budget", async () => {
  const all = await measureAll();
  expect(all.length).toBeGreaterThanOrEqual(NAMED_ROUTES.length);
  for (const weight of all) {
    // A page without React: no JavaScript file (the test above).
    if (weight.staticScript) continue;
    const budget = FIRST_LOAD_JS_BUDGETS[leafRoute(weight)];
    expect.soft(budget, `bench/targets.mjs has a budget for ${leafRoute(weight)} (${weight.path})`).toBeDefined();
    if (budget === undefined) continue;
    expect
      .soft(weight.js.gzip, `${weight.path}: ${kb(weight.js.gzip)} gzip, budget ${kb(budget)}`)
      .toBeLessThanOrEqual(budget);
  }
});
