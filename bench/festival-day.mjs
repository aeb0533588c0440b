// `npm run bench:festival`: a festival day compressed (issue 48, "Done means"). Dhanteras, from
// midnight India time: about 100 COD orders an hour and 300 in each of three burst hours (3,000 in
// all; FESTIVAL_SCALE=0.1 for a tenth), arriving at moments a seeded generator picks
// (festival-plan.mjs), every order then living its life — booked, invoiced, mailed, its parcel
// delivered, failing an attempt, returned or lost by the pincode it goes to, a few cancelled by
// staff within the hour — on a SIMULATED clock, minute by minute, with no real waiting.
//
// In-process, with the shop's real code and clients: the order log on a throw-away PostgreSQL
// (scripts/throwaway-postgres.ts; a schema per scenario), the Sheet through `createSheets` to the
// fake Apps Script web app running the real apps-script/Code.gs with Google's limits
// (tests/support/fake-apps-script.ts; an execution costs 1.5 s of simulated time and each range
// read or write 0.3 s more, against the 6-minute limit), email through `createMailer` to the fake
// Resend, parcels on the local carrier with a simulated day of 2 hours. Every simulated minute the
// minute's orders are placed (4 at a time, as requests arrive) and the scheduled functions run:
// sheet-sync (`flushSheet`) every minute, the reconciler every 15 minutes, the parcel sync every 30;
// then the Sheet's delay is sampled (what /api/health says). After the day it runs on until every
// parcel's story has ended and the Sheet has caught up (at most 48 simulated hours).
//
// Two scenarios: a normal day, and the same day with the Apps Script down (HTTP 503) for its first
// hour. Checks (the exit code says whether they held): every order's rows in its tab as the log
// holds the order at the end, once each; nothing left unwritten; every email sent once and every
// email the log shows sent in the provider's list; never two calls in a minute except where a
// whole batch (500 orders) left more waiting.
import { mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { localDelhiveryWithDay } from '../netlify/lib/delhivery/local.ts';
import { createMailer } from '../netlify/lib/mail/client.ts';
import { cancelOrder } from '../netlify/lib/orders/cancel.ts';
import { orderSettings } from '../netlify/lib/orders/deps.ts';
import { createOrderLog } from '../netlify/lib/orders/order-log.ts';
import { NO_PHONE_HISTORY } from '../netlify/lib/orders/phone-history.ts';
import { placeCodOrder, priceOrder } from '../netlify/lib/orders/place.ts';
import { reconcile } from '../netlify/lib/orders/reconcile.ts';
import { flushSheet, SHEET_BATCH, sheetOrderOf } from '../netlify/lib/orders/sheet-kind.ts';
import { syncParcels } from '../netlify/lib/parcels/sync.ts';
import { openDatabase } from '../netlify/lib/platform/database.ts';
import { readServerEnv } from '../netlify/lib/platform/env.ts';
import { createSheets } from '../netlify/lib/sheets/client.ts';
import { ORDER_HEADERS, orderRows } from '../netlify/lib/sheets/orders-tab.ts';
import { whatsappBook } from '../netlify/lib/whatsapp/book.ts';
import { createWhatsApp } from '../netlify/lib/whatsapp/sender.ts';
import { createSchema, startThrowawayPostgres } from '../scripts/throwaway-postgres.ts';
import { content } from '../src/content/content.server.ts';
import { ordersTabOf } from '../src/shop/order/index.ts';
import { needsAttention } from '../src/shop/order-engine/index.ts';
import { codOrderRequestSchema } from '../src/shop/schemas/index.ts';
import { fakeAppsScript } from '../tests/support/fake-apps-script.ts';
import { FAKE_RESEND, FAKE_RESEND_URL, fakeResend } from '../tests/support/fake-resend.ts';
import { server } from '../tests/support/msw.ts';
import { dayPlan, emailCheck, sheetCheck } from './festival-plan.mjs';
import { printReport, problemsOf, reportRows } from './festival-report.mjs';

const root = path.resolve(import.meta.dirname, '..');
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const SCALE = Number(process.env.FESTIVAL_SCALE ?? 1);
if (!(SCALE > 0)) {
  console.error(`bench:festival: FESTIVAL_SCALE must be a number above 0, not ${process.env.FESTIVAL_SCALE}.`);
  process.exit(1);
}
/** Dhanteras 2026, 00:00 India time (UTC+5:30). */
const START = Date.parse('2026-11-05T18:30:00.000Z');
const BURST_HOURS = [10, 13, 20];
/** What an execution costs on the simulated clock, against Google's 6 minutes: each, and each range read or write. */
const APPS_SCRIPT_COSTS = { costPerCallMs: 1500, costPerRangeCallMs: 300 };
/** Orders placed at once, as requests arrive. */
const CONCURRENCY = 4;
/** The run stops here whatever is left (reported as a failed check). */
const CAP_MS = 48 * HOUR;

const plan = dayPlan({ start: START, scale: SCALE, burstHours: BURST_HOURS });
const began = performance.now();
/**
 * The warnings the shop's code logs (each batch refused while the Apps Script is down says so),
 * counted by their words (digits as #) for the results instead of drowning the report.
 * @type {Map<string, number>}
 */
let warned = new Map();
console.warn = (...words) => {
  const text = words.map(String).join(' ').replace(/\d+/g, '#').slice(0, 160);
  warned.set(text, (warned.get(text) ?? 0) + 1);
};
const postgres = await startThrowawayPostgres();
server.listen({ onUnhandledRequest: 'error' });
try {
  // The content is the same all day: read once, as a warm function's cache would.
  const shop = { catalogue: await content().catalogue(), settings: await orderSettings() };
  console.log(`bench:festival: ${plan.length} orders over 24 simulated hours (FESTIVAL_SCALE=${SCALE})`);
  const normal = await scenario('normal', 0, shop);
  const down = await scenario('down', HOUR, shop);
  const realSeconds = (performance.now() - began) / 1000;
  const rows = reportRows([normal, down], { realSeconds });
  printReport(rows, [normal, down]);
  const file = await writeResults({ scale: SCALE, orders: plan.length, realSeconds, scenarios: [normal, down] });
  console.log(`\nResults written to ${path.relative(root, file)}`);
  const failed = [normal, down].flatMap((result) => result.problems.map((problem) => `${result.name}: ${problem}`));
  if (failed.length > 0) {
    console.error(`\nbench:festival: ${failed.length} check(s) failed:\n- ${failed.join('\n- ')}`);
    process.exitCode = 1;
  }
} catch (error) {
  console.error(`bench:festival failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
  process.exitCode = 1;
} finally {
  server.close();
  await postgres.stop();
}

/**
 * One day of orders through a fresh order log, Sheet and mailbox; the Apps Script down (503) for
 * the first `downForMs`.
 * @param {string} name
 * @param {number} downForMs
 * @param {{ catalogue: import('#shop/catalogue/index.ts').Product[]; settings: import('../netlify/lib/orders/types.ts').ShopSettingsForOrders }} shop
 */
async function scenario(name, downForMs, shop) {
  const started = performance.now();
  warned = new Map();
  console.log(
    `\n${name}: ${downForMs > 0 ? `the Apps Script down for the first ${downForMs / MINUTE} min` : 'a normal day'}`,
  );
  const schema = `festival_${name}`;
  await createSchema(postgres.url, schema);
  const db = openDatabase(postgres.url, { schema });
  const dir = await mkdtemp(path.join(tmpdir(), `ouo-festival-${name}-`));
  const clock = { now: START };
  server.resetHandlers();
  const fake = fakeAppsScript({ clock: () => clock.now, ...APPS_SCRIPT_COSTS });
  const resend = fakeResend();
  server.use(resend.handler);
  const env = readServerEnv({
    ...fake.env,
    RESEND_API_KEY: FAKE_RESEND.apiKey,
    RESEND_FROM: FAKE_RESEND.from,
    RESEND_BASE_URL: FAKE_RESEND_URL,
    LOCAL_SHEETS_DIR: path.join(dir, 'sheets'),
    LOCAL_MAIL_DIR: path.join(dir, 'mail'),
    LOCAL_WHATSAPP_DIR: path.join(dir, 'whatsapp'),
  });
  const sheets = createSheets(env);
  /** Every batch the shop sent, when, how many orders, and what it was answered. */
  /** @type {{ at: number; orders: number; answer: string }[]} */
  const writes = [];
  /** @type {import('../netlify/lib/orders/types.ts').OrderDeps} */
  const deps = {
    log: createOrderLog(db),
    catalogue: async () => shop.catalogue,
    settings: async () => shop.settings,
    gateway: () => ({ ok: false, code: 'NOT_CONFIGURED', message: 'COD orders only in this bench' }),
    sheets: {
      // The real client, watched: each batch's size and answer, for the minutes with two calls.
      async writeOrders(tab, orders) {
        const at = clock.now;
        const result = await sheets.writeOrders(tab, orders);
        const answer = result.ok ? `wrote ${result.written.length}` : `${result.code}: ${result.message.slice(0, 80)}`;
        writes.push({ at, orders: orders.length, answer });
        return result;
      },
      appendWhatsApp: (message) => sheets.appendWhatsApp(message),
    },
    sheetBatch: SHEET_BATCH,
    carrier: localDelhiveryWithDay(2 * HOUR, {
      now: () => clock.now,
      cancellationsDir: path.join(dir, 'cancelled'),
      bookingsDir: path.join(dir, 'bookings'),
    }),
    mail: createMailer(env),
    // Shoppers here do not tick WhatsApp: the local outbox stays empty (checked).
    whatsapp: createWhatsApp(env),
    whatsappBook: whatsappBook(db),
    hearsWhatsApp: false,
    codHistory: NO_PHONE_HISTORY,
    siteUrl: env.URL,
    now: () => new Date(clock.now),
  };
  /** @param {import('./festival-plan.mjs').PlannedOrder} planned */
  const place = async (planned) => {
    const { pincode, city, state } = planned.destination;
    const number = planned.at % 100_000;
    const customer = {
      name: `Festival Shopper ${number}`,
      email: `shopper${number}@example.in`,
      phone: planned.phone,
      address1: `${planned.street}, near the temple`,
      pincode,
      city,
      state,
    };
    // The checkout quotes the total first, as the browser does before Place Order.
    const priced = await priceOrder(deps, planned.lines, pincode, 'cod');
    if (!priced.ok) return priced;
    const request = codOrderRequestSchema.parse({
      orderId: `OUO_${planned.at}`,
      customer,
      lines: planned.lines,
      paymentMode: 'cod',
      clientTotal: priced.body.totals.total,
    });
    // Each request on its own clock, its arrival: requests placed together are still apart in time.
    return placeCodOrder({ ...deps, now: () => new Date(planned.at) }, request);
  };
  try {
    if (downForMs > 0) fake.state.down = 503;
    const comesBack = () => {
      if (fake.state.down !== false && clock.now >= START + downForMs) fake.state.down = false;
    };
    const run = await runMinutes({ deps, clock, place, comesBack });
    const checks = await checkScenario(deps, db, fake, resend);
    const outbox = await readdir(env.LOCAL_WHATSAPP_DIR).catch(() => []);
    /** @type {import('./festival-report.mjs').ScenarioResult} */
    const result = {
      name,
      downForMs,
      start: START,
      planned: plan.length,
      ...run,
      ...checks,
      whatsappSent: outbox.length,
      warnings: Object.fromEntries(warned),
      calls: {
        times: fake.state.calls,
        refusedSimultaneous: fake.state.refusedSimultaneous,
        killed: fake.state.killed,
      },
      writes,
      realSeconds: (performance.now() - started) / 1000,
    };
    const problems = problemsOf(result);
    console.log(
      `${name}: ${result.outcomes.placed ?? 0} orders, ended at ${Math.round(result.realSeconds)} s, ${problems.length} problem(s)`,
    );
    return { ...result, problems };
  } finally {
    await db.close();
    await rm(dir, { recursive: true, force: true });
  }
}

/**
 * Minute by minute from START: the scheduled functions at the minute's start, then the minute's
 * orders (CONCURRENCY at a time) and staff's cancellations, in time order; then the Sheet's delay,
 * sampled at the minute's end. Until the day is over, every parcel's story has ended and the Sheet
 * shows everything, or CAP_MS.
 * @param {{ deps: import('../netlify/lib/orders/types.ts').OrderDeps; clock: { now: number };
 *   place: (planned: import('./festival-plan.mjs').PlannedOrder) => Promise<{ ok: boolean; code?: string; body?: { orderId: string } }>;
 *   comesBack: () => void }} run
 */
async function runMinutes({ deps, clock, place, comesBack }) {
  const arrivals = [...plan];
  /** @type {{ at: number; orderId: string }[]} */
  const cancels = [];
  /** @type {{ at: number; delayMs: number }[]} */
  const samples = [];
  /** @type {Record<string, number>} */
  const outcomes = {};
  const tally = (/** @type {string} */ what) => {
    outcomes[what] = (outcomes[what] ?? 0) + 1;
  };
  const jobs = { reconcileDeferred: 0, syncRequests: 0, syncDeferred: 0 };
  let capped = false;
  for (let minute = 0; ; minute += 1) {
    clock.now = START + minute * MINUTE;
    comesBack();
    await flushSheet(deps);
    if (minute % 15 === 0) jobs.reconcileDeferred += (await reconcile(deps)).deferred;
    if (minute % 30 === 0) {
      const synced = await syncParcels(deps);
      jobs.syncRequests += synced.requests;
      jobs.syncDeferred += synced.deferred;
    }
    const end = clock.now + MINUTE;
    for (;;) {
      const cancelAt = cancels[0]?.at ?? Number.POSITIVE_INFINITY;
      if (Math.min(arrivals[0]?.at ?? Number.POSITIVE_INFINITY, cancelAt) >= end) break;
      const cancel = cancels[0];
      if (cancel && cancelAt < (arrivals[0]?.at ?? Number.POSITIVE_INFINITY)) {
        cancels.shift();
        clock.now = cancel.at;
        const cancelled = await cancelOrder(deps, cancel.orderId, { reason: 'other', by: 'staff' });
        tally(`cancel: ${cancelled.ok ? cancelled.state : cancelled.refusal}`);
        continue;
      }
      /** @type {import('./festival-plan.mjs').PlannedOrder[]} */
      const group = [];
      for (
        let next = arrivals[0];
        next && next.at < Math.min(end, cancelAt) && group.length < CONCURRENCY;
        next = arrivals[0]
      )
        group.push(/** @type {import('./festival-plan.mjs').PlannedOrder} */ (arrivals.shift()));
      clock.now = group.at(-1)?.at ?? clock.now;
      const placed = await Promise.all(group.map(place));
      placed.forEach((result, index) => {
        const planned = group[index];
        tally(result.ok ? 'placed' : `refused: ${result.code}`);
        if (result.ok && result.body && planned?.cancelAfterMs)
          cancels.push({ at: planned.at + planned.cancelAfterMs, orderId: result.body.orderId });
      });
      cancels.sort((a, b) => a.at - b.at);
    }
    clock.now = end - 1;
    // What /api/health says of the Sheet: the oldest change its rows do not show yet.
    const oldest = await deps.log.oldestUnwrittenSheet();
    samples.push({ at: clock.now, delayMs: oldest ? clock.now - Date.parse(oldest) : 0 });
    const over = arrivals.length === 0 && cancels.length === 0 && clock.now >= START + 24 * HOUR;
    if (over && !oldest && (await deps.log.parcelOrderIds()).length === 0) break;
    if (clock.now >= START + CAP_MS) {
      capped = true;
      break;
    }
  }
  return { outcomes, jobs, samples, capped, endedAt: clock.now + 1 };
}

/**
 * What the order log, the fake Apps Script's tabs and the fake Resend hold at the end: every order's
 * rows against what it shows now, the emails against those the log shows sent, the orders' endings.
 * @param {import('../netlify/lib/orders/types.ts').OrderDeps} deps
 * @param {import('../netlify/lib/platform/database.ts').Database} db
 * @param {ReturnType<typeof fakeAppsScript>} fake
 * @param {ReturnType<typeof fakeResend>} resend
 */
async function checkScenario(deps, db, fake, resend) {
  const orders = await deps.log.ordersWhere('true', []);
  /** @type {Map<string, Map<string, string[][]>>} */
  const expected = new Map();
  /** @type {string[]} */
  const emailIds = [];
  /** @type {Record<string, number>} */
  const endings = {};
  /** @type {Record<string, number>} */
  const notices = {};
  /** @type {Record<string, number>} */
  const attention = {};
  for (const order of orders) {
    const tab = ordersTabOf(order);
    expected.set(tab, (expected.get(tab) ?? new Map()).set(order.orderId, orderRows(sheetOrderOf(deps, order))));
    if (order.forwards.email?.status === 'done') emailIds.push(order.orderId);
    for (const [key, notice] of Object.entries(order.notices ?? {})) {
      const name = `${notice.channel} ${notice.status}`;
      notices[name] = (notices[name] ?? 0) + 1;
      // Named as the sender names it (netlify/lib/notify/channels.ts): `<orderId>-<notice>`.
      if (notice.channel === 'email' && notice.status === 'sent')
        emailIds.push(`${order.orderId}-${key.slice(key.indexOf(':') + 1)}`);
    }
    const failedOnce = order.parcel?.changes.some((change) => change.state === 'delivery-failed');
    const state = order.parcel?.state ?? 'not booked';
    const ending =
      order.status === 'cancelled'
        ? 'cancelled'
        : state === 'delivered' && failedOnce
          ? 'delivered at a 2nd try'
          : state;
    endings[ending] = (endings[ending] ?? 0) + 1;
    // A lost parcel is staff's to chase with Delhivery: the one reason expected here.
    const reason = order.parcel?.state === 'lost' ? 'lost parcel' : 'other';
    if (needsAttention(order)) attention[reason] = (attention[reason] ?? 0) + 1;
  }
  const tasks = await db.query(
    `select kind, state, count(*)::int as n from tasks where order_id is not null group by kind, state order by kind, state`,
  );
  return {
    orders: orders.length,
    endings,
    notices,
    attention,
    tabs: Object.keys(fake.script.books.main ?? {}),
    sheet: [...expected].map(([tab, rows]) => ({ tab, ...sheetCheck(fake.rows(tab), ORDER_HEADERS, rows) })),
    unwritten: (await deps.log.oldestUnwrittenSheet()) ?? null,
    email: { ...emailCheck(resend.sent, emailIds), requests: resend.requests.length },
    tasks: Object.fromEntries(tasks.map((row) => [`${row.kind} ${row.state}`, Number(row.n)])),
  };
}

/** @param {Record<string, unknown>} results */
async function writeResults(results) {
  const directory = path.join(root, 'bench/results');
  await mkdir(directory, { recursive: true });
  const file = path.join(directory, `festival-day-${new Date().toISOString().replace(/[:.]/g, '-')}.json`);
  await writeFile(
    file,
    `${JSON.stringify({ at: new Date().toISOString(), node: process.version, ...results }, null, 2)}\n`,
  );
  return file;
}
