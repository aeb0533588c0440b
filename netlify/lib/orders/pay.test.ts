import { HttpResponse, http } from 'msw';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startTestBlobs, type TestBlobs } from '../../../tests/support/blobs.ts';
import { server } from '../../../tests/support/msw.ts';
import { orderWorld, prepaidRequest, RAJMA_PREPAID_TOTAL } from '../../../tests/support/orders.ts';
import { payLocally } from '../razorpay/local-gateway.ts';
import { hmacHex, paymentSignature } from '../razorpay/signature.ts';
import { createPaymentOrder, processPrepaid, verifyPayment } from './pay.ts';
import { reconcile } from './reconcile.ts';
import { handleRazorpayWebhook } from './webhook.ts';

let blobs: TestBlobs;
beforeAll(async () => {
  blobs = await startTestBlobs();
});
afterAll(() => blobs.stop());

describe('prepaid with the local test gateway', () => {
  it('creates a payment order for the server total, then completes on a real signature', async () => {
    const world = orderWorld(blobs);
    const created = await createPaymentOrder(world.deps, prepaidRequest('OUO_1732000000101'));
    if (!created.ok) throw new Error(created.message);
    expect(created.body).toMatchObject({
      success: true,
      order: { amount: RAJMA_PREPAID_TOTAL * 100, currency: 'INR' },
      key_id: 'rzp_local_test',
      gateway: 'local',
      orderId: 'OUO_1732000000101',
    });
    const payment = await payLocally(blobs.store(world.gatewayStoreName), created.body.order.id, 'success');
    if (!payment || 'error' in payment) throw new Error('payment failed');
    expect(await verifyPayment(world.deps, payment)).toEqual({ ok: true, status: 200, body: { verified: true } });
    expect(world.sheetRows).toEqual([]); // nothing is forwarded before the payment is proven
    const done = await processPrepaid(world.deps, { orderId: 'OUO_1732000000101', ...payment });
    expect(done).toMatchObject({ ok: true, body: { status: 'forwarded', total: RAJMA_PREPAID_TOTAL } });
    expect(world.sheetRows[0]).toMatchObject({
      paymentMode: 'Prepaid',
      paymentStatus: 'Completed',
      paymentId: payment.razorpay_payment_id,
    });
    expect(world.shipments[0]).toMatchObject({ payment_mode: 'Prepaid', cod_amount: 0 });
    // The browser retrying changes nothing.
    await processPrepaid(world.deps, { orderId: 'OUO_1732000000101', ...payment });
    expect(world.sheetRows).toHaveLength(1);
    expect(world.shipments).toHaveLength(1);
  });

  it('creates one payment order however often the browser asks', async () => {
    const world = orderWorld(blobs);
    const first = await createPaymentOrder(world.deps, prepaidRequest('OUO_1732000000102'));
    const again = await createPaymentOrder(world.deps, prepaidRequest('OUO_1732000000102'));
    expect(first.ok && again.ok && again.body.order.id).toBe(first.ok && first.body.order.id);
  });

  it('refuses a made-up payment', async () => {
    const world = orderWorld(blobs);
    const created = await createPaymentOrder(world.deps, prepaidRequest('OUO_1732000000103'));
    if (!created.ok) throw new Error(created.message);
    const madeUp = {
      orderId: 'OUO_1732000000103',
      razorpay_order_id: created.body.order.id,
      razorpay_payment_id: 'pay_madeup',
      razorpay_signature: hmacHex('guessed-secret', `${created.body.order.id}|pay_madeup`),
    };
    expect(await processPrepaid(world.deps, madeUp)).toMatchObject({
      ok: false,
      status: 400,
      code: 'PAYMENT_NOT_VERIFIED',
    });
    expect(await verifyPayment(world.deps, madeUp)).toMatchObject({ body: { verified: false } });
    expect((await world.deps.log.get('OUO_1732000000103'))?.status).toBe('pending');
    expect(world.sheetRows).toEqual([]);
  });

  it('answers 400, not a crash, for a signature of the wrong length or alphabet', async () => {
    const world = orderWorld(blobs);
    for (const razorpay_signature of ['abc', 'z'.repeat(64), 'a'.repeat(63)]) {
      const input = { razorpay_order_id: 'order_x', razorpay_payment_id: 'pay_x', razorpay_signature };
      expect(await verifyPayment(world.deps, input)).toMatchObject({
        ok: false,
        status: 400,
        code: 'INVALID_SIGNATURE',
      });
      expect(await processPrepaid(world.deps, { orderId: 'OUO_1732000000104', ...input })).toMatchObject({
        status: 400,
      });
    }
  });

  it('refuses a signature for a different Razorpay order than the one stored', async () => {
    const world = orderWorld(blobs);
    const created = await createPaymentOrder(world.deps, prepaidRequest('OUO_1732000000105'));
    if (!created.ok) throw new Error(created.message);
    const forged = {
      orderId: 'OUO_1732000000105',
      razorpay_order_id: 'order_someone_else',
      razorpay_payment_id: 'pay_1',
      razorpay_signature: paymentSignature('order_someone_else', 'pay_1', 'local-test-secret-not-for-production'),
    };
    expect(await processPrepaid(world.deps, forged)).toMatchObject({ ok: false, status: 404 });
  });

  it('expires an unpaid order after 15 minutes, and a late payment still completes it', async () => {
    const world = orderWorld(blobs);
    const created = await createPaymentOrder(world.deps, prepaidRequest('OUO_1732000000106'));
    if (!created.ok) throw new Error(created.message);
    world.clock.now = new Date(world.clock.now.getTime() + 10 * 60 * 1000);
    expect(await reconcile(world.deps)).toMatchObject({ expired: [] });
    world.clock.now = new Date(world.clock.now.getTime() + 6 * 60 * 1000);
    expect(await reconcile(world.deps)).toMatchObject({ expired: ['OUO_1732000000106'] });
    const payment = await payLocally(blobs.store(world.gatewayStoreName), created.body.order.id, 'success');
    if (!payment || 'error' in payment) throw new Error('payment failed');
    expect(await processPrepaid(world.deps, { orderId: 'OUO_1732000000106', ...payment })).toMatchObject({
      ok: true,
      body: { status: 'forwarded' },
    });
  });

  it('completes a paid order the browser never reported, through the reconciler', async () => {
    const world = orderWorld(blobs);
    const created = await createPaymentOrder(world.deps, prepaidRequest('OUO_1732000000107'));
    if (!created.ok) throw new Error(created.message);
    await payLocally(blobs.store(world.gatewayStoreName), created.body.order.id, 'success');
    world.clock.now = new Date(world.clock.now.getTime() + 16 * 60 * 1000);
    expect(await reconcile(world.deps)).toMatchObject({ completed: ['OUO_1732000000107'] });
    expect(world.sheetRows).toHaveLength(1);
  });
});

