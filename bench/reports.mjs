// `npm run bench:reports`: the two reports over 10,000 orders (issue 47). A throw-away PostgreSQL
// server (scripts/throwaway-postgres.ts, the migrations applied to a schema of its own) is filled
// with 10,000 orders placed from August to November 2026, each written as the shop writes it, through
// the order log (netlify/lib/orders/order-log.ts): placed, then confirmed (COD), booked and invoiced,
// then delivered, returned (after failed attempts), lost, cancelled before pickup with a credit note,
// or still on its way. Then it times `report:gst` for one month and `report:returns` for one month,
// through the scripts' own `buildReport` (scripts/report-gst.ts, scripts/report-returns.ts): the
// rows read, the statements, the time in the database and in all, and the figures, checked against
// what was written (every document of the month once, every parcel booked in the period once).
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { indiaToday } from '#shop/dates.ts';
import { draftCreditNote, draftInvoice } from '#shop/invoice.ts';
import { financialYear, serialNumber } from '#shop/invoice-numbers.ts';
import { placeOfSupply } from '#shop/invoice-place.ts';
import { buildOrderRecord, orderTotals } from '#shop/order.ts';
import { createOrderLog } from '../netlify/lib/orders/order-log.ts';
import { openDatabase } from '../netlify/lib/platform/database.ts';
import { buildReport as buildGstReport } from '../scripts/report-gst.ts';
import { buildReport as buildReturnsReport } from '../scripts/report-returns.ts';
import { createSchema, startThrowawayPostgres } from '../scripts/throwaway-postgres.ts';
import { makeCustomer } from '../tests/support/factories.ts';
import { makeInvoiceSettings } from '../tests/support/invoices.ts';
import { seeded } from './seeded.mjs';

const root = path.resolve(import.meta.dirname, '..');
const ORDERS = Number(process.env.BENCH_REPORT_ORDERS ?? 10_000);
/** Orders are placed evenly (with jitter) from the first instant to the last, India time. */
const FIRST_PLACED = Date.parse('2026-08-01T00:00:00+05:30');
const LAST_PLACED = Date.parse('2026-11-30T23:59:00+05:30');
/** The month and the period the reports are timed on: a full month in the middle of the orders. */
const GST_MONTH = '2026-10';
const RETURNS_PERIOD = { from: '2026-10-01', to: '2026-10-31' };
/** Each report is run once, then this many times more: the first and the median of the rest. */
const RUNS = 5;
/** Orders written at once while filling (the fill's pool). */
const FILL_CONCURRENCY = 16;
const SCHEMA = 'bench_reports';
const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;

const SETTINGS = makeInvoiceSettings();

/** The bundled catalogue's products (studio/seed/dataset.ndjson): what the orders buy. */
const PRODUCTS = [
  { productId: 1, size: '500gm', name: 'Himalayan White Rajma', price: 347, weight: 500, hsnCode: '07133300' },
  { productId: 1, size: '1kg', name: 'Himalayan White Rajma', price: 691, weight: 1000, hsnCode: '07133300' },
  { productId: 2, size: '500gm', name: 'Himalayan Red Rajma', price: 347, weight: 500, hsnCode: '07133300' },
  { productId: 3, size: '120gm', name: 'Badri Cow Ghee', price: 450, weight: 120, hsnCode: '040590' },
  { productId: 3, size: '495gm', name: 'Badri Cow Ghee', price: 1795, weight: 495, hsnCode: '040590' },
  { productId: 4, size: '500gm', name: 'Himalayan Black Soyabean', price: 347, weight: 500, hsnCode: '1201' },
  { productId: 5, size: '1kg', name: 'Himalayan Red Rice', price: 347, weight: 1000, hsnCode: '10061090' },
  { productId: 6, size: '23gm', name: 'Wild Himalayan Tempering Spice', price: 347, weight: 23, hsnCode: '07129090' },
];

