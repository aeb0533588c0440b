// @ts-check
// `npm run bench:headers`: Mozilla's HTTP Observatory (@mdn/mdn-http-observatory, the scanner
// behind developer.mozilla.org/observatory) against the production build served as `npm start`
// serves it (scripts/serve.mjs, on loopback), or against a server already running
// (OBSERVATORY_HOST=localhost:8888). Prints the grade, the score and each test's result.
//
// The scanner is not a dependency of the shop: it brings a database client, jsdom and a web
// server, and its postinstall downloads Chromium's HSTS preload list and IANA's TLD list. It is
// installed on first use into .tools/observatory (git-ignored) without running that postinstall,
// and given the empty preload list it would have written: localhost is on no preload list.
//
// Two tests need HTTPS, which a local server does not speak: redirection (HTTP → HTTPS) and
// Strict-Transport-Security. Netlify serves both on the deployed site, so the run also prints
// the score with those two counted as passed; the run fails if any other test fails or that score
// is below 90.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { benchFailed, HOST, portInUse, startServer, stopServer, waitForHealth } from './serve-build.mjs';

const root = path.resolve(import.meta.dirname, '..');
const VERSION = '1.4.8';
const TOOL_DIR = path.join(root, '.tools/observatory');
const PACKAGE_DIR = path.join(TOOL_DIR, 'node_modules/@mdn/mdn-http-observatory');
// Not 8896 (bench:orders), 8897-8899 (screenshots, end-to-end runs) nor 8930 (bench:pages).
const PORT = Number(process.env.BENCH_HEADERS_PORT ?? 8931);
const HTTPS_ONLY = new Set(['redirection', 'strict-transport-security']);
const TARGET_SCORE = 90;

/**
 * @typedef {{ pass: boolean, result: string, scoreModifier: number, expectation: string }} TestResult
 * @typedef {{ scan: { grade: string, score: number, testsPassed: number, testsQuantity: number }, tests: Record<string, TestResult> }} ScanResult
 */

/** Installs the scanner into .tools/observatory unless that version is there already. */
async function ensureScanner() {
  const manifest = path.join(PACKAGE_DIR, 'package.json');
  const installed = existsSync(manifest) ? JSON.parse(await readFile(manifest, 'utf8')).version : undefined;
  if (installed !== VERSION) {
    console.log(`Installing @mdn/mdn-http-observatory@${VERSION} into ${path.relative(root, TOOL_DIR)} …`);
    await mkdir(TOOL_DIR, { recursive: true });
    const npm = spawnSync(
      'npm',
      [
        'install',
        '--prefix',
        TOOL_DIR,
        '--ignore-scripts',
        '--no-audit',
        '--no-fund',
        '--loglevel=error',
        `@mdn/mdn-http-observatory@${VERSION}`,
      ],
      { stdio: 'inherit' },
    );
    if (npm.status !== 0) throw new Error(`npm install of the scanner failed (exit ${npm.status})`);
  }
  // What its postinstall (`updateHsts`, `updateTldList`) would have downloaded: the scan reads the
  // first (src/analyzer/hsts.js); the second is for its web API only.
  const emptyData = { 'hsts-preload.json': '{}', 'tld-list.json': '[]' };
  for (const [file, empty] of Object.entries(emptyData)) {
    const target = path.join(PACKAGE_DIR, 'conf', file);
    if (!existsSync(target)) await writeFile(target, `${empty}\n`);
  }
}

/**
 * The grader's own arithmetic (src/scanner/index.js): 100 plus every penalty; the bonuses count
 * only once that is at least 90.
 * @param {TestResult[]} tests
 * @param {{ getGradeForScore: (score: number) => { score: number, grade: string } }} grader
 * @param {number} extraCreditFrom
 */
function grade(tests, grader, extraCreditFrom) {
  const modifiers = tests.map((test) => test.scoreModifier);
  const uncurved = 100 + modifiers.filter((modifier) => modifier < 0).reduce((sum, modifier) => sum + modifier, 0);
  const score = uncurved >= extraCreditFrom ? 100 + modifiers.reduce((sum, modifier) => sum + modifier, 0) : uncurved;
  return grader.getGradeForScore(score);
}

