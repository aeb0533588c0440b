// @ts-check
// The shop's requests as the checkout, Meta, Razorpay and staff send them, for the probe's sections.
import { createHmac, randomBytes, randomInt, randomUUID } from 'node:crypto';
import { ask, CODE_ALPHABET, LINES, PINCODE, SECRETS, shown } from './probe.mjs';

/**
 * @typedef {import('./probe.mjs').Section} Section
 * @typedef {import('./probe.mjs').Answer} Answer
 */
// ---------------------------------------------------------------------------------------------
// The shop's requests, as the checkout, Meta, Razorpay and the Sheet's Apps Script send them

export const hmac = (/** @type {string} */ secret, /** @type {string} */ body) =>
  createHmac('sha256', secret).update(body, 'utf8').digest('hex');

/** A fresh Indian mobile number (10 digits, 6–9 first): a phone with no history. */
export const freshPhone = () => `${randomInt(6, 10)}${String(randomInt(0, 1_000_000_000)).padStart(9, '0')}`;

let lastOrderMs = 0;
/** An order id as the checkout makes one; never the same twice in this run. */
export function freshOrderId() {
  lastOrderMs = Math.max(lastOrderMs + 1, Date.now() + randomInt(0, 5_000));
  return `OUO_${lastOrderMs}`;
}

/**
 * @param {string} phone
 * @param {Record<string, string>} [overrides]
 */
export const customer = (phone, overrides = {}) => ({
  name: 'Probe Shopper',
  email: 'probe@example.in',
  phone,
  address1: '12 Mall Road',
  address2: 'Near the clock tower',
  pincode: PINCODE,
  city: 'Dehradun',
  state: 'Uttarakhand',
  ...overrides,
});

/** @type {Map<string, number>} */
const quotes = new Map();

/**
 * The total the server quotes for LINES to PINCODE, as the checkout asks before placing an order.
 * @param {Section} where
 * @param {'cod' | 'prepaid'} paymentMode
 */
export async function quotedTotal(where, paymentMode) {
  const known = quotes.get(paymentMode);
  if (known !== undefined) return known;
  const answer = await ask(where, {
    path: '/api/delhivery/calculate-shipping',
    json: { lines: LINES, pincode: PINCODE, paymentMode },
  });
  const total = answer.json?.total;
  if (answer.status !== 200 || typeof total !== 'number') throw new Error(`no shipping quote: ${shown(answer)}`);
  quotes.set(paymentMode, total);
  return total;
}

/**
 * A COD order placed through the API as the checkout sends it.
 * @param {Section} where
 * @param {string} phone
 * @param {Record<string, string>} [overrides] customer fields
 * @returns {Promise<{ answer: Answer; orderId: string; key: string | undefined }>}
 */
export async function placeCod(where, phone, overrides = {}) {
  const clientTotal = await quotedTotal(where, 'cod');
  const answer = await ask(where, {
    path: '/api/checkout/process-cod',
    json: {
      orderId: freshOrderId(),
      customer: customer(phone, overrides),
      lines: LINES,
      clientTotal,
      paymentMode: 'cod',
    },
    what: `COD order from ${phone}`,
  });
  return { answer, orderId: answer.json?.orderId ?? '', key: answer.json?.key };
}

/**
 * @param {Section} where
 * @param {string} orderId
 * @param {string} key
 */
export const viewOrder = (where, orderId, key) => ask(where, { path: `/api/orders/${orderId}?key=${key}` });

/**
 * @param {Section} where
 * @param {string} orderId
 * @param {string} key
 */
export const cancelByKey = (where, orderId, key) =>
  ask(where, { path: `/api/orders/${orderId}/cancel`, json: { key, reason: 'other' }, what: 'cancel with its key' });

/** The code of `CONFIRM <orderId> <code>` in the order page's WhatsApp link, while it awaits confirmation. */
export const confirmCodeIn = (/** @type {unknown} */ view) =>
  /CONFIRM(?:%20|\s)+OUO_\d{13}(?:%20|\s)+([A-Z0-9]{4})/.exec(JSON.stringify(view ?? null))?.[1];

/**
 * @param {any} view
 * @param {string} kind
 */
export const timelineHas = (view, kind) =>
  Array.isArray(view?.timeline) && view.timeline.some((/** @type {any} */ step) => step?.kind === kind);

/** Booked with the carrier: the timeline's step with a waybill (without one it is "being handed to Delhivery"). */
export const bookedIn = (/** @type {any} */ view) =>
  Array.isArray(view?.timeline) &&
  view.timeline.some((/** @type {any} */ step) => step?.kind === 'booked' && /Waybill/.test(String(step.detail)));

