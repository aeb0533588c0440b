import { readFileSync, statSync } from 'node:fs';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { fileTestBlobs } from '#tests/support/blobs.ts';
import { orderWorld, prepaidRequest, RAJMA_PREPAID_TOTAL, type TestOrderWorld } from '#tests/support/orders.ts';
import { localGatewaySecret } from '../razorpay/local-gateway.ts';
import { hmacHex, paymentSignature } from '../razorpay/signature.ts';
import { createPaymentOrder, processPrepaid, verifyPayment } from './pay.ts';
import { reconcile } from './reconcile.ts';
import { handleRazorpayWebhook } from './webhook.ts';

const blobs = fileTestBlobs();

/** The Razorpay order made for a prepaid order placed as `orderId`. */
async function paymentOrderFor(world: TestOrderWorld, orderId: string) {
  const created = await createPaymentOrder(world.deps, prepaidRequest(orderId));
  if (!created.ok) throw new Error(created.message);
  return created;
}

describe('prepaid with the local test gateway', () => {
  it('creates a payment order for the server total, then completes on a real signature', async () => {
    const world = orderWorld(blobs);
    const created = await paymentOrderFor(world, 'OUO_1732000000101');
    expect(created.body).toMatchObject({
      success: true,
      order: { amount: RAJMA_PREPAID_TOTAL * 100, currency: 'INR' },
      key_id: 'rzp_local_test',
      gateway: 'local',
      orderId: 'OUO_1732000000101',
    });
    const payment = await world.pay(created.body.order.id);
    if (!payment || 'error' in payment) throw new Error('payment failed');
    expect(await verifyPayment(world.deps, payment)).toEqual({ ok: true, status: 200, body: { verified: true } });
    expect(world.sheetRows).toEqual([]); // nothing is forwarded before the payment is proven
    expect(world.emails).toEqual([]);
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
    expect(world.emails).toEqual([expect.objectContaining({ orderId: 'OUO_1732000000101', to: 'asha@example.in' })]);
    expect(world.emails[0]?.html).toContain('Your payment of <strong>₹784</strong> has reached us.');
  });

  it('creates one payment order however often the browser asks', async () => {
    const world = orderWorld(blobs);
    const first = await createPaymentOrder(world.deps, prepaidRequest('OUO_1732000000102'));
    const again = await createPaymentOrder(world.deps, prepaidRequest('OUO_1732000000102'));
    expect(first.ok && again.ok && again.body.order.id).toBe(first.ok && first.body.order.id);
  });

  it('refuses a made-up payment', async () => {
    const world = orderWorld(blobs);
    const created = await paymentOrderFor(world, 'OUO_1732000000103');
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
    expect(world.emails).toEqual([]);
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
    await paymentOrderFor(world, 'OUO_1732000000105');
    const forged = {
      orderId: 'OUO_1732000000105',
      razorpay_order_id: 'order_someone_else',
      razorpay_payment_id: 'pay_1',
      razorpay_signature: paymentSignature('order_someone_else', 'pay_1', 'guessed-secret'),
    };
    expect(await processPrepaid(world.deps, forged)).toMatchObject({ ok: false, status: 404 });
  });

  it('expires an unpaid order after 15 minutes, and a late payment still completes it', async () => {
    const world = orderWorld(blobs);
    const created = await paymentOrderFor(world, 'OUO_1732000000106');
    world.clock.now = new Date(world.clock.now.getTime() + 10 * 60 * 1000);
    expect(await reconcile(world.deps)).toMatchObject({ expired: [] });
    world.clock.now = new Date(world.clock.now.getTime() + 6 * 60 * 1000);
    expect(await reconcile(world.deps)).toMatchObject({ expired: ['OUO_1732000000106'] });
    await reconcile(world.deps);
    expect(world.emails).toEqual([]); // neither while unpaid nor once expired
    const payment = await world.pay(created.body.order.id);
    if (!payment || 'error' in payment) throw new Error('payment failed');
    expect(await processPrepaid(world.deps, { orderId: 'OUO_1732000000106', ...payment })).toMatchObject({
      ok: true,
      body: { status: 'forwarded' },
    });
    expect(world.emails).toHaveLength(1); // money received late is an order like any other
  });

  it('completes a paid order the browser never reported, through the reconciler', async () => {
    const world = orderWorld(blobs);
    const created = await paymentOrderFor(world, 'OUO_1732000000107');
    await world.pay(created.body.order.id);
    world.clock.now = new Date(world.clock.now.getTime() + 16 * 60 * 1000);
    expect(await reconcile(world.deps)).toMatchObject({ completed: ['OUO_1732000000107'] });
    expect(world.sheetRows).toHaveLength(1);
  });

  it("refuses a payment signed with the secret that used to be in the code, or any other machine's", async () => {
    const world = orderWorld(blobs);
    const created = await paymentOrderFor(world, 'OUO_1732000000108');
    const genuine = await world.pay(created.body.order.id);
    if (!genuine || 'error' in genuine) throw new Error('payment failed');
    const otherMachine = localGatewaySecret(path.join(await mkdtemp(path.join(tmpdir(), 'ouo-other-')), 'secret'));
    for (const secret of ['local-test-secret-not-for-production', otherMachine]) {
      const forged = {
        orderId: 'OUO_1732000000108',
        razorpay_order_id: created.body.order.id,
        razorpay_payment_id: genuine.razorpay_payment_id,
        razorpay_signature: paymentSignature(created.body.order.id, genuine.razorpay_payment_id, secret),
      };
      expect(await processPrepaid(world.deps, forged)).toMatchObject({ status: 400, code: 'PAYMENT_NOT_VERIFIED' });
    }
    expect(world.shipments).toEqual([]);
  });

  it('captures an authorized payment, then completes the order', async () => {
    const world = orderWorld(blobs);
    const created = await paymentOrderFor(world, 'OUO_1732000000109');
    const payment = await world.pay(created.body.order.id, 'authorized');
    if (!payment || 'error' in payment) throw new Error('payment failed');
    expect(await processPrepaid(world.deps, { orderId: 'OUO_1732000000109', ...payment })).toMatchObject({
      status: 200,
      body: { status: 'forwarded' },
    });
    const fetched = await world.gateway().fetchPayment(payment.razorpay_payment_id);
    expect(fetched).toMatchObject({ ok: true, payment: { status: 'captured' } });
    expect(world.shipments).toHaveLength(1);
  });

  it('does not count a failed payment as money, even with a genuine signature', async () => {
    const world = orderWorld(blobs);
    const created = await paymentOrderFor(world, 'OUO_1732000000110');
    await world.pay(created.body.order.id, 'failure');
    const { payments } = (await world.gateway().orderPayments(created.body.order.id)) as {
      payments: { id: string }[];
    };
    const failedId = payments[0]?.id ?? '';
    const signed = {
      orderId: 'OUO_1732000000110',
      razorpay_order_id: created.body.order.id,
      razorpay_payment_id: failedId,
      razorpay_signature: paymentSignature(created.body.order.id, failedId, world.gateway().keySecret),
    };
    expect(await processPrepaid(world.deps, signed)).toMatchObject({ status: 402, code: 'PAYMENT_NOT_CAPTURED' });
    expect((await world.deps.log.get('OUO_1732000000110'))?.status).toBe('pending');
    expect(world.shipments).toEqual([]);
  });

  it('captures an authorized payment the browser never reported, through the reconciler', async () => {
    const world = orderWorld(blobs);
    const created = await paymentOrderFor(world, 'OUO_1732000000111');
    await world.pay(created.body.order.id, 'authorized');
    world.clock.now = new Date(world.clock.now.getTime() + 16 * 60 * 1000);
    expect(await reconcile(world.deps)).toMatchObject({ completed: ['OUO_1732000000111'] });
    expect(world.shipments).toHaveLength(1);
  });
});