/** Where the shoppers are (the supplier is in Uttarakhand: the rest is inter-State, IGST). */
const PLACES = [
  { pincode: '248001', city: 'Dehradun', state: 'Uttarakhand', weight: 4 },
  { pincode: '249401', city: 'Haridwar', state: 'Uttarakhand', weight: 1 },
  { pincode: '110001', city: 'New Delhi', state: 'Delhi', weight: 4 },
  { pincode: '400020', city: 'Mumbai', state: 'Maharashtra', weight: 3 },
  { pincode: '560001', city: 'Bengaluru', state: 'Karnataka', weight: 3 },
  { pincode: '302001', city: 'Jaipur', state: 'Rajasthan', weight: 1 },
  { pincode: '700001', city: 'Kolkata', state: 'West Bengal', weight: 1 },
  { pincode: '600001', city: 'Chennai', state: 'Tamil Nadu', weight: 1 },
  { pincode: '226001', city: 'Lucknow', state: 'Uttar Pradesh', weight: 2 },
];

/** A business buyer's GSTIN in Maharashtra (checkout's optional field): B2B on the GST report. */
const B2B_GSTIN = '27AAACR5055K1Z7';

/** The courier's reasons for a failed attempt, as Delhivery writes them. */
const FAILED_REASONS = [
  'Consignee unavailable',
  'Consignee refused to accept',
  'Address incomplete',
  'Customer asked for future delivery',
];

const random = seeded(47);
/**
 * @template T
 * @param {readonly T[]} items
 * @returns {T}
 */
function pick(items) {
  return /** @type {T} */ (items[Math.floor(random() * items.length)]);
}
/** @param {readonly { weight: number }[]} items */
function pickWeighted(items) {
  const total = items.reduce((sum, item) => sum + item.weight, 0);
  let at = random() * total;
  for (const item of items) {
    at -= item.weight;
    if (at < 0) return item;
  }
  return /** @type {(typeof items)[number]} */ (items.at(-1));
}
const iso = (/** @type {number} */ ms) => new Date(ms).toISOString();

/**
 * @typedef {'delivered' | 'delivered-second-attempt' | 'returned' | 'lost' | 'credit-noted' | 'on-the-way'} Outcome
 * @typedef {import('#shop/order-record.ts').StoredOrder} StoredOrder
 * @typedef {{
 *   placed: StoredOrder,
 *   bookedAt: number,
 *   outcome: Outcome,
 *   endAt: number,
 *   reason: string,
 *   invoiceNumber?: string,
 *   creditNoteNumber?: string,
 * }} Plan
 */

/**
 * What becomes of the order placed at `placedAt`: booked within a day; then, by its payment mode,
 * delivered (some at the second attempt), returned to origin after failed attempts, lost, or
 * cancelled before pickup (a credit note); the last week's still on their way.
 * @param {number} index
 * @param {number} placedAt
 * @returns {Plan}
 */
