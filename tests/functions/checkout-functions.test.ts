import { ordersCsv } from '#tests/support/sheets.ts';
/**
 * The checkout functions at the HTTP boundary: each default export is called with a `Request`,
 * exactly as Netlify calls it. Paths that reach the order service run on Netlify's local Blobs
 * server (found by `getStore` through NETLIFY_BLOBS_CONTEXT, as on Netlify) and write the local
 * sheet to a temporary LOCAL_SHEETS_DIR and the confirmation emails under it (LOCAL_MAIL_DIR);
 * Razorpay and Delhivery are their embedded local defaults.
 */

import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { getStore } from '@netlify/blobs';
import { BlobsServer } from '@netlify/blobs/server';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, type MockInstance, vi } from 'vitest';
import calculateShipping from '../../netlify/functions/calculate-shipping.mts';
import createOrder from '../../netlify/functions/create-order.mts';
import localGateway from '../../netlify/functions/local-gateway.mts';
import processCod from '../../netlify/functions/process-cod.mts';
import processPrepaid from '../../netlify/functions/process-prepaid.mts';
import razorpayWebhook from '../../netlify/functions/razorpay-webhook.mts';
import reconcileOrders from '../../netlify/functions/reconcile-orders.mts';
import verifyPayment from '../../netlify/functions/verify-payment.mts';
import { LOCAL_GATEWAY_STORE } from '../../netlify/lib/orders/deps.ts';
import { guardedStore, type JsonStore } from '../../netlify/lib/platform/blobs.ts';
import { database } from '../../netlify/lib/platform/database.ts';
import { hmacHex } from '../../netlify/lib/razorpay/signature.ts';
import { readCsv } from '../../src/content/sheet-csv.server.ts';

import {
  createPaymentOrderResponseSchema,
  errorEnvelopeSchema,
  localGatewayPayResponseSchema,
  orderResponseSchema,
  shippingQuoteResponseSchema,
  verifyPaymentResponseSchema,
} from '../../src/shop/schemas/index.ts';
import { text } from '../../src/shop/texts/server.ts';
import { functionsLog } from '../support/database.ts';
import { makeCustomer } from '../support/factories.ts';
import { allowPassthrough } from '../support/msw.ts';

type Handler = (request: Request) => Promise<Response>;

const FUNCTIONS: { name: string; path: string; handler: Handler }[] = [
  { name: 'process-cod', path: '/api/checkout/process-cod', handler: processCod },
  { name: 'create-order', path: '/api/razorpay/create-order', handler: createOrder },
  { name: 'verify-payment', path: '/api/razorpay/verify-payment', handler: verifyPayment },
  { name: 'process-prepaid', path: '/api/checkout/process-prepaid', handler: processPrepaid },
  { name: 'razorpay-webhook', path: '/api/razorpay/webhook', handler: razorpayWebhook },
  { name: 'local-gateway', path: '/api/local-gateway/pay', handler: localGateway },
];
/** The functions whose bodies go through a zod schema (the webhook verifies a raw body instead). */
const SCHEMA_FUNCTIONS = FUNCTIONS.filter((fn) => fn.name !== 'razorpay-webhook');

