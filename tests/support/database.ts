/**
 * The database for a test: a fresh schema, with every migration applied, on the run's throw-away
 * PostgreSQL server (tests/support/postgres-global.ts). Each order world and each test file gets its
 * own, so no two tests ever see each other's orders.
 */
import { inject } from 'vitest';
import { createOrderLog } from '../../netlify/lib/orders/order-log.ts';
import { type Database, database, openDatabase, type Queries } from '../../netlify/lib/platform/database.ts';
import { createSchema, schemaUrl } from '../../scripts/throwaway-postgres.ts';

/** The run's server, provided by tests/support/postgres-global.ts. */
declare module 'vitest' {
  export interface ProvidedContext {
    postgresUrl: string;
  }
}

let counter = 0;

export interface TestDatabase {
  db: Database;
  /** The schema's own URL (its search path set), for code that finds the database through NETLIFY_DB_URL. */
  url: string;
  schema: string;
}

export async function freshDatabase(options: { max?: number } = {}): Promise<TestDatabase> {
  counter += 1;
  const schema = `t_${process.pid}_${counter}_${Math.random().toString(36).slice(2, 8)}`;
  const server = inject('postgresUrl');
  await createSchema(server, schema);
  return { db: openDatabase(server, { schema, max: options.max ?? 10 }), url: schemaUrl(server, schema), schema };
}

/**
 * A fresh schema made on first use: for a world built synchronously (`orderWorld(blobs)`), whose
 * first query waits for its schema.
 */
export function lazyDatabase(options: { max?: number } = {}): Database & { ready: Promise<TestDatabase> } {
  let made: Promise<TestDatabase> | undefined;
  const ready = () => {
    made ??= freshDatabase(options);
    return made;
  };
  let counted = 0;
  return {
    get ready() {
      return ready();
    },
    async query(text, params) {
      counted += 1;
      return (await ready()).db.query(text, params);
    },
    async transaction(work) {
      const { db } = await ready();
      const before = db.statements;
      try {
        return await db.transaction(work);
      } finally {
        counted += db.statements - before;
      }
    },
    get statements() {
      return counted;
    },
    async close() {
      if (made) await (await made).db.close();
    },
  };
}

/** The order log the functions of this test file write (its own schema, under NETLIFY_DB_URL). */
export const functionsLog = () => createOrderLog(database());

/** Every row in the functions' schema but the decoy, as `table:json`: what a test compares before and after. */
export async function databaseRows(db: Queries = database()): Promise<string[]> {
  const tables = await db.query<{ name: string }>(
    `select table_name as name from information_schema.tables
     where table_schema = current_schema() and table_type = 'BASE TABLE' and table_name <> 'decoys' order by 1`,
  );
  const rows = await Promise.all(
    tables.map(async ({ name }) =>
      (await db.query(`select * from ${name}`)).map((row) => `${name}:${JSON.stringify(row)}`),
    ),
  );
  return rows.flat().sort();
}
