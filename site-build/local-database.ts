/**
 * Netlify Database on a developer's machine, for `npm run dev` (site-build/dev-functions.ts) and
 * `npm start` (scripts/serve.mjs): Netlify's own local engine, `NetlifyDB` from
 * `@netlify/database-dev` — PGlite (PostgreSQL compiled to WebAssembly) in this process, behind a
 * PostgreSQL wire-protocol server on a free port of localhost — found by the functions through
 * NETLIFY_DB_URL exactly as deployed (netlify/lib/platform/database.ts). Nothing to install.
 *
 * What Netlify's own tools leave to us (docs/research/netlify-database.md §2):
 * - They apply no migration locally: we apply `netlify/database/migrations/` at every start. Each
 *   file runs in its own transaction with its row in `netlify.migrations`: a failing file leaves
 *   nothing of itself, the files before it stay applied, none after it runs, and the server does
 *   not start.
 * - The engine runs every connection in one session: the functions get a pool of one connection
 *   (`markLocalEngine`).
 * - It holds no lock on its folder: two engines on one folder both start, neither sees the other's
 *   writes, and both write its files. `<folder>.lock` names the process using the folder; a second
 *   server is refused, and a lock whose process is gone (a killed server) is taken over.
 * - Its server leaves Nagle's algorithm on (44 ms a statement): we turn it off (`sendAtOnce`).
 * - Its tracking keeps names only: we keep each applied file's SHA-256, and refuse to start when one
 *   has changed since (the database would keep the schema it had).
 * - A folder whose first start was cut short (Ctrl-C in the first second) never opens again: the
 *   folder is made under `<folder>.creating` and renamed only once the engine has opened it.
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import type { Server, Socket } from 'node:net';
import path from 'node:path';
import type { NetlifyDB } from '@netlify/database-dev';

/** Where the migrations are, from the project's root: where Netlify applies them from on deploy. */
const MIGRATIONS_DIR = 'netlify/database/migrations';

/** A local database that could not start, with what to do about it: the servers print only this. */
export class LocalDatabaseError extends Error {
  override name = 'LocalDatabaseError';
}

export type LocalDatabase = {
  /** `postgres://postgres@localhost:<port>/postgres`, also in NETLIFY_DB_URL. */
  url: string;
  /** What this start did: `opened .netlify/db; applied 0001_order_store` — one line for the log. */
  summary: string;
  /** Stops the engine (once every server of this process that uses it has stopped). */
  stop: () => Promise<void>;
};

type Running = { engine: Promise<{ db: NetlifyDB; url: string; summary: string }>; users: number };

/**
 * The engines of this process by folder, kept across a Vite restart (a new dev server is made
 * before the old one closes, and both ask for the same folder): one engine, handed to both.
 */
const ENGINES = Symbol.for('ouo.local-database.engines');
function engines(): Map<string, Running> {
  const holder = globalThis as { [ENGINES]?: Map<string, Running> };
  if (!holder[ENGINES]) {
    const table = new Map<string, Running>();
    holder[ENGINES] = table;
    // However the process ends (`react-router dev` ends it at once on Ctrl-C and SIGTERM), its
    // locks go with it. The engine itself cannot be closed here (that is asynchronous): the next
    // start recovers its files, as PostgreSQL does after a crash.
    process.once('exit', () => {
      for (const folder of table.keys()) {
        rmSync(urlFile(folder), { force: true });
        releaseLock(folder);
      }
    });
  }
  return holder[ENGINES];
}

/**
 * Starts the local engine on `directory` (from the project's `root` if relative), applies the
 * migrations, and points this process's functions at it: NETLIFY_DB_URL, NETLIFY_DB_DRIVER and
 * the local engine's mark. `fresh` starts from an empty folder (the end-to-end servers: every run
 * from nothing). Throws a LocalDatabaseError saying what to do when it cannot.
 */
export async function startLocalDatabase(
  root: string,
  directory: string,
  { fresh = false }: { fresh?: boolean } = {},
): Promise<LocalDatabase> {
  const folder = path.resolve(root, directory);
  const table = engines();
  let running = table.get(folder);
  if (!running) {
    running = { engine: openEngine(root, folder, fresh), users: 0 };
    table.set(folder, running);
    const started = running;
    running.engine.catch(() => {
      if (table.get(folder) === started) table.delete(folder);
    });
  }
  running.users += 1;
  const { db, url, summary } = await running.engine;
  // Where other processes of this machine find it (the end-to-end tests read the orders there).
  writeFileSync(urlFile(folder), `${url}\n`);
  process.env.NETLIFY_DB_URL = url;
  process.env.NETLIFY_DB_DRIVER = 'server';
  const { markLocalEngine } = await import('../netlify/lib/platform/database.ts');
  markLocalEngine();
  const owner = running;
  let stopped = false;
  return {
    url,
    summary,
    async stop() {
      if (stopped) return;
      stopped = true;
      owner.users -= 1;
      if (owner.users > 0 || table.get(folder) !== owner) return;
      table.delete(folder);
      try {
        await db.stop();
      } finally {
        rmSync(urlFile(folder), { force: true });
        releaseLock(folder);
      }
    },
  };
}