function call(handler: Handler, urlPath: string, body?: unknown, init: RequestInit = {}): Promise<Response> {
  return handler(
    new Request(`http://localhost${urlPath}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', ...(init.headers as Record<string, string> | undefined) },
      ...(body === undefined ? {} : { body: typeof body === 'string' ? body : JSON.stringify(body) }),
      ...(init.method ? { method: init.method } : {}),
    }),
  );
}

async function errorOf(response: Response) {
  return errorEnvelopeSchema.parse(await response.json()).error;
}

// ---- Netlify Blobs, found through the environment as the functions find it on Netlify --------

const SITE_ID = 'test-site';
const TOKEN = 'test-token';
let blobsDir: string;
let blobsServer: BlobsServer;
let blobsURL: string;
let releasePassthrough: () => void;
let blobsContext: string;

beforeAll(async () => {
  // tests/support/blobs.ts does not expose its server's address, which NETLIFY_BLOBS_CONTEXT needs.
  blobsDir = await mkdtemp(path.join(tmpdir(), 'ouo-fn-blobs-'));
  blobsServer = new BlobsServer({ directory: blobsDir, token: TOKEN, logger: () => undefined });
  const { port } = await blobsServer.start();
  blobsURL = `http://localhost:${port}`;
  releasePassthrough = allowPassthrough(blobsURL);
  blobsContext = Buffer.from(
    JSON.stringify({ siteID: SITE_ID, token: TOKEN, edgeURL: blobsURL, uncachedEdgeURL: blobsURL }),
  ).toString('base64');
});

afterAll(async () => {
  releasePassthrough();
  await blobsServer.stop();
  await rm(blobsDir, { recursive: true, force: true });
});

/** The store the functions write, read directly (API URL, not the environment) to check the log. */
function testStore(name: string): JsonStore {
  return guardedStore(getStore({ name, siteID: SITE_ID, token: TOKEN, apiURL: blobsURL }) as unknown as JsonStore);
}

async function storedOrder(orderId: string) {
  return (await functionsLog().get(orderId)) as
    | { orderId: string; status: string; razorpay?: { paymentId?: string }; customer: object }
    | undefined;
}

// ---- The environment: local defaults everywhere, Blobs on the test server ------------------

let sheetsDir: string;
let warn: MockInstance<typeof console.warn>;

beforeEach(async () => {
  sheetsDir = await mkdtemp(path.join(tmpdir(), 'ouo-fn-sheets-'));
  vi.stubEnv('NETLIFY_BLOBS_CONTEXT', blobsContext);
  vi.stubEnv('LOCAL_SHEETS_DIR', sheetsDir);
  vi.stubEnv('LOCAL_MAIL_DIR', path.join(sheetsDir, 'mail'));
  // These orders ship as placed: their confirmation (rule 17) is tested in cod-confirmation.test.ts.
  vi.stubEnv('COD_CONFIRMATION', 'off');
  for (const name of [
    'CONTEXT',
    'URL',
    'RAZORPAY_KEY_ID',
    'RAZORPAY_KEY_SECRET',
    'RAZORPAY_WEBHOOK_SECRET',
    'DELHIVERY_TOKEN',
    'DELHIVERY_BASE_URL',
    'SHEETS_WEBHOOK_URL',
    'SHEETS_WEBHOOK_SECRET',
    'SHEET_ID',
  ]) {
    vi.stubEnv(name, undefined);
  }
  warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
});

afterEach(async () => {
  vi.unstubAllEnvs();
  warn.mockRestore();
  await rm(sheetsDir, { recursive: true, force: true });
});

/** Razorpay's `order.paid` event for a captured payment of ₹1, as the webhook reads it. */
const orderPaidEvent = (paymentId: string, razorpayOrderId: string) =>
  JSON.stringify({
    event: 'order.paid',
    payload: {
      payment: {
        entity: { id: paymentId, order_id: razorpayOrderId, amount: 100, currency: 'INR', status: 'captured' },
      },
    },
  });

function useRazorpayKeys() {
  vi.stubEnv('RAZORPAY_KEY_ID', 'rzp_test_key');
  vi.stubEnv('RAZORPAY_KEY_SECRET', 'test_key_secret');
  vi.stubEnv('RAZORPAY_WEBHOOK_SECRET', 'hook_secret');
}

/** Rows of the local Orders tab (header dropped) for one order id. */
async function sheetRowsFor(orderId: string): Promise<string[][]> {
  const [header, ...rows] = await readCsv(ordersCsv(sheetsDir));
  if (!header) return [];
  const idColumn = header.indexOf('Order ID');
  return rows.filter((row) => row[idColumn] === orderId);
}

async function sheetColumn(rows: string[][], name: string): Promise<string[]> {
  const [header] = await readCsv(ordersCsv(sheetsDir));
  const index = header?.indexOf(name) ?? -1;
  return rows.map((row) => row[index] ?? '');
}

// ---- Orders ---------------------------------------------------------------------------------

let nextId = 1_733_000_000_000;
function newOrderId(): string {
  nextId += 1;
  return `OUO_${nextId}`;
}

// Below ₹1000, so the (carrier-less) fallback estimate prices the shipping.
const cart = [
  { productId: 1, size: '500gm', quantity: 1 },
  { productId: 6, size: '23gm', quantity: 1 },
];

/** What the checkout page does first: ask the server for its quote of this cart. */
async function serverTotal(mode: 'cod' | 'prepaid'): Promise<number> {
  const response = await call(calculateShipping, '/api/delhivery/calculate-shipping', {
    lines: cart,
    pincode: '248001',
    paymentMode: mode,
  });
  expect(response.status).toBe(200);
  const quote = shippingQuoteResponseSchema.parse(await response.json());
  expect(quote.source).toBe('estimate');
  return quote.total;
}

const codBody = (orderId: string, clientTotal: number) => ({
  orderId,
  customer: makeCustomer(),
  lines: cart,
  paymentMode: 'cod',
  clientTotal,
});

const prepaidBody = (orderId: string, clientTotal: number) => ({
  orderId,
  customer: makeCustomer(),
  lines: cart,
  clientTotal,
});

// ---- The boundary: methods, sizes, JSON, schemas --------------------------------------------

describe.each(FUNCTIONS)('$name at the HTTP boundary', ({ path: urlPath, handler }) => {
  it.each(['GET', 'PUT', 'DELETE'])('answers %s with 405 and an Allow header', async (method) => {
    const response = await call(handler, urlPath, undefined, { method });
    expect(response.status).toBe(405);
    expect(response.headers.get('Allow')).toBe('POST');
    expect(await errorOf(response)).toMatchObject({ code: 'METHOD_NOT_ALLOWED' });
  });

  it('refuses a 64 KB body with 413, without a crash', async () => {
    const body = JSON.stringify({ padding: 'x'.repeat(64 * 1024) });
    const response = await call(handler, urlPath, body);
    expect(response.status).toBe(413);
    expect(await errorOf(response)).toMatchObject({ code: 'BODY_TOO_LARGE' });
  });
});

describe.each(SCHEMA_FUNCTIONS)('$name body parsing', ({ path: urlPath, handler }) => {
  it('answers 422 with the error envelope and its issues when fields are missing', async () => {
    const response = await call(handler, urlPath, {});
    expect(response.status).toBe(422);
    const error = await errorOf(response);
    expect(error.code).toBe('VALIDATION_FAILED');
    expect(error.message).not.toBe('');
    expect(error.issues?.length).toBeGreaterThan(0);
    for (const issue of error.issues ?? []) expect(issue.path).not.toBe('');
  });

  it('answers 400 for a body that is not JSON', async () => {
    const response = await call(handler, urlPath, '{"orderId": "OUO_1733000000000",');
    expect(response.status).toBe(400);
    expect(await errorOf(response)).toMatchObject({ code: 'INVALID_JSON' });
  });

  it('answers 413 when the declared length is over the limit, before reading the body', async () => {
    const response = await call(handler, urlPath, '{}', { headers: { 'Content-Length': String(64 * 1024) } });
    expect(response.status).toBe(413);
  });
});

// ---- Only the shop's own pages can post (docs/shop-rules.md §7) ------------------------------

const JSON_POSTS = [
  ...SCHEMA_FUNCTIONS,
  { name: 'calculate-shipping', path: '/api/delhivery/calculate-shipping', handler: calculateShipping },
];
const CROSS_SITE = { Origin: 'https://evil.example', 'Sec-Fetch-Site': 'cross-site' };

describe.each(JSON_POSTS)('$name takes only JSON from our own pages', ({ path: urlPath, handler }) => {
  it('refuses a text/plain body (what any HTML form can send) with 415', async () => {
    const response = await call(handler, urlPath, '{}', { headers: { 'Content-Type': 'text/plain' } });
    expect(response.status).toBe(415);
    expect(await errorOf(response)).toMatchObject({ code: 'UNSUPPORTED_MEDIA_TYPE' });
  });

  it('refuses a post from another site with 403', async () => {
    const response = await call(handler, urlPath, '{}', { headers: CROSS_SITE });
    expect(response.status).toBe(403);
    expect(await errorOf(response)).toMatchObject({ code: 'CROSS_SITE' });
  });
});

describe('a cross-site or non-JSON order', () => {
  it('is refused by process-cod before anything is written: not in the log, not in the sheet', async () => {
    const total = await serverTotal('cod');
    const asForm = newOrderId();
    const fromForm = await call(processCod, '/api/checkout/process-cod', codBody(asForm, total), {
      headers: { 'Content-Type': 'text/plain;charset=UTF-8' },
    });
    expect(fromForm.status).toBe(415);
    const crossSite = newOrderId();
    const fromEvil = await call(processCod, '/api/checkout/process-cod', codBody(crossSite, total), {
      headers: CROSS_SITE,
    });
    expect(fromEvil.status).toBe(403);
    for (const orderId of [asForm, crossSite]) {
      expect(await storedOrder(orderId)).toBeUndefined();
      expect(await sheetRowsFor(orderId)).toEqual([]);
    }
  });

  it("is accepted from the shop's own page (same origin)", async () => {
    const total = await serverTotal('cod');
    const orderId = newOrderId();
    const response = await call(processCod, '/api/checkout/process-cod', codBody(orderId, total), {
      headers: { Origin: 'http://localhost', 'Sec-Fetch-Site': 'same-origin' },
    });
    expect(response.status).toBe(201);
    expect(await storedOrder(orderId)).toMatchObject({ status: 'forwarded' });
  });

  it('leaves the Razorpay webhook alone: it is signed, not posted by a page', async () => {
    useRazorpayKeys();
    const body = orderPaidEvent('pay_2', 'order_unknown_2');
    const response = await call(razorpayWebhook, '/api/razorpay/webhook', body, {
      headers: {
        ...CROSS_SITE,
        'Content-Type': 'text/plain',
        'X-Razorpay-Signature': hmacHex('hook_secret', body),
      },
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ ok: true, outcome: 'unknown order' });
  });
});

describe('process-cod and create-order validation', () => {
  it('names the missing customer fields and the empty cart', async () => {
    const response = await call(processCod, '/api/checkout/process-cod', {
      orderId: newOrderId(),
      customer: { name: 'Asha' },
      lines: [],
      paymentMode: 'cod',
      clientTotal: 100,
    });
    expect(response.status).toBe(422);
    const paths = (await errorOf(response)).issues?.map((issue) => issue.path);
    expect(paths).toEqual(expect.arrayContaining(['customer.email', 'customer.phone', 'customer.pincode', 'lines']));
  });

  it('refuses a malformed order id and a non-COD payment mode on the COD endpoint', async () => {
    const total = await serverTotal('cod');
    const badId = await call(processCod, '/api/checkout/process-cod', codBody('OUO_123', total));
    expect(badId.status).toBe(422);
    const prepaid = await call(processCod, '/api/checkout/process-cod', {
      ...codBody(newOrderId(), total),
      paymentMode: 'prepaid',
    });
    expect(prepaid.status).toBe(422);
  });
});

describe('verify-payment signatures', () => {
  /** Asks verify-payment about payment pay_x of `orderId` with `signature`. */
  const verifySignature = (orderId: string, signature: string) =>
    call(verifyPayment, '/api/razorpay/verify-payment', {
      razorpay_order_id: orderId,
      razorpay_payment_id: 'pay_x',
      razorpay_signature: signature,
    });

  it.each([
    ['too short', 'abc'],
    ['one character short', 'a'.repeat(63)],
    ['not hex', 'z'.repeat(64)],
    ['hex with a space', `${'a'.repeat(32)} ${'a'.repeat(31)}`],
    ['base64', Buffer.alloc(32).toString('base64')],
  ])('answers 400 (never 500) for a signature that is %s', async (_label, razorpay_signature) => {
    const response = await verifySignature('order_x', razorpay_signature);
    expect(response.status).toBe(400);
    expect(await errorOf(response)).toMatchObject({ code: 'INVALID_SIGNATURE' });
  });

  it('answers 422 for a signature longer than any signature', async () => {
    const response = await verifySignature('order_x', 'a'.repeat(257));
    expect(response.status).toBe(422);
  });

  it('answers verified: false for a well-formed signature of an order we never created', async () => {
    const response = await verifySignature('order_unknown', 'a'.repeat(64));
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ verified: false });
  });

  it('process-prepaid answers 400 for a malformed signature too', async () => {
    const response = await call(processPrepaid, '/api/checkout/process-prepaid', {
      orderId: newOrderId(),
      razorpay_order_id: 'order_x',
      razorpay_payment_id: 'pay_x',
      razorpay_signature: 'not-a-signature',
    });
    expect(response.status).toBe(400);
    expect(await errorOf(response)).toMatchObject({ code: 'INVALID_SIGNATURE' });
  });
});

