/** The Razorpay client's reading of answers that are not the happy path. */
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { startTestBlobs } from '#tests/support/blobs.ts';
import { localGateway, localGatewaySecret, payLocally } from './local-gateway.ts';
import { razorpayGateway, toGatewayPayment } from './razorpay-api.ts';

const config = { keyId: 'k', keySecret: 's', baseUrl: 'https://api.razorpay.test/' };
const answering = (status: number, body: unknown) =>
  razorpayGateway(config, async () => new Response(JSON.stringify(body), { status }));

describe('razorpayGateway', () => {
  it('calls a failure to connect UNREACHABLE, a 4xx REFUSED, a 5xx or an unreadable body UNREACHABLE', async () => {
    const offline = razorpayGateway(config, async () => {
      throw new TypeError('fetch failed');
    });
    expect(await offline.fetchPayment('pay_1')).toMatchObject({
      ok: false,
      code: 'UNREACHABLE',
      message: 'Razorpay /payments/pay_1 could not be reached: fetch failed',
    });
    expect(
      await answering(400, { error: { description: 'The id provided does not exist' } }).fetchPayment('pay_1'),
    ).toEqual({
      ok: false,
      code: 'REFUSED',
      message: 'Razorpay /payments/pay_1 answered 400: The id provided does not exist',
    });
    expect(await answering(502, {}).orderPayments('order_1')).toMatchObject({ code: 'UNREACHABLE' });
    const garbled = razorpayGateway(config, async () => new Response('<html>', { status: 200 }));
    expect(await garbled.fetchPayment('pay_1')).toMatchObject({
      code: 'UNREACHABLE',
      message: expect.stringMatching(/200$/),
    });
  });

  it('throws when an order cannot be created (the shopper is told to try again), and reads an empty payment list', async () => {
    await expect(
      answering(401, { error: { description: 'Authentication failed' } }).createOrder({
        amountPaise: 100,
        receipt: 'OUO_1',
        notes: {},
      }),
    ).rejects.toThrow('Razorpay /orders answered 401: Authentication failed');
    expect(await answering(200, { entity: 'collection', count: 0 }).orderPayments('order_1')).toEqual({
      ok: true,
      payments: [],
    });
  });

  it('reads a payment entity with its optional fields missing', () => {
    expect(toGatewayPayment({ id: 'pay_1', amount: '100', status: 'created' })).toEqual({
      id: 'pay_1',
      orderId: undefined,
      amountPaise: 100,
      currency: '',
      status: 'created',
      errorDescription: undefined,
    });
  });
});

describe('razorpayGateway refunds', () => {
  const refund = (index: number) => ({
    id: `rfnd_${index}`,
    entity: 'refund',
    amount: 100,
    currency: 'INR',
    payment_id: 'pay_1',
    created_at: 1_800_000_000 + index,
    status: 'processed',
  });

  it('call 409 (the same key still running) and 429 (too many requests) UNREACHABLE, to be retried', async () => {
    const request = {
      paymentId: 'pay_1',
      amountPaise: 100,
      receipt: 'OUO_1',
      notes: {},
      idempotencyKey: 'OUO_1-cancel',
    };
    for (const status of [409, 429]) {
      expect(await answering(status, { error: { description: 'busy' } }).refundPayment(request)).toMatchObject({
        code: 'UNREACHABLE',
        message: `Razorpay /payments/pay_1/refund answered ${status}: busy`,
      });
    }
  });

  it('calls a refund answer that is not a refund entity UNREACHABLE (the refund may exist: ask again)', async () => {
    expect(await answering(200, { ...refund(1), status: 'reversed' }).fetchRefund('pay_1', 'rfnd_1')).toEqual({
      ok: false,
      code: 'UNREACHABLE',
      message: 'Razorpay /payments/pay_1/refunds/rfnd_1 answered a body not shaped as documented.',
    });
  });

  it('reads a payment’s refunds a hundred at a time until a page is short, by creation time', async () => {
    const asked: string[] = [];
    const gateway = razorpayGateway(config, async (input) => {
      const url = new URL(String(input));
      asked.push(`${url.pathname}${url.search}`);
      const skip = Number(url.searchParams.get('skip'));
      const items = skip === 0 ? Array.from({ length: 100 }, (_, index) => refund(100 - index)) : [refund(0)];
      return Response.json({ entity: 'collection', count: items.length, items });
    });
    const listed = await gateway.paymentRefunds('pay_1');
    expect(asked).toEqual([
      '/v1/payments/pay_1/refunds?count=100&skip=0',
      '/v1/payments/pay_1/refunds?count=100&skip=100',
    ]);
    expect(listed.ok && listed.refunds.map((item) => item.id).slice(0, 3)).toEqual(['rfnd_0', 'rfnd_1', 'rfnd_2']);
    expect(listed.ok && listed.refunds).toHaveLength(101);
  });
});

describe('the local gateway', () => {
  it('captures only an authorized payment, for its own amount', async () => {
    const blobs = await startTestBlobs();
    try {
      const store = blobs.store('gateway');
      const gateway = localGateway(store, 'rzp_local_test', 'secret');
      const order = await gateway.createOrder({ amountPaise: 5000, receipt: 'OUO_1', notes: {} });
      const paid = await payLocally(store, 'secret', order.id, 'authorized');
      if (!paid || 'error' in paid) throw new Error('payment failed');
      expect(await gateway.capturePayment(paid.razorpay_payment_id, 4000)).toMatchObject({
        ok: false,
        code: 'REFUSED',
      });
      expect(await gateway.capturePayment(paid.razorpay_payment_id, 5000)).toMatchObject({ ok: true });
      expect(await gateway.capturePayment(paid.razorpay_payment_id, 5000)).toMatchObject({
        ok: false,
        message: expect.stringContaining('is captured'),
      });
      expect(await gateway.capturePayment('pay_unknown', 5000)).toMatchObject({ code: 'REFUSED' });
      expect(await payLocally(store, 'secret', 'order_unknown', 'success')).toBeUndefined();
      expect(await gateway.orderPayments('order_unknown')).toEqual({ ok: true, payments: [] });
    } finally {
      await blobs.stop();
    }
  });

  it('fails loudly when its secret file cannot be read (not silently making a new secret)', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'ouo-secret-'));
    expect(() => localGatewaySecret(dir)).toThrow(/EISDIR/);
    const file = path.join(dir, 'kept.secret');
    await writeFile(file, 'abc\n');
    expect(localGatewaySecret(file)).toBe('abc');
  });
});