async function openEngine(root: string, folder: string, fresh: boolean) {
  const inside = path.relative(root, folder);
  const shown = inside && !inside.startsWith('..') && !path.isAbsolute(inside) ? inside : folder;
  claimLock(folder, shown);
  let db: NetlifyDB | undefined;
  try {
    const { NetlifyDB } = await import('@netlify/database-dev');
    const logger = (...message: unknown[]) => console.warn(`database (${shown}):`, ...message);
    if (fresh) rmSync(folder, { recursive: true, force: true });
    const created = await createIfNew(NetlifyDB, folder, shown, logger);
    db = new NetlifyDB({ directory: folder, logger });
    let url: string;
    try {
      url = await db.start();
    } catch (error) {
      db = undefined;
      throw new LocalDatabaseError(
        `The local database in ${shown} would not open (${describe(error)}). It holds only this machine's own orders: delete the folder (rm -rf ${shown}) and start again, or give this server another folder (LOCAL_DB_DIR).`,
        { cause: error },
      );
    }
    sendAtOnce(db);
    const applied = await applyMigrations(db, root, shown);
    const summary = `${created ? 'created' : 'opened'} ${shown}; ${applied.length > 0 ? `applied ${applied.join(', ')}` : 'migrations up to date'}`;
    return { db, url, summary };
  } catch (error) {
    await db?.stop().catch(() => undefined);
    releaseLock(folder);
    throw error;
  }
}

/**
 * A new folder is made under `<folder>.creating` and renamed once the engine has opened and closed
 * it: a start cut short there leaves a folder that never opens (PGlite aborts), not `<folder>`.
 */
async function createIfNew(
  Engine: typeof NetlifyDB,
  folder: string,
  shown: string,
  logger: (...message: unknown[]) => void,
): Promise<boolean> {
  if (existsSync(path.join(folder, 'PG_VERSION'))) return false;
  if (existsSync(folder) && readdirSync(folder).length > 0) {
    throw new LocalDatabaseError(
      `${shown} is not a database folder (no PG_VERSION in it). Move it away, or give this server another folder (LOCAL_DB_DIR).`,
    );
  }
  const creating = `${folder}.creating`;
  rmSync(creating, { recursive: true, force: true });
  const first = new Engine({ directory: creating, logger });
  await first.start();
  await first.stop();
  rmSync(folder, { recursive: true, force: true });
  renameSync(creating, folder);
  return true;
}

/**
 * The engine's sockets send each answer at once (TCP_NODELAY), as PostgreSQL's own server does.
 * NetlifyDB leaves Nagle's algorithm on: a statement with parameters (Parse, Bind, Execute, Sync
 * from node-postgres) waited for the client's delayed ACK, 44 ms each against 1.5 ms, and a COD
 * order took over a second. Its server is not public; a later version without it is left as it is.
 */
function sendAtOnce(db: NetlifyDB): void {
  const { server } = db as unknown as { server?: Server };
  server?.on('connection', (socket: Socket) => socket.setNoDelay(true));
}

type Migration = { name: string; file: string };

/**
 * The migrations as NetlifyDB finds them (`NNNN_slug.sql`, or a folder `NNNN_slug/` holding
 * `migration.sql`), in its order. Applied one at a time so that a failure names its file.
 */
async function migrationsIn(directory: string): Promise<Migration[]> {
  const entries = await readdir(directory, { withFileTypes: true }).catch(() => {
    throw new LocalDatabaseError(`The migrations folder ${MIGRATIONS_DIR} is missing.`);
  });
  const migrations: Migration[] = [];
  for (const entry of entries) {
    const name = entry.isFile() && entry.name.endsWith('.sql') ? entry.name.slice(0, -'.sql'.length) : entry.name;
    if (!/^\d+_.+$/.test(name)) continue;
    if (entry.isDirectory()) migrations.push({ name, file: path.join(MIGRATIONS_DIR, entry.name, 'migration.sql') });
    else if (entry.isFile() && entry.name.endsWith('.sql'))
      migrations.push({ name, file: path.join(MIGRATIONS_DIR, entry.name) });
  }
  return migrations.sort((a, b) => a.name.localeCompare(b.name));
}

async function applyMigrations(db: NetlifyDB, root: string, shown: string): Promise<string[]> {
  const directory = path.join(root, MIGRATIONS_DIR);
  const migrations = await migrationsIn(directory);
  await refuseChangedMigrations(db, root, shown, migrations);
  const applied: string[] = [];
  for (const migration of migrations) {
    try {
      applied.push(...(await db.applyMigrations(directory, migration.name)));
    } catch (error) {
      const line = await lineOf(path.join(root, migration.file), error);
      throw new LocalDatabaseError(
        `Migration ${migration.file} failed${line ? ` at line ${line}` : ''}: ${describe(error)}. Nothing of it was applied (each migration runs in its own transaction)${applied.length > 0 ? `; applied before it: ${applied.join(', ')}` : ''}. Fix the file and start again.`,
        { cause: error },
      );
    }
  }
  await recordMigrationFiles(db, root, migrations);
  return applied;
}

