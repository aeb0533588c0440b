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
import { existsSync, readFileSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import autocannon from 'autocannon';
import { parse } from 'csv-parse/sync';
import { createOrderLog } from '../netlify/lib/orders/order-log.ts';
import { openDatabase } from '../netlify/lib/platform/database.ts';
import { createSchema, schemaUrl, startThrowawayPostgres } from '../scripts/throwaway-postgres.ts';
import { urlFile } from '../site-build/local-database.ts';
import { yearTab } from '../src/shop/sheet-tab.ts';
import { measureNotFound, NOT_FOUND_TARGET_Z } from './not-found.mjs';
import { HOST, portInUse, startServer, stopServer, waitForHealth } from './serve-build.mjs';

const root = path.resolve(import.meta.dirname, '..');
// Not 8897-8899: end-to-end runs (E2E_PORT) and screenshots (SCREENSHOT_PORT) use those.
const PORT = Number(process.env.BENCH_PORT ?? 8896);
const BASE = `http://${HOST}:${PORT}`;
// NetlifyDev's own function emulation started a worker thread per request (seconds of CPU each), where
// 10 s completed almost nothing; set BENCH_QUOTE_SECONDS to measure longer.
const QUOTE_SECONDS = Number(process.env.BENCH_QUOTE_SECONDS ?? 10);
const QUOTE_CONNECTIONS = 10;
const ORDERS = 200;
/** The browser's outbox resends an order that got no answer; this many at a time, one round. */
const RESEND_CONCURRENCY = 10;
const SETTLE_POLLS = 60; // × 1 s: wait for late writes of requests that timed out
const DATABASE = process.env.BENCH_DATABASE ?? 'postgres';
if (DATABASE !== 'postgres' && DATABASE !== 'local') {
  console.error(`bench:orders: BENCH_DATABASE is postgres (the default) or local, not ${DATABASE}.`);
  process.exit(1);
}
/** The throw-away server's schema the shop's server writes (the migrations applied). */
const SCHEMA = 'bench_orders';
/**
 * The role the bench reads and counts as (a superuser of the throw-away server): its own statements
 * (the order log's checks, the counting itself) are not the server's, and are left out of the count.
 */
const BENCH_ROLE = 'bench';
/** What issue 47 asks of an order's statements (136 Blobs requests per confirmation before it). */
const STATEMENTS_TARGET = 15;

// Two items, ₹694 and 523 g: below the free-shipping threshold, so the fallback estimate runs.
const CART = [
  { productId: 1, size: '500gm', quantity: 1 },
  { productId: 6, size: '23gm', quantity: 1 },
];
const PINCODE = '248001';

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
/**
 * The server's order log, read from its own database (the throw-away server's SCHEMA; on the local
 * engine `.data/bench/orders/db`, emptied as the server starts: this run's orders never reach a
 * developer's), opened on first read.
 * @type {{ db: import('../netlify/lib/platform/database.ts').Database, log: import('../netlify/lib/orders/order-log.ts').OrderLog } | undefined}
 */
let orderLog;
/** @type {import('../scripts/throwaway-postgres.ts').ThrowawayPostgres | undefined} */
let postgres;
/** The bench's own connection to the throw-away server, as BENCH_ROLE: it counts the statements. */
/** @type {import('../netlify/lib/platform/database.ts').Database | undefined} */
let counter;
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
  const databaseUrl = DATABASE === 'postgres' ? await startPostgres() : undefined;
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
  const report = await runBench();
  printTable(report.rows);
  const file = await writeResults(report);
  console.log(`\nResults written to ${path.relative(root, file)}`);
  if (!report.ok) {
    console.error('\nbench:orders: the order checks failed (see the table).');
    process.exitCode = 1;
  }
} catch (error) {
  console.error(`bench:orders failed: ${error instanceof Error ? error.message : String(error)}`);
  if (server?.output()) console.error(`\nLast server output:\n${server.output().slice(-4000)}`);
  process.exitCode = 1;
} finally {
  await orderLog?.db.close();
  await counter?.close();
  if (await stopServer(server)) console.log(`Stopped the server (pid ${server?.child.pid}).`);
  await postgres?.stop();
  if (sheetsDir) await rm(sheetsDir, { recursive: true, force: true });
  if (whatsappDir) await rm(whatsappDir, { recursive: true, force: true });
}