describe('razorpay-webhook', () => {
  const signed = (body: string) => ({ headers: { 'X-Razorpay-Signature': hmacHex('hook_secret', body) } });

  it('answers 503 when Razorpay has keys but no webhook secret is configured', async () => {
    vi.stubEnv('RAZORPAY_KEY_ID', 'rzp_test_key');
    vi.stubEnv('RAZORPAY_KEY_SECRET', 'test_key_secret');
    const response = await call(razorpayWebhook, '/api/razorpay/webhook', '{"event":"order.paid"}');
    expect(response.status).toBe(503);
    expect(await errorOf(response)).toMatchObject({ code: 'WEBHOOK_NOT_CONFIGURED' });
  });

  it('answers 400 for a missing or wrong signature', async () => {
    useRazorpayKeys();
    const body = '{"event":"order.paid","payload":{}}';
    const attempts: Record<string, string>[] = [
      {},
      { 'X-Razorpay-Signature': 'abc' },
      { 'X-Razorpay-Signature': 'a'.repeat(64) },
    ];
    for (const headers of attempts) {
      const response = await call(razorpayWebhook, '/api/razorpay/webhook', body, { headers });
      expect(response.status).toBe(400);
      expect(await errorOf(response)).toMatchObject({ code: 'INVALID_SIGNATURE' });
    }
  });

  it('answers 400 for a signed body that is not JSON or not a Razorpay event (it has no 422)', async () => {
    useRazorpayKeys();
    for (const body of ['{"event":', '{"payload":{}}']) {
      const response = await call(razorpayWebhook, '/api/razorpay/webhook', body, signed(body));
      expect(response.status).toBe(400);
      expect(await errorOf(response)).toMatchObject({ code: 'INVALID_EVENT' });
    }
  });

  it('acknowledges a signed event for an order it does not know, changing nothing', async () => {
    useRazorpayKeys();
    const body = orderPaidEvent('pay_1', 'order_unknown');
    const response = await call(razorpayWebhook, '/api/razorpay/webhook', body, signed(body));
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ ok: true, event: 'order.paid', outcome: 'unknown order' });
  });
});

