/**
 * The payment functions at the HTTP boundary against a fake Razorpay upstream (RAZORPAY_BASE_URL),
 * with the order log on Netlify's local Blobs server and the Sheet in a temporary folder: what a
 * shopper's payment comes to when Razorpay authorizes without capturing, pays late, or is paid twice.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { ordersCsv } from '#tests/support/sheets.ts';
import createOrder from '../../netlify/functions/create-order.mts';
import health from '../../netlify/functions/health.mts';
import processPrepaid from '../../netlify/functions/process-prepaid.mts';
import razorpayWebhook from '../../netlify/functions/razorpay-webhook.mts';
import reconcileOrders from '../../netlify/functions/reconcile-orders.mts';
import { hmacHex, paymentSignature } from '../../netlify/lib/razorpay/signature.ts';
import { readCsv } from '../../src/content/sheet-csv.server.ts';
import { createPaymentOrderResponseSchema } from '../../src/shop/schemas/index.ts';
import { startTestBlobs, type TestBlobs } from '../support/blobs.ts';
import { FAKE_KEYS, type FakeRazorpay, startFakeRazorpay } from '../support/fake-razorpay.ts';
import { staffHealthRequest } from '../support/functions.ts';
import { prepaidRequest } from '../support/orders.ts';

let blobs: TestBlobs;
let fake: FakeRazorpay;
let sheetsDir: string;

beforeAll(async () => {
  [blobs, fake] = await Promise.all([startTestBlobs(), startFakeRazorpay()]);
});
afterAll(() => Promise.all([blobs.stop(), fake.stop()]));

beforeEach(async () => {
  sheetsDir = await mkdtemp(path.join(tmpdir(), 'ouo-contract-sheets-'));
  vi.stubEnv('NETLIFY_BLOBS_CONTEXT', blobs.context);
  vi.stubEnv('LOCAL_SHEETS_DIR', sheetsDir);
  vi.stubEnv('CONTEXT', 'dev');
  vi.stubEnv('RAZORPAY_BASE_URL', fake.baseUrl);
  for (const [name, value] of Object.entries(FAKE_KEYS)) vi.stubEnv(name, value);
  for (const name of ['DELHIVERY_TOKEN', 'SHEETS_WEBHOOK_URL', 'SHEETS_WEBHOOK_SECRET', 'SHEET_ID']) {
    vi.stubEnv(name, undefined);
  }
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  vi.spyOn(console, 'log').mockImplementation(() => undefined);
});

afterEach(async () => {
  vi.unstubAllEnvs();
  vi.useRealTimers();
  vi.restoreAllMocks();
  await rm(sheetsDir, { recursive: true, force: true });
});

const post = (handler: (request: Request) => Promise<Response>, url: string, body: unknown, headers = {}) =>
  handler(
    new Request(`http://localhost${url}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: typeof body === 'string' ? body : JSON.stringify(body),
    }),
  );

let sequence = 0;
async function startPayment() {
  sequence += 1;
  const orderId = `OUO_${Date.now() + sequence * 1000}`;
  const response = await post(createOrder, '/api/razorpay/create-order', prepaidRequest(orderId));
  expect(response.status).toBe(200);
  const created = createPaymentOrderResponseSchema.parse(await response.json());
  return { orderId, rzp: created.order.id, amount: created.order.amount };
}

const callback = (orderId: string, rzp: string, paymentId: string) => ({
  orderId,
  razorpay_order_id: rzp,
  razorpay_payment_id: paymentId,
  razorpay_signature: paymentSignature(rzp, paymentId, FAKE_KEYS.RAZORPAY_KEY_SECRET),
});

function webhook(event: string, payment: object, eventId: string) {
  const body = JSON.stringify({ entity: 'event', event, payload: { payment: { entity: payment } } });
  return post(razorpayWebhook, '/api/razorpay/webhook', body, {
    'x-razorpay-signature': hmacHex(FAKE_KEYS.RAZORPAY_WEBHOOK_SECRET, body),
    'x-razorpay-event-id': eventId,
  });
}

/** The local Orders tab's Status and Payment ID cells for one order (one row per line). */
async function sheetStatus(orderId: string) {
  const [header = [], ...rows] = await readCsv(ordersCsv(sheetsDir)).catch(() => [] as string[][]);
  const mine = rows.filter((row) => row[header.indexOf('Order ID')] === orderId);
  return mine.map((row) => `${row[header.indexOf('Status')]} / ${row[header.indexOf('Payment ID')]}`);
}