function planOrder(index, placedAt) {
  const orderId = `OUO_${String(placedAt).padStart(13, '0')}`;
  const mode = random() < 0.6 ? 'cod' : 'prepaid';
  const { weight: _weight, ...place } = pickWeighted(PLACES);
  const b2b = random() < 0.01;
  const customer = {
    ...makeCustomer({
      name: `Shopper ${index + 1}`,
      email: `shopper${index + 1}@example.in`,
      phone: `9${String(800_000_000 + (index % 5000) * 37).padStart(9, '0')}`,
      ...(b2b ? { pincode: '400020', city: 'Mumbai', state: 'Maharashtra' } : place),
    }),
    ...(b2b ? { gstin: B2B_GSTIN } : {}),
  };
  const lines = [];
  const count = 1 + Math.floor(random() * 3);
  for (const product of [...PRODUCTS].sort(() => random() - 0.5).slice(0, count)) {
    const quantity = b2b ? 10 + Math.floor(random() * 20) : 1 + Math.floor(random() * 2);
    lines.push({ ...product, quantity, lineTotal: product.price * quantity });
  }
  const subtotal = lines.reduce((sum, line) => sum + line.lineTotal, 0);
  const weight = lines.reduce((sum, line) => sum + line.weight * line.quantity, 0);
  const totals = orderTotals(subtotal, subtotal >= 1000 ? 0 : 65, mode);
  const cart = { lines, subtotal, weight };
  const at = iso(placedAt);
  const bookedAt = placedAt + HOUR + Math.floor(random() * 20 * HOUR);
  /** @type {StoredOrder} */
  const placed = {
    orderId,
    key: index.toString(16).padStart(32, '0'),
    status: mode === 'cod' ? 'pending' : 'paid',
    mode,
    fingerprint: orderId,
    createdAt: at,
    updatedAt: at,
    customer,
    lines: lines.map(({ productId, size, quantity }) => ({ productId, size, quantity })),
    cart,
    totals,
    record: buildOrderRecord({ orderId, timestamp: new Date(placedAt), customer, cart, totals, mode }),
    ...(mode === 'prepaid'
      ? {
          razorpay: {
            orderId: `order_${orderId}`,
            amountPaise: totals.total * 100,
            paymentId: `pay_${orderId}`,
            paidAt: iso(placedAt + 60_000),
            via: /** @type {const} */ ('browser'),
          },
        }
      : {
          cod: {
            decision: {
              outcome: /** @type {const} */ ('allow'),
              reasons: random() < 0.2 ? [/** @type {const} */ ('new_customer_on_your_store')] : [],
              at,
            },
            confirmation: { state: /** @type {const} */ ('awaiting'), code: 'K7QX' },
          },
        }),
    forwards: {
      sheet: { status: 'pending', attempts: 0 },
      shipment: { status: 'pending', attempts: 0 },
      email: { status: 'pending', attempts: 0 },
      invoice: { status: 'pending', attempts: 0 },
    },
    whatsapp: { consent: { version: 1, text: 'Send my order updates on WhatsApp from Orang Utan Organics', at } },
    history: [{ at, event: 'placed' }],
  };
  const roll = random();
  const returnRate = mode === 'cod' ? 0.14 : 0.04;
  /** @type {Outcome} */
  let outcome;
  if (bookedAt > LAST_PLACED - 6 * DAY) outcome = 'on-the-way';
  else if (roll < 0.03) outcome = 'credit-noted';
  else if (roll < 0.034) outcome = 'lost';
  else if (roll < 0.034 + returnRate) outcome = 'returned';
  else if (roll < 0.134 + returnRate) outcome = 'delivered-second-attempt';
  else outcome = 'delivered';
  const endAt = outcome === 'credit-noted' ? bookedAt + 3 * HOUR : bookedAt + (2 + Math.floor(random() * 5)) * DAY;
  return { placed, bookedAt, outcome, endAt, reason: pick(FAILED_REASONS) };
}

/**
 * @param {import('#shop/parcel.ts').ParcelState} state
 * @param {number} at
 * @param {string} [reason]
 * @returns {import('#shop/parcel.ts').ParcelChange}
 */
function change(state, at, reason) {
  return {
    state,
    at: iso(at),
    scan: { at: iso(at), status: state, location: 'Hub', ...(reason ? { note: reason } : {}) },
    ...(reason ? { reason } : {}),
  };
}

/**
 * The parcel's changes from its booking to its outcome.
 * @param {Plan} plan
 * @returns {import('#shop/parcel.ts').Parcel}
 */
function parcelOf(plan) {
  const { bookedAt: b, endAt: end, outcome, reason } = plan;
  const changes = [change('picked-up', b + 6 * HOUR), change('in-transit', b + DAY)];
  if (outcome === 'on-the-way') {
    if (plan.endAt - b > 3 * DAY) changes.push(change('out-for-delivery', b + 2 * DAY));
    return { state: changes.at(-1)?.state ?? 'in-transit', changes, lastScanAt: changes.at(-1)?.at };
  }
  if (outcome === 'lost') changes.push(change('lost', end));
  if (outcome === 'delivered') changes.push(change('out-for-delivery', end - 4 * HOUR), change('delivered', end));
  if (outcome === 'delivered-second-attempt' || outcome === 'returned') {
    changes.push(change('out-for-delivery', end - DAY - 4 * HOUR), change('delivery-failed', end - DAY, reason));
  }
  if (outcome === 'delivered-second-attempt') {
    changes.push(change('out-for-delivery', end - 4 * HOUR), change('delivered', end));
  }
  if (outcome === 'returned') changes.push(change('returning', end), change('returned', end + 3 * DAY));
  return { state: changes.at(-1)?.state ?? 'in-transit', changes, lastScanAt: changes.at(-1)?.at };
}

