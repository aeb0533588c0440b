// @ts-check
// `npm run probe:security [-- <base URL>]`: probes a running `npm start` (scripts/serve.mjs, default
// http://localhost:8940) from outside, as issue 46's security probe did, section by section:
//
//  1. served as deployed: no development tools (/api/dev/staff, /api/dev/whatsapp, the local test
//     gateway, the development phone's public app secret, the scheduled functions' addresses), and
//     online payment 503 without Razorpay keys;
//  2. a phone's COD record is not changed by cancellations made with the order's key;
//  3. a signed Razorpay webhook with an id that cannot be a storage key: 200 (ignored) or 400;
//  4. /api/health tells anyone only ok/degraded, staff (Bearer STAFF_ACTION_SECRET) the details;
//  5. five wrong `CONFIRM <orderId> <code>` on WhatsApp lock the order's confirmation;
//  6. staff's "COD received" is refused on a COD order never delivered;
//  7. a lone surrogate or a noncharacter in a name is never stored;
//  8. 2 MB bodies get 413, never a connection reset;
//  9. "cancelling" (202) only while something is being cancelled;
//  then a bounded generic pass over every function route of netlify/functions/*.mts (wrong methods,
//  empty and invalid bodies, huge and odd strings, path-traversal ids, unicode oddities).
//
// It counts requests, statuses and 5xx per section and prints a markdown table; exit 1 on any
// finding (an answer that breaks what the fixed shop promises) or any 5xx not answered by design (a
// 503 saying a system is not configured here, as production without its settings answers).
//
// It places and cancels a few COD orders, so it talks only to a server on this machine. Start it as
// deployed (no `--dev-tools`) with the secrets the probe signs with, the same values in both:
//   STAFF_ACTION_SECRET, RAZORPAY_WEBHOOK_SECRET, WHATSAPP_APP_SECRET on the server;
//   PROBE_STAFF_SECRET, PROBE_RAZORPAY_WEBHOOK_SECRET, PROBE_WHATSAPP_APP_SECRET here.
// A section whose secret is missing is skipped and says so. Without Razorpay keys (as deployed, no
// test gateway) the Razorpay webhook answers 503 before it reads an event, so section 3 says it
// could not probe; start the server with made-up RAZORPAY_KEY_ID and RAZORPAY_KEY_SECRET and
// RAZORPAY_BASE_URL on an unused loopback port to probe it (no event it sends makes the shop call
// Razorpay, and create-order is then not asked). Optional: PROBE_SERVER_LOG names the
// file the server's output went to, so section 1 also reads what it printed on start;
// PROBE_CARRIER_DAY_SECONDS (the server's LOCAL_CARRIER_DAY_SECONDS, at most 60) lets section 6 wait
// for a delivery and check that "COD received" is then taken; PROBE_LOG names a file for every
// request and its answer, one JSON line each; `-- --production` expects production where the
// context cannot be read (it is read from staff's /api/health, so only without PROBE_STAFF_SECRET).
import { createHmac, randomBytes, randomInt, randomUUID } from 'node:crypto';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const flags = new Set(process.argv.slice(2).filter((arg) => arg.startsWith('--')));
const BASE = new URL(process.argv.slice(2).find((arg) => !arg.startsWith('--')) ?? 'http://localhost:8940');

const LOOPBACK = /^(localhost|127(\.\d{1,3}){3}|\[::1\])$/;
if (!LOOPBACK.test(BASE.hostname)) {
  console.error(`probe:security places and cancels orders: it probes only a server on this machine, not ${BASE.host}.`);
  process.exit(2);
}

const SECRETS = {
  staff: process.env.PROBE_STAFF_SECRET || undefined,
  razorpayWebhook: process.env.PROBE_RAZORPAY_WEBHOOK_SECRET || undefined,
  whatsapp: process.env.PROBE_WHATSAPP_APP_SECRET || undefined,
};
/** The development phone's app secret: public (netlify/lib/whatsapp/local-phone.ts), never to be taken as deployed. */
const PUBLIC_WHATSAPP_SECRET = 'local-whatsapp-app-secret-for-development-only';

/** Bounds: requests in all and in the generic pass, one request's time, the whole run's time. */
const LIMITS = { total: 3_600, generic: 3_000, requestMs: 20_000, runMs: 20 * 60_000, concurrency: 4 };
const deadline = Date.now() + LIMITS.runMs;
let totalRequests = 0;
/** @type {string[]} Every request and its answer (PROBE_LOG). */
const journal = [];

/** 503s that say a system is not configured here: by design (production without its settings). */
const CONFIGURATION_CODES = new Set(['NOT_CONFIGURED', 'WEBHOOK_NOT_CONFIGURED', 'PAYMENTS_UNAVAILABLE']);

/** The order the probe places: one White Rajma 500gm to Dehradun, as the end-to-end tests do. */
const LINES = [{ productId: 1, size: '500gm', quantity: 1 }];
const PINCODE = '248001';
/** An order id no order has (13 digits, a moment in 2001). */
const NO_ORDER = 'OUO_1000000000000';
const CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';

// ---------------------------------------------------------------------------------------------
// Sections, requests and findings

/**
 * @typedef {{ rule: string; count: number; example: string }} Finding
 * @typedef {{
 *   id: string;
 *   title: string;
 *   requests: number;
 *   statuses: Map<string, number>;
 *   unexpected5xx: number;
 *   byDesign5xx: number;
 *   findings: Map<string, Finding>;
 *   notes: string[];
 * }} Section
 * @typedef {{
 *   method?: string;
 *   path: string;
 *   headers?: Record<string, string>;
 *   json?: unknown;
 *   raw?: string | Uint8Array;
 *   stream?: () => ReadableStream<Uint8Array>;
 *   what?: string;
 * }} Ask
 * @typedef {{ status: number; text: string; json: any; headers: Headers | undefined; error: string | undefined; ms: number; request: string }} Answer
 */

/** @type {Section[]} */
const sections = [];

/**
 * @param {string} id
 * @param {string} title
 * @returns {Section}
 */
function section(id, title) {
  const created = {
    id,
    title,
    requests: 0,
    statuses: new Map(),
    unexpected5xx: 0,
    byDesign5xx: 0,
    findings: new Map(),
    notes: [],
  };
  sections.push(created);
  return created;
}

class BudgetSpent extends Error {}

/** What the probe learned about the server (setup): its context and systems, from staff's health answer. */
const server = {
  /** @type {string | undefined} */
  context: undefined,
  production: flags.has('--production'),
  /** @type {Record<string, string> | undefined} */
  systems: undefined,
};

/**
 * @param {Answer} answer
 * @param {string} pathname
 */
function byDesign(answer, pathname) {
  if (answer.status !== 503) return false;
  const code = answer.json?.error?.code;
  if (typeof code === 'string' && CONFIGURATION_CODES.has(code)) return true;
  // Production on local stand-ins says so, to anyone (degraded) and to staff (what is missing; the
  // first answer the probe reads, which also tells it the context).
  if (pathname !== '/api/health') return false;
  if (code === 'LOCAL_STAND_IN_IN_PRODUCTION') return answer.json?.context === 'production';
  return server.production && answer.json?.status === 'degraded';
}

const clip = (/** @type {string} */ text, max = 200) =>
  text.length > max ? `${text.slice(0, max)}… (${text.length} chars)` : text;

/**
 * @param {Section} where
 * @param {string} rule
 * @param {string} example
 */
function finding(where, rule, example) {
  const known = where.findings.get(rule);
  if (known) known.count += 1;
  else where.findings.set(rule, { rule, count: 1, example });
}

/** The request and its answer in one line, for a finding's example. */
const shown = (/** @type {Answer} */ answer) =>
  `${clip(answer.request, 160)} → ${answer.error ? `no answer (${answer.error})` : `${answer.status} ${clip(answer.text.replace(/\s+/g, ' '))}`}`;

/**
 * One request, counted in its section. A 5xx not answered by design and a connection error are
 * findings here, whatever the caller expects.
 * @param {Section} where
 * @param {Ask} request
 * @returns {Promise<Answer>}
 */