// ---------------------------------------------------------------------------------------------

/**
 * A throw-away PostgreSQL server with `pg_stat_statements` loaded (it counts every statement run,
 * BEGIN and COMMIT included: `track_utility`), the migrations applied to SCHEMA, and BENCH_ROLE
 * for the bench's own reads. Answers the URL the shop's server is given: SCHEMA's, as `postgres`.
 */
async function startPostgres() {
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
  try {
    await admin.query('create extension if not exists pg_stat_statements');
    await admin.query(`create role ${BENCH_ROLE} login superuser`);
    const [row] = await admin.query('show server_version');
    const version = String(Object.values(row ?? {})[0] ?? '').split(' ')[0];
    databaseShown = `PostgreSQL ${version}, throw-away (schema ${SCHEMA}; the functions' pool of 10)`;
  } finally {
    await admin.close();
  }
  counter = openDatabase(benchUrl(), { max: 1 });
  return schemaUrl(postgres.url, SCHEMA);
}

/** The throw-away server as BENCH_ROLE, on SCHEMA unless told. */
function benchUrl(schema = '') {
  const url = new URL(postgres?.url ?? '');
  url.username = BENCH_ROLE;
  return schema ? schemaUrl(url.href, schema) : url.href;
}

/** Forgets what `pg_stat_statements` counted so far: a phase starts. */
async function resetStatements() {
  await counter?.query('select pg_stat_statements_reset()');
}

/**
 * What the shop's server ran since the last reset, by `pg_stat_statements` (statements that
 * completed; one that failed is not counted): all of them (BEGIN, COMMIT and ROLLBACK included),
 * those three alone, and the statements run most, for the results file. Undefined on the local engine.
 * @param {number} orders the phase's orders, for the count per order
 */