describe('an authorized payment', () => {
  it('is not booked while Razorpay cannot capture it; the shopper hears "confirming"; the webhook finishes it', async () => {
    const { orderId, rzp } = await startPayment();
    const payment = fake.pay(rzp, { status: 'authorized', captured: false });
    fake.captureDown = true;
    try {
      const answer = await post(processPrepaid, '/api/checkout/process-prepaid', callback(orderId, rzp, payment.id));
      expect(answer.status).toBe(202);
      expect(await answer.json()).toMatchObject({ success: true, orderId, status: 'pending', confirming: true });
      expect(await sheetStatus(orderId)).toEqual([]);
    } finally {
      fake.captureDown = false;
    }
    const event = await webhook('payment.authorized', payment, `evt_auth_${orderId}`);
    expect(await event.json()).toMatchObject({ outcome: 'forwarded' });
    expect(fake.payments.get(payment.id)).toMatchObject({ status: 'captured' });
    expect(await sheetStatus(orderId)).toEqual([`Booked / ${payment.id}`]);
  });
});

describe('a signed event with an id that can be no storage key (issue 46 §A)', () => {
  it('is answered 200 and ignored, logged, never 500: Razorpay would send it again for a day', async () => {
    const { orderId, rzp } = await startPayment();
    const payment = fake.pay(rzp);
    const answers = [
      await webhook('payment.captured', payment, 'evt:1'),
      await webhook('payment.captured', payment, 'a/b'),
      await webhook('payment.captured', payment, 'e'.repeat(300)),
      await webhook('payment.captured', { ...payment, order_id: 'a/b' }, `evt_key_${orderId}`),
      await webhook('payment.captured', { ...payment, order_id: `order_${'x'.repeat(300)}` }, `evt_key2_${orderId}`),
    ];
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200, 200]);
    for (const answer of answers)
      expect(await answer.json()).toMatchObject({ ok: true, outcome: expect.stringMatching(/^ignored: /) });
    expect(vi.mocked(console.error)).toHaveBeenCalledTimes(answers.length);
    vi.mocked(console.error).mockClear();
    expect(await sheetStatus(orderId)).toEqual([]);
  });
});

describe('a late payment', () => {
  it('completes an order the reconciler expired, when payment.captured arrives at minute 16', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const { orderId, rzp } = await startPayment();
    vi.setSystemTime(Date.now() + 16 * 60 * 1000);
    const report = await (await reconcileOrders()).json();
    expect(report.expired).toContain(orderId);
    const late = fake.pay(rzp);
    const event = await webhook('payment.captured', late, `evt_late_${orderId}`);
    expect(await event.json()).toMatchObject({ outcome: 'forwarded' });
    expect(await sheetStatus(orderId)).toEqual([`Booked / ${late.id}`]);
  });
});

describe('a second payment', () => {
  it('is recorded for refund: the Sheet says so and /api/health counts it', async () => {
    const before = (await (await health(staffHealthRequest())).json()).orders.needsRefund;
    const { orderId, rzp } = await startPayment();
    const first = fake.pay(rzp);
    const second = fake.pay(rzp);
    await post(processPrepaid, '/api/checkout/process-prepaid', callback(orderId, rzp, first.id));
    // The second tab's callback: its payment is real money too, and is never dropped.
    const again = await post(processPrepaid, '/api/checkout/process-prepaid', callback(orderId, rzp, second.id));
    expect(again.status).toBe(200);
    expect(await sheetStatus(orderId)).toEqual([
      `Needs refund: paid again by ${second.id} (the order is paid by ${first.id}) / ${first.id}`,
    ]);
    const after = await (await health(staffHealthRequest())).json();
    expect(after.orders.needsRefund).toBe(before + 1);
  });
});

describe('concurrent create-order calls', () => {
  it('make one Razorpay order for one shop order', async () => {
    const orderId = `OUO_${Date.now() + 500_000}`;
    const ordersBefore = fake.orders.size;
    fake.orderDelayMs = 300;
    try {
      const answers = await Promise.all(
        Array.from({ length: 10 }, () => post(createOrder, '/api/razorpay/create-order', prepaidRequest(orderId))),
      );
      expect(answers.map((answer) => answer.status)).toEqual(Array(10).fill(200));
      const ids = new Set(await Promise.all(answers.map(async (answer) => (await answer.json()).order.id)));
      expect(ids.size).toBe(1);
    } finally {
      fake.orderDelayMs = 0;
    }
    expect(fake.orders.size - ordersBefore).toBe(1);
  });
});
