/** The one rule for "is this payment money for this order", against a scripted gateway. */
import { describe, expect, it, vi } from 'vitest';
import { failure } from '../platform/outcome.ts';
import type { GatewayPayment, PaymentAnswer, PaymentGateway } from '../razorpay/gateway.ts';
import { judgePayment, judgePaymentById } from './judge-payment.ts';

const expected = { orderId: 'order_1', amountPaise: 78400 };
const payment = (overrides: Partial<GatewayPayment> = {}): GatewayPayment => ({
  id: 'pay_1',
  orderId: 'order_1',
  amountPaise: 78400,
  currency: 'INR',
  status: 'captured',
  ...overrides,
});

function gateway(answers: { capture?: PaymentAnswer; fetch?: PaymentAnswer } = {}): PaymentGateway {
  return {
    kind: 'razorpay',
    keyId: 'k',
    keySecret: 's',
    createOrder: vi.fn(),
    orderPayments: vi.fn(),
    capturePayment: vi.fn(async () => answers.capture ?? failure('UNREACHABLE', 'no capture scripted')),
    fetchPayment: vi.fn(async () => answers.fetch ?? failure('UNREACHABLE', 'no fetch scripted')),
  };
}

describe('judgePayment', () => {
  it('takes a captured payment of this order, in INR, for the stored amount as money, asking nothing more', async () => {
    const asked = gateway();
    expect(await judgePayment(asked, expected, payment())).toEqual({ kind: 'money', payment: payment() });
    expect(asked.capturePayment).not.toHaveBeenCalled();
  });

  it.each([
    [{ orderId: 'order_2' }, /belongs to another Razorpay order/],
    [{ orderId: undefined }, /belongs to another Razorpay order/],
    [{ currency: 'USD' }, /in USD, not INR/],
    [{ currency: '' }, /in no currency, not INR/],
    [{ amountPaise: 100 }, /100 paise, the order for 78400/],
  ])('refuses a payment that does not match the order (%o)', async (overrides, reason) => {
    expect(await judgePayment(gateway(), expected, payment(overrides))).toEqual({
      kind: 'not-money',
      reason: expect.stringMatching(reason),
      mismatch: true,
    });
  });

  it('never takes a created, failed or refunded payment as money, and says why', async () => {
    const failed = payment({ status: 'failed', errorDescription: 'The bank declined it' });
    expect(await judgePayment(gateway(), expected, failed)).toEqual({
      kind: 'not-money',
      reason: 'payment pay_1 is failed: The bank declined it',
      mismatch: false,
    });
    for (const status of ['created', 'refunded']) {
      expect(await judgePayment(gateway(), expected, payment({ status }))).toMatchObject({
        kind: 'not-money',
        reason: `payment pay_1 is ${status}`,
      });
    }
  });

  it('captures an authorized payment for the stored amount, and takes it as money once Razorpay says captured', async () => {
    const capturing = gateway({ capture: { ok: true, payment: payment() } });
    expect(await judgePayment(capturing, expected, payment({ status: 'authorized' }))).toMatchObject({ kind: 'money' });
    expect(capturing.capturePayment).toHaveBeenCalledWith('pay_1', 78400);
  });

  it('takes an authorized payment as money when the capture was refused because someone captured it first', async () => {
    const raced = gateway({
      capture: failure('REFUSED', 'This payment has already been captured'),
      fetch: { ok: true, payment: payment() },
    });
    expect(await judgePayment(raced, expected, payment({ status: 'authorized' }))).toMatchObject({ kind: 'money' });
  });

  it('keeps an authorized payment confirming while the capture does not go through', async () => {
    const down = gateway({ capture: failure('UNREACHABLE', 'Razorpay answered 502') });
    expect(await judgePayment(down, expected, payment({ status: 'authorized' }))).toEqual({
      kind: 'confirming',
      reason: 'payment pay_1 is authorized, not yet captured (Razorpay answered 502)',
    });
    // A capture answered without moving the payment to captured is not money either.
    const stuck = gateway({
      capture: { ok: true, payment: payment({ status: 'authorized' }) },
      fetch: { ok: true, payment: payment({ status: 'authorized' }) },
    });
    expect(await judgePayment(stuck, expected, payment({ status: 'authorized' }))).toMatchObject({
      kind: 'confirming',
      reason: expect.stringContaining('capture left it authorized'),
    });
  });
});

describe('judgePaymentById', () => {
  it('asks Razorpay about the payment, then judges its answer', async () => {
    expect(
      await judgePaymentById(gateway({ fetch: { ok: true, payment: payment() } }), expected, 'pay_1'),
    ).toMatchObject({
      kind: 'money',
    });
  });

  it('is confirming while Razorpay cannot be reached, and not money when Razorpay knows no such payment', async () => {
    expect(await judgePaymentById(gateway(), expected, 'pay_1')).toMatchObject({ kind: 'confirming' });
    const unknown = gateway({ fetch: failure('REFUSED', 'The id provided does not exist') });
    expect(await judgePaymentById(unknown, expected, 'pay_x')).toEqual({
      kind: 'not-money',
      reason: 'The id provided does not exist',
      mismatch: true,
    });
  });
});
