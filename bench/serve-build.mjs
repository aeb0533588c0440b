// @ts-check
// The production build, built and served with its functions (scripts/serve.mjs, as `npm start` does) on
// loopback for the benches, with every outside system on its embedded local default.
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { performance } from 'node:perf_hooks';

const root = path.resolve(import.meta.dirname, '..');
export const HOST = '127.0.0.1';
const HEALTH_ATTEMPTS = 240; // × 500 ms: the first start bundles every function
const STOP_GRACE_MS = 10_000;

/** Variables that would switch an outside system from its local default to the real one. */
const REAL_SYSTEMS = [
  'RAZORPAY_KEY_ID',
  'RAZORPAY_KEY_SECRET',
  'RAZORPAY_WEBHOOK_SECRET',
  'DELHIVERY_TOKEN',
  'DELHIVERY_BASE_URL',
  'SHEETS_WEBHOOK_URL',
  'SHEETS_WEBHOOK_SECRET',
  'SHEET_ID',
  'SANITY_PROJECT_ID',
  'SANITY_DATASET',
  'SANITY_API_TOKEN',
];

/** Builds the site (`npm run build`) into build/, as production does; throws with the build's output if it fails. */
export function buildSite() {
  console.log('Building (npm run build)…');
  const buildStarted = performance.now();
  const result = spawnSync('npm', ['run', 'build'], { cwd: root, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  if (result.status !== 0) {
    console.error(`${result.stdout ?? ''}${result.stderr ?? ''}`.slice(-8000));
    throw new Error(`npm run build failed (exit ${result.status ?? result.signal})`);
  }
  console.log(`Built in ${((performance.now() - buildStarted) / 1000).toFixed(1)} s`);
}

/**
 * `database`: the local engine's folder (`benchDatabase`), unused when the server was given a
 * PostgreSQL server (`databaseUrl`).
 * @typedef {{
 *   child: import('node:child_process').ChildProcess,
 *   base: string,
 *   output: () => string,
 *   database: string,
 *   databaseUrl?: string,
 * }} BuildServer
 */

/**
 * The local database folder of a bench's server (LOCAL_DB_DIR): `.data/bench/<name>/db`, emptied as
 * the server starts (LOCAL_DB_FRESH). Each bench has its own, never a developer's `.netlify/db-start`
 * (which their `npm start` may hold: a second server on a folder is refused) nor another bench's.
 * While the server runs, its engine's URL is in `<folder>.url` (site-build/local-database.ts).
 * @param {string} name
 */
const benchDatabase = (name) => path.join(root, '.data/bench', name, 'db');

/** Whether something already listens on HOST:port (it would answer the health check instead). */
export function portInUse(/** @type {number} */ port) {
  return new Promise((resolve) => {
    const socket = net.connect({ host: HOST, port });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

/**
 * Starts scripts/serve.mjs on HOST:port; its output is kept (the last 20 kB) for error reports.
 * `name`: the bench's, naming its own fresh database folder (`benchDatabase`).
 * `devTools`: with the development tools (`--dev-tools`), for a bench that plays the shopper's phone.
 * `databaseUrl`: a PostgreSQL server (a throw-away one, migrated) the server uses instead of the
 * local engine, as its NETLIFY_DB_URL. Without it, a NETLIFY_DB_URL of this shell (production's,
 * set for a report) never reaches the server: its orders go to its own fresh local engine.
 * @param {{ port: number, name: string, env?: Record<string, string>, devTools?: boolean, databaseUrl?: string }} options
 * @returns {BuildServer}
 */
export function startServer({ port, name, env = {}, devTools = false, databaseUrl }) {
  const database = benchDatabase(name);
  // The server makes the folder, not its parent (it writes `<folder>.lock` beside it first).
  if (!databaseUrl) mkdirSync(path.dirname(database), { recursive: true });
  /** @type {NodeJS.ProcessEnv} */
  const inherited = { ...process.env };
  for (const variable of ['NETLIFY_DB_URL', 'NETLIFY_DB_DRIVER', 'LOCAL_DB_DIR', 'LOCAL_DB_FRESH'])
    delete inherited[variable];
  /** @type {NodeJS.ProcessEnv} */
  const childEnv = {
    ...inherited,
    PORT: String(port),
    HOST,
    ...(databaseUrl ? { NETLIFY_DB_URL: databaseUrl } : { LOCAL_DB_DIR: database, LOCAL_DB_FRESH: '1' }),
    ...env,
  };
  for (const variable of REAL_SYSTEMS) delete childEnv[variable];
  const child = spawn(process.execPath, [path.join(root, 'scripts/serve.mjs'), ...(devTools ? ['--dev-tools'] : [])], {
    cwd: root,
    env: childEnv,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  const keep = (/** @type {Buffer} */ chunk) => {
    log = (log + chunk.toString()).slice(-20_000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  // However this process ends (an uncaught error, process.exit), the server does not outlive it.
  const stopOnExit = () => {
    if (child.pid && child.exitCode === null && child.signalCode === null) process.kill(child.pid, 'SIGTERM');
  };
  process.on('exit', stopOnExit);
  child.once('exit', () => process.off('exit', stopOnExit));
  return {
    child,
    base: `http://${HOST}:${port}`,
    output: () => log,
    database,
    ...(databaseUrl ? { databaseUrl } : {}),
  };
}

/**
 * Waits until `/api/health` answers 200 from this server (not from one that exited meanwhile).
 * @param {BuildServer} server
 * @returns {Promise<unknown>} the health answer
 */
export async function waitForHealth(server) {
  for (let attempt = 0; attempt < HEALTH_ATTEMPTS; attempt += 1) {
    if (server.child.exitCode !== null) throw new Error(`the server exited with code ${server.child.exitCode}`);
    try {
      const response = await fetch(`${server.base}/api/health`, { signal: AbortSignal.timeout(5000) });
      if (response.ok && server.child.exitCode === null) return await response.json();
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`/api/health did not answer 200 within ${(HEALTH_ATTEMPTS * 500) / 1000} s`);
}

/**
 * Says that a bench failed, with the server's last output when it wrote any, and sets exit code 1.
 * `stack`: the error's stack rather than its message alone, after a blank line.
 * @param {string} bench its command, e.g. `bench:orders`
 * @param {unknown} error
 * @param {BuildServer | undefined} server
 * @param {{ stack?: boolean }} [options]
 */
export function benchFailed(bench, error, server, { stack = false } = {}) {
  const why = error instanceof Error ? (stack ? (error.stack ?? error.message) : error.message) : String(error);
  console.error(`${stack ? '\n' : ''}${bench} failed: ${why}`);
  if (server?.output()) console.error(`\nLast server output:\n${server.output().slice(-4000)}`);
  process.exitCode = 1;
}

/**
 * Stops the server by its pid: SIGTERM, then SIGKILL if it has not exited within the grace time.
 * @param {BuildServer | undefined} server
 * @returns {Promise<boolean>} whether it was running
 */
export async function stopServer(server) {
  const child = server?.child;
  if (!child?.pid || child.exitCode !== null || child.signalCode !== null) return false;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  try {
    process.kill(child.pid, 'SIGTERM');
  } catch {
    return false; // already gone
  }
  const timer = new Promise((resolve) => setTimeout(() => resolve('timeout'), STOP_GRACE_MS).unref());
  if ((await Promise.race([exited, timer])) === 'timeout') {
    console.error(`Server (pid ${child.pid}) did not stop within ${STOP_GRACE_MS} ms: killing it.`);
    process.kill(child.pid, 'SIGKILL');
    await exited;
  }
  return true;
}