async function serverStatements(orders) {
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

/**
 * @param {string} urlPath
 * @param {unknown} body
 */
async function postJson(urlPath, body) {
  const response = await fetch(`${BASE}${urlPath}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
    signal: AbortSignal.timeout(60_000),
  });
  return { status: response.status, body: await response.json() };
}

/**
 * @param {autocannon.Options} options
 * @returns {Promise<autocannon.Result>}
 */
function cannon(options) {
  return new Promise((resolve, reject) => {
    autocannon(options, (error, result) => (error ? reject(error) : resolve(result)));
  });
}

async function runBench() {
  // Warm up: the first call to each function loads (and, on a first start, bundles) it.
  const quoteBody = { lines: CART, pincode: PINCODE, paymentMode: 'cod' };
  const quote = await postJson('/api/delhivery/calculate-shipping', quoteBody);
  if (quote.status !== 200)
    throw new Error(`calculate-shipping answered ${quote.status}: ${JSON.stringify(quote.body)}`);
  if (quote.body.source !== 'estimate') throw new Error(`expected the fallback estimate, got ${quote.body.source}`);
  const warm = await postJson('/api/checkout/process-cod', {});
  if (warm.status !== 422) throw new Error(`process-cod answered ${warm.status} to an empty body (expected 422)`);

  // (a) Shipping-quote latency.
  console.log(`Quoting shipping for ${QUOTE_SECONDS} s with ${QUOTE_CONNECTIONS} connections…`);
  const quoteRun = await cannon({
    url: `${BASE}/api/delhivery/calculate-shipping`,
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(quoteBody),
    connections: QUOTE_CONNECTIONS,
    duration: QUOTE_SECONDS,
    timeout: 30,
  });

  // (b) 200 concurrent COD orders, each with its own order id, at the total the server quoted.
  const clientTotal = quote.body.total;
  const firstId = Date.now();
  /** @type {string[]} */
  const sentIds = [];
  /** @type {Map<string, string>} */
  const bodies = new Map();
  /** @type {{ status: number; body: string }[]} */
  const responses = [];
  const orderBody = () => {
    const orderId = `OUO_${String(firstId + sentIds.length).padStart(13, '0')}`;
    sentIds.push(orderId);
    const body = JSON.stringify({
      orderId,
      customer: {
        name: `Bench Shopper ${sentIds.length}`,
        email: `bench${sentIds.length}@example.in`,
        phone: '98765 43210',
        address1: '12 Mall Road',
        pincode: PINCODE,
        city: 'Dehradun',
        state: 'Uttarakhand',
      },
      lines: CART,
      paymentMode: 'cod',
      clientTotal,
      whatsappUpdates: true,
    });
    bodies.set(orderId, body);
    return body;
  };
  await resetStatements();
  console.log(`Placing ${ORDERS} COD orders with ${ORDERS} concurrent connections…`);
  const started = performance.now();
  const orderRun = await cannon({
    url: `${BASE}/api/checkout/process-cod`,
    connections: ORDERS,
    amount: ORDERS, // one request per connection: every order is in flight at once
    timeout: 120,
    requests: [
      {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        // Called once per connection here, so each order gets its own id.
        setupRequest: (request) => ({ ...request, body: orderBody() }),
        onResponse: (status, body) => {
          responses.push({ status, body });
        },
      },
    ],
  });
  const orderSeconds = (performance.now() - started) / 1000;

  const firstStatuses = countBy(responses.map((response) => response.status));
  /** @type {Map<string, string>} order id → the order id the server answered with (2xx only) */
  const answered = new Map();
  for (const response of responses) {
    const id = orderIdOf(response.body);
    if (response.status >= 200 && response.status < 300 && id) answered.set(id, id);
  }
  const firstLog = await settle(sentIds);
  const firstSheet = await checkSheet(sentIds);

  // What the checkout's outbox does next: resend (same id, same body) every order without an answer.
  const unanswered = sentIds.filter((id) => !answered.has(id));
  console.log(`Resending ${unanswered.length} unanswered orders, ${RESEND_CONCURRENCY} at a time…`);
  /** @type {Record<string, number>} */
  const resendStatuses = {};
  const resendStarted = performance.now();
  for (let index = 0; index < unanswered.length; index += RESEND_CONCURRENCY) {
    const batch = unanswered.slice(index, index + RESEND_CONCURRENCY);
    await Promise.all(
      batch.map(async (id) => {
        const result = await postRaw('/api/checkout/process-cod', bodies.get(id) ?? '');
        resendStatuses[result.status] = (resendStatuses[result.status] ?? 0) + 1;
        const answeredId = orderIdOf(result.text);
        if (typeof result.status === 'number' && result.status >= 200 && result.status < 300 && answeredId)
          answered.set(id, answeredId);
      }),
    );
  }
  const resendSeconds = (performance.now() - resendStarted) / 1000;
  const log = await settle(sentIds);
  const sheet = await checkSheet(sentIds);
  const placingStatements = await serverStatements(ORDERS);
  // The local outbox writes each message once, create-only, named `<orderId>-<event>.json`.
  const outbox = (await readdir(whatsappDir ?? '').catch(() => /** @type {string[]} */ ([]))).filter((name) =>
    name.endsWith('.json'),
  );
  const placedMessages = sentIds.filter((id) => outbox.includes(`${id}-placed.json`)).length;
  const renamed = [...answered].filter(([sent, got]) => sent !== got).length;

  // (d) Rule 17: nothing is booked before its shopper confirms; then 200 confirmations at once, and
  // the same 200 again (a storm of repeated taps), book each order exactly once.
  const beforeConfirming = { awaiting: log.awaiting, bookings: log.bookings };
  // Each phase's statements are counted once its writes have settled (none is left running).
  await resetStatements();
  const confirmations = await confirmAll(sentIds, log.confirmTexts);
  if (counter) await settle(sentIds);
  const confirmingStatements = await serverStatements(ORDERS);
  await resetStatements();
  const repeats = await confirmAll(sentIds, log.confirmTexts);
  const confirmed = await settle(sentIds);
  const repeatStatements = await serverStatements(ORDERS);

  // (c) Does "not found" tell which ids exist? A known id with a wrong phone or key, against an unknown id.
  console.log('Timing "not found" for known and unknown order ids…');
  const notFound = await measureNotFound(
    BASE,
    sentIds[0] ?? '',
    `OUO_${String(firstId - 10_000_000).padStart(13, '0')}`,
  );

  // What must hold once the outbox has resent: every order in the log and the sheet exactly once.
  // (First-attempt answers are reported, not required: see the table.)
  const ok =
    sentIds.length === ORDERS &&
    renamed === 0 &&
    sheet.distinctIds === ORDERS &&
    sheet.dataRows === ORDERS * CART.length &&
    sheet.doubled === 0 &&
    sheet.unexpectedRows === 0 &&
    placedMessages === ORDERS &&
    outbox.length === ORDERS &&
    log.orders === ORDERS &&
    log.unreadable === 0 &&
    beforeConfirming.awaiting === ORDERS &&
    beforeConfirming.bookings === 0 &&
    confirmations.outcomes['confirmation: confirmed'] === ORDERS &&
    repeats.outcomes['confirmation: already confirmed'] === ORDERS &&
    confirmed.bookings === ORDERS &&
    confirmed.bookedTwice === 0 &&
    confirmed.forwarded === ORDERS &&
    confirmed.invoices.taken === ORDERS &&
    confirmed.invoices.distinct === ORDERS &&
    confirmed.invoices.consecutive &&
    confirmed.invoicedTwice === 0 &&
    notFound.every((run) => run.statuses.length === 1 && run.statuses[0] === 404);

  /**
   * @param {string} phase
   * @param {Awaited<ReturnType<typeof serverStatements>>} counted
   * @param {string} target
   */
  const statementRow = (phase, counted, target) => [
    `DB statements per order, ${phase} (without BEGIN/COMMIT)`,
    counted
      ? `${round(counted.perOrder, 2)} (${round(counted.perOrderWithoutTransaction, 2)}); ${counted.calls} in all`
      : 'not counted on the local engine',
    target,
  ];
  const rows = [
    ['database', databaseShown, ''],
    ['shipping quote p50 (ms)', quoteRun.latency.p50, ''],
    ['shipping quote p99 (ms)', quoteRun.latency.p99, ''],
    ['shipping quote req/s (mean)', round(quoteRun.requests.average, 2), ''],
    ['shipping quote requests completed', quoteRun.requests.total, ''],
    [
      'shipping quote non-2xx / errors / timeouts',
      `${quoteRun.non2xx} / ${quoteRun.errors} / ${quoteRun.timeouts}`,
      '0 / 0 / 0',
    ],
    ['COD orders sent at once (distinct ids)', new Set(sentIds).size, ORDERS],
    ['COD first answers by status', JSON.stringify(firstStatuses), `{"201":${ORDERS}}`],
    ['COD connection errors / timeouts', `${orderRun.errors} / ${orderRun.timeouts}`, '0 / 0'],
    ['COD wall time for all (s)', round(orderSeconds, 2), ''],
    statementRow('placing (with resends)', placingStatements, `≤ ${STATEMENTS_TARGET}`),
    ['COD orders/s (2xx answers / wall time)', round((firstStatuses[201] ?? 0) / orderSeconds, 2), ''],
    [
      'COD latency p50 / p99 / max (ms)',
      `${orderRun.latency.p50} / ${orderRun.latency.p99} / ${orderRun.latency.max}`,
      '',
    ],
    [
      'after the burst: log records / forwarded / sheet ids',
      `${firstLog.orders} / ${firstLog.forwarded} / ${firstSheet.distinctIds}`,
      '',
    ],
    ['outbox resends by status', JSON.stringify(resendStatuses), ''],
    ['WhatsApp order_placed messages / all messages', `${placedMessages} / ${outbox.length}`, `${ORDERS} / ${ORDERS}`],
    ['outbox resend time (s)', round(resendSeconds, 2), ''],
    ['orders answered 2xx (after one resend round)', answered.size, ''],
    ['orders answered under another id', renamed, 0],
    ['Orders.csv distinct order ids', sheet.distinctIds, ORDERS],
    ['Orders.csv item rows (2 per order)', sheet.dataRows, ORDERS * CART.length],
    ['Orders.csv ids written more than once', sheet.doubled, 0],
    ['Orders.csv unexpected rows (extra headers, foreign ids)', sheet.unexpectedRows, 0],
    ['order log records (database rows)', log.orders, ORDERS],
    ['order log records unreadable (malformed record)', log.unreadable, 0],
    [
      'awaiting confirmation / booked, before any confirmation',
      `${beforeConfirming.awaiting} / ${beforeConfirming.bookings}`,
      `${ORDERS} / 0`,
    ],
    [
      '200 confirmations at once: outcomes',
      JSON.stringify(confirmations.outcomes),
      `{"confirmation: confirmed":${ORDERS}}`,
    ],
    [
      'confirmation wall time for all (s) / dropped and sent again / non-2xx',
      `${round(confirmations.seconds, 2)} / ${confirmations.redelivered} / ${confirmations.non2xx}`,
      '',
    ],
    statementRow('confirming', confirmingStatements, `≤ ${STATEMENTS_TARGET}`),
    [
      'GST invoices of the 200 bookings: taken / distinct / numbers / a gap / issued twice',
      `${confirmed.invoices.taken} / ${confirmed.invoices.distinct} / ${confirmed.invoices.first}..${confirmed.invoices.last} / ${confirmed.invoices.consecutive ? 'no' : 'yes'} / ${confirmed.invoicedTwice}`,
      `${ORDERS} / ${ORDERS} / n..n+${ORDERS - 1} / no / 0`,
    ],
    ['the same 200 again: outcomes', JSON.stringify(repeats.outcomes), `{"confirmation: already confirmed":${ORDERS}}`],
    ['the same 200 again: wall time for all (s)', round(repeats.seconds, 2), ''],
    statementRow('the same confirmations again', repeatStatements, ''),
    [
      'bookings made / orders booked twice / forwarded',
      `${confirmed.bookings} / ${confirmed.bookedTwice} / ${confirmed.forwarded}`,
      `${ORDERS} / 0 / ${ORDERS}`,
    ],
    ...notFound.flatMap((run) => [
      [`${run.name} not found: statuses`, JSON.stringify(run.statuses), '[404]'],
      [
        `${run.name} not found median ms: known id / unknown id (${run.samples} each)`,
        `${round(run.knownMedianMs, 2)} / ${round(run.unknownMedianMs, 2)}`,
        '',
      ],
      [`${run.name} not found: difference of medians (ms)`, round(run.differenceMs, 2), ''],
      [
        `${run.name} not found: known slower than unknown, Mann–Whitney z`,
        round(run.z, 1),
        `|z| < ${NOT_FOUND_TARGET_Z}`,
      ],
    ]),
  ];
  return {
    ok,
    rows,
    database: { kind: DATABASE, shown: databaseShown },
    statements: {
      countedBy: counter ? 'pg_stat_statements (calls of the server role; BEGIN, COMMIT and ROLLBACK counted)' : null,
      placing: placingStatements,
      confirming: confirmingStatements,
      repeated: repeatStatements,
    },
    quote: {
      connections: QUOTE_CONNECTIONS,
      seconds: QUOTE_SECONDS,
      latency: quoteRun.latency,
      requests: quoteRun.requests,
      non2xx: quoteRun.non2xx,
      errors: quoteRun.errors,
      timeouts: quoteRun.timeouts,
    },
    cod: {
      orders: ORDERS,
      clientTotal,
      wallSeconds: orderSeconds,
      latency: orderRun.latency,
      firstStatuses,
      errors: orderRun.errors,
      timeouts: orderRun.timeouts,
      afterBurst: { log: firstLog, sheet: firstSheet },
      resend: {
        count: unanswered.length,
        concurrency: RESEND_CONCURRENCY,
        statuses: resendStatuses,
        seconds: resendSeconds,
      },
      answered: answered.size,
      renamed,
    },
    sheet,
    log: { ...log, confirmTexts: undefined },
    confirmation: {
      before: beforeConfirming,
      first: confirmations,
      repeated: repeats,
      after: { ...confirmed, confirmTexts: undefined },
    },
    notFound,
  };
}

/**
 * Every order's shopper sends CONFIRM at once, through the development phone (`/api/dev/whatsapp`,
 * the webhook's own handler, signed as Meta's calls are): what the shop answered, by outcome.
 * @param {string[]} sentIds
 * @param {Map<string, string>} texts
 */
async function confirmAll(sentIds, texts) {
  /** @type {Record<string, number>} */
  const outcomes = {};
  let non2xx = 0;
  let redelivered = 0;
  const started = performance.now();
  await Promise.all(
    sentIds.map(async (id) => {
      const body = JSON.stringify({ kind: 'write', phone: '9876543210', text: texts.get(id) ?? `CONFIRM ${id} NONE` });
      let result = await postRaw('/api/dev/whatsapp', body);
      // A connection the loaded server dropped is delivered again, as Meta redelivers a webhook.
      for (let again = 0; again < 3 && typeof result.status !== 'number'; again += 1) {
        redelivered += 1;
        result = await postRaw('/api/dev/whatsapp', body);
      }
      if (typeof result.status !== 'number' || result.status >= 300) non2xx += 1;
      try {
        for (const outcome of /** @type {{ outcomes: string[] }} */ (JSON.parse(result.text)).outcomes)
          outcomes[outcome] = (outcomes[outcome] ?? 0) + 1;
      } catch {
        outcomes[`HTTP ${result.status}`] = (outcomes[`HTTP ${result.status}`] ?? 0) + 1;
      }
    }),
  );
  return { outcomes, non2xx, redelivered, seconds: (performance.now() - started) / 1000 };
}

/**
 * @param {string} text
 * @returns {string | undefined}
 */
function orderIdOf(text) {
  try {
    return JSON.parse(text).orderId;
  } catch {
    return undefined;
  }
}

/**
 * @param {string} urlPath
 * @param {string} body
 * @returns {Promise<{ status: number | string; text: string }>}
 */
async function postRaw(urlPath, body) {
  try {
    const response = await fetch(`${BASE}${urlPath}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body,
      signal: AbortSignal.timeout(120_000),
    });
    return { status: response.status, text: await response.text() };
  } catch (error) {
    const cause = /** @type {{ cause?: { code?: string } }} */ (error).cause?.code;
    return { status: error instanceof Error ? `${error.name}${cause ? ` (${cause})` : ''}` : 'error', text: '' };
  }
}

