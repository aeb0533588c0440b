/**
 * The Razorpay client's refunds against the fake upstream over HTTP (tests/support/fake-razorpay.ts,
 * answering as Razorpay documents refunds): the request the shop sends, and how it reads every
 * answer — the refund, the same key again, a different request with the key, a request still
 * running (409), too much, not captured, Razorpay down.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { RefundRequest } from '../../netlify/lib/razorpay/gateway.ts';
import { razorpayGateway } from '../../netlify/lib/razorpay/razorpay-api.ts';
import { FAKE_KEYS, type FakeRazorpay, startFakeRazorpay } from '../support/fake-razorpay.ts';

let fake: FakeRazorpay;
beforeAll(async () => {
  fake = await startFakeRazorpay();
});
afterAll(() => fake.stop());
afterEach(() => {
  fake.refundDelayMs = 0;
  fake.refundsDown = false;
});

const client = () =>
  razorpayGateway({
    keyId: FAKE_KEYS.RAZORPAY_KEY_ID,
    keySecret: FAKE_KEYS.RAZORPAY_KEY_SECRET,
    baseUrl: fake.baseUrl,
  });

let sequence = 0;
/** A Razorpay order of `amountPaise`, paid by the shopper: a captured payment unless said otherwise. */
async function paid(amountPaise = 100_000, status: 'captured' | 'authorized' = 'captured') {
  sequence += 1;
  const order = await client().createOrder({ amountPaise, receipt: `OUO_${sequence}`, notes: {} });
  const payment = fake.pay(order.id, { status, captured: status === 'captured' });
  const request = (overrides: Partial<RefundRequest> = {}): RefundRequest => ({
    paymentId: payment.id,
    amountPaise,
    receipt: `OUO_${sequence}`,
    notes: { orderId: `OUO_${sequence}`, reason: 'ordered by mistake' },
    idempotencyKey: `OUO_${sequence}-cancel`,
    ...overrides,
  });
  return { payment, request };
}

describe('refundPayment', () => {
  it('posts amount, speed normal, receipt and notes with X-Refund-Idempotency, and reads the pending refund', async () => {
    const { payment, request } = await paid(78_400);
    const answer = await client().refundPayment(request({ amountPaise: 50_000 }));
    expect(answer).toEqual({
      ok: true,
      refund: {
        id: expect.stringMatching(/^rfnd_/),
        paymentId: payment.id,
        amountPaise: 50_000,
        currency: 'INR',
        status: 'pending',
        createdAt: expect.any(Number),
        receipt: request().receipt,
        notes: request().notes,
        speedProcessed: undefined,
        arn: undefined,
      },
    });
    if (!answer.ok) return;
    expect(fake.calls.at(-1)).toBe(`POST /v1/payments/${payment.id}/refund`);
    expect(fake.refunds.get(answer.refund.id)).toMatchObject({ speed_requested: 'normal', amount: 50_000 });
    expect(fake.refundKeys.get(request().idempotencyKey)).toMatchObject({ refundId: answer.refund.id });
    expect(fake.payments.get(payment.id)).toMatchObject({ amount_refunded: 50_000, refund_status: 'partial' });
  });

  it('sent again with the same key and request, answers the first refund: one refund at Razorpay', async () => {
    const { payment, request } = await paid();
    const first = await client().refundPayment(request());
    const again = await client().refundPayment(request());
    expect(again).toEqual(first);
    expect([...fake.refunds.values()].filter((refund) => refund.payment_id === payment.id)).toHaveLength(1);
    expect(fake.payments.get(payment.id)).toMatchObject({ status: 'refunded', refund_status: 'full' });
  });

  it('with the same key for a different request, is REFUSED in Razorpay’s words', async () => {
    const { request } = await paid();
    expect(await client().refundPayment(request({ amountPaise: 10_000 }))).toMatchObject({ ok: true });
    expect(await client().refundPayment(request({ amountPaise: 20_000 }))).toEqual({
      ok: false,
      code: 'REFUSED',
      message: expect.stringMatching(
        /answered 400: Different request with the same idempotency key has already been processed\.$/,
      ),
    });
  });

  it('while a request with the same key is still running, gets 409: UNREACHABLE, and a retry answers that refund', async () => {
    const { payment, request } = await paid();
    fake.refundDelayMs = 300;
    const [one, two] = await Promise.all([client().refundPayment(request()), client().refundPayment(request())]);
    const answers = [one, two];
    expect(answers.filter((answer) => answer?.ok)).toHaveLength(1);
    expect(answers.find((answer) => !answer?.ok)).toMatchObject({
      code: 'UNREACHABLE',
      message: expect.stringContaining('answered 409'),
    });
    const made = answers.find((answer) => answer?.ok);
    expect(await client().refundPayment(request())).toEqual(made);
    expect([...fake.refunds.values()].filter((refund) => refund.payment_id === payment.id)).toHaveLength(1);
  });

  it('partial refunds add up to the captured amount and no more: REFUSED with Razorpay’s description', async () => {
    const { request } = await paid(100_000);
    expect(
      await client().refundPayment(request({ amountPaise: 70_000, idempotencyKey: 'OUO-partial-1' })),
    ).toMatchObject({ ok: true });
    expect(await client().refundPayment(request({ amountPaise: 30_001, idempotencyKey: 'OUO-partial-2' }))).toEqual({
      ok: false,
      code: 'REFUSED',
      message: expect.stringMatching(/answered 400: The refund amount is greater than the amount left to refund\.$/),
    });
    expect(
      await client().refundPayment(request({ amountPaise: 30_000, idempotencyKey: 'OUO-partial-3' })),
    ).toMatchObject({ ok: true });
  });

  it('of a payment not captured is REFUSED with Razorpay’s description', async () => {
    const { request } = await paid(5000, 'authorized');
    expect(await client().refundPayment(request())).toMatchObject({
      code: 'REFUSED',
      message: expect.stringContaining('The payment has not been captured.'),
    });
  });

  it('refuses a bad idempotency key before any request', async () => {
    const { request } = await paid();
    const calls = fake.calls.length;
    for (const idempotencyKey of ['too-short', 'OUO_1 cancel', 'OUO_1/cancel/x']) {
      expect(await client().refundPayment(request({ idempotencyKey }))).toMatchObject({ ok: false, code: 'REFUSED' });
    }
    expect(fake.calls.length).toBe(calls);
  });

  it('is UNREACHABLE while Razorpay answers 502, and makes the refund once it is back', async () => {
    const { request } = await paid();
    fake.refundsDown = true;
    expect(await client().refundPayment(request())).toMatchObject({
      code: 'UNREACHABLE',
      message: expect.stringContaining('answered 502: Gateway timed out'),
    });
    fake.refundsDown = false;
    expect(await client().refundPayment(request())).toMatchObject({ ok: true });
  });
});