/**
 * The order booked (COD: confirmed first) and invoiced at its booking, as the booking and invoice
 * tasks leave it.
 * @param {StoredOrder} order
 * @param {Plan} plan
 * @returns {StoredOrder}
 */
function booked(order, plan) {
  const at = iso(plan.bookedAt);
  const place = placeOfSupply(order.customer);
  if (!place) throw new Error(`no State for ${order.customer.pincode}`);
  const draft = draftInvoice(order, place, SETTINGS, new Date(plan.bookedAt), indiaToday(new Date(plan.bookedAt)));
  if (!draft.ok) throw new Error(`${order.orderId}: ${draft.problem}`);
  const done = { status: /** @type {const} */ ('done'), attempts: 1, at };
  const waybill = `WB${order.orderId.replace(/\D/g, '')}`;
  const confirmedAt = iso(plan.bookedAt - 30 * 60_000);
  return {
    ...order,
    status: 'forwarded',
    updatedAt: at,
    ...(order.cod
      ? {
          cod: {
            ...order.cod,
            confirmation: {
              state: 'confirmed',
              code: 'K7QX',
              via: random() < 0.8 ? 'whatsapp-message' : 'staff',
              at: confirmedAt,
            },
          },
        }
      : {}),
    forwards: {
      sheet: { ...done, syncedStatus: 'Booked' },
      shipment: { ...done, waybill },
      email: done,
      invoice: done,
    },
    parcel: { state: 'booked', changes: [] },
    invoice: { ...draft.invoice, number: /** @type {string} */ (plan.invoiceNumber) },
    history: [
      ...order.history,
      ...(order.cod ? [{ at: confirmedAt, event: 'confirmation: confirmed' }] : []),
      { at, event: `shipment: done (${waybill})` },
      { at, event: `invoice ${plan.invoiceNumber} issued` },
    ],
  };
}

/**
 * Where its parcel ended: delivered, returned, lost or on its way; or cancelled before pickup, its
 * booking cancelled and a credit note issued (a prepaid order refunded).
 * @param {StoredOrder} order
 * @param {Plan} plan
 * @returns {StoredOrder}
 */
function ended(order, plan) {
  const at = iso(plan.endAt);
  if (plan.outcome !== 'credit-noted') {
    const parcel = parcelOf(plan);
    return {
      ...order,
      updatedAt: parcel.changes.at(-1)?.at ?? at,
      parcel,
      history: [...order.history, ...parcel.changes.map((one) => ({ at: one.at, event: `parcel: ${one.state}` }))],
    };
  }
  const invoice = /** @type {import('#shop/invoice.ts').Invoice} */ (order.invoice);
  const requestedAt = iso(plan.endAt - HOUR);
  return {
    ...order,
    status: 'cancelled',
    updatedAt: at,
    cancellation: {
      reason: 'ordered-by-mistake',
      by: 'shopper',
      requestedAt,
      booking: { status: 'done', attempts: 1, at },
      refund: order.mode === 'prepaid' ? { status: 'done', attempts: 1, at } : { status: 'not-needed', attempts: 0 },
      doneAt: at,
    },
    parcel: { state: 'cancelled', changes: [change('cancelled', plan.endAt)] },
    creditNote: {
      ...draftCreditNote(invoice, new Date(plan.endAt), indiaToday(new Date(plan.endAt))),
      number: /** @type {string} */ (plan.creditNoteNumber),
    },
    history: [
      ...order.history,
      { at: requestedAt, event: 'cancellation requested' },
      { at, event: 'cancelled' },
      { at, event: `credit note ${plan.creditNoteNumber} issued` },
    ],
  };
}

/**
 * Numbers each series in the order its documents were issued (booking time, cancellation time), one
 * financial year's series each, as invoices/serial.ts takes them; answers each series' last number.
 * @param {Plan[]} plans
 */