/**
 * Requests that timed out may still be writing: wait until the log stops changing (bounded).
 * @param {string[]} sentIds
 */
async function settle(sentIds) {
  let last = '';
  let stableFor = 0;
  let log = await checkOrderLog(sentIds);
  for (let poll = 0; poll < SETTLE_POLLS && stableFor < 3; poll += 1) {
    await new Promise((resolve) => setTimeout(resolve, 1000));
    log = await checkOrderLog(sentIds);
    const sheet = await checkSheet(sentIds);
    const now = `${log.orders}/${log.forwarded}/${sheet.dataRows}`;
    stableFor = now === last ? stableFor + 1 : 0;
    last = now;
  }
  return log;
}

/**
 * The local Orders tab: one row per item; every sent id must appear once per item, nothing else.
 * @param {string[]} sentIds
 */
async function checkSheet(sentIds) {
  // The year's Orders tab (src/shop/sheet-tab.ts), where an order placed now is written.
  const file = path.join(sheetsDir ?? '', `${yearTab(new Date().toISOString())}.csv`);
  const records = parseCsv(await readFile(file, 'utf8').catch(() => ''));
  const [header = [], ...rows] = records;
  const idColumn = header.indexOf('Order ID');
  const expected = new Set(sentIds);
  /** @type {Map<string, number>} */
  const perId = new Map();
  let unexpectedRows = 0;
  for (const row of rows) {
    const id = row[idColumn] ?? '';
    if (!expected.has(id)) {
      unexpectedRows += 1;
      continue;
    }
    perId.set(id, (perId.get(id) ?? 0) + 1);
  }
  return {
    file: path.basename(file),
    distinctIds: perId.size,
    dataRows: [...perId.values()].reduce((sum, count) => sum + count, 0),
    doubled: [...perId.values()].filter((count) => count > CART.length).length,
    missing: sentIds.filter((id) => !perId.has(id)).length,
    unexpectedRows,
    unexpectedSample: rows.filter((row) => !expected.has(row[idColumn] ?? '')).slice(0, 3),
  };
}

