// @ts-check
// `npm run bench:pages`: builds the site, serves the production build on loopback
// (scripts/serve.mjs) and measures the main routes with Lighthouse in Debian's Chromium — the
// default (mobile) config with simulated throttling — each beside its floor: the same prerendered
// HTML with every script and modulepreload link removed (bench/floor.mjs), written from the build
// into a temporary folder and served by the same server at /__floor/<route>. Each route is measured
// interleaved, 3 times: page, floor, page, floor, page, floor; for each, the run with the median LCP
// counts. Prints the page beside its floor (LCP ratio, performance delta) with the targets of
// bench/targets.mjs, the other scores, what the page requested before its first paint
// (bench/first-paint.mjs) and each route's first-load JavaScript and CSS read from the build
// (bench/route-weight.mjs), and writes JSON to bench/results/.
//
// /checkout is measured with a cart: it is seeded in localStorage before each run (the floor's
// too, though without scripts it cannot read it), and the run keeps storage
// (`disableStorageReset`) after the bench cleared the cache itself. An empty cart sends the page
// to /cart, so every run must end on /checkout, and the order summary is checked in the browser
// afterwards.
//
// This file runs the parts in order: the floors written (bench/floor.mjs), the server and Chromium
// started, the page runs (bench/pages-run.mjs), the tables (bench/pages-tables.mjs, judged by
// bench/pages-compare.mjs), the results file (bench/pages-results.mjs), then the checkout's cart
// checked (bench/pages-cart.mjs). Its settings are in bench/pages-settings.mjs.
import { existsSync, rmSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import * as chromeLauncher from 'chrome-launcher';
import { floorPath, writeFloors } from './floor.mjs';
import { checkCheckoutShowsCart, clearCart } from './pages-cart.mjs';
import { writeResults } from './pages-results.mjs';
import { measureRoute } from './pages-run.mjs';
import { BASE, CHROME_FLAGS, CHROME_PATH, CLIENT_DIR, PORT, ROUTES, root } from './pages-settings.mjs';
import { printTables } from './pages-tables.mjs';
import { benchFailed, buildSite, HOST, portInUse, startServer, stopServer, waitForHealth } from './serve-build.mjs';

/** @typedef {import('./pages-run.mjs').RouteResult} RouteResult */

const started = performance.now();
/** @type {import('./serve-build.mjs').BuildServer | undefined} */
let server;
/** @type {chromeLauncher.LaunchedChrome | undefined} */
let chrome;
/** The temporary folder of the floor pages. */
/** @type {string | undefined} */
let floors;
// An uncaught error skips `finally`: neither Chromium nor the floors may outlive the bench either way.
process.on('exit', () => {
  try {
    if (chrome) process.kill(chrome.pid, 'SIGKILL');
  } catch {
    // already gone
  }
  if (floors) rmSync(floors, { recursive: true, force: true });
});

try {
  if (await portInUse(PORT)) throw new Error(`${HOST}:${PORT} is in use; stop that server or set BENCH_PAGES_PORT.`);
  // chrome-launcher reports a missing binary as an unhandled 'error' event, which no catch sees.
  if (!existsSync(CHROME_PATH)) throw new Error(`no Chromium at ${CHROME_PATH}: install it or set CHROME_PATH.`);
  buildSite();
  floors = await writeFloors(CLIENT_DIR, ROUTES);
  console.log(`Wrote the floor pages (no <script>, no modulepreload) to ${floors}, served at ${floorPath('/')}…`);
  server = startServer({ port: PORT, name: 'pages', env: { SERVE_EXTRA_STATIC_DIR: floors } });
  console.log(`Started scripts/serve.mjs (pid ${server.child.pid}) on ${BASE}`);
  await waitForHealth(server);
  chrome = await chromeLauncher.launch({ chromePath: CHROME_PATH, chromeFlags: CHROME_FLAGS, logLevel: 'silent' });
  console.log(`Started Chromium (pid ${chrome.pid}, DevTools port ${chrome.port})`);

  /** @type {RouteResult[]} */
  const results = [];
  for (const route of ROUTES) results.push(await measureRoute(route, chrome.port));

  // The figures first: a failed check below must not throw away minutes of measuring.
  const seconds = (performance.now() - started) / 1000;
  printTables(results);
  const file = await writeResults(results, seconds);
  console.log(`\nResults written to ${path.relative(root, file)} (${Math.round(seconds)} s)`);
  await checkCheckoutShowsCart(chrome.port);
  await clearCart(chrome.port);
} catch (error) {
  benchFailed('bench:pages', error, server, { stack: true });
} finally {
  if (chrome) {
    await chrome.kill();
    console.log(`Stopped Chromium (pid ${chrome.pid}).`);
    chrome = undefined;
  }
  if (server && (await stopServer(server))) console.log(`Stopped the server (pid ${server.child.pid}).`);
  if (floors) await rm(floors, { recursive: true, force: true });
  floors = undefined;
}
