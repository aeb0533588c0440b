// Part of `npm run bench:orders`: the statements the shop's server sends the database, counted by
// phase (placing, confirming, the same confirmations again) from `pg_stat_statements` on a throw-away
// PostgreSQL server as deployed (scripts/throwaway-postgres.ts). On Netlify's local engine (one
// session, one connection) nothing is counted.
import { openDatabase } from '../netlify/lib/platform/database.ts';
import { createSchema, schemaUrl, startThrowawayPostgres } from '../scripts/throwaway-postgres.ts';
import { BENCH_ROLE, SCHEMA } from './orders-settings.mjs';

/** @type {import('../scripts/throwaway-postgres.ts').ThrowawayPostgres | undefined} */
let postgres;
/** The bench's own connection to the throw-away server, as BENCH_ROLE: it counts the statements. */
/** @type {import('../netlify/lib/platform/database.ts').Database | undefined} */
let counter;

/**
 * A throw-away PostgreSQL server with `pg_stat_statements` loaded (it counts every statement run,
 * BEGIN and COMMIT included: `track_utility`), the migrations applied to SCHEMA, and BENCH_ROLE
 * for the bench's own reads. Answers the URL the shop's server is given (SCHEMA's, as `postgres`)
 * and the server as the table shows it.
 */
export async function startPostgres() {
  postgres = await startThrowawayPostgres({
    // The server's pool of 10, the bench's reader and its counter: room to spare.
    maxConnections: 40,
    settings: {
      shared_preload_libraries: 'pg_stat_statements',
      'pg_stat_statements.track': 'top',
      'pg_stat_statements.track_utility': 'on',
    },
  });
  await createSchema(postgres.url, SCHEMA);
  const admin = openDatabase(postgres.url, { max: 1 });
  let shown = '';
  try {
    await admin.query('create extension if not exists pg_stat_statements');
    await admin.query(`create role ${BENCH_ROLE} login superuser`);
    const [row] = await admin.query('show server_version');
    const version = String(Object.values(row ?? {})[0] ?? '').split(' ')[0];
    shown = `PostgreSQL ${version}, throw-away (schema ${SCHEMA}; the functions' pool of 10)`;
  } finally {
    await admin.close();
  }
  counter = openDatabase(benchUrl(), { max: 1 });
  return { databaseUrl: schemaUrl(postgres.url, SCHEMA), shown };
}

/** The throw-away server as BENCH_ROLE, on SCHEMA unless told. */
export function benchUrl(schema = '') {
  const url = new URL(postgres?.url ?? '');
  url.username = BENCH_ROLE;
  return schema ? schemaUrl(url.href, schema) : url.href;
}

/** Forgets what `pg_stat_statements` counted so far: a phase starts. */
export async function resetStatements() {
  await counter?.query('select pg_stat_statements_reset()');
}

/**
 * What the shop's server ran since the last reset, by `pg_stat_statements` (statements that
 * completed; one that failed is not counted): all of them (BEGIN, COMMIT and ROLLBACK included),
 * those three alone, and the statements run most, for the results file. Undefined on the local engine.
 * @param {number} orders the phase's orders, for the count per order
 */
export async function serverStatements(orders) {
  if (!counter) return undefined;
  const mine = `userid = 'postgres'::regrole and dbid = (select oid from pg_database where datname = current_database())`;
  const [totals] = await counter.query(
    `select coalesce(sum(calls), 0)::int as calls,
       coalesce(sum(calls) filter (where lower(btrim(query, E' \\n;')) in ('begin', 'commit', 'rollback')), 0)::int as transaction
     from pg_stat_statements where ${mine}`,
  );
  const top = await counter.query(
    `select calls::int, rows::int, round(total_exec_time::numeric, 1)::float as ms,
       left(regexp_replace(query, '\\s+', ' ', 'g'), 160) as query
     from pg_stat_statements where ${mine} order by calls desc limit 15`,
  );
  const calls = Number(totals?.calls ?? 0);
  const transaction = Number(totals?.transaction ?? 0);
  return {
    calls,
    transaction,
    perOrder: calls / orders,
    perOrderWithoutTransaction: (calls - transaction) / orders,
    top,
  };
}

/** Whether statements are counted (the throw-away server runs): a phase then waits for its writes. */
export function counting() {
  return counter !== undefined;
}

/** Closes the counting connection and stops the throw-away server, if they were started. */
export async function stopPostgres() {
  await counter?.close();
  await postgres?.stop();
}