/** @param {string} host @returns {Promise<{ result: ScanResult, overHttps: { score: number, grade: string } }>} */
async function scanHost(host) {
  const load = (/** @type {string} */ file) => import(pathToFileURL(path.join(PACKAGE_DIR, file)).href);
  const [{ scan }, grader, { MINIMUM_SCORE_FOR_EXTRA_CREDIT }] = await Promise.all([
    load('src/index.js'),
    load('src/grader/grader.js'),
    load('src/grader/charts.js'),
  ]);
  /** @type {ScanResult} */
  const result = await scan(host);
  const overHttps = grade(
    Object.entries(result.tests).map(([name, test]) => (HTTPS_ONLY.has(name) ? { ...test, scoreModifier: 0 } : test)),
    grader,
    MINIMUM_SCORE_FOR_EXTRA_CREDIT,
  );
  return { result, overHttps };
}

/** @param {ScanResult} result @param {{ score: number, grade: string }} overHttps */
function print(result, overHttps) {
  console.log(`\n${'test'.padEnd(34)}${'result'.padEnd(72)}score`);
  for (const [name, test] of Object.entries(result.tests)) {
    const mark = test.pass ? 'pass' : HTTPS_ONLY.has(name) ? 'FAIL (needs HTTPS)' : 'FAIL';
    const modifier = test.scoreModifier > 0 ? `+${test.scoreModifier}` : String(test.scoreModifier);
    console.log(`${name.padEnd(34)}${`${mark}: ${test.result}`.padEnd(72)}${modifier.padStart(5)}`);
  }
  const { grade: letter, score, testsPassed, testsQuantity } = result.scan;
  console.log(`\nObservatory: ${letter}, ${score}/100, ${testsPassed} of ${testsQuantity} tests passed.`);
  console.log(
    `Counting redirection and HSTS as passed (Netlify's HTTPS): ${overHttps.grade}, ${overHttps.score}/100 (target ≥ ${TARGET_SCORE}).`,
  );
}

/** @param {object} report */
async function writeResults(report) {
  const directory = path.join(root, 'bench/results');
  await mkdir(directory, { recursive: true });
  const file = path.join(directory, `headers-${new Date().toISOString().replace(/[:.]/g, '-')}.json`);
  await writeFile(file, `${JSON.stringify({ at: new Date().toISOString(), scanner: VERSION, ...report }, null, 2)}\n`);
  return file;
}

/** @type {import('./serve-build.mjs').BuildServer | undefined} */
let server;
try {
  await ensureScanner();
  let host = process.env.OBSERVATORY_HOST;
  if (!host) {
    if (!existsSync(path.join(root, 'build/client/_headers'))) {
      throw new Error('bench:headers needs a production build: run `npm run build` first.');
    }
    if (await portInUse(PORT))
      throw new Error(`${HOST}:${PORT} is in use; stop that server or set BENCH_HEADERS_PORT.`);
    server = startServer({ port: PORT, name: 'headers' });
    await waitForHealth(server);
    host = `${HOST}:${PORT}`;
    console.log(`Started scripts/serve.mjs (pid ${server.child.pid}) on http://${host}`);
  }
  console.log(`Scanning http://${host}/ …`);
  const { result, overHttps } = await scanHost(host);
  print(result, overHttps);
  const failed = Object.entries(result.tests).filter(([name, test]) => !test.pass && !HTTPS_ONLY.has(name));
  const file = await writeResults({ host, scan: result.scan, tests: result.tests, overHttps });
  console.log(`\nResults written to ${path.relative(root, file)}`);
  if (failed.length > 0 || overHttps.score < TARGET_SCORE) {
    console.error(
      `\nbench:headers: ${failed.length > 0 ? `failed: ${failed.map(([name]) => name).join(', ')}` : `score below ${TARGET_SCORE}`}.`,
    );
    process.exitCode = 1;
  }
} catch (error) {
  benchFailed('bench:headers', error, server);
} finally {
  if (await stopServer(server)) console.log(`Stopped the server (pid ${server?.child.pid}).`);
}