/**
 * What each applied migration's file held, by its SHA-256: NetlifyDB keeps names only, so a file
 * edited after it was applied here would otherwise go unseen, and the functions would run against
 * the schema it had (Netlify's deploy refuses such a change). Kept beside Netlify's own tracking.
 */
const FILES_TABLE = 'local_engine.migration_files';

async function refuseChangedMigrations(db: NetlifyDB, root: string, shown: string, migrations: Migration[]) {
  await db.exec(
    `create schema if not exists local_engine; create table if not exists ${FILES_TABLE} (name text primary key, sha256 text not null)`,
  );
  const { rows } = await db.query<{ name: string; sha256: string }>(`select name, sha256 from ${FILES_TABLE}`);
  const recorded = new Map(rows.map((row) => [row.name, row.sha256]));
  for (const migration of migrations) {
    const before = recorded.get(migration.name);
    if (before && before !== (await sha256(path.join(root, migration.file)))) {
      throw new LocalDatabaseError(
        `Migration ${migration.file} changed after it was applied to ${shown}; a migration applies once, so the database keeps what the file held then. Before it ships: delete the folder (rm -rf ${shown}) to start from the migrations as they are now. Once shipped, a migration is never edited: put the change in the next one.`,
      );
    }
  }
}

async function recordMigrationFiles(db: NetlifyDB, root: string, migrations: Migration[]) {
  const { rows } = await db.query<{ name: string }>('select name from netlify.migrations');
  const applied = new Set(rows.map((row) => row.name));
  for (const migration of migrations.filter((one) => applied.has(one.name))) {
    await db.query(`insert into ${FILES_TABLE} (name, sha256) values ($1, $2) on conflict (name) do nothing`, [
      migration.name,
      await sha256(path.join(root, migration.file)),
    ]);
  }
}

async function sha256(file: string): Promise<string> {
  return createHash('sha256')
    .update(await readFile(file))
    .digest('hex');
}

/** The line of the migration that PostgreSQL's error points at (`position`, 1-based characters). */
async function lineOf(file: string, error: unknown): Promise<number | undefined> {
  const position = Number((error as { position?: unknown }).position);
  if (!Number.isInteger(position) || position < 1) return undefined;
  const sql = await readFile(file, 'utf8').catch(() => undefined);
  return sql === undefined ? undefined : sql.slice(0, position - 1).split('\n').length;
}

function describe(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const { code } = error as { code?: unknown };
  return typeof code === 'string' && code ? `${error.message} (SQLSTATE ${code})` : `${error.name}: ${error.message}`;
}

const lockFile = (folder: string) => `${folder}.lock`;
/** The running engine's URL, beside its folder, for the other processes of this machine (`<folder>.url`). */
export const urlFile = (folder: string) => `${folder}.url`;

/**
 * `<folder>.lock` holds the id of the process using the folder. Another live process's lock
 * refuses this start; a lock whose process is gone (a server killed with SIGKILL, a closed
 * terminal) is stale, and taken over.
 */
function claimLock(folder: string, shown: string): void {
  const file = lockFile(folder);
  // The folder's parent may not exist yet (a first `LOCAL_DB_DIR=.data/new/db`).
  mkdirSync(path.dirname(folder), { recursive: true });
  for (let tries = 0; tries < 3; tries += 1) {
    try {
      writeFileSync(file, `${process.pid}\n`, { flag: 'wx' });
      return;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    let holder: number;
    try {
      holder = Number.parseInt(readFileSync(file, 'utf8'), 10);
    } catch {
      continue; // removed meanwhile: try again
    }
    if (Number.isInteger(holder) && holder !== process.pid && isAlive(holder)) {
      throw new LocalDatabaseError(
        `The local database in ${shown} is in use by another server (process ${holder}): two servers on one folder would not see each other's orders. Stop that one, or give this one another folder (LOCAL_DB_DIR=…). If no such process is a server of this shop, delete ${path.basename(file)} beside the folder.`,
      );
    }
    rmSync(file, { force: true });
  }
  throw new LocalDatabaseError(`Could not take ${lockFile(shown)}.`);
}

function releaseLock(folder: string): void {
  try {
    if (Number.parseInt(readFileSync(lockFile(folder), 'utf8'), 10) === process.pid) rmSync(lockFile(folder));
  } catch {
    // No lock, or not ours: nothing to release.
  }
}

/** Whether `pid` is a live Node process (after a reboot, a stale lock's id may be another program's). */
function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('node');
  } catch {
    return true; // no /proc (macOS): alive is all we know
  }
}