describe('local-gateway', () => {
  const pay = (body: unknown) => call(localGateway, '/api/local-gateway/pay', body);

  it('does not exist in production (404), whatever the body', async () => {
    vi.stubEnv('CONTEXT', 'production');
    for (const body of [{ razorpay_order_id: 'order_x', outcome: 'success' }, {}, '{oops']) {
      const response = await pay(body);
      expect(response.status).toBe(404);
      expect(await errorOf(response)).toMatchObject({ code: 'NOT_FOUND' });
    }
  });

  it('does not exist when Razorpay keys are set (404)', async () => {
    useRazorpayKeys();
    const response = await pay({ razorpay_order_id: 'order_x', outcome: 'success' });
    expect(response.status).toBe(404);
  });

  it('answers 404 for a payment order it never created', async () => {
    const response = await pay({ razorpay_order_id: 'order_local_none', outcome: 'success' });
    expect(response.status).toBe(404);
    expect(await errorOf(response)).toMatchObject({ code: 'UNKNOWN_ORDER' });
  });

  it('refuses an unknown outcome with 422', async () => {
    const response = await pay({ razorpay_order_id: 'order_x', outcome: 'maybe' });
    expect(response.status).toBe(422);
  });
});

// ---- Whole orders through the handlers ------------------------------------------------------

