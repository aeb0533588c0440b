// `npm run bench:orders`: shipping-quote latency and COD order throughput against the production
// build served with its functions through Netlify's own emulation (scripts/serve.mjs), on
// loopback, with every outside system on its embedded local default. Then it checks that 200
// concurrent COD orders left exactly 200 orders in the order log and in the local sheet, and (each
// shopper having ticked WhatsApp updates) exactly one `order_placed` message each in the outbox;
// that none was booked before its shopper confirmed it (docs/shop-rules.md §10 rule 17), and that
// 200 confirmations at once, then the same 200 again, booked each order exactly once, and that those
// 200 bookings at once took 200 GST invoice numbers, each once, with no gap (docs/shop-rules.md §12).
//
// The database (BENCH_DATABASE): `postgres` unless told, a throw-away PostgreSQL server as deployed
// (scripts/throwaway-postgres.ts: the migrations applied to a schema of its own, the functions' pool
// of 10 connections, as on Netlify), which also counts the statements the server sends, by phase
// (placing, confirming, the same confirmations again), from `pg_stat_statements`. `local`: Netlify's
// local engine as `npm start` runs it (one session, one connection; its statements are not counted).
//
// This file runs the parts in order: the quotes (bench/orders-quote.mjs), the orders and their resend
// (bench/orders-place.mjs), the confirmations (bench/orders-confirm.mjs), the "not found" timing
// (bench/not-found.mjs), then the report (bench/orders-report.mjs); each phase's statements are counted
// by bench/orders-statements.mjs, and what the server stored is read by bench/orders-stored.mjs.
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { measureNotFound } from './not-found.mjs';
import { confirmTwice } from './orders-confirm.mjs';
import { placeOrders } from './orders-place.mjs';
import { measureQuotes } from './orders-quote.mjs';
import { ordersReport, printTable, writeResults } from './orders-report.mjs';
import { BASE, DATABASE, ORDERS, PORT, root } from './orders-settings.mjs';
import { counting, resetStatements, serverStatements, startPostgres, stopPostgres } from './orders-statements.mjs';
import { closeOrderLog } from './orders-stored.mjs';
import { benchFailed, HOST, portInUse, startServer, stopServer, waitForHealth } from './serve-build.mjs';

if (DATABASE !== 'postgres' && DATABASE !== 'local') {
  console.error(`bench:orders: BENCH_DATABASE is postgres (the default) or local, not ${DATABASE}.`);
  process.exit(1);
}

if (!existsSync(path.join(root, 'build/client/index.html'))) {
  console.error('bench:orders needs a production build: run `npm run build` first.');
  process.exit(1);
}

/** @type {import('./serve-build.mjs').BuildServer | undefined} */
let server;
/** @type {string | undefined} */
let sheetsDir;
/** @type {string | undefined} */
let whatsappDir;
/** What the server ran on, for the table and the results. */
let databaseShown = '';

// Another server on the port would answer the health check and receive the 200 orders.
if (await portInUse(PORT)) {
  console.error(`bench:orders: ${HOST}:${PORT} is in use; stop that server or set BENCH_PORT.`);
  process.exit(1);
}

try {
  sheetsDir = await mkdtemp(path.join(tmpdir(), 'ouo-bench-sheets-'));
  whatsappDir = await mkdtemp(path.join(tmpdir(), 'ouo-bench-whatsapp-'));
  const started = DATABASE === 'postgres' ? await startPostgres() : undefined;
  if (started) databaseShown = started.shown;
  const databaseUrl = started?.databaseUrl;
  server = startServer({
    port: PORT,
    name: 'orders',
    // 200 orders from one phone in a minute: the COD rules about a phone's history would
    // rightly refuse most of them, so none is kept here (docs/shop-rules.md §10 rule 17).
    env: { LOCAL_SHEETS_DIR: sheetsDir, LOCAL_WHATSAPP_DIR: whatsappDir, BENCH_RUN: '1', COD_PHONE_HISTORY: 'off' },
    // Its shoppers confirm through the development phone, and the phone history stays off only there.
    devTools: true,
    ...(databaseUrl ? { databaseUrl } : {}),
  });
  if (!databaseUrl) databaseShown = `Netlify's local engine (${path.relative(root, server.database)}; one connection)`;
  console.log(`Started scripts/serve.mjs (pid ${server.child.pid}) on ${BASE}, sheets in ${sheetsDir}`);
  console.log(`Database: ${databaseShown}`);
  console.log(`Health: ${JSON.stringify(await waitForHealth(server))}`);
  const report = await runBench({ server, sheetsDir, whatsappDir });
  printTable(report.rows);
  const file = await writeResults(report);
  console.log(`\nResults written to ${path.relative(root, file)}`);
  if (!report.ok) {
    console.error('\nbench:orders: the order checks failed (see the table).');
    process.exitCode = 1;
  }
} catch (error) {
  benchFailed('bench:orders', error, server);
} finally {
  await closeOrderLog();
  if (await stopServer(server)) console.log(`Stopped the server (pid ${server?.child.pid}).`);
  await stopPostgres();
  if (sheetsDir) await rm(sheetsDir, { recursive: true, force: true });
  if (whatsappDir) await rm(whatsappDir, { recursive: true, force: true });
}

// ---------------------------------------------------------------------------------------------

/** @param {import('./orders-stored.mjs').Stored & { whatsappDir: string | undefined }} stored */
async function runBench(stored) {
  const { clientTotal, quoteRun } = await measureQuotes();
  await resetStatements();
  const placed = await placeOrders(stored, clientTotal);
  const placingStatements = await serverStatements(ORDERS);
  const confirming = await confirmTwice(stored, placed.sentIds, placed.log);
  // (c) Does "not found" tell which ids exist? A known id with a wrong phone or key, against an unknown id.
  console.log('Timing "not found" for known and unknown order ids…');
  const notFound = await measureNotFound(
    BASE,
    placed.sentIds[0] ?? '',
    `OUO_${String(placed.firstId - 10_000_000).padStart(13, '0')}`,
  );
  return ordersReport({
    databaseShown,
    counting: counting(),
    clientTotal,
    quoteRun,
    placed,
    placingStatements,
    confirming,
    notFound,
  });
}