async function ask(where, request) {
  if (totalRequests >= LIMITS.total || Date.now() > deadline) throw new BudgetSpent();
  totalRequests += 1;
  where.requests += 1;
  const hasBody = request.json !== undefined || request.raw !== undefined || request.stream !== undefined;
  const method = request.method ?? (hasBody ? 'POST' : 'GET');
  /** @type {Record<string, string>} */
  const headers = { ...request.headers };
  /** @type {string | Uint8Array | ReadableStream<Uint8Array> | undefined} */
  let body;
  if (request.json !== undefined) {
    body = JSON.stringify(request.json);
    headers['content-type'] ??= 'application/json';
  } else if (request.raw !== undefined) body = request.raw;
  else if (request.stream) body = request.stream();
  const url = new URL(request.path, BASE);
  const summary = `${method} ${request.path}${request.what ? ` (${request.what})` : ''}`;
  const started = performance.now();
  /** @type {Answer} */
  let answer;
  try {
    const response = await fetch(
      url,
      /** @type {RequestInit} */ ({
        method,
        headers,
        body,
        redirect: 'manual',
        signal: AbortSignal.timeout(LIMITS.requestMs),
        ...(request.stream ? { duplex: 'half' } : {}),
      }),
    );
    const text = await response.text();
    let json;
    try {
      json = JSON.parse(text);
    } catch {
      json = undefined;
    }
    answer = {
      status: response.status,
      text,
      json,
      headers: response.headers,
      error: undefined,
      ms: performance.now() - started,
      request: summary,
    };
  } catch (error) {
    const cause = /** @type {{ cause?: { code?: string; message?: string }; name?: string; message?: string }} */ (
      error
    );
    const reason = cause.cause?.code ?? cause.cause?.message ?? cause.name ?? String(error);
    answer = {
      status: 0,
      text: '',
      json: undefined,
      headers: undefined,
      error: reason,
      ms: performance.now() - started,
      request: summary,
    };
  }
  if (process.env.PROBE_LOG)
    journal.push(
      JSON.stringify({
        section: where.id,
        request: clip(summary, 300),
        status: answer.status,
        error: answer.error,
        ms: Math.round(answer.ms),
        answer: clip(answer.text, 300),
      }),
    );
  const bucket = answer.error ? 'no answer' : String(answer.status);
  where.statuses.set(bucket, (where.statuses.get(bucket) ?? 0) + 1);
  if (answer.error) finding(where, 'no answer (connection error)', shown(answer));
  else if (answer.status >= 500) {
    if (byDesign(answer, url.pathname)) where.byDesign5xx += 1;
    else {
      where.unexpected5xx += 1;
      finding(where, '5xx answer', shown(answer));
    }
  }
  return answer;
}

/**
 * Runs a section; a spent budget or a probe error stops it and says so (an error is a finding: a
 * section that could not finish has proved nothing).
 * @param {Section} where
 * @param {() => Promise<void>} body
 */
async function run(where, body) {
  try {
    await body();
  } catch (error) {
    if (error instanceof BudgetSpent) where.notes.push('stopped: the request or time budget was spent');
    else finding(where, 'the probe could not finish this section', String(error));
  }
}

// ---------------------------------------------------------------------------------------------
// The shop's requests, as the checkout, Meta, Razorpay and the Sheet's Apps Script send them

const hmac = (/** @type {string} */ secret, /** @type {string} */ body) =>
  createHmac('sha256', secret).update(body, 'utf8').digest('hex');

/** A fresh Indian mobile number (10 digits, 6–9 first): a phone with no history. */
const freshPhone = () => `${randomInt(6, 10)}${String(randomInt(0, 1_000_000_000)).padStart(9, '0')}`;

let lastOrderMs = 0;
/** An order id as the checkout makes one; never the same twice in this run. */
function freshOrderId() {
  lastOrderMs = Math.max(lastOrderMs + 1, Date.now() + randomInt(0, 5_000));
  return `OUO_${lastOrderMs}`;
}

/**
 * @param {string} phone
 * @param {Record<string, string>} [overrides]
 */
