/** The local test gateway's refunds: Razorpay's contract (refunds.ts) on Netlify's local Blobs server. */
import { HttpResponse, http } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { fileTestBlobs } from '#tests/support/blobs.ts';
import { server } from '#tests/support/msw.ts';
import { readServerEnv } from '../platform/env.ts';
import { createGateway, type RefundRequest } from './gateway.ts';
import { localGateway, payLocally } from './local-gateway.ts';
import type { LocalRefundOptions } from './local-refunds.ts';
import { localRefundEvent } from './refund-shapes.ts';
import { readRefundEvent } from './refunds.ts';
import { verifyWebhookSignature } from './signature.ts';

const blobs = fileTestBlobs();

let stores = 0;
/** A fresh gateway store with one payment of `amountPaise`, paid and captured in the test dialog. */
async function paidGateway(amountPaise = 100_000, options: LocalRefundOptions = { refundSettleMs: 0 }) {
  stores += 1;
  const store = blobs.store(`refunds-${stores}`);
  const gateway = localGateway(store, 'rzp_local_test', 'secret', options);
  const order = await gateway.createOrder({ amountPaise, receipt: `OUO_${stores}`, notes: {} });
  const paid = await payLocally(store, 'secret', order.id, 'success');
  if (!paid || 'error' in paid) throw new Error('the test payment failed');
  const paymentId = paid.razorpay_payment_id;
  const request = (overrides: Partial<RefundRequest> = {}): RefundRequest => ({
    paymentId,
    amountPaise: 40_000,
    receipt: `OUO_${stores}`,
    notes: { reason: 'ordered by mistake' },
    idempotencyKey: `OUO_${stores}_cancel`,
    ...overrides,
  });
  return { store, gateway, paymentId, request };
}