function numberDocuments(plans) {
  /** @type {Map<string, number>} series key → last number */
  const last = new Map();
  /**
   * @param {'invoice' | 'credit-note'} kind
   * @param {Plan[]} ordered
   * @param {(plan: Plan) => number} when
   * @param {(plan: Plan, number: string) => void} keep
   */
  const number = (kind, ordered, when, keep) => {
    for (const plan of [...ordered].sort((a, b) => when(a) - when(b))) {
      const year = financialYear(indiaToday(new Date(when(plan))));
      const key = `${kind}-serial-${year.id}`;
      const n = (last.get(key) ?? 0) + 1;
      last.set(key, n);
      keep(plan, serialNumber(kind, SETTINGS.prefix, year, n));
    }
  };
  number(
    'invoice',
    plans,
    (plan) => plan.bookedAt,
    (plan, n) => {
      plan.invoiceNumber = n;
    },
  );
  number(
    'credit-note',
    plans.filter((plan) => plan.outcome === 'credit-noted'),
    (plan) => plan.endAt,
    (plan, n) => {
      plan.creditNoteNumber = n;
    },
  );
  return last;
}

/**
 * Runs `work` on every item, `concurrency` at a time.
 * @template T
 * @param {readonly T[]} items
 * @param {number} concurrency
 * @param {(item: T) => Promise<void>} work
 */
async function eachAtOnce(items, concurrency, work) {
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < items.length) {
        const item = /** @type {T} */ (items[next]);
        next += 1;
        await work(item);
      }
    }),
  );
}

/**
 * The database as the reports see it, counting what they ask of it: statements, rows answered and
 * the time spent waiting for them.
 * @param {import('../netlify/lib/platform/database.ts').Database} db
 */
function counted(db) {
  const tally = { statements: 0, rows: 0, ms: 0 };
  /** @type {import('../netlify/lib/platform/database.ts').Database} */
  const queries = {
    ...db,
    async query(text, params) {
      const started = performance.now();
      const rows = await db.query(text, params);
      tally.ms += performance.now() - started;
      tally.statements += 1;
      tally.rows += rows.length;
      return /** @type {never} */ (rows);
    },
    get statements() {
      return tally.statements;
    },
  };
  return { queries, tally };
}

/**
 * Runs a report once, then RUNS times more: the first run's and the median run's time, the rows
 * and statements of one run, and its answer.
 * @template R
 * @param {import('../netlify/lib/platform/database.ts').Database} db
 * @param {(db: import('../netlify/lib/platform/database.ts').Database) => Promise<R>} run
 */
async function timeReport(db, run) {
  /** @type {{ ms: number, dbMs: number, statements: number, rows: number }[]} */
  const runs = [];
  /** @type {R | undefined} */
  let answer;
  for (let index = 0; index <= RUNS; index += 1) {
    const { queries, tally } = counted(db);
    const started = performance.now();
    answer = await run(queries);
    runs.push({ ms: performance.now() - started, dbMs: tally.ms, statements: tally.statements, rows: tally.rows });
  }
  const [first, ...rest] = runs;
  const median = [...rest].sort((a, b) => a.ms - b.ms)[Math.floor(rest.length / 2)];
  return { first, median, runs, answer: /** @type {R} */ (answer) };
}

