/**
 * A throw-away PostgreSQL server for the tests and the order bench (decision 031): Debian's
 * `postgresql` (installed by scripts/ensure-test-tools.mjs), a fresh cluster in a temporary folder,
 * on a free port, gone when stopped. Netlify's local engine runs every connection in one session,
 * so races between connections are proved here, on a real server.
 *
 * PostgreSQL refuses to run as root: as root the cluster is made and run as `nobody`. The server is
 * spawned directly (not through `pg_ctl`), so this process is its parent and reaps it at once.
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';

const DEBIAN_ROOT = '/usr/lib/postgresql';
const NOBODY = { uid: 65534, gid: 65534 };

/** The newest installed server's bin folder, or undefined when PostgreSQL is not installed. */
export function postgresBin(): string | undefined {
  if (process.env.POSTGRES_BIN) return process.env.POSTGRES_BIN;
  if (!existsSync(DEBIAN_ROOT)) return undefined;
  const versions = readdirSync(DEBIAN_ROOT)
    .filter((name) => existsSync(path.join(DEBIAN_ROOT, name, 'bin', 'postgres')))
    .sort((a, b) => Number(b) - Number(a));
  return versions[0] ? path.join(DEBIAN_ROOT, versions[0], 'bin') : undefined;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

export interface ThrowawayPostgres {
  /** `postgres://postgres@127.0.0.1:<port>/postgres` */
  url: string;
  stop(): Promise<void>;
}

/**
 * `maxConnections`: the server's `max_connections` (400 unless told). `settings`: more server
 * settings, each given as `-c name=value` (the orders bench: `shared_preload_libraries`).
 */
export async function startThrowawayPostgres(
  options: { maxConnections?: number; settings?: Record<string, string> } = {},
): Promise<ThrowawayPostgres> {
  const bin = postgresBin();
  if (!bin) {
    throw new Error(
      'PostgreSQL is not installed: run `node scripts/ensure-test-tools.mjs` (or `apt-get install -y postgresql`).',
    );
  }
  const ids: { uid?: number; gid?: number } = process.getuid?.() === 0 ? NOBODY : {};
  const dir = mkdtempSync(path.join(tmpdir(), 'ouo-pg-'));
  if (ids.uid !== undefined && ids.gid !== undefined) chownSync(dir, ids.uid, ids.gid);
  const data = path.join(dir, 'data');
  execFileSync(
    path.join(bin, 'initdb'),
    ['-D', data, '-A', 'trust', '-U', 'postgres', '-E', 'UTF8', '--no-sync', '--no-instructions'],
    { ...ids, stdio: 'ignore' },
  );
  const port = await freePort();
  // Durability is not what a test proves: without fsync a run is faster and the data goes anyway.
  const server: ChildProcess = spawn(
    path.join(bin, 'postgres'),
    [
      '-D',
      data,
      '-p',
      String(port),
      '-k',
      dir,
      '-c',
      'listen_addresses=127.0.0.1',
      '-c',
      `max_connections=${options.maxConnections ?? 400}`,
      '-c',
      'fsync=off',
      '-c',
      'synchronous_commit=off',
      '-c',
      'full_page_writes=off',
      ...Object.entries(options.settings ?? {}).flatMap(([name, value]) => ['-c', `${name}=${value}`]),
    ],
    { ...ids, stdio: ['ignore', 'ignore', 'pipe'] },
  );
  await new Promise<void>((resolve, reject) => {
    let said = '';
    const timer = setTimeout(() => reject(new Error(`PostgreSQL did not start:\n${said}`)), 30_000);
    server.stderr?.on('data', (chunk: Buffer) => {
      said += chunk.toString();
      if (said.includes('ready to accept connections')) {
        clearTimeout(timer);
        resolve();
      }
    });
    server.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`PostgreSQL exited (${code}):\n${said}`));
    });
  });
  // Read and dropped from here on, so a full pipe never stalls the server.
  server.stderr?.resume();
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    async stop() {
      if (server.exitCode === null) {
        const exited = new Promise((resolve) => server.once('exit', resolve));
        server.kill('SIGINT');
        await exited;
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

export const MIGRATIONS_DIR = path.join(import.meta.dirname, '..', 'netlify', 'database', 'migrations');

/** The migration files in the order Netlify applies them (by name), as `[name, sql]`. */
export function migrationFiles(dir = MIGRATIONS_DIR): [string, string][] {
  return readdirSync(dir)
    .filter((name) => name.endsWith('.sql'))
    .sort()
    .map((name) => [name, readFileSync(path.join(dir, name), 'utf8')]);
}

/**
 * A new schema with every migration applied, each file in its own transaction as Netlify's local
 * engine applies them: the tests give each order world its own, so worlds never share an order.
 */
export async function createSchema(url: string, schema: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(`create schema ${schema}`);
    await client.query(`set search_path to ${schema}`);
    for (const [, sql] of migrationFiles()) {
      await client.query('begin');
      try {
        await client.query(sql);
        await client.query('commit');
      } catch (error) {
        await client.query('rollback');
        throw error;
      }
    }
  } finally {
    await client.end();
  }
}

/** The URL of `schema` on the server at `url`: node-postgres sets the search path from `options`. */
export const schemaUrl = (url: string, schema: string) =>
  `${url}?options=${encodeURIComponent(`-c search_path=${schema}`)}`;