describe('the local gateway’s refunds', () => {
  it('are pending when made and processed when asked about once the delay has passed', async () => {
    const clock = { now: 1_800_000_000_000 };
    const { gateway, paymentId, request } = await paidGateway(100_000, { refundSettleMs: 2000, now: () => clock.now });
    const made = await gateway.refundPayment(request());
    if (!made.ok) throw new Error(made.message);
    expect(made.refund).toMatchObject({
      id: expect.stringMatching(/^rfnd_local[0-9a-f]+$/),
      paymentId,
      amountPaise: 40_000,
      currency: 'INR',
      status: 'pending',
      createdAt: 1_800_000_000,
      receipt: request().receipt,
      notes: { reason: 'ordered by mistake' },
    });
    clock.now += 1999;
    expect(await gateway.fetchRefund(paymentId, made.refund.id)).toMatchObject({ refund: { status: 'pending' } });
    clock.now += 1;
    expect(await gateway.fetchRefund(paymentId, made.refund.id)).toMatchObject({
      ok: true,
      refund: { status: 'processed', speedProcessed: 'normal', arn: expect.any(String) },
    });
    expect(await gateway.paymentRefunds(paymentId)).toEqual({
      ok: true,
      refunds: [expect.objectContaining({ id: made.refund.id, status: 'processed' })],
    });
  });

  it('settle after LOCAL_GATEWAY_REFUND_SECONDS, 0 in tests (the gateway createGateway makes)', async () => {
    stores += 1;
    const store = blobs.store(`refunds-${stores}`);
    const env = {
      ...readServerEnv({ LOCAL_GATEWAY_REFUND_EVENTS: 'off' }),
      LOCAL_GATEWAY_REFUND_SECONDS: 0,
      LOCAL_GATEWAY_SECRET_FILE: '/dev/null',
    };
    expect(readServerEnv({}).LOCAL_GATEWAY_REFUND_SECONDS).toBe(2);
    const choice = createGateway(env, () => store);
    if (!choice.ok) throw new Error(choice.message);
    const order = await choice.gateway.createOrder({ amountPaise: 5000, receipt: 'OUO_env', notes: {} });
    const paid = await payLocally(store, '', order.id, 'success');
    if (!paid || 'error' in paid) throw new Error('the test payment failed');
    const made = await choice.gateway.refundPayment({
      paymentId: paid.razorpay_payment_id,
      amountPaise: 5000,
      receipt: 'OUO_env',
      notes: {},
      idempotencyKey: 'OUO_env_cancel',
    });
    if (!made.ok) throw new Error(made.message);
    expect(await choice.gateway.fetchRefund(paid.razorpay_payment_id, made.refund.id)).toMatchObject({
      refund: { status: 'processed' },
    });
  });

  it('end failed when the receipt or a note says "fail" (the test rule), and the money can be refunded again', async () => {
    const { gateway, paymentId, request } = await paidGateway(50_000);
    const byNote = await gateway.refundPayment(
      request({ amountPaise: 50_000, notes: { reason: 'Test FAIL please' }, idempotencyKey: 'note-fails-1' }),
    );
    if (!byNote.ok) throw new Error(byNote.message);
    expect(byNote.refund.status).toBe('pending');
    expect(await gateway.fetchRefund(paymentId, byNote.refund.id)).toMatchObject({ refund: { status: 'failed' } });
    expect(await gateway.fetchPayment(paymentId)).toMatchObject({ payment: { status: 'captured' } });

    const byReceipt = await gateway.refundPayment(
      request({ amountPaise: 50_000, receipt: 'fail-OUO_2', idempotencyKey: 'receipt-fails-1' }),
    );
    if (!byReceipt.ok) throw new Error(byReceipt.message);
    expect(await gateway.fetchRefund(paymentId, byReceipt.refund.id)).toMatchObject({ refund: { status: 'failed' } });

    const works = await gateway.refundPayment(request({ amountPaise: 50_000, idempotencyKey: 'works-after-fails' }));
    expect(works).toMatchObject({ ok: true, refund: { status: 'pending' } });
    expect(await gateway.fetchPayment(paymentId)).toMatchObject({ payment: { status: 'refunded' } });
    const listed = await gateway.paymentRefunds(paymentId);
    expect(listed.ok && listed.refunds.map((refund) => refund.status)).toEqual(['failed', 'failed', 'processed']);
  });

  it('add up to what was captured and never more; a payment refunded in full is `refunded`', async () => {
    const { gateway, paymentId, request } = await paidGateway(100_000);
    expect(await gateway.refundPayment(request({ amountPaise: 60_000, idempotencyKey: 'partial-one' }))).toMatchObject({
      ok: true,
    });
    expect(await gateway.fetchPayment(paymentId)).toMatchObject({ payment: { status: 'captured' } });
    expect(await gateway.refundPayment(request({ amountPaise: 40_001, idempotencyKey: 'partial-two' }))).toEqual({
      ok: false,
      code: 'REFUSED',
      message: expect.stringContaining('more than is left to refund'),
    });
    expect(await gateway.refundPayment(request({ amountPaise: 40_000, idempotencyKey: 'partial-two' }))).toMatchObject({
      ok: true,
    });
    expect(await gateway.fetchPayment(paymentId)).toMatchObject({ payment: { status: 'refunded' } });
    expect(await gateway.refundPayment(request({ amountPaise: 100, idempotencyKey: 'partial-three' }))).toMatchObject({
      code: 'REFUSED',
      message: expect.stringContaining('(0 of 100000 paise)'),
    });
  });

  it('are idempotent by key: the same request answers the first refund, a different one is refused', async () => {
    const { gateway, paymentId, request } = await paidGateway();
    const first = await gateway.refundPayment(request({ notes: { reason: 'ordered by mistake', by: 'shopper' } }));
    if (!first.ok) throw new Error(first.message);
    // The notes in another order are the same request; the answer is the refund as it stands now.
    const again = await gateway.refundPayment(request({ notes: { by: 'shopper', reason: 'ordered by mistake' } }));
    expect(again).toMatchObject({ ok: true, refund: { id: first.refund.id, status: 'processed' } });
    expect(await gateway.refundPayment(request({ amountPaise: 30_000 }))).toEqual({
      ok: false,
      code: 'REFUSED',
      message: 'Different request with the same idempotency key has already been processed.',
    });
    expect(await gateway.refundPayment(request({ receipt: 'OUO_other' }))).toMatchObject({ code: 'REFUSED' });
    expect(await gateway.refundPayment(request())).toMatchObject({ code: 'REFUSED' });
    const listed = await gateway.paymentRefunds(paymentId);
    expect(listed.ok && listed.refunds.map((refund) => refund.id)).toEqual([first.refund.id]);
  });

  it('leave a refused request’s key free, as if it had never been sent', async () => {
    const { gateway, request } = await paidGateway(10_000);
    expect(await gateway.refundPayment(request({ amountPaise: 20_000 }))).toMatchObject({ code: 'REFUSED' });
    expect(await gateway.refundPayment(request({ amountPaise: 10_000 }))).toMatchObject({ ok: true });
  });

  it('make one refund for ten concurrent requests with one key: the others wait (409) or get that refund', async () => {
    const { gateway, paymentId, request } = await paidGateway();
    const answers = await Promise.all(Array.from({ length: 10 }, () => gateway.refundPayment(request())));
    const made = answers.filter((answer) => answer.ok);
    expect(made.length).toBeGreaterThanOrEqual(1);
    expect(new Set(made.map((answer) => answer.ok && answer.refund.id)).size).toBe(1);
    for (const answer of answers.filter((item) => !item.ok)) {
      expect(answer).toMatchObject({ code: 'UNREACHABLE', message: expect.stringContaining('409') });
    }
    const listed = await gateway.paymentRefunds(paymentId);
    expect(listed.ok && listed.refunds.length).toBe(1);
    expect(await gateway.refundPayment(request())).toMatchObject({
      ok: true,
      refund: { id: listed.ok && listed.refunds[0]?.id },
    });
  });

  it('never refund more than was captured, even when refunds with different keys race', async () => {
    const { gateway, paymentId, request } = await paidGateway(10_000);
    const answers = await Promise.all(
      Array.from({ length: 5 }, (_, index) =>
        gateway.refundPayment(request({ amountPaise: 3000, idempotencyKey: `racing-key-${index}` })),
      ),
    );
    const listed = await gateway.paymentRefunds(paymentId);
    if (!listed.ok) throw new Error(listed.message);
    expect(listed.refunds.reduce((sum, refund) => sum + refund.amountPaise, 0)).toBe(9000);
    expect(answers.filter((answer) => answer.ok)).toHaveLength(3);
    expect(answers.filter((answer) => !answer.ok).map((answer) => !answer.ok && answer.code)).not.toContain(
      'DUPLICATE',
    );
  });

  it('finish a request that died after making its refund: "still running" for 30 s, then that refund', async () => {
    const clock = { now: 1_800_000_000_000 };
    const { store, gateway, request } = await paidGateway(100_000, { refundSettleMs: 0, now: () => clock.now });
    const made = await gateway.refundPayment(request());
    if (!made.ok) throw new Error(made.message);
    // As if the request had died between making the refund and recording it against its key.
    const claimKey = `gateway-refund-key-${request().idempotencyKey}`;
    const claim = (await store.getWithMetadata(claimKey, { type: 'json' }))?.data as { refundId?: string };
    await store.setJSON(claimKey, { ...claim, refundId: undefined, claimedAtMs: clock.now });
    expect(await gateway.refundPayment(request())).toMatchObject({ code: 'UNREACHABLE' });
    clock.now += 30_000;
    expect(await gateway.refundPayment(request())).toMatchObject({ ok: true, refund: { id: made.refund.id } });
  });

  it('refuse unknown, uncaptured and malformed payments and refunds, amounts under ₹1 and bad keys, asking Blobs nothing unsafe', async () => {
    const { store, gateway, paymentId, request } = await paidGateway();
    const order = await gateway.createOrder({ amountPaise: 5000, receipt: 'OUO_auth', notes: {} });
    const authorized = await payLocally(store, 'secret', order.id, 'authorized');
    if (!authorized || 'error' in authorized) throw new Error('the test payment failed');
    const refused = [
      await gateway.refundPayment(request({ paymentId: authorized.razorpay_payment_id })),
      await gateway.refundPayment(request({ paymentId: 'pay_unknown1' })),
      await gateway.refundPayment(request({ paymentId: '../pay_1' })),
      await gateway.refundPayment(request({ amountPaise: 99 })),
      await gateway.refundPayment(request({ amountPaise: 100.5 })),
      await gateway.refundPayment(request({ idempotencyKey: 'short' })),
      await gateway.fetchRefund(paymentId, 'rfnd_unknown1'),
      await gateway.fetchRefund(paymentId, 'rfnd/../x'),
      await gateway.fetchRefund('pay/x', 'rfnd_x'),
      await gateway.paymentRefunds('pay_unknown1'),
      await gateway.paymentRefunds('pay:x'),
    ];
    expect(refused.map((answer) => !answer.ok && answer.code)).toEqual(Array(refused.length).fill('REFUSED'));
    expect(refused[0]).toMatchObject({ message: expect.stringContaining('is authorized') });
    expect(refused[3]).toMatchObject({ message: 'The amount must be at least INR 1.00' });
    // A refund of another payment is not this payment's.
    const other = await paidGateway();
    const made = await other.gateway.refundPayment(other.request());
    if (!made.ok) throw new Error(made.message);
    expect(await other.gateway.fetchRefund(paymentId, made.refund.id)).toMatchObject({ code: 'REFUSED' });
    expect(await gateway.paymentRefunds(paymentId)).toEqual({ ok: true, refunds: [] });
  });
});