describe('a COD order through process-cod', () => {
  it('is recorded (201), forwarded to the local sheet, and recorded once however often it is posted', async () => {
    const total = await serverTotal('cod');
    expect(total).toBe(694 + 66 + 150); // 523 g: the estimate round(0.523 × 50 + 40) = ₹66, plus COD ₹150
    const orderId = newOrderId();
    const first = await call(processCod, '/api/checkout/process-cod', codBody(orderId, total));
    expect(first.status).toBe(201);
    const accepted = orderResponseSchema.parse(await first.json());
    expect(accepted).toEqual({ success: true, orderId, total, status: 'forwarded', key: expect.any(String) });

    const again = await call(processCod, '/api/checkout/process-cod', codBody(orderId, total));
    expect(again.status).toBe(200);
    // The resend gets the same key: the order page it opens is the one order's.
    expect(orderResponseSchema.parse(await again.clone().json()).key).toBe(accepted.key);
    expect(await again.json()).toMatchObject({ orderId, total });

    const rows = await sheetRowsFor(orderId);
    expect(rows).toHaveLength(cart.length); // one row per item, once
    expect(await sheetColumn(rows, 'Product')).toEqual(['Himalayan White Rajma', 'Wild Himalayan Tempering Spice']);
    expect(await sheetColumn(rows, 'Payment Mode')).toEqual(['COD', 'COD']);
    expect(await sheetColumn(rows, 'Total')).toEqual([String(total), String(total)]);
    expect(await storedOrder(orderId)).toMatchObject({ orderId, status: 'forwarded' });
    // The shopper's confirmation, written by the local mail stand-in, links to the order's own page.
    const email = await readFile(path.join(sheetsDir, 'mail', `${orderId}.html`), 'utf8');
    expect(email).toContain(`<title>Your order ${orderId} at Orang Utan Organics</title>`);
    expect(email).toContain(`href="http://localhost:8888/orders/${orderId}?key=${accepted.key}"`);
  });

  /** One new COD order posted twice at the same moment: its id and both answers. */
  async function postCodTwiceAtOnce() {
    const total = await serverTotal('cod');
    const orderId = newOrderId();
    const post = () => call(processCod, '/api/checkout/process-cod', codBody(orderId, total));
    return { orderId, responses: await Promise.all([post(), post()]) };
  }

  it('reaches the sheet once when the same order is posted twice at the same moment', async () => {
    const { orderId, responses } = await postCodTwiceAtOnce();
    const bodies = await Promise.all(responses.map((response) => response.json()));
    expect(bodies.map((body) => body.orderId)).toEqual([orderId, orderId]);
    expect(await sheetRowsFor(orderId)).toHaveLength(cart.length);
    expect(await storedOrder(orderId)).toMatchObject({ status: 'forwarded' });
  });

  // Guards the shared write queue in netlify/lib/platform/blobs.ts: `createDeps()` makes new store objects for
  // every request and the local Blobs server checks `If-None-Match: *` without a lock, so before the
  // queue was per process both requests answered 201 and the second overwrote the first record.
  // (Under `npm start` each request runs in its own worker thread, where no in-process queue helps.)
  it('creates the order once (one 201, one 200) when it is posted twice at the same moment', async () => {
    const { responses } = await postCodTwiceAtOnce();
    expect(responses.map((response) => response.status).sort()).toEqual([200, 201]);
  });

  // Netlify's function emulation (`npm run dev`) runs every request in its own worker thread with
  // its own copy of the modules, and the local Blobs server gives no ETag on reads: the lock in
  // netlify/lib/platform/blobs.ts is a lock directory, so it spans threads too. Two fresh imports of the
  // function stand in for two workers.
  it('records a double submit once when each request runs in its own worker thread', async () => {
    const total = await serverTotal('cod');
    for (let pair = 0; pair < 4; pair += 1) {
      const orderId = newOrderId();
      vi.resetModules();
      const inFirstWorker = (await import('../../netlify/functions/process-cod.mts')).default;
      vi.resetModules();
      const inSecondWorker = (await import('../../netlify/functions/process-cod.mts')).default;
      const responses = await Promise.all([
        call(inFirstWorker, '/api/checkout/process-cod', codBody(orderId, total)),
        call(inSecondWorker, '/api/checkout/process-cod', codBody(orderId, total)),
      ]);
      expect(responses.map((response) => response.status).sort()).toEqual([200, 201]);
      expect(await sheetRowsFor(orderId)).toHaveLength(cart.length);
    }
  });

  it('refuses a tampered total with 409 TOTAL_MISMATCH and records nothing', async () => {
    const total = await serverTotal('cod');
    const orderId = newOrderId();
    const response = await call(processCod, '/api/checkout/process-cod', codBody(orderId, total - 100));
    expect(response.status).toBe(409);
    const error = await errorOf(response);
    expect(error.code).toBe('TOTAL_MISMATCH');
    expect(error.message).toContain(`₹${total}`);
    expect(await sheetRowsFor(orderId)).toEqual([]);
    expect(await storedOrder(orderId)).toBeUndefined();
  });

  it.each([
    ['a name of one zero-width space', { name: '\u200b' }],
    ['an address line of a NUL', { address1: '\u0000' }],
    ['a name of bidi marks and a no-break space', { name: '\u200e\u00a0\u202e' }],
  ])('refuses %s as missing (422) and records nothing (issue 37 §1)', async (_name, change) => {
    const total = await serverTotal('cod');
    const orderId = newOrderId();
    const body = { ...codBody(orderId, total), customer: makeCustomer(change) };
    const response = await call(processCod, '/api/checkout/process-cod', body);
    expect(response.status).toBe(422);
    expect((await errorOf(response)).code).toBe('VALIDATION_FAILED');
    expect(await sheetRowsFor(orderId)).toEqual([]);
    expect(await storedOrder(orderId)).toBeUndefined();
  });

  it('stores what the shopper meant: invisible and control characters gone, spaces collapsed (issue 37 §1)', async () => {
    const total = await serverTotal('cod');
    const orderId = newOrderId();
    const customer = makeCustomer({ name: ' Asha\u200b  Rawat\u0000 ', address1: '12\u00a0\u00a0Mall\u200e Road' });
    const response = await call(processCod, '/api/checkout/process-cod', { ...codBody(orderId, total), customer });
    expect(response.status).toBe(201);
    const placed = (await response.json()) as { orderId: string };
    expect(placed.orderId).toBe(orderId);
    expect((await storedOrder(orderId))?.customer).toMatchObject({
      name: 'Asha Rawat',
      address1: '12 Mall Road',
    });
    const rows = await sheetRowsFor(placed.orderId);
    expect(rows.length).toBeGreaterThan(0);
    const invisible = ['\u0000', '\u200b', '\u200e'];
    expect(rows.flat().filter((cell) => invisible.some((char) => cell.includes(char)))).toEqual([]);
  });

  it('ignores a tampered price or weight in the lines: the schema strips them, the server prices', async () => {
    const total = await serverTotal('cod');
    const orderId = newOrderId();
    const tampered = {
      ...codBody(orderId, total),
      lines: cart.map((line) => ({ ...line, price: 1, weight: 1 })),
    };
    const response = await call(processCod, '/api/checkout/process-cod', tampered);
    expect(response.status).toBe(201);
    expect(await sheetColumn(await sheetRowsFor(orderId), 'Unit Price')).toEqual(['347', '347']);
  });
});