describe('with online payment switched off here', () => {
  const OFF = { ok: false, code: 'NOT_CONFIGURED', message: 'Online payments are not configured.' } as const;

  it('starts no payment: 503 PAYMENTS_UNAVAILABLE, nothing recorded, the reason in the log', async () => {
    const world = orderWorld(blobs, { CONTEXT: 'production' });
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    expect(await createPaymentOrder(world.deps, prepaidRequest('OUO_1732000000120'))).toEqual({
      ok: false,
      status: 503,
      code: 'PAYMENTS_UNAVAILABLE',
      message: 'Online payment is not available right now. Please choose Cash on Delivery.',
    });
    expect(await world.deps.log.get('OUO_1732000000120')).toBeUndefined();
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('Online payments are not configured'));
    warn.mockRestore();
  });

  it('leaves an order paid for before it was switched off waiting, and says so to every caller', async () => {
    const world = orderWorld(blobs);
    const created = await paymentOrderFor(world, 'OUO_1732000000121');
    const payment = await world.pay(created.body.order.id);
    if (!payment || 'error' in payment) throw new Error('payment failed');
    world.deps.gateway = () => OFF;
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const unavailable = { ok: false, status: 503, code: 'PAYMENTS_UNAVAILABLE' };
    expect(await verifyPayment(world.deps, payment)).toMatchObject(unavailable);
    expect(await processPrepaid(world.deps, { orderId: 'OUO_1732000000121', ...payment })).toMatchObject(unavailable);
    const event = await handleRazorpayWebhook(world.deps, { rawBody: '{}', signature: 'x' });
    expect(event.status).toBe(503);
    expect(await event.json()).toEqual({
      error: { code: 'WEBHOOK_NOT_CONFIGURED', message: 'Online payments are not configured.' },
    });
    world.clock.now = new Date(world.clock.now.getTime() + 16 * 60 * 1000);
    expect(await reconcile(world.deps)).toMatchObject({ completed: [], expired: [] });
    expect(warn).toHaveBeenCalledWith('reconcile: order OUO_1732000000121 waits: Online payments are not configured.');
    expect((await world.deps.log.get('OUO_1732000000121'))?.status).toBe('pending');
    warn.mockRestore();
  });
});

describe("the local gateway's secret", () => {
  it('is made at random on first use, kept in its file (owner only), and read back after', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'ouo-secret-'));
    const first = localGatewaySecret(path.join(dir, 'a', 'local-gateway.secret'));
    const second = localGatewaySecret(path.join(dir, 'b', 'local-gateway.secret'));
    expect(first).toMatch(/^[0-9a-f]{64}$/);
    expect(second).not.toBe(first);
    expect(readFileSync(path.join(dir, 'a', 'local-gateway.secret'), 'utf8')).toBe(first);
    expect(statSync(path.join(dir, 'a', 'local-gateway.secret')).mode & 0o777).toBe(0o600);
    expect(localGatewaySecret(path.join(dir, 'a', 'local-gateway.secret'))).toBe(first);
  });
});