const round = (/** @type {number} */ value, digits = 0) => Math.round(value * 10 ** digits) / 10 ** digits;
const rupees = (/** @type {number} */ paise) =>
  `₹${(paise / 100).toLocaleString('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
const percent = (/** @type {number | null} */ value) => (value === null ? '—' : `${round(value * 100, 1)} %`);
const inMonth = (/** @type {number} */ ms, /** @type {string} */ month) => indiaToday(new Date(ms)).startsWith(month);
const inPeriod = (/** @type {number} */ ms) => {
  const day = indiaToday(new Date(ms));
  return day >= RETURNS_PERIOD.from && day <= RETURNS_PERIOD.to;
};

// ---------------------------------------------------------------------------------------------

const step = (LAST_PLACED - FIRST_PLACED) / ORDERS;
/** @type {Plan[]} */
const plans = Array.from({ length: ORDERS }, (_, index) =>
  planOrder(index, Math.floor(FIRST_PLACED + index * step + random() * (step / 2))),
);
const lastNumbers = numberDocuments(plans);

const postgres = await startThrowawayPostgres();
await createSchema(postgres.url, SCHEMA);
const db = openDatabase(postgres.url, { schema: SCHEMA, max: FILL_CONCURRENCY });
let failed = false;
try {
  const log = createOrderLog(db);
  console.log(
    `Writing ${ORDERS} orders through the order log (placed, booked and invoiced, ended), ${FILL_CONCURRENCY} at a time…`,
  );
  const fillStarted = performance.now();
  const statementsBefore = db.statements;
  await eachAtOnce(plans, FILL_CONCURRENCY, async (plan) => {
    const result = await log.create(plan.placed);
    if (!result.created) throw new Error(`${plan.placed.orderId} was placed twice`);
    await log.update(plan.placed.orderId, (order) => booked(order, plan));
    await log.update(plan.placed.orderId, (order) => ended(order, plan));
  });
  // The counters as the invoices' transactions leave them (invoices/serial.ts).
  for (const [series, last] of lastNumbers) {
    await db.query('insert into document_series (series, last) values ($1, $2)', [series, last]);
  }
  const fillSeconds = (performance.now() - fillStarted) / 1000;
  const fillStatements = db.statements - statementsBefore;
  // What autovacuum does after a load this size, before the reports run.
  await db.query('analyze');
  const [size] = await db.query(
    `select pg_size_pretty(sum(pg_total_relation_size(c.oid))) as size, (select count(*)::int from orders) as orders,
       (select count(*)::int from order_events) as events, (select count(*)::int from tasks) as tasks
     from pg_class c join pg_namespace n on n.oid = c.relnamespace where n.nspname = $1 and c.relkind = 'r'`,
    [SCHEMA],
  );
  console.log(
    `Wrote ${size?.orders} orders (${size?.events} history rows, ${size?.tasks} tasks; ${size?.size} with indexes) in ${round(fillSeconds, 1)} s, ${fillStatements} statements.`,
  );

  // What the reports must find: every document dated in the month, every parcel booked in the period.
  const expectedInvoices = plans.filter((plan) => inMonth(plan.bookedAt, GST_MONTH)).length;
  const expectedCreditNotes = plans.filter(
    (plan) => plan.outcome === 'credit-noted' && inMonth(plan.endAt, GST_MONTH),
  ).length;
  const expectedParcels = plans.filter((plan) => inPeriod(plan.bookedAt));
  const expectedOutcomes = {
    delivered: expectedParcels.filter((plan) => plan.outcome.startsWith('delivered')).length,
    returned: expectedParcels.filter((plan) => plan.outcome === 'returned').length,
    lost: expectedParcels.filter((plan) => plan.outcome === 'lost').length,
    cancelled: expectedParcels.filter((plan) => plan.outcome === 'credit-noted').length,
  };

  console.log(
    `Timing report:gst for ${GST_MONTH} and report:returns for ${RETURNS_PERIOD.from} to ${RETURNS_PERIOD.to}, ${RUNS + 1} runs each…`,
  );
  const gst = await timeReport(db, (queries) => buildGstReport(queries, GST_MONTH));
  const returns = await timeReport(db, (queries) =>
    buildReturnsReport(queries, { ...RETURNS_PERIOD, json: false, sheet: false }),
  );

  const invoices = gst.answer.documents.filter((row) => row.kind === 'invoice').length;
  const creditNotes = gst.answer.documents.filter((row) => row.kind === 'credit-note').length;
  const gstOk = invoices === expectedInvoices && creditNotes === expectedCreditNotes;
  const report = returns.answer;
  const returnsOk =
    report.orders === expectedParcels.length &&
    report.delivered === expectedOutcomes.delivered &&
    report.returned === expectedOutcomes.returned &&
    report.lost === expectedOutcomes.lost &&
    report.cancelled === expectedOutcomes.cancelled;
  failed = !gstOk || !returnsOk;

  /** @param {{ first?: { ms: number, dbMs: number }, median?: { ms: number, dbMs: number } }} timed */
  const times = (timed) =>
    `${round(timed.first?.ms ?? 0)} / ${round(timed.median?.ms ?? 0)} (database ${round(timed.first?.dbMs ?? 0)} / ${round(timed.median?.dbMs ?? 0)})`;
  const rows = [
    [
      'orders in the database',
      `${size?.orders} (placed ${indiaToday(new Date(FIRST_PLACED))} to ${indiaToday(new Date(LAST_PLACED))})`,
      ORDERS,
    ],
    ['fill: time (s) / statements', `${round(fillSeconds, 1)} / ${fillStatements}`, ''],
    [`report:gst ${GST_MONTH}: ms, first run / median of ${RUNS}`, times(gst), ''],
    ['report:gst: statements / rows read (orders) per run', `${gst.first?.statements} / ${gst.first?.rows}`, ''],
    [
      'report:gst: invoices / credit notes in the month',
      `${invoices} / ${creditNotes}`,
      `${expectedInvoices} / ${expectedCreditNotes}`,
    ],
    [
      'report:gst: taxable / CGST / SGST / IGST / total',
      [
        gst.answer.totals.taxablePaise,
        gst.answer.totals.cgstPaise,
        gst.answer.totals.sgstPaise,
        gst.answer.totals.igstPaise,
        gst.answer.totals.totalPaise,
      ]
        .map(rupees)
        .join(' / '),
      '',
    ],
    [
      'report:gst: B2B / B2C large / B2C small rows, HSN rows, States, warnings',
      `${gst.answer.b2b.length} / ${gst.answer.b2cl.length} / ${gst.answer.b2cs.length}, ${gst.answer.hsn.length}, ${gst.answer.byState.length}, ${gst.answer.warnings.length}`,
      '',
    ],
    [
      `report:returns ${RETURNS_PERIOD.from}..${RETURNS_PERIOD.to}: ms, first run / median of ${RUNS}`,
      times(returns),
      '',
    ],
    [
      'report:returns: statements / rows read (orders) per run',
      `${returns.first?.statements} / ${returns.first?.rows}`,
      '',
    ],
    [
      'report:returns: parcels / delivered / returned / lost / cancelled / on the way',
      `${report.orders} / ${report.delivered} / ${report.returned} / ${report.lost} / ${report.cancelled} / ${report.onTheWay}`,
      `${expectedParcels.length} / ${expectedOutcomes.delivered} / ${expectedOutcomes.returned} / ${expectedOutcomes.lost} / ${expectedOutcomes.cancelled} / 0`,
    ],
    [
      'report:returns: RTO rate / first-attempt delivery / days to delivery (median, p90)',
      `${percent(report.rtoRate)} / ${percent(report.firstAttemptDeliveryRate)} / ${report.daysToDelivery.median}, ${report.daysToDelivery.p90}`,
      '',
    ],
  ];
  const table = [['metric', 'value', 'expected'], ...rows.map((row) => row.map(String))];
  const widths = [0, 1, 2].map((column) => Math.max(...table.map((row) => row[column]?.length ?? 0)));
  const line = (/** @type {string[]} */ row) =>
    row
      .map((cell, column) => cell.padEnd(widths[column] ?? 0))
      .join('  ')
      .trimEnd();
  console.log(`\n${line(table[0] ?? [])}\n${widths.map((width) => '-'.repeat(width)).join('  ')}`);
  for (const row of table.slice(1)) console.log(line(row));

  const directory = path.join(root, 'bench/results');
  await mkdir(directory, { recursive: true });
  const file = path.join(directory, `reports-${new Date().toISOString().replace(/[:.]/g, '-')}.json`);
  await writeFile(
    file,
    `${JSON.stringify(
      {
        at: new Date().toISOString(),
        node: process.version,
        ok: !failed,
        orders: ORDERS,
        database: { schema: SCHEMA, ...size },
        fill: { seconds: fillSeconds, statements: fillStatements, concurrency: FILL_CONCURRENCY },
        gst: {
          month: GST_MONTH,
          runs: gst.runs,
          invoices,
          creditNotes,
          expected: { invoices: expectedInvoices, creditNotes: expectedCreditNotes },
          totals: gst.answer.totals,
          warnings: gst.answer.warnings,
        },
        returns: {
          period: RETURNS_PERIOD,
          runs: returns.runs,
          expected: { parcels: expectedParcels.length, ...expectedOutcomes },
          report: { ...report, byPincode: undefined },
        },
      },
      null,
      2,
    )}\n`,
  );
  console.log(`\nResults written to ${path.relative(root, file)}`);
  if (failed) console.error('\nbench:reports: a report did not find what was written (see the table).');
} catch (error) {
  failed = true;
  console.error(`bench:reports failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
} finally {
  await db.close();
  await postgres.stop();
}
if (failed) process.exitCode = 1;