describe('a prepaid order through create-order → local gateway → verify-payment → process-prepaid', () => {
  async function startPayment(orderId: string) {
    const total = await serverTotal('prepaid');
    const response = await call(createOrder, '/api/razorpay/create-order', prepaidBody(orderId, total));
    expect(response.status).toBe(200);
    const created = createPaymentOrderResponseSchema.parse(await response.json());
    expect(created).toMatchObject({
      success: true,
      order: { amount: total * 100, currency: 'INR' },
      key_id: 'rzp_local_test',
      gateway: 'local',
      orderId,
      total,
    });
    return created;
  }

  it('completes a paid order once, and the sheet row carries the payment id', async () => {
    const orderId = newOrderId();
    const created = await startPayment(orderId);
    const json = JSON.stringify(created);
    expect(json).not.toContain('local-test-secret'); // no secret in a response

    const paid = await call(localGateway, '/api/local-gateway/pay', {
      razorpay_order_id: created.order.id,
      outcome: 'success',
    });
    expect(paid.status).toBe(200);
    const payment = localGatewayPayResponseSchema.parse(await paid.json());
    if ('error' in payment) throw new Error(payment.error.description);

    const verified = await call(verifyPayment, '/api/razorpay/verify-payment', payment);
    expect(verified.status).toBe(200);
    expect(verifyPaymentResponseSchema.parse(await verified.json())).toEqual({ verified: true });
    expect(await sheetRowsFor(orderId)).toEqual([]); // verifying is not completing

    const done = await call(processPrepaid, '/api/checkout/process-prepaid', { orderId, ...payment });
    expect(done.status).toBe(200);
    expect(orderResponseSchema.parse(await done.json())).toMatchObject({
      success: true,
      orderId,
      status: 'forwarded',
    });
    const again = await call(processPrepaid, '/api/checkout/process-prepaid', { orderId, ...payment });
    expect(again.status).toBe(200);

    const rows = await sheetRowsFor(orderId);
    expect(rows).toHaveLength(cart.length);
    expect(await sheetColumn(rows, 'Payment Mode')).toEqual(['Prepaid', 'Prepaid']);
    expect(await sheetColumn(rows, 'Payment Status')).toEqual(['Completed', 'Completed']);
    expect(await sheetColumn(rows, 'Payment ID')).toEqual([payment.razorpay_payment_id, payment.razorpay_payment_id]);
    expect(await storedOrder(orderId)).toMatchObject({
      status: 'forwarded',
      razorpay: { paymentId: payment.razorpay_payment_id },
    });
  });

  it('creates one payment order however often create-order is called', async () => {
    const orderId = newOrderId();
    const first = await startPayment(orderId);
    const second = await startPayment(orderId);
    expect(second.order.id).toBe(first.order.id);
  });

  it('answers 503 (Cash on Delivery still possible) in production without Razorpay keys', async () => {
    const total = await serverTotal('prepaid');
    vi.stubEnv('CONTEXT', 'production');
    const orderId = newOrderId();
    const response = await call(createOrder, '/api/razorpay/create-order', prepaidBody(orderId, total));
    expect(response.status).toBe(503);
    expect(await errorOf(response)).toMatchObject({ code: 'PAYMENTS_UNAVAILABLE' });
    // An answer the shop expects, not a failure: the reason is a warning in the log, not an error.
    expect(vi.mocked(console.warn)).toHaveBeenCalledWith(expect.stringMatching(/^payments: off here: /));
    expect(await storedOrder(orderId)).toBeUndefined();
  });

  it('refuses a tampered total with 409 and starts no payment', async () => {
    const total = await serverTotal('prepaid');
    const orderId = newOrderId();
    const response = await call(createOrder, '/api/razorpay/create-order', prepaidBody(orderId, total + 1));
    expect(response.status).toBe(409);
    expect(await errorOf(response)).toMatchObject({ code: 'TOTAL_MISMATCH' });
    expect(await storedOrder(orderId)).toBeUndefined();
  });

  it('refuses a made-up payment: not verified, not completed, nothing in the sheet', async () => {
    const orderId = newOrderId();
    const created = await startPayment(orderId);
    const madeUp = {
      razorpay_order_id: created.order.id,
      razorpay_payment_id: 'pay_madeup',
      razorpay_signature: hmacHex('guessed-secret', `${created.order.id}|pay_madeup`),
    };
    const verified = await call(verifyPayment, '/api/razorpay/verify-payment', madeUp);
    expect(await verified.json()).toEqual({ verified: false });
    const completed = await call(processPrepaid, '/api/checkout/process-prepaid', { orderId, ...madeUp });
    expect(completed.status).toBe(400);
    expect(await errorOf(completed)).toMatchObject({ code: 'PAYMENT_NOT_VERIFIED' });
    expect(await sheetRowsFor(orderId)).toEqual([]);
    expect(await storedOrder(orderId)).toMatchObject({ status: 'pending' });
  });

  it('refuses a real payment presented for another order (404), and a declined test payment', async () => {
    const paidFor = newOrderId();
    const created = await startPayment(paidFor);
    const paid = localGatewayPayResponseSchema.parse(
      await (
        await call(localGateway, '/api/local-gateway/pay', { razorpay_order_id: created.order.id, outcome: 'success' })
      ).json(),
    );
    if ('error' in paid) throw new Error(paid.error.description);
    const other = newOrderId();
    await startPayment(other);
    const misused = await call(processPrepaid, '/api/checkout/process-prepaid', { orderId: other, ...paid });
    expect(misused.status).toBe(404);
    expect(await errorOf(misused)).toMatchObject({ code: 'UNKNOWN_PAYMENT' });
    expect(await sheetRowsFor(other)).toEqual([]);

    const declinedFor = newOrderId();
    const declined = await startPayment(declinedFor);
    const failure = await call(localGateway, '/api/local-gateway/pay', {
      razorpay_order_id: declined.order.id,
      outcome: 'failure',
    });
    expect(localGatewayPayResponseSchema.parse(await failure.json())).toMatchObject({
      error: { code: 'BAD_REQUEST_ERROR' },
    });
    expect(await storedOrder(declinedFor)).toMatchObject({ status: 'pending' });
  });
});