describe('the local gateway’s refund events', () => {
  const HOOK = 'http://site.test/api/razorpay/webhook';

  it('post each settled refund once to the webhook, signed, in the shape readRefundEvent reads', async () => {
    const posted: { body: string; signature: string; eventId: string }[] = [];
    server.use(
      http.post(HOOK, async ({ request }) => {
        posted.push({
          body: await request.text(),
          signature: request.headers.get('x-razorpay-signature') ?? '',
          eventId: request.headers.get('x-razorpay-event-id') ?? '',
        });
        return HttpResponse.json({ ok: true });
      }),
    );
    const { gateway, request } = await paidGateway(100_000, {
      refundSettleMs: 0,
      webhook: { url: HOOK, secret: 'hook-secret' },
    });
    const made = await gateway.refundPayment(request({ receipt: 'OUO_fail_test' }));
    await vi.waitFor(() => expect(posted).toHaveLength(1), { timeout: 2_000, interval: 20 });
    const [event] = posted;
    expect(verifyWebhookSignature(event?.body ?? '', event?.signature ?? '', 'hook-secret')).toBe(true);
    expect(event?.eventId).toMatch(/^evt_local/);
    expect(readRefundEvent(event?.body ?? '')).toEqual({
      event: 'refund.failed',
      refund: {
        id: made.ok ? made.refund.id : '',
        paymentId: request().paymentId,
        amountPaise: 40_000,
        status: 'failed',
        receipt: 'OUO_fail_test',
      },
      razorpayOrderId: expect.stringMatching(/^order_local/),
    });
  });

  it('leave a refund the webhook did not take to the reconciler, saying so', async () => {
    server.use(http.post(HOOK, () => new HttpResponse(null, { status: 503 })));
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const { gateway, request } = await paidGateway(100_000, {
      refundSettleMs: 0,
      webhook: { url: HOOK, secret: 'hook-secret' },
    });
    await gateway.refundPayment(request());
    await vi.waitFor(() => expect(warn).toHaveBeenCalledWith(expect.stringContaining('the webhook answered 503')), {
      timeout: 2_000,
      interval: 20,
    });
    warn.mockRestore();
  });

  it('carry the refund alone when the payment cannot be read', () => {
    const refund = {
      id: 'rfnd_local1',
      paymentId: 'pay_local1',
      amountPaise: 100,
      currency: 'INR',
      status: 'processed' as const,
      createdAt: 1,
      notes: {},
    };
    expect(localRefundEvent(refund, undefined, 5_000)).toMatchObject({ contains: ['refund'], created_at: 5 });
    expect(readRefundEvent(localRefundEvent(refund, undefined, 5_000))).toEqual({
      event: 'refund.processed',
      refund: { id: 'rfnd_local1', paymentId: 'pay_local1', amountPaise: 100, status: 'processed' },
    });
  });
});