const customer = (phone, overrides = {}) => ({
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
async function quotedTotal(where, paymentMode) {
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
async function placeCod(where, phone, overrides = {}) {
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
const viewOrder = (where, orderId, key) => ask(where, { path: `/api/orders/${orderId}?key=${key}` });

/**
 * @param {Section} where
 * @param {string} orderId
 * @param {string} key
 */
const cancelByKey = (where, orderId, key) =>
  ask(where, { path: `/api/orders/${orderId}/cancel`, json: { key, reason: 'other' }, what: 'cancel with its key' });

/** The code of `CONFIRM <orderId> <code>` in the order page's WhatsApp link, while it awaits confirmation. */
const confirmCodeIn = (/** @type {unknown} */ view) =>
  /CONFIRM(?:%20|\s)+OUO_\d{13}(?:%20|\s)+([A-Z0-9]{4})/.exec(JSON.stringify(view ?? null))?.[1];

/**
 * @param {any} view
 * @param {string} kind
 */
const timelineHas = (view, kind) =>
  Array.isArray(view?.timeline) && view.timeline.some((/** @type {any} */ step) => step?.kind === kind);

/** Booked with the carrier: the timeline's step with a waybill (without one it is "being handed to Delhivery"). */
const bookedIn = (/** @type {any} */ view) =>
  Array.isArray(view?.timeline) &&
  view.timeline.some((/** @type {any} */ step) => step?.kind === 'booked' && /Waybill/.test(String(step.detail)));

const sleep = (/** @type {number} */ ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** Four characters of the code's alphabet that are not `code`. */
function wrongCode(/** @type {string} */ code) {
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
const whatsappMessage = (phone, content) =>
  whatsappEnvelope({
    contacts: [{ profile: { name: 'Probe' }, wa_id: `91${phone}` }],
    messages: [{ from: `91${phone}`, id: wamid(), timestamp: unixNow(), ...content }],
  });

/** Meta's status of a message the shop never sent. */
const whatsappStatus = () =>
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
function postWhatsApp(where, body, secret, what) {
  const signed = signedJson(body, (raw) => ({ 'x-hub-signature-256': `sha256=${hmac(secret, raw)}` }));
  return ask(where, { path: '/api/whatsapp/webhook', ...signed, what });
}

/**
 * POST /api/staff/action as the Apps Script sends it: the raw body signed (`X-Shop-Signature`), a
 * single-use id and the time.
 * @param {Section} where
 * @param {{ orderId: string; action: string; amount?: number }} fields
 * @param {{ secret?: string; at?: string; id?: string; signature?: string | null }} [options]
 */
function staffAction(where, fields, options = {}) {
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
const razorpayEvent = ({ event = 'payment.captured', orderId, paymentId }) => ({
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
 * A Razorpay refund entity of its documented shape, ₹1 processed now, whose id is also its
 * payment's (the probes vary the ids).
 * @param {string} id
 * @param {string} receipt
 * @param {Record<string, string>} notes
 */
const processedRefund = (id, receipt, notes) => ({
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
 * POST /api/razorpay/webhook signed as Razorpay signs (`X-Razorpay-Signature`, hex HMAC of the raw body).
 * @param {Section} where
 * @param {unknown} body
 * @param {string | undefined} eventId
 * @param {string} what
 */
function postRazorpay(where, body, eventId, what) {
  const raw = JSON.stringify(body);
  /** @type {Record<string, string>} */
  const headers = {
    'content-type': 'application/json',
    'x-razorpay-signature': hmac(SECRETS.razorpayWebhook ?? '', raw),
  };
  if (eventId !== undefined) headers['x-razorpay-event-id'] = eventId;
  return ask(where, { path: '/api/razorpay/webhook', raw, headers, what });
}

// ---------------------------------------------------------------------------------------------
// The generic pass's material

/** @typedef {{ name: string; path: string; allowed: string[] }} Route */

/**
 * Every function's `config.path` (and the methods its `methodNotAllowed` names), read from
 * netlify/functions/*.mts as Netlify routes them; scheduled functions have none (section 1).
 * @returns {Promise<Route[]>}
 */
async function functionRoutes() {
  const folder = path.join(root, 'netlify/functions');
  /** @type {Route[]} */
  const routes = [];
  for (const file of (await readdir(folder)).filter((name) => name.endsWith('.mts')).sort()) {
    const source = await readFile(path.join(folder, file), 'utf8');
    const config = source.slice(source.lastIndexOf('export const config'));
    const value = /path:\s*(\[[^\]]*\]|'[^']*')/.exec(config)?.[1];
    if (!value) continue;
    const allowedList = /methodNotAllowed\(\[([^\]]*)\]\)/.exec(source)?.[1] ?? '';
    const allowed = [...allowedList.matchAll(/'([A-Z]+)'/g)].map((match) => String(match[1]));
    for (const match of value.matchAll(/'([^']+)'/g))
      routes.push({ name: file.replace(/\.mts$/, ''), path: String(match[1]), allowed });
  }
  return routes;
}

/** @type {Record<string, string>} A believable value for each path parameter. */
const PARAMS = { orderId: 'OUO_1764057000000', pin: PINCODE };

const ODD_IDS = [
  '..%2F..%2F..%2Fetc%2Fpasswd',
  '%2e%2e%2f%2e%2e%2fnetlify.toml',
  'OUO_1764057000000%2F..%2F..%2Fx',
  '....%2F%2F',
  '%252e%252e%252f',
  'OUO_0000000000000',
  'OUO_99999999999999',
  `OUO_${'1'.repeat(300)}`,
  'ouo_1764057000000',
  '%00',
  'OUO_1764057000000%00',
  '%ED%A0%80',
  '%EF%BF%BF',
  '%FF%FE',
  '%F0%9F%8C%BE',
  '%E2%80%AE1764057000000_OUO',
  '%3Cscript%3Eprobe%3C%2Fscript%3E',
  'a;b=c',
  '%20',
  '%',
  '%E0%A4%A',
];

const ODD_QUERIES = [
  '?key=%00',
  `?key=${'a'.repeat(6000)}`,
  '?key=a&key=b&key[]=c',
  '?key=..%2F..%2Fetc%2Fpasswd',
  '?key=%ED%A0%80&phone=%EF%BF%BF',
  '?exp=-1&sig=zz',
  `?exp=${'9'.repeat(400)}&sig=${'0'.repeat(64)}`,
  '?hub.mode=subscribe&hub.verify_token=%00&hub.challenge=%3Cscript%3Eprobe',
  '?%=%&&=&',
];

const UNKNOWN_PATHS = [
  '/api/',
  '/api/nope',
  '/api/orders',
  '/api/orders/OUO_1764057000000/cancel/more',
  '/api/%',
  '/api/%E0%A4%A',
  '/api/..%2F..%2Fnetlify.toml',
  '/.netlify/functions/health',
  '/.netlify/functions/process-cod',
  '/%',
  '/%E0%A4%A',
  '/%2e%2e%2fnetlify.toml',
];

/** The development tools: 404 before any body is read (section 1), so their fields are not varied. */
const DEV_ROUTES = new Set(['/api/dev/staff', '/api/dev/whatsapp', '/api/local-gateway/pay', '/api/content-published']);

/** @type {Record<string, () => Record<string, unknown>>} A believable body per route, that records nothing. */
const BASE_BODIES = {
  // The honeypot filled: accepted and dropped, so nothing is written.
  '/api/contact': () => ({
    name: 'Probe',
    email: 'probe@example.in',
    phone: '9876543210',
    subject: 'Probe',
    message: 'A probe message',
    website: 'bot',
    submissionId: randomUUID(),
  }),
  '/api/reviews': () => ({
    name: 'Probe',
    email: 'probe@example.in',
    rating: 5,
    review: 'A probe review',
    location: 'Dehradun',
    productId: 1,
    website: 'bot',
    submissionId: randomUUID(),
  }),
  '/api/delhivery/calculate-shipping': () => ({ lines: structuredClone(LINES), pincode: PINCODE, paymentMode: 'cod' }),
  '/api/checkout/cod-options': () => ({
    lines: structuredClone(LINES),
    delivery: {
      phone: '9876543210',
      address1: '12 Mall Road',
      address2: 'Near the clock tower',
      city: 'Dehradun',
      state: 'Uttarakhand',
      pincode: PINCODE,
    },
  }),
  // A total of ₹1: refused 409 before anything is recorded.
  '/api/checkout/process-cod': () => ({
    orderId: freshOrderId(),
    customer: customer('9876543210'),
    lines: structuredClone(LINES),
    clientTotal: 1,
    paymentMode: 'cod',
  }),
  '/api/razorpay/create-order': () => ({
    orderId: freshOrderId(),
    customer: customer('9876543210'),
    lines: structuredClone(LINES),
    clientTotal: 1,
  }),
  '/api/razorpay/verify-payment': () => ({
    razorpay_order_id: 'order_probe1',
    razorpay_payment_id: 'pay_probe1',
    razorpay_signature: '0'.repeat(64),
  }),
  '/api/checkout/process-prepaid': () => ({
    orderId: NO_ORDER,
    razorpay_order_id: 'order_probe1',
    razorpay_payment_id: 'pay_probe1',
    razorpay_signature: '0'.repeat(64),
  }),
  '/api/track': () => ({ orderId: NO_ORDER, phone: '9876543210' }),
  '/api/orders/:orderId/cancel': () => ({ key: '0'.repeat(32), reason: 'other' }),
  '/api/staff/action': () => ({
    id: randomUUID(),
    orderId: NO_ORDER,
    action: 'cod-received',
    at: new Date().toISOString(),
  }),
  '/api/whatsapp/webhook': () => whatsappStatus(),
  '/api/razorpay/webhook': () => razorpayEvent({ event: 'payment.failed' }),
  '/api/dev/staff': () => ({ orderId: NO_ORDER, action: 'cod-received' }),
  '/api/dev/whatsapp': () => ({ kind: 'write', phone: '9876543210', text: 'hello' }),
  '/api/local-gateway/pay': () => ({ razorpay_order_id: 'order_probe1', outcome: 'failure' }),
  '/api/content-published': () => ({ _id: 'probe', _type: 'product' }),
};

/** @type {Record<string, string[]>} Where a long body's fields are varied (the rest is Meta's or Razorpay's envelope). */
const FOCUS = {
  '/api/whatsapp/webhook': ['object', 'entry.0.changes.0.field', 'entry.0.changes.0.value.statuses.0'],
  '/api/razorpay/webhook': ['event', 'payload.payment.entity'],
};

/**
 * A single-use id and a submission id made fresh for each request, unless the request is about it.
 * @param {unknown} body
 * @param {string} label
 */
function freshen(body, label) {
  if (!body || typeof body !== 'object' || Array.isArray(body)) return body;
  const copy = /** @type {Record<string, unknown>} */ (body);
  if ('submissionId' in copy && !label.startsWith('submissionId=')) copy.submissionId = randomUUID();
  if (
    'orderId' in copy &&
    typeof copy.orderId === 'string' &&
    copy.orderId !== NO_ORDER &&
    !label.startsWith('orderId=')
  )
    copy.orderId = freshOrderId();
  return copy;
}

/**
 * The body as JSON and the headers a signed endpoint wants with it: the JSON content type, then
 * the signature `signature` makes of the very bytes sent.
 * @param {unknown} body
 * @param {(raw: string) => Record<string, string>} signature
 */
function signedJson(body, signature) {
  const raw = JSON.stringify(body);
  return { raw, headers: { 'content-type': 'application/json', ...signature(raw) } };
}

/** @type {Record<string, { ready: () => boolean; sign: (body: unknown, label: string) => { raw: string; headers: Record<string, string> } }>} */
const SIGNERS = {
  '/api/staff/action': {
    ready: () => Boolean(SECRETS.staff),
    sign: (body, label) => {
      const copy = /** @type {Record<string, unknown>} */ (body);
      if (copy && typeof copy === 'object' && !Array.isArray(copy)) {
        if (!label.startsWith('id=')) copy.id = randomUUID();
        if (!label.startsWith('at=')) copy.at = new Date().toISOString();
      }
      return signedJson(body, (raw) => ({ 'x-shop-signature': `sha256=${hmac(SECRETS.staff ?? '', raw)}` }));
    },
  },
  '/api/whatsapp/webhook': {
    ready: () => Boolean(SECRETS.whatsapp),
    sign: (body) =>
      signedJson(body, (raw) => ({ 'x-hub-signature-256': `sha256=${hmac(SECRETS.whatsapp ?? '', raw)}` })),
  },
  '/api/razorpay/webhook': {
    ready: () => Boolean(SECRETS.razorpayWebhook),
    sign: (body) =>
      signedJson(body, (raw) => ({
        'x-razorpay-signature': hmac(SECRETS.razorpayWebhook ?? '', raw),
        'x-razorpay-event-id': `evt_probe${randomBytes(6).toString('hex')}`,
      })),
  },
};

/** @type {[string, unknown][]} */
const STRING_ODDITIES = [
  ['empty', ''],
  ['NUL', '\u0000'],
  ['lone surrogate', '\ud800'],
  ['noncharacter', '\uffff'],
  ['bidi override', '\u202eevil'],
  ['zero-width only', '\u200b\u200b'],
  ['path traversal', '../../../../etc/passwd'],
  ['encoded traversal', '..%2F..%2F..%2F'],
  ['formula', '=HYPERLINK("https://evil.example","x")'],
  ['markup', '<img src=x onerror=alert(1)>'],
  ['12,000 characters', 'a'.repeat(12_000)],
  ['2,000 emoji', '🌾'.repeat(2_000)],
  ['combining marks', 'Z\u0351\u0352\u0353'.repeat(300)],
  ['a number', 12_345],
  ['a boolean', true],
  ['null', null],
  ['an array', ['x']],
  ['an object', { toString: 'x' }],
];

/** @type {[string, unknown][]} */
const NUMBER_ODDITIES = [
  ['-1', -1],
  ['0', 0],
  ['1.5', 1.5],
  ['1e308', 1e308],
  ['2^53 + 2', 2 ** 53 + 2],
  ['"1"', '1'],
  ['"0x1"', '0x1'],
  ['"1e0"', '1e0'],
  ['true', true],
  ['null', null],
  ['[1]', [1]],
  ['{}', {}],
];

/** @type {[string, unknown][]} */
const OBJECT_ODDITIES = [
  ['null', null],
  ['a string', 'x'],
  ['an empty array', []],
  ['an empty object', {}],
];

/**
 * The base body with one field (or one object) made odd at a time, within `focus` when given.
 * @param {Record<string, unknown>} base
 * @param {string[] | undefined} focus
 * @returns {{ label: string; body: unknown }[]}
 */
function mutations(base, focus) {
  /** @type {{ label: string; body: unknown }[]} */
  const out = [];
  const inFocus = (/** @type {string} */ name) =>
    !focus || focus.some((prefix) => name === prefix || name.startsWith(`${prefix}.`));
  /**
   * @param {unknown} value
   * @param {string[]} parts
   */
  const visit = (value, parts) => {
    const name = parts.join('.');
    if (value !== null && typeof value === 'object') {
      if (parts.length > 0 && inFocus(name))
        for (const [label, odd] of OBJECT_ODDITIES)
          out.push({ label: `${name}=${label}`, body: setAt(base, parts, odd) });
      for (const [key, child] of Object.entries(value)) visit(child, [...parts, key]);
      return;
    }
    // The honeypot stays filled: a form without it would be stored.
    if (name === 'website' || !inFocus(name)) return;
    const odds = typeof value === 'string' ? STRING_ODDITIES : NUMBER_ODDITIES;
    for (const [label, odd] of odds) out.push({ label: `${name}=${label}`, body: setAt(base, parts, odd) });
  };
  visit(base, []);
  return out;
}

/**
 * A copy of `base` with `value` at `parts`.
 * @param {Record<string, unknown>} base
 * @param {string[]} parts
 * @param {unknown} value
 */
function setAt(base, parts, value) {
  const copy = structuredClone(base);
  /** @type {any} */
  let target = copy;
  for (const part of parts.slice(0, -1)) target = target[part];
  target[String(parts.at(-1))] = value;
  return copy;
}

// ---------------------------------------------------------------------------------------------
// 0. Setup: what the server is

const setup = section('0', 'setup (context, quote)');
await run(setup, async () => {
  if (!SECRETS.staff) {
    setup.notes.push(
      `context unknown (PROBE_STAFF_SECRET unset): expectations of ${server.production ? 'production (--production)' : 'a server that is not production'}`,
    );
    return;
  }
  const answer = await ask(setup, {
    path: '/api/health',
    headers: { authorization: `Bearer ${SECRETS.staff}` },
    what: "staff's details",
  });
  if (answer.json?.systems && typeof answer.json.context === 'string') {
    server.context = answer.json.context;
    server.production = answer.json.context === 'production';
    server.systems = answer.json.systems;
    setup.notes.push(`context ${server.context}; systems ${JSON.stringify(server.systems)}`);
  } else setup.notes.push(`context unknown: staff's health answer has no details (${shown(answer)})`);
});
await run(setup, async () => {
  await quotedTotal(setup, 'cod');
});

// ---------------------------------------------------------------------------------------------
// 1. Served as deployed

const deployed = section('1', 'served as deployed: no development tools');
await run(deployed, async () => {
  /** @type {Ask[]} */
  const tools = [
    { path: '/api/dev/staff' },
    { path: '/api/dev/staff', json: { orderId: NO_ORDER, action: 'cod-received' } },
    { path: '/api/dev/whatsapp' },
    { path: '/api/dev/whatsapp', json: { kind: 'write', phone: freshPhone(), text: 'STOP' } },
    { path: '/api/local-gateway/pay', json: { razorpay_order_id: 'order_probe1', outcome: 'success' } },
  ];
  for (const request of tools) {
    const answer = await ask(deployed, request);
    if (answer.status !== 404) finding(deployed, 'a development tool answers (not 404)', shown(answer));
  }
  for (const name of ['sync-parcels', 'request-pickup', 'reconcile-orders', 'rebuild-content', 'sheet-sync']) {
    const answer = await ask(deployed, { method: 'POST', path: `/.netlify/functions/${name}` });
    if (answer.status !== 404) finding(deployed, 'a scheduled function runs on request (not 404)', shown(answer));
  }
  // The development phone's public secret: refused beside a real secret (401), or with none (503).
  const forged = await postWhatsApp(
    deployed,
    whatsappStatus(),
    PUBLIC_WHATSAPP_SECRET,
    "signed with the development phone's public secret",
  );
  if (forged.status !== 401 && forged.status !== 503)
    finding(deployed, "the webhook takes the development phone's public secret", shown(forged));
  if (!SECRETS.whatsapp && forged.status !== 503)
    deployed.notes.push(`without PROBE_WHATSAPP_APP_SECRET the webhook was expected to answer 503: ${forged.status}`);
  // Online payment: 503 without Razorpay keys; never the local test gateway.
  const payments = server.systems?.payments;
  if (payments === 'real') {
    deployed.notes.push('Razorpay keys are set here: create-order not asked (it would call Razorpay)');
  } else {
    const created = await ask(deployed, {
      path: '/api/razorpay/create-order',
      json: {
        orderId: freshOrderId(),
        customer: customer(freshPhone()),
        lines: LINES,
        clientTotal: await quotedTotal(deployed, 'prepaid'),
      },
      what: 'online payment',
    });
    if (created.status !== 503 || created.json?.error?.code !== 'PAYMENTS_UNAVAILABLE')
      finding(deployed, 'online payment is not 503 PAYMENTS_UNAVAILABLE', shown(created));
  }
  const log = process.env.PROBE_SERVER_LOG;
  if (log) {
    const printed = await readFile(log, 'utf8').catch(() => '');
    if (/with the development tools/.test(printed))
      finding(deployed, 'the server says it runs with the development tools', clip(printed, 300));
    else if (/as deployed/.test(printed)) deployed.notes.push('the server printed "as deployed" on start');
    else deployed.notes.push(`PROBE_SERVER_LOG (${log}) does not say how the server runs`);
  } else deployed.notes.push('what the server printed on start not read (PROBE_SERVER_LOG unset)');
});

// ---------------------------------------------------------------------------------------------
// 4. /api/health (before the orders: nothing it says depends on them)

const health = section('4', '/api/health: anyone ok/degraded, staff the details');
await run(health, async () => {
  const secret = SECRETS.staff ?? 'no-staff-secret-given';
  /** @type {[string, Record<string, string>, string?][]} */
  const strangers = [
    ['no credentials', {}],
    ['a wrong bearer', { authorization: 'Bearer not-the-secret' }],
    ['an empty bearer', { authorization: 'Bearer ' }],
    ['the secret as Basic', { authorization: `Basic ${Buffer.from(`staff:${secret}`).toString('base64')}` }],
    ['the secret plus one character', { authorization: `Bearer ${secret}x` }],
    ['half the secret', { authorization: `Bearer ${secret.slice(0, Math.ceil(secret.length / 2))}` }],
    ['the secret in the query', {}, `?token=${encodeURIComponent(secret)}&key=${encodeURIComponent(secret)}`],
    ['a forwarded header', { 'x-forwarded-for': '127.0.0.1', 'x-staff': secret }],
  ];
  for (const [what, headers, query = ''] of strangers) {
    const answer = await ask(health, { path: `/api/health${query}`, headers, what });
    const keys = answer.json && typeof answer.json === 'object' ? Object.keys(answer.json) : [];
    const fits =
      keys.length === 1 &&
      ((answer.status === 200 && answer.json.status === 'ok') ||
        (answer.status === 503 && answer.json.status === 'degraded'));
    if (!fits) finding(health, 'a stranger is told more than ok/degraded', shown(answer));
    else if (answer.status === 503 && !server.production)
      health.notes.push('degraded outside production (the catalogue could not be read?)');
  }
  const posted = await ask(health, { method: 'POST', path: '/api/health', json: {} });
  if (posted.status !== 405) finding(health, 'POST is not 405', shown(posted));
  if (!SECRETS.staff) {
    health.notes.push("staff's details not asked (PROBE_STAFF_SECRET unset)");
    return;
  }
  const staff = await ask(health, {
    path: '/api/health',
    headers: { authorization: `Bearer ${SECRETS.staff}` },
    what: "staff's bearer",
  });
  if (!staff.json?.systems) finding(health, 'staff do not get the details', shown(staff));
  if (!/no-store/.test(staff.headers?.get('cache-control') ?? ''))
    finding(health, "staff's details may be cached (no Cache-Control: no-store)", shown(staff));
});

// ---------------------------------------------------------------------------------------------
// 2. A phone's COD record and cancellations with the order's key

const phoneRecord = section('2', "a phone's COD record vs cancellations with the key");
await run(phoneRecord, async () => {
  const phone = freshPhone();
  for (let round = 1; round <= 3; round += 1) {
    const placed = await placeCod(phoneRecord, phone);
    if (placed.answer.status !== 201 || !placed.key) {
      if (server.production) phoneRecord.notes.push(`skipped: COD orders refused here (${shown(placed.answer)})`);
      else finding(phoneRecord, 'a COD order from a fresh phone is refused', shown(placed.answer));
      return;
    }
    const cancelled = await cancelByKey(phoneRecord, placed.orderId, placed.key);
    if (cancelled.status !== 200 && cancelled.status !== 202)
      finding(phoneRecord, 'a cancellation with the key is refused', shown(cancelled));
  }
  const options = await ask(phoneRecord, {
    path: '/api/checkout/cod-options',
    json: {
      lines: LINES,
      delivery: {
        phone,
        address1: '12 Mall Road',
        address2: 'Near the clock tower',
        city: 'Dehradun',
        state: 'Uttarakhand',
        pincode: PINCODE,
      },
    },
    what: 'after three cancellations with the key',
  });
  if (options.json?.outcome !== 'allow')
    finding(phoneRecord, 'the checkout asks a fee or prepayment after cancellations with the key', shown(options));
  const fourth = await placeCod(phoneRecord, phone);
  if (fourth.answer.status !== 201)
    finding(phoneRecord, 'the next COD order is refused after three cancellations with the key', shown(fourth.answer));
  phoneRecord.notes.push(
    `after 3 orders cancelled with their keys: cod-options ${options.json?.outcome}, the next order ${fourth.answer.status}`,
  );
  if (fourth.key) await cancelByKey(phoneRecord, fourth.orderId, fourth.key);
});

// ---------------------------------------------------------------------------------------------
// 3. Razorpay webhook ids that cannot be storage keys

const razorpay = section('3', 'Razorpay webhook: odd ids are 200 (ignored) or 400');
await run(razorpay, async () => {
  if (!SECRETS.razorpayWebhook) {
    razorpay.notes.push('skipped: PROBE_RAZORPAY_WEBHOOK_SECRET unset (the probe cannot sign)');
    return;
  }
  const eventId = () => `evt_probe${randomBytes(6).toString('hex')}`;
  const baseline = await postRazorpay(razorpay, razorpayEvent({}), eventId(), 'a well-formed event, unknown order');
  if (baseline.status === 503) {
    razorpay.notes.push(
      `not probed here: the webhook answers 503 ${baseline.json?.error?.code ?? ''} before reading any event (online payment is off: no Razorpay keys, no test gateway)`,
    );
    return;
  }
  if (baseline.status === 400 && baseline.json?.error?.code === 'INVALID_SIGNATURE') {
    razorpay.notes.push("skipped: PROBE_RAZORPAY_WEBHOOK_SECRET is not the server's RAZORPAY_WEBHOOK_SECRET");
    return;
  }
  const odd = ['evt:1', 'a/b', 'x'.repeat(300), '..', 'order_a/../b', 'pay_%2F', ' '];
  /** @type {[string, unknown, string | undefined][]} */
  const cases = [];
  for (const id of odd) {
    const what = JSON.stringify(id.length > 20 ? `${id.slice(0, 10)}…(${id.length})` : id);
    if (id.trim()) cases.push([`event id ${what}`, razorpayEvent({}), id]);
    cases.push([`payment order_id ${what}`, razorpayEvent({ orderId: id }), eventId()]);
    cases.push([`payment id ${what}`, razorpayEvent({ paymentId: id }), eventId()]);
    cases.push([`order.paid order_id ${what}`, razorpayEvent({ event: 'order.paid', orderId: id }), eventId()]);
    cases.push([
      `refund with ids ${what}`,
      {
        entity: 'event',
        event: 'refund.processed',
        contains: ['refund', 'payment'],
        payload: {
          refund: { entity: processedRefund(id, id, {}) },
          payment: { entity: razorpayEvent({ orderId: id, paymentId: id }).payload.payment.entity },
        },
        created_at: Math.floor(Date.now() / 1000),
      },
      eventId(),
    ]);
  }
  // A refund of a well-formed payment whose own ids (the refund's, its payment's, its receipt) are odd.
  for (const id of ['a/b', 'evt:1', 'x'.repeat(300)]) {
    const event = razorpayEvent({});
    cases.push([
      `refund ids ${JSON.stringify(id.slice(0, 10))} of a well-formed payment`,
      {
        ...event,
        event: 'refund.processed',
        contains: ['refund', 'payment'],
        payload: {
          ...event.payload,
          refund: { entity: processedRefund(id, `${id}-cancelled-1`, { order: id }) },
        },
      },
      eventId(),
    ]);
  }
  for (const [what, body, id] of cases) {
    const answer = await postRazorpay(razorpay, body, id, what);
    if (answer.status !== 200 && answer.status !== 400 && answer.status < 500)
      finding(razorpay, 'neither 200 (ignored) nor 400', shown(answer));
  }
  const unsigned = await ask(razorpay, {
    path: '/api/razorpay/webhook',
    raw: JSON.stringify(razorpayEvent({})),
    headers: { 'content-type': 'application/json', 'x-razorpay-signature': '0'.repeat(64) },
    what: 'a wrong signature',
  });
  if (unsigned.status !== 400) finding(razorpay, 'a wrong signature is not 400', shown(unsigned));
});

// ---------------------------------------------------------------------------------------------
// 5. Wrong CONFIRM codes lock the order's confirmation

const lockout = section('5', 'CONFIRM lockout after 5 wrong codes');
/** @type {{ orderId: string; key: string }[]} Orders confirmed here and in 6 (booked, where a carrier books), for 9. */
const confirmedOrders = [];
await run(lockout, async () => {
  const secret = SECRETS.whatsapp;
  if (!secret) {
    lockout.notes.push('skipped: PROBE_WHATSAPP_APP_SECRET unset (the probe cannot sign as Meta)');
    return;
  }
  /**
   * A COD order awaiting its shopper's confirmation, and its code (from its own page's link).
   * @param {string} phone
   */
  async function awaiting(phone) {
    const placed = await placeCod(lockout, phone);
    if (placed.answer.status !== 201 || !placed.key) {
      if (server.production) lockout.notes.push(`skipped: COD orders refused here (${shown(placed.answer)})`);
      else finding(lockout, 'a COD order from a fresh phone is refused', shown(placed.answer));
      return undefined;
    }
    const view = await viewOrder(lockout, placed.orderId, placed.key);
    const code = confirmCodeIn(view.json);
    if (!code) {
      lockout.notes.push(
        `not probed: the order awaits no confirmation (the shop hears no WhatsApp here, or COD_CONFIRMATION=off): ${shown(view)}`,
      );
      await cancelByKey(lockout, placed.orderId, placed.key);
      return undefined;
    }
    return { orderId: placed.orderId, key: placed.key, code };
  }
  /**
   * @param {string} phone
   * @param {string} text
   */
  const write = (phone, text) =>
    postWhatsApp(lockout, whatsappMessage(phone, { type: 'text', text: { body: text } }), secret, text);

  // The lock: five wrong codes from the order's own phone, then the right one and the Confirm button.
  const phone = freshPhone();
  const order = await awaiting(phone);
  if (!order) return;
  for (let wrong = 1; wrong <= 5; wrong += 1) {
    const answer = await write(phone, `CONFIRM ${order.orderId} ${wrongCode(order.code)}`);
    if (answer.status === 401) {
      lockout.notes.push(
        `skipped: PROBE_WHATSAPP_APP_SECRET is not the server's WHATSAPP_APP_SECRET (${shown(answer)})`,
      );
      await cancelByKey(lockout, order.orderId, order.key);
      return;
    }
  }
  const right = await write(phone, `CONFIRM ${order.orderId} ${order.code}`);
  const button = await postWhatsApp(
    lockout,
    whatsappMessage(phone, {
      type: 'button',
      button: { payload: `COD_CONFIRM:${order.orderId}`, text: 'Confirm order' },
    }),
    secret,
    'the Confirm button',
  );
  const after = await viewOrder(lockout, order.orderId, order.key);
  if (timelineHas(after.json, 'confirmed')) {
    const which = JSON.stringify(right.json?.outcomes ?? []).includes('confirmed') ? right : button;
    finding(lockout, 'confirmed after 5 wrong codes (no lockout)', shown(which));
  } else if (!timelineHas(after.json, 'awaiting-confirmation'))
    finding(lockout, 'the locked order is no longer awaiting confirmation', shown(after));
  lockout.notes.push(
    `after 5 wrong codes: the right code → ${JSON.stringify(right.json?.outcomes)}, the Confirm button → ${JSON.stringify(button.json?.outcomes)}`,
  );
  await cancelByKey(lockout, order.orderId, order.key);

  // The control: another phone's five guesses count for nothing, four wrong from its own phone
  // leave room, and the right code then confirms (so the lock above is the lockout, not the probe).
  const ownPhone = freshPhone();
  const control = await awaiting(ownPhone);
  if (!control) return;
  const stranger = freshPhone();
  for (let guess = 1; guess <= 5; guess += 1)
    await write(stranger, `CONFIRM ${control.orderId} ${wrongCode(control.code)}`);
  for (let wrong = 1; wrong <= 4; wrong += 1)
    await write(ownPhone, `CONFIRM ${control.orderId} ${wrongCode(control.code)}`);
  const confirmed = await write(ownPhone, `CONFIRM ${control.orderId} ${control.code}`);
  const controlView = await viewOrder(lockout, control.orderId, control.key);
  if (!timelineHas(controlView.json, 'confirmed'))
    finding(
      lockout,
      "the right code does not confirm after 4 wrong codes and another phone's 5 (locked too early, or by a stranger)",
      shown(confirmed),
    );
  else confirmedOrders.push({ orderId: control.orderId, key: control.key });
  lockout.notes.push(
    `control: another phone's 5 and 4 wrong of its own, then the right code → ${JSON.stringify(confirmed.json?.outcomes)}`,
  );
});

// ---------------------------------------------------------------------------------------------
// 6. Staff's "COD received" only on a delivered COD order

const codReceived = section('6', 'staff "COD received" refused before delivery');
await run(codReceived, async () => {
  if (!SECRETS.staff) {
    codReceived.notes.push('skipped: PROBE_STAFF_SECRET unset (the probe cannot sign as staff)');
    return;
  }
  // The signed request itself: unsigned, signed with another secret, stale, replayed.
  const unsigned = await staffAction(codReceived, { orderId: NO_ORDER, action: 'cod-received' }, { signature: null });
  if (unsigned.status !== 401) finding(codReceived, 'an unsigned staff action is not 401', shown(unsigned));
  const forged = await staffAction(codReceived, { orderId: NO_ORDER, action: 'cod-received' }, { secret: 'guess' });
  if (forged.status !== 401)
    finding(codReceived, 'a staff action signed with another secret is not 401', shown(forged));
  const stale = await staffAction(
    codReceived,
    { orderId: NO_ORDER, action: 'cod-received' },
    { at: new Date(Date.now() - 10 * 60_000).toISOString() },
  );
  if (stale.status !== 401) finding(codReceived, 'a staff action 10 minutes old is not 401', shown(stale));
  const id = randomUUID();
  const first = await staffAction(codReceived, { orderId: NO_ORDER, action: 'cod-received' }, { id });
  if (first.status === 401) {
    codReceived.notes.push(`skipped: PROBE_STAFF_SECRET is not the server's STAFF_ACTION_SECRET (${shown(first)})`);
    return;
  }
  const replayed = await staffAction(codReceived, { orderId: NO_ORDER, action: 'cod-received' }, { id });
  if (replayed.status !== 409) finding(codReceived, 'a replayed staff action is not 409', shown(replayed));

  const placed = await placeCod(codReceived, freshPhone());
  if (placed.answer.status !== 201 || !placed.key) {
    if (server.production)
      codReceived.notes.push(`orders not probed: COD orders refused here (${shown(placed.answer)})`);
    else finding(codReceived, 'a COD order from a fresh phone is refused', shown(placed.answer));
    return;
  }
  /** @param {string} stage */
  const notReceived = async (stage) => {
    const received = await staffAction(codReceived, { orderId: placed.orderId, action: 'cod-received' });
    if (received.status >= 200 && received.status < 300)
      finding(codReceived, `"COD received" recorded on an order never delivered (${stage})`, shown(received));
    const refund = await staffAction(codReceived, { orderId: placed.orderId, action: 'refund', amount: 100 });
    if (refund.status >= 200 && refund.status < 300)
      finding(codReceived, `a refund by hand recorded on a COD order never delivered (${stage})`, shown(refund));
  };
  /** Where the order stands, as its own page says. */
  const key = placed.key;
  const standing = async () => {
    const seen = (await viewOrder(codReceived, placed.orderId, key)).json;
    if (bookedIn(seen)) return 'booked, not delivered';
    return timelineHas(seen, 'awaiting-confirmation') ? 'awaiting confirmation' : 'confirmed, not booked';
  };
  const before = await standing();
  await notReceived(before);
  // Staff confirm it after a call (where it awaits the shopper's yes): it is booked then, where a carrier books.
  const confirm =
    before === 'awaiting confirmation'
      ? await staffAction(codReceived, { orderId: placed.orderId, action: 'confirm-cod' })
      : undefined;
  if (confirm && (confirm.status < 200 || confirm.status >= 300))
    codReceived.notes.push(`staff's confirm-cod refused (${shown(confirm)})`);
  const after = confirm ? await standing() : before;
  if (after !== before) await notReceived(after);
  const booked = after === 'booked, not delivered';
  codReceived.notes.push(`refused at: ${[...new Set([before, after])].join(', ')}`);
  if (!booked)
    codReceived.notes.push('the order was not booked here (no carrier): "booked, not delivered" not reached');
  confirmedOrders.push({ orderId: placed.orderId, key: placed.key });
  // The control, where the local carrier's simulated day is short: once delivered, it is taken.
  const day = Number(process.env.PROBE_CARRIER_DAY_SECONDS ?? 0);
  if (!booked) return;
  if (!(day > 0 && day <= 60)) {
    codReceived.notes.push(
      "the control (taken once delivered) not run: it needs PROBE_CARRIER_DAY_SECONDS, the server's LOCAL_CARRIER_DAY_SECONDS (at most 60)",
    );
    return;
  }
  let delivered = false;
  for (const until = Date.now() + (3.5 * day + 10) * 1000; !delivered && Date.now() < until; ) {
    await sleep(2_000);
    delivered = timelineHas((await viewOrder(codReceived, placed.orderId, placed.key)).json, 'delivered');
  }
  if (!delivered) {
    codReceived.notes.push(`the control not run: the parcel was not delivered within ${3.5 * day + 10} s`);
    return;
  }
  const taken = await staffAction(codReceived, { orderId: placed.orderId, action: 'cod-received' });
  if (taken.status < 200 || taken.status >= 300)
    finding(codReceived, '"COD received" refused on a delivered COD order (the control)', shown(taken));
  else codReceived.notes.push(`control: once delivered, "COD received" → ${taken.status} ${clip(taken.text, 80)}`);
});

// ---------------------------------------------------------------------------------------------
// 7. A lone surrogate or a noncharacter in a name

const oddNames = section('7', 'lone surrogates and noncharacters in names');
await run(oddNames, async () => {
  const notText = /[\p{Cs}\uFFFE\uFFFF\uFFFD]/u;
  /** @type {[string, string, boolean][]} the name, its label, whether anything is left once the oddity is dropped */
  const names = [
    ['Asha \ud800 Rawat', '"Asha \\ud800 Rawat"', true],
    ['\uffff', '"\\uffff"', false],
    ['Asha \uffff Rawat', '"Asha \\uffff Rawat"', true],
    ['Asha Rawat\udc00', '"Asha Rawat\\udc00"', true],
    ['\ud800\udbff', '"\\ud800\\udbff"', false],
  ];
  for (const [name, label, meaningful] of names) {
    const placed = await placeCod(oddNames, freshPhone(), { name });
    if (placed.answer.status === 422) {
      oddNames.notes.push(`${label} refused 422`); // never stored
      continue;
    }
    if (placed.answer.status !== 201 || !placed.key) {
      if (server.production) oddNames.notes.push(`orders skipped: COD refused here (${shown(placed.answer)})`);
      else finding(oddNames, 'a COD order was neither placed nor refused 422', shown(placed.answer));
      break;
    }
    const view = await viewOrder(oddNames, placed.orderId, placed.key);
    const stored = view.json?.address?.name;
    if (typeof stored !== 'string') finding(oddNames, "the order page does not show the order's name", shown(view));
    else if (notText.test(stored))
      finding(
        oddNames,
        'a name is stored with a lone surrogate or a noncharacter',
        `${label} → stored ${JSON.stringify(stored)}`,
      );
    else if (!meaningful || stored.trim() === '')
      finding(
        oddNames,
        'a name of nothing but oddities is taken as given',
        `${label} → stored ${JSON.stringify(stored)}`,
      );
    if (typeof stored === 'string') oddNames.notes.push(`${label} stored as ${JSON.stringify(stored)}`);
    await cancelByKey(oddNames, placed.orderId, placed.key);
  }
  // The forms refuse a name that is nothing once cleaned (the honeypot set: nothing is written).
  /** @type {[string, Record<string, unknown>][]} */
  const forms = [
    ['/api/contact', { email: 'probe@example.in', subject: 'Probe', message: 'Probe', website: 'bot' }],
    ['/api/reviews', { email: 'probe@example.in', rating: 5, review: 'Probe', productId: 1, website: 'bot' }],
  ];
  for (const [form, fields] of forms) {
    for (const name of ['\ud800', '\uffff', '\udfff\ufffe']) {
      const answer = await ask(oddNames, {
        path: form,
        json: { ...fields, name, submissionId: randomUUID() },
        what: `name ${JSON.stringify(name)}`,
      });
      if (answer.status !== 422) finding(oddNames, 'a form takes a name of nothing but oddities', shown(answer));
    }
  }
});

// ---------------------------------------------------------------------------------------------
// 8. Bodies of 2 MB

const large = section('8', '2 MB bodies: 413, never a reset');
await run(large, async () => {
  const size = 2 * 1024 * 1024;
  const declared = `{"name":"${'a'.repeat(size)}"}`;
  const chunk = new TextEncoder().encode('a'.repeat(64 * 1024));
  const streamed = () => {
    let sent = 0;
    return new ReadableStream({
      pull(controller) {
        if (sent >= size) controller.close();
        else {
          controller.enqueue(chunk);
          sent += chunk.byteLength;
        }
      },
    });
  };
  for (let round = 0; round < 20; round += 1) {
    // Alternately with Content-Length, and chunked (no length declared), on the same keep-alive client.
    const answer = await ask(large, {
      path: '/api/contact',
      headers: { 'content-type': 'application/json' },
      ...(round % 2 === 0
        ? { raw: declared, what: '2 MB, Content-Length' }
        : { stream: streamed, what: '2 MB, chunked' }),
    });
    if (!answer.error && answer.status !== 413) finding(large, 'a 2 MB body is not answered 413', shown(answer));
  }
});

// ---------------------------------------------------------------------------------------------
// 9. "cancelling" (202) only while something is being cancelled

const cancelling = section('9', '"cancelling" (202) only when something is cancelled');
await run(cancelling, async () => {
  const unknown = await cancelByKey(cancelling, NO_ORDER, randomBytes(16).toString('hex'));
  if (unknown.status !== 404) finding(cancelling, 'an unknown order is not 404', shown(unknown));
  /** @type {{ orderId: string; key: string }[]} */
  const booked = [];
  for (const order of confirmedOrders) {
    const view = await viewOrder(cancelling, order.orderId, order.key);
    if (bookedIn(view.json)) booked.push(order);
    else await cancelByKey(cancelling, order.orderId, order.key); // not booked: nothing to wait for
  }
  if (booked.length === 0) {
    cancelling.notes.push(
      'no booked parcel here (no carrier, or no order confirmed above): the 202 path cannot be reached from outside',
    );
    return;
  }
  for (const [index, order] of booked.entries()) {
    // The first order gets a burst (a double tap, eight at once); the others one request.
    const burst = index === 0 ? 8 : 1;
    const answers = await Promise.all(
      Array.from({ length: burst }, () => cancelByKey(cancelling, order.orderId, order.key)),
    );
    const statuses = new Set(answers.map((answer) => answer.status));
    const told = answers.map((answer) => answer.status).join(', ');
    const saidCancelling = answers.find((answer) => answer.status === 202);
    if (statuses.has(409) && (statuses.has(200) || statuses.has(202)))
      finding(cancelling, 'one cancellation told two stories (409 and 2xx)', answers.map(shown).join(' / '));
    let settled = await viewOrder(cancelling, order.orderId, order.key);
    for (let poll = 0; saidCancelling && !settled.json?.cancelled && poll < 24; poll += 1) {
      await sleep(500);
      settled = await viewOrder(cancelling, order.orderId, order.key);
    }
    if (saidCancelling && !settled.json?.cancelled)
      finding(cancelling, '202 "cancelling", and 12 s later the order is not cancelled', shown(saidCancelling));
    const again = await cancelByKey(cancelling, order.orderId, order.key);
    if (settled.json?.cancelled && again.status !== 200)
      finding(cancelling, 'a cancelled order is not answered 200 cancelled', shown(again));
    cancelling.notes.push(
      `booked order ${order.orderId}: ${burst} at once told ${told}; then ${settled.json?.cancelled ? 'cancelled' : 'not cancelled'}, asked again ${again.status}`,
    );
  }
});

// ---------------------------------------------------------------------------------------------
// The generic pass: every function route, a few malformed requests each

const generic = section('G', 'generic pass over every function route');
await run(generic, async () => {
  const routes = await functionRoutes();
  /** @type {(() => Promise<void>)[]} */
  const jobs = [];
  /**
   * @param {Ask} request
   * @param {(answer: Answer) => string | undefined} [check] the rule broken, if any
   */
  const job = (request, check) =>
    jobs.push(async () => {
      const answer = await ask(generic, request);
      // A 5xx or no answer is a finding of its own already (ask).
      const broken = answer.error || answer.status >= 500 ? undefined : check?.(answer);
      if (broken) finding(generic, broken, shown(answer));
    });
  const not2xx = (/** @type {Answer} */ answer) =>
    answer.status >= 200 && answer.status < 300 ? 'an odd request taken (2xx)' : undefined;
  const razorpayProbed = !razorpay.notes.some((note) => note.startsWith('not probed') || note.startsWith('skipped'));

  for (const route of routes) {
    const target = route.path.replace(/:(\w+)/g, (_, name) => PARAMS[name] ?? 'x');
    for (const method of ['GET', 'POST', 'PUT', 'DELETE', 'PATCH']) {
      if (route.allowed.length === 0 || route.allowed.includes(method)) continue;
      job(
        {
          method,
          path: target,
          ...(method === 'GET' || method === 'DELETE' ? {} : { json: {} }),
          what: 'wrong method',
        },
        (answer) => (answer.status === 405 ? undefined : 'a wrong method is not 405'),
      );
    }
    const base = BASE_BODIES[route.path];
    const signer = SIGNERS[route.path];
    if (route.allowed.includes('POST')) {
      /** @type {[string, string | Uint8Array, Record<string, string>?][]} */
      const bodies = [
        ['empty body', ''],
        ['invalid JSON', '{"a":'],
        ['null', 'null'],
        ['an array', '[]'],
        ['a string', '"x"'],
        ['a number too large', '1e309'],
        ['an empty object', '{}'],
        ['5,000 nested arrays', `${'['.repeat(5000)}${']'.repeat(5000)}`],
        ['invalid UTF-8', Uint8Array.from([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xc3, 0x28, 0xff, 0xfe, 0x22, 0x7d])],
        ['duplicate keys', '{"a":1,"a":{"b":[]}}'],
        ['a 20 KB string', JSON.stringify({ name: 'a'.repeat(20 * 1024) })],
      ];
      if (base) {
        const raw = JSON.stringify(base());
        bodies.push(
          [
            'prototype pollution',
            `{"__proto__":{"polluted":true},"constructor":{"prototype":{"polluted":true}},${raw.slice(1)}`,
          ],
          ['text/plain', raw, { 'content-type': 'text/plain' }],
          ['a form post', 'name=x&email=y', { 'content-type': 'application/x-www-form-urlencoded' }],
          [
            'cross-site',
            raw,
            { 'content-type': 'application/json', origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' },
          ],
        );
      }
      for (const [what, raw, headers] of bodies) {
        job(
          { method: 'POST', path: target, raw, headers: headers ?? { 'content-type': 'application/json' }, what },
          what === 'a 20 KB string' ? not2xx : undefined,
        );
      }
      // Each field of a believable body made odd, one at a time (signed where the route needs it).
      const mutable = base && !DEV_ROUTES.has(route.path) && (!signer || signer.ready());
      const skip = route.path === '/api/razorpay/webhook' && !razorpayProbed;
      if (mutable && !skip) {
        for (const mutation of mutations(base(), FOCUS[route.path])) {
          const request = signer
            ? signer.sign(mutation.body, mutation.label)
            : { json: freshen(mutation.body, mutation.label) };
          job({ method: 'POST', path: target, ...request, what: mutation.label });
        }
      } else if (skip) generic.notes.push(`${route.path}: fields not varied (the webhook answers 503 here)`);
      else if (base && signer && !signer.ready())
        generic.notes.push(`${route.path}: fields not varied (its secret was not given)`);
    }
    // Ids in the path that are no order id, pincode or anything (fetch resolves a bare `..`, so the
    // traversals are encoded).
    const param = /:(\w+)/.exec(route.path)?.[1];
    if (param) {
      const method = route.allowed.includes('GET') ? 'GET' : 'POST';
      for (const value of ODD_IDS) {
        const oddPath = route.path.replace(/:(\w+)/g, (_, name) => (name === param ? value : (PARAMS[name] ?? 'x')));
        job(
          { method, path: oddPath, ...(method === 'POST' && base ? { json: base() } : {}), what: `odd :${param}` },
          (answer) => (answer.status >= 400 && answer.status < 500 ? undefined : 'an odd id is not answered 4xx'),
        );
      }
    }
    if (route.allowed.includes('GET')) {
      for (const query of ODD_QUERIES) {
        job({ path: `${target}${query}`, what: 'odd query' }, (answer) =>
          answer.text.includes('<script>probe') && answer.status === 200
            ? 'a query value is echoed as given'
            : undefined,
        );
      }
    }
  }
  for (const unknown of UNKNOWN_PATHS)
    job({ path: unknown, what: 'no such route' }, (answer) =>
      answer.status === 404 || answer.status === 400 ? undefined : 'an address with no route is not 404',
    );

  if (jobs.length > LIMITS.generic) generic.notes.push(`${jobs.length} requests planned, ${LIMITS.generic} sent`);
  generic.notes.push(
    `${routes.length} routes: every config.path of netlify/functions/*.mts, and ${UNKNOWN_PATHS.length} with none`,
  );
  const queue = jobs.slice(0, LIMITS.generic);
  let next = 0;
  await Promise.all(
    Array.from({ length: LIMITS.concurrency }, async () => {
      while (next < queue.length) {
        const current = queue[next];
        next += 1;
        await current?.();
      }
    }),
  );
});

// ---------------------------------------------------------------------------------------------
// The table

const cell = (/** @type {string} */ text) => text.replace(/\|/g, '\\|').replace(/[\r\n]+/g, ' ');
sections.sort((a, b) => a.id.localeCompare(b.id));
const rows = sections.map((where) => {
  const fiveXx = `${where.unexpected5xx}${where.byDesign5xx ? ` (+${where.byDesign5xx} by design)` : ''}`;
  const found = [...where.findings.values()].map(
    (each) => `**${each.rule}** (${each.count}): ${clip(each.example, 220)}`,
  );
  const notes = where.notes.map((note) => `note: ${clip(note, 260)}`);
  const text = [...found, ...notes].join('<br>') || 'none';
  return `| ${where.id}. ${cell(where.title)} | ${where.requests} | ${fiveXx} | ${cell(text)} |`;
});
const failed = sections.some((where) => where.findings.size > 0 || where.unexpected5xx > 0);

console.log(
  `\nSecurity probe of ${BASE.origin} (context ${server.context ?? 'unknown'}): ${totalRequests} requests, ${sections.reduce((sum, where) => sum + where.unexpected5xx, 0)} unexpected 5xx\n`,
);
console.log('| section | requests | 5xx | findings |');
console.log('|---|---|---|---|');
for (const row of rows) console.log(row);
console.log('\nStatuses per section:');
for (const where of sections) {
  const statuses = [...where.statuses.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([status, count]) => `${status}×${count}`)
    .join(', ');
  console.log(`- ${where.id}: ${statuses || 'none'}`);
}
const all = sections.flatMap((where) => [...where.findings.values()].map((each) => ({ where, each })));
if (all.length > 0) {
  console.log('\nFindings, one example each:');
  for (const { where, each } of all)
    console.log(`- ${where.id} ${each.rule} (${each.count}×): ${clip(each.example, 600)}`);
}
if (process.env.PROBE_LOG) await writeFile(process.env.PROBE_LOG, `${journal.join('\n')}\n`);
console.log(failed ? '\nprobe:security: findings (see above).' : '\nprobe:security: no findings.');
process.exit(failed ? 1 : 0);