describe('prepaid with Razorpay (msw stands in for the API) and its webhook', () => {
  const keys = {
    RAZORPAY_KEY_ID: 'rzp_test_key',
    RAZORPAY_KEY_SECRET: 'test_key_secret',
    RAZORPAY_WEBHOOK_SECRET: 'hook_secret',
  };
  const razorpayOrders = new Map<string, { id: string; amount: number; receipt: string; status: string }>();

  function mockRazorpay() {
    server.use(
      http.post('https://api.razorpay.com/v1/orders', async ({ request }) => {
        const auth = request.headers.get('authorization') ?? '';
        expect(Buffer.from(auth.replace('Basic ', ''), 'base64').toString()).toBe('rzp_test_key:test_key_secret');
        const body = (await request.json()) as { amount: number; currency: string; receipt: string; notes: object };
        expect(body).toMatchObject({ currency: 'INR', receipt: expect.stringMatching(/^OUO_\d{13}$/) });
        expect(Number.isInteger(body.amount)).toBe(true);
        const order = {
          id: `order_${razorpayOrders.size + 1}`,
          amount: body.amount,
          receipt: body.receipt,
          status: 'created',
        };
        razorpayOrders.set(order.id, order);
        return HttpResponse.json({ ...order, entity: 'order', currency: 'INR', amount_paid: 0 });
      }),
      http.get('https://api.razorpay.com/v1/orders/:id', ({ params }) => {
        const order = razorpayOrders.get(String(params.id));
        return order
          ? HttpResponse.json({ ...order, currency: 'INR' })
          : HttpResponse.json({ error: {} }, { status: 400 });
      }),
    );
  }

  const signedEvent = (body: object) => {
    const rawBody = JSON.stringify(body);
    return { rawBody, signature: hmacHex('hook_secret', rawBody) };
  };

  const paidEvent = (orderId: string, amount: number, paymentId = 'pay_web_1') => ({
    event: 'order.paid',
    payload: {
      payment: { entity: { id: paymentId, order_id: orderId, amount, status: 'captured' } },
      order: { entity: { id: orderId, amount_paid: amount } },
    },
  });

  it('sends Razorpay the server amount in paise, and completes on a signed webhook before the browser', async () => {
    mockRazorpay();
    const world = orderWorld(blobs, keys);
    const created = await createPaymentOrder(world.deps, prepaidRequest('OUO_1732000000201'));
    if (!created.ok) throw new Error(created.message);
    expect(created.body).toMatchObject({ gateway: 'razorpay', key_id: 'rzp_test_key', order: { amount: 78400 } });
    const rzp = created.body.order.id;
    const razorpayOrder = razorpayOrders.get(rzp);
    if (razorpayOrder) razorpayOrder.status = 'paid';

    const event = signedEvent(paidEvent(rzp, 78400));
    const first = await handleRazorpayWebhook(world.deps, { ...event, eventId: 'evt_1' });
    expect(await first.json()).toMatchObject({ ok: true, outcome: 'forwarded' });
    // Replayed event and a later payment.captured for the same payment: nothing changes.
    expect(await (await handleRazorpayWebhook(world.deps, { ...event, eventId: 'evt_1' })).json()).toMatchObject({
      duplicate: true,
    });
    const captured = signedEvent({ ...paidEvent(rzp, 78400), event: 'payment.captured' });
    await handleRazorpayWebhook(world.deps, { ...captured, eventId: 'evt_2' });
    // The browser's callback arrives after the webhook.
    const browser = {
      orderId: 'OUO_1732000000201',
      razorpay_order_id: rzp,
      razorpay_payment_id: 'pay_web_1',
      razorpay_signature: paymentSignature(rzp, 'pay_web_1', 'test_key_secret'),
    };
    expect(await processPrepaid(world.deps, browser)).toMatchObject({ ok: true, body: { status: 'forwarded' } });
    expect(world.sheetRows).toHaveLength(1);
    expect(world.shipments).toHaveLength(1);
    expect((await world.deps.log.get('OUO_1732000000201'))?.razorpay).toMatchObject({
      paymentId: 'pay_web_1',
      via: 'webhook',
    });
  });

  it('completes after the browser too, without a second forward', async () => {
    mockRazorpay();
    const world = orderWorld(blobs, keys);
    const created = await createPaymentOrder(world.deps, prepaidRequest('OUO_1732000000202'));
    if (!created.ok) throw new Error(created.message);
    const rzp = created.body.order.id;
    const browser = {
      orderId: 'OUO_1732000000202',
      razorpay_order_id: rzp,
      razorpay_payment_id: 'pay_b',
      razorpay_signature: paymentSignature(rzp, 'pay_b', 'test_key_secret'),
    };
    expect(await processPrepaid(world.deps, browser)).toMatchObject({ ok: true });
    await handleRazorpayWebhook(world.deps, { ...signedEvent(paidEvent(rzp, 78400, 'pay_b')), eventId: 'evt_b' });
    expect(world.sheetRows).toHaveLength(1);
    expect((await world.deps.log.get('OUO_1732000000202'))?.razorpay?.via).toBe('browser');
  });

  it('decodes a base64 webhook body before checking its signature', async () => {
    mockRazorpay();
    const world = orderWorld(blobs, keys);
    const created = await createPaymentOrder(world.deps, prepaidRequest('OUO_1732000000203'));
    if (!created.ok) throw new Error(created.message);
    const { rawBody, signature } = signedEvent(paidEvent(created.body.order.id, 78400));
    const response = await handleRazorpayWebhook(world.deps, {
      rawBody: Buffer.from(rawBody).toString('base64'),
      signature,
      eventId: 'evt_base64',
    });
    expect(await response.json()).toMatchObject({ ok: true, outcome: 'forwarded' });
  });

  it('refuses a webhook with a wrong signature and one that pays the wrong amount', async () => {
    mockRazorpay();
    const world = orderWorld(blobs, keys);
    const created = await createPaymentOrder(world.deps, prepaidRequest('OUO_1732000000204'));
    if (!created.ok) throw new Error(created.message);
    const body = JSON.stringify(paidEvent(created.body.order.id, 78400));
    const wrong = await handleRazorpayWebhook(world.deps, { rawBody: body, signature: hmacHex('other', body) });
    expect(wrong.status).toBe(400);
    const short = await handleRazorpayWebhook(world.deps, { rawBody: body, signature: 'deadbeef' });
    expect(short.status).toBe(400);
    const cheap = signedEvent(paidEvent(created.body.order.id, 100));
    const refused = await handleRazorpayWebhook(world.deps, cheap);
    expect(await refused.json()).toMatchObject({ outcome: 'AMOUNT_MISMATCH' });
    expect(vi.mocked(console.error)).toHaveBeenCalledOnce();
    vi.mocked(console.error).mockClear();
    expect((await world.deps.log.get('OUO_1732000000204'))?.status).toBe('pending');
  });
});