export const sleep = (/** @type {number} */ ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** Four characters of the code's alphabet that are not `code`. */
export function wrongCode(/** @type {string} */ code) {
  for (;;) {
    const guess = Array.from(randomBytes(4), (byte) => CODE_ALPHABET[byte % CODE_ALPHABET.length]).join('');
    if (guess !== code) return guess;
  }
}

/** Meta's envelope around one `messages` change (tests/support/whatsapp-webhook.ts). */
const whatsappEnvelope = (/** @type {Record<string, unknown>} */ value) => ({
  object: 'whatsapp_business_account',
  entry: [
    {
      id: '0',
      changes: [
        {
          field: 'messages',
          value: {
            messaging_product: 'whatsapp',
            metadata: { display_phone_number: '15550783881', phone_number_id: '106540352242922' },
            ...value,
          },
        },
      ],
    },
  ],
});

const wamid = () => `wamid.PROBE${randomBytes(12).toString('hex')}`;
const unixNow = () => String(Math.floor(Date.now() / 1000));

/**
 * A shopper's message from `phone` (`content`: `{ type: 'text', text: { body } }`, …).
 * @param {string} phone
 * @param {Record<string, unknown>} content
 */
export const whatsappMessage = (phone, content) =>
  whatsappEnvelope({
    contacts: [{ profile: { name: 'Probe' }, wa_id: `91${phone}` }],
    messages: [{ from: `91${phone}`, id: wamid(), timestamp: unixNow(), ...content }],
  });

/** Meta's status of a message the shop never sent. */
export const whatsappStatus = () =>
  whatsappEnvelope({
    statuses: [
      {
        id: wamid(),
        status: 'delivered',
        timestamp: unixNow(),
        recipient_id: '919876543210',
        pricing: { billable: true, pricing_model: 'PMP', type: 'regular', category: 'utility' },
      },
    ],
  });

/**
 * POST /api/whatsapp/webhook signed as Meta signs (`X-Hub-Signature-256`) with `secret`.
 * @param {Section} where
 * @param {unknown} body
 * @param {string} secret
 * @param {string} what
 */
export function postWhatsApp(where, body, secret, what) {
  const signed = signedJson(body, (raw) => ({ 'x-hub-signature-256': `sha256=${hmac(secret, raw)}` }));
  return ask(where, { path: '/api/whatsapp/webhook', ...signed, what });
}

/**
 * The body as JSON and the headers a signed endpoint wants with it: the JSON content type, then
 * the signature `signature` makes of the very bytes sent.
 * @param {unknown} body
 * @param {(raw: string) => Record<string, string>} signature
 */
export function signedJson(body, signature) {
  const raw = JSON.stringify(body);
  return { raw, headers: { 'content-type': 'application/json', ...signature(raw) } };
}

/**
 * A Razorpay refund entity of its documented shape, ₹1 processed now, whose id is also its
 * payment's (the probes vary the ids).
 * @param {string} id
 * @param {string} receipt
 * @param {Record<string, string>} notes
 */
export const processedRefund = (id, receipt, notes) => ({
  id,
  entity: 'refund',
  amount: 100,
  currency: 'INR',
  payment_id: id,
  receipt,
  notes,
  status: 'processed',
  created_at: Math.floor(Date.now() / 1000),
});

/**
 * POST /api/staff/action as the Apps Script sends it: the raw body signed (`X-Shop-Signature`), a
 * single-use id and the time.
 * @param {Section} where
 * @param {{ orderId: string; action: string; amount?: number }} fields
 * @param {{ secret?: string; at?: string; id?: string; signature?: string | null }} [options]
 */
export function staffAction(where, fields, options = {}) {
  const raw = JSON.stringify({ id: options.id ?? randomUUID(), ...fields, at: options.at ?? new Date().toISOString() });
  const secret = options.secret ?? SECRETS.staff ?? '';
  /** @type {Record<string, string>} */
  const headers = { 'content-type': 'application/json' };
  const signature = options.signature === undefined ? `sha256=${hmac(secret, raw)}` : options.signature;
  if (signature !== null) headers['x-shop-signature'] = signature;
  return ask(where, { path: '/api/staff/action', raw, headers, what: `staff ${fields.action} on ${fields.orderId}` });
}

/**
 * A Razorpay event of its documented shape about one payment.
 * @param {{ event?: string; orderId?: string; paymentId?: string }} ids
 */
export const razorpayEvent = ({ event = 'payment.captured', orderId, paymentId }) => ({
  entity: 'event',
  account_id: 'acc_probe',
  event,
  contains: ['payment'],
  payload: {
    payment: {
      entity: {
        id: paymentId ?? `pay_probe${randomBytes(6).toString('hex')}`,
        entity: 'payment',
        amount: 56_200,
        currency: 'INR',
        status: 'captured',
        order_id: orderId ?? `order_probe${randomBytes(6).toString('hex')}`,
        captured: true,
      },
    },
  },
  created_at: Math.floor(Date.now() / 1000),
});

/**
 * POST /api/razorpay/webhook signed as Razorpay signs (`X-Razorpay-Signature`, hex HMAC of the raw body).
 * @param {Section} where
 * @param {unknown} body
 * @param {string | undefined} eventId
 * @param {string} what
 */
export function postRazorpay(where, body, eventId, what) {
  const raw = JSON.stringify(body);
  /** @type {Record<string, string>} */
  const headers = {
    'content-type': 'application/json',
    'x-razorpay-signature': hmac(SECRETS.razorpayWebhook ?? '', raw),
  };
  if (eventId !== undefined) headers['x-razorpay-event-id'] = eventId;
  return ask(where, { path: '/api/razorpay/webhook', raw, headers, what });
}

/** @type {{ orderId: string; key: string }[]} Orders confirmed in sections 5 and 6 (booked, where a carrier books), for 9. */
export const confirmedOrders = [];
