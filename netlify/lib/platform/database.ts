/**
 * The shop's database: Netlify Database (managed PostgreSQL) when deployed, Netlify's own local
 * engine under `npm run dev` and `npm start` (site-build/local-database.ts), a throw-away PostgreSQL
 * server in the tests (decision 031). One pool per function instance, made on first use and kept at
 * module scope, as Netlify asks ("a client per request exhausts connections").
 *
 * Two ways to write, and the order store uses the first wherever it can:
 * - `query`: one statement, atomic by itself (a statement with several `with … insert/update` parts
 *   commits all of them or none). It holds no lock between round trips, so it is also what the
 *   local engine, whose connections share one session, runs correctly.
 * - `transaction`: several statements on one connection between BEGIN and COMMIT, rolled back on a
 *   throw. Nothing but its own statements may be awaited inside (never an outside system): the
 *   local engine has one connection, and every other request waits for it.
 */
import { getDatabase } from '@netlify/database';
import pg from 'pg';

export interface Queries {
  /** Runs one statement with its parameters ($1, $2, …) and answers its rows. */
  query<Row = Record<string, unknown>>(text: string, params?: readonly unknown[]): Promise<Row[]>;
}

export interface Database extends Queries {
  transaction<T>(work: (tx: Queries) => Promise<T>): Promise<T>;
  /** Statements sent so far (BEGIN and COMMIT count): what `npm run bench:orders` reports per order. */
  readonly statements: number;
  close(): Promise<void>;
}

/** What a pool must do: node-postgres's `pg.Pool` and Neon's serverless `Pool` both do it. */
interface PoolLike {
  query(text: string, params?: unknown[]): Promise<{ rows: unknown[] }>;
  connect(): Promise<{
    query(text: string, params?: unknown[]): Promise<{ rows: unknown[] }>;
    release(error?: Error | boolean): void;
  }>;
  end(): Promise<void>;
  on?(event: 'error', listener: (error: Error) => void): unknown;
}

export function databaseOn(pool: PoolLike): Database {
  let statements = 0;
  // An idle pooled connection that drops emits `error`; unheard, it would end the process.
  pool.on?.('error', (error) => {
    // 57P01: the server is shutting down (the tests' server at the end of a run): nothing to tell.
    if ((error as Error & { code?: string }).code !== '57P01') {
      console.warn(`database: an idle connection failed: ${error.message}`);
    }
  });
  const run = async <Row>(
    target: Pick<PoolLike, 'query'>,
    text: string,
    params: readonly unknown[] = [],
  ): Promise<Row[]> => {
    statements += 1;
    return (await target.query(text, [...params])).rows as Row[];
  };
  return {
    query: (text, params) => run(pool, text, params),
    async transaction(work) {
      const client = await pool.connect();
      let broken: Error | undefined;
      try {
        await run(client, 'begin');
        const result = await work({ query: (text, params) => run(client, text, params) });
        await run(client, 'commit');
        return result;
      } catch (error) {
        try {
          await run(client, 'rollback');
        } catch (rollbackError) {
          // A connection that cannot roll back is not given to the next request.
          broken = rollbackError as Error;
        }
        throw error;
      } finally {
        client.release(broken ?? false);
      }
    },
    get statements() {
      return statements;
    },
    close: () => pool.end(),
  };
}

/**
 * The local engine runs every connection in one session (PGlite behind a wire-protocol gateway):
 * two connections' transactions would mix, so there it gets a pool of one. Set only by the local
 * servers' own code (site-build/local-database.ts), as the development tools' mark is.
 */
const LOCAL_ENGINE = Symbol.for('ouo.local-database');
type Marked = { [LOCAL_ENGINE]?: boolean };

export function markLocalEngine(on = true): void {
  (globalThis as Marked)[LOCAL_ENGINE] = on;
}

/** Opens a pool of node-postgres connections to `connectionString`. */
export function openDatabase(connectionString: string, options: { max?: number; schema?: string } = {}): Database {
  return databaseOn(
    new pg.Pool({
      connectionString,
      max: options.max ?? 10,
      // A request that cannot get a connection in this long fails (and its order waits in the
      // browser's outbox) rather than hanging past the function's own time.
      connectionTimeoutMillis: 8_000,
      ...(options.schema ? { options: `-c search_path=${options.schema}` } : {}),
    }),
  );
}

/**
 * The pools of this process, by URL. Kept on a global (like the local engine's mark), so every copy
 * of this module shares them: under `npm run dev` Vite's module runner loads its own copy, and under
 * `npm start` each bundled function carries one. On the local engine that makes one connection for
 * the whole process, whose statements the engine's one session takes in turn.
 */
const POOLS = Symbol.for('ouo.database-pools');
type Pooled = { [POOLS]?: Map<string, Database> };

/**
 * The database of this function instance. Deployed, `@netlify/database` chooses the driver Netlify
 * set (`NETLIFY_DB_DRIVER`); on a developer's machine it is one connection to the local engine. A
 * change of `NETLIFY_DB_URL` (tests give each file its own database) opens another pool.
 */
export function database(): Database {
  const url = process.env.NETLIFY_DB_URL ?? '';
  const holder = globalThis as Pooled;
  holder[POOLS] ??= new Map();
  const pools = holder[POOLS];
  let db = pools.get(url);
  if (!db) {
    db = (globalThis as Marked)[LOCAL_ENGINE]
      ? openDatabase(url, { max: 1 })
      : databaseOn(getDatabase().pool as PoolLike);
    pools.set(url, db);
  }
  return db;
}