describe('fetchRefund', () => {
  it('reads a pending refund, then processed or failed once Razorpay settles it', async () => {
    const { payment, request } = await paid(100_000);
    const made = await client().refundPayment(request({ amountPaise: 40_000, idempotencyKey: 'OUO-fetch-1' }));
    const failing = await client().refundPayment(request({ amountPaise: 40_000, idempotencyKey: 'OUO-fetch-2' }));
    if (!made.ok || !failing.ok) throw new Error('no refund made');
    expect(await client().fetchRefund(payment.id, made.refund.id)).toMatchObject({ refund: { status: 'pending' } });
    fake.settleRefund(made.refund.id);
    fake.settleRefund(failing.refund.id, 'failed');
    expect(fake.calls.at(-1)).toBe(`GET /v1/payments/${payment.id}/refunds/${made.refund.id}`);
    expect(await client().fetchRefund(payment.id, made.refund.id)).toEqual({
      ok: true,
      refund: expect.objectContaining({ status: 'processed', speedProcessed: 'normal', arn: '10000000000000' }),
    });
    expect(await client().fetchRefund(payment.id, failing.refund.id)).toMatchObject({ refund: { status: 'failed' } });
    // A failed refund's money can be refunded again.
    expect(fake.payments.get(payment.id)).toMatchObject({ amount_refunded: 40_000 });
  });

  it('is REFUSED for a refund Razorpay does not know, or of another payment; UNREACHABLE while Razorpay is down', async () => {
    const one = await paid();
    const other = await paid();
    const made = await client().refundPayment(other.request());
    if (!made.ok) throw new Error('no refund made');
    expect(await client().fetchRefund(one.payment.id, 'rfnd_Unknown0001')).toMatchObject({
      code: 'REFUSED',
      message: expect.stringContaining('The id provided does not exist'),
    });
    expect(await client().fetchRefund(one.payment.id, made.refund.id)).toMatchObject({ code: 'REFUSED' });
    fake.refundsDown = true;
    expect(await client().fetchRefund(other.payment.id, made.refund.id)).toMatchObject({ code: 'UNREACHABLE' });
  });
});

describe('paymentRefunds', () => {
  it('finds every refund of a payment by creation time, past Razorpay’s default page of 10 (a lost answer found again)', async () => {
    const { payment, request } = await paid(100_000);
    const ids: string[] = [];
    for (let index = 0; index < 12; index += 1) {
      const made = await client().refundPayment(request({ amountPaise: 100, idempotencyKey: `OUO-many-${index}-x` }));
      if (made.ok) ids.push(made.refund.id);
    }
    const listed = await client().paymentRefunds(payment.id);
    if (!listed.ok) throw new Error(listed.message);
    expect(listed.refunds.map((refund) => refund.id).sort()).toEqual(ids.sort());
    const times = listed.refunds.map((refund) => refund.createdAt);
    expect(times).toEqual([...times].sort((a, b) => a - b));
    expect(fake.calls.at(-1)).toBe(`GET /v1/payments/${payment.id}/refunds`);
  });

  it('is an empty list for a payment never refunded, REFUSED for an unknown payment, UNREACHABLE while Razorpay is down', async () => {
    const { payment } = await paid();
    expect(await client().paymentRefunds(payment.id)).toEqual({ ok: true, refunds: [] });
    expect(await client().paymentRefunds('pay_Unknown0001')).toMatchObject({ code: 'REFUSED' });
    fake.refundsDown = true;
    expect(await client().paymentRefunds(payment.id)).toMatchObject({ code: 'UNREACHABLE' });
  });
});