// The local gateway's payment orders live in their own store: make sure the functions and this
// file agree on where, so the flow above really ran on the test server.
describe('where the functions keep their data', () => {
  it('writes the order log and the local gateway to the Blobs server named by NETLIFY_BLOBS_CONTEXT', async () => {
    const orderId = newOrderId();
    const total = await serverTotal('prepaid');
    const created = createPaymentOrderResponseSchema.parse(
      await (await call(createOrder, '/api/razorpay/create-order', prepaidBody(orderId, total))).json(),
    );
    expect(await storedOrder(orderId)).toMatchObject({ orderId, status: 'pending' });
    const gatewayOrder = await testStore(LOCAL_GATEWAY_STORE).getWithMetadata(`gateway-order-${created.order.id}`, {
      type: 'json',
    });
    expect(gatewayOrder?.data).toMatchObject({ receipt: orderId, amountPaise: total * 100 });
  });
});

// An order whose record cannot be read as an order (a row written by hand, a bad migration) once
// threw out of the reconciler's loop and stopped it for every order (first seen with zero-byte
// `order-*` files in the local Blobs sandbox during the 200-order bench).
describe('an unreadable record in the order log', () => {
  it('does not stop the reconciler from forwarding the other orders', async () => {
    const total = await serverTotal('cod');
    const goodId = newOrderId();
    // The sheet cannot be written (its folder is a file), so the order waits for the reconciler.
    const blocked = path.join(sheetsDir, 'blocked');
    await writeFile(blocked, '');
    vi.stubEnv('LOCAL_SHEETS_DIR', path.join(blocked, 'sheets'));
    const placed = await call(processCod, '/api/checkout/process-cod', codBody(goodId, total));
    expect(await placed.json()).toMatchObject({ orderId: goodId, status: 'pending' });
    vi.stubEnv('LOCAL_SHEETS_DIR', sheetsDir);

    const brokenId = 'OUO_1000000000001';
    await database().query(
      `insert into orders (order_id, created_at, updated_at, status, mode, phone, is_open, needs_attention,
         needs_refund, parcel_open, record) values ($1, now(), now(), 'pending', 'cod', '', true, false, false, false, '{}')`,
      [brokenId],
    );
    // Retries back off: the reconciler's next run is 15 minutes later.
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 15 * 60 * 1000 });
    try {
      await reconcileOrders();
      expect(await sheetRowsFor(goodId)).toHaveLength(cart.length);
    } finally {
      vi.useRealTimers();
      await database().query('delete from orders where order_id = $1', [brokenId]);
    }
  });
});

