import { indiaToday } from '#shop/dates.ts';
import { draftCreditNote, draftInvoice, financialYear, placeOfSupply, serialNumber } from '#shop/invoice/index.ts';
import { buildOrderRecord, orderTotals } from '#shop/order/index.ts';
import { makeCustomer } from '../tests/support/factories.ts';
import { makeInvoiceSettings } from '../tests/support/invoices.ts';
import { seeded } from './seeded.mjs';

/** Orders are placed evenly (with jitter) from the first instant to the last, India time. */
export const FIRST_PLACED = Date.parse('2026-08-01T00:00:00+05:30');
export const LAST_PLACED = Date.parse('2026-11-30T23:59:00+05:30');
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
 * @typedef {import('#shop/order/index.ts').StoredOrder} StoredOrder
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
 * @param {import('#shop/parcel/index.ts').ParcelState} state
 * @param {number} at
 * @param {string} [reason]
 * @returns {import('#shop/parcel/index.ts').ParcelChange}
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
 * @returns {import('#shop/parcel/index.ts').Parcel}
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
export function booked(order, plan) {
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
export function ended(order, plan) {
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
  const invoice = /** @type {import('#shop/invoice/invoice.ts').Invoice} */ (order.invoice);
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
 * `count` orders placed evenly (with jitter) from FIRST_PLACED to LAST_PLACED, each with what
 * becomes of it, and each document series' last number once they are all issued.
 * @param {number} count
 */
export function planOrders(count) {
  const step = (LAST_PLACED - FIRST_PLACED) / count;
  /** @type {Plan[]} */
  const plans = Array.from({ length: count }, (_, index) =>
    planOrder(index, Math.floor(FIRST_PLACED + index * step + random() * (step / 2))),
  );
  return { plans, lastNumbers: numberDocuments(plans) };
}