/**
 * The server's order log, opened on the first read (the local engine's URL is beside its database
 * folder once it runs: site-build/local-database.ts). One connection and single statements: the
 * local engine runs every connection in one session, so nothing here may hold a transaction.
 */
function benchOrderLog() {
  if (!orderLog) {
    if (!server) throw new Error('the server is not running');
    // On the throw-away server, as BENCH_ROLE: these reads are not the server's statements.
    const url = server.databaseUrl ? benchUrl(SCHEMA) : readFileSync(urlFile(server.database), 'utf8').trim();
    const db = openDatabase(url, { max: 1 });
    orderLog = { db, log: createOrderLog(db) };
  }
  return orderLog.log;
}

/**
 * This run's orders as the server's order log holds them (its own database, read in one
 * statement): their states, the words that confirm each, its bookings and invoices.
 * @param {string[]} sentIds
 */
async function checkOrderLog(sentIds) {
  const records = await benchOrderLog().ordersWhere('o.order_id = any($1)', [sentIds]);
  let forwarded = 0;
  let awaiting = 0;
  /** Bookings made, by order: a booking shows once in the order's history as `shipment: done`. */
  let bookings = 0;
  let bookedTwice = 0;
  /** @type {Map<string, string>} order id → the words that confirm it (rule 17) */
  const confirmTexts = new Map();
  /** @type {string[]} the GST invoice numbers of this run's orders (docs/shop-rules.md §12) */
  const invoiceNumbers = [];
  let invoicedTwice = 0;
  const unreadable = [];
  for (const record of records) {
    try {
      if (record.status === 'forwarded') forwarded += 1;
      const confirmation = record.cod?.confirmation;
      if (confirmation?.state === 'awaiting') awaiting += 1;
      if (confirmation) confirmTexts.set(record.orderId, `CONFIRM ${record.orderId} ${confirmation.code}`);
      const booked = record.history.filter((entry) => entry.event === 'shipment: done').length;
      bookings += booked;
      if (booked > 1) bookedTwice += 1;
      if (record.invoice?.number) invoiceNumbers.push(record.invoice.number);
      const issued = record.history.filter((entry) => entry.event.startsWith('invoice ')).length;
      if (issued > 1) invoicedTwice += 1;
    } catch {
      unreadable.push(record.orderId);
    }
  }
  return {
    database: server?.databaseUrl
      ? `${SCHEMA} on the throw-away PostgreSQL`
      : path.relative(root, server?.database ?? ''),
    orders: records.length,
    forwarded,
    awaiting,
    bookings,
    bookedTwice,
    invoices: invoiceSeries(invoiceNumbers),
    invoicedTwice,
    confirmTexts,
    unreadable: unreadable.length,
    unreadableKeys: unreadable,
  };
}