describe('the database unreachable at Place Order', () => {
  it('tells the shopper the order was not placed, keeps nothing half-written, and takes the same order once it is back', async () => {
    const total = await serverTotal('cod');
    const orderId = newOrderId();
    const database = process.env.NETLIFY_DB_URL ?? '';
    vi.stubEnv('NETLIFY_DB_URL', 'postgres://postgres@127.0.0.1:9/postgres');
    const refused = await call(processCod, '/api/checkout/process-cod', codBody(orderId, total));
    vi.stubEnv('NETLIFY_DB_URL', database);
    // The shop's own words, never "placed": the browser's outbox keeps the order and sends it again.
    expect(refused.status).toBe(500);
    expect(await errorOf(refused)).toEqual({ code: 'INTERNAL_ERROR', message: text('order.failed.placeCod') });
    expect(vi.mocked(console.error)).toHaveBeenCalledWith('process-cod: unexpected failure', expect.anything());
    vi.mocked(console.error).mockClear();
    expect(await storedOrder(orderId)).toBeUndefined();
    expect(await sheetRowsFor(orderId)).toEqual([]);

    const placed = await call(processCod, '/api/checkout/process-cod', codBody(orderId, total));
    expect(placed.status).toBe(201);
    expect(await storedOrder(orderId)).toMatchObject({ orderId, status: 'forwarded' });
    expect(await sheetRowsFor(orderId)).toHaveLength(cart.length);
  });
});