/**
 * The invoice numbers taken by this run's bookings: how many, how many distinct, and whether they
 * run without a gap (the server's database is new each run, so its series starts afresh).
 * @param {string[]} numbers
 */
function invoiceSeries(numbers) {
  const indices = numbers.map((number) => Number(number.slice(number.lastIndexOf('/') + 1))).sort((a, b) => a - b);
  const first = indices[0] ?? 0;
  const last = indices.at(-1) ?? 0;
  const distinct = new Set(indices).size;
  return { taken: numbers.length, distinct, first, last, consecutive: distinct === last - first + 1 };
}

/**
 * The Orders tab as netlify/lib/sheets/local-csv.ts writes it, read with the same csv-parse options.
 * @param {string} text
 * @returns {string[][]}
 */
function parseCsv(text) {
  return parse(text, {
    bom: true,
    relax_column_count: true,
    skip_empty_lines: true,
    record_delimiter: ['\r\n', '\n', '\r'],
  });
}

/**
 * @param {(string | number)[]} values
 * @returns {Record<string, number>}
 */
function countBy(values) {
  /** @type {Record<string, number>} */
  const counts = {};
  for (const value of values) counts[value] = (counts[value] ?? 0) + 1;
  return counts;
}

/**
 * @param {number} value
 * @param {number} [digits]
 */
function round(value, digits = 0) {
  const factor = 10 ** digits;
  return Math.round(value * factor) / factor;
}

/** @param {unknown[][]} rows */
function printTable(rows) {
  const table = [['metric', 'value', 'target'], ...rows.map((row) => row.map(String))];
  const widths = [0, 1, 2].map((column) => Math.max(...table.map((row) => row[column]?.length ?? 0)));
  const line = (/** @type {string[]} */ row) => row.map((cell, column) => cell.padEnd(widths[column] ?? 0)).join('  ');
  console.log(`\n${line(table[0] ?? [])}\n${widths.map((width) => '-'.repeat(width)).join('  ')}`);
  for (const row of table.slice(1)) console.log(line(row));
}

/** @param {{ rows: unknown[][] } & Record<string, unknown>} report */
async function writeResults(report) {
  const directory = path.join(root, 'bench/results');
  await mkdir(directory, { recursive: true });
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  const file = path.join(directory, `orders-${stamp}.json`);
  const { rows: _rows, ...data } = report;
  const meta = { at: new Date().toISOString(), node: process.version, base: BASE };
  await writeFile(file, `${JSON.stringify({ ...meta, ...data }, null, 2)}\n`);
  return file;
}
