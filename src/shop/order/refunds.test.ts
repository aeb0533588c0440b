import { describe, expect, it } from 'vitest';
import {
  canMoveRefund,
  checkRefund,
  type IssuedRefund,
  REFUND_STATES,
  type RefundState,
  refundablePaise,
  refundedPaise,
  refundKey,
  refundsOpen,
  refundsSummary,
} from './refunds.ts';

const refund = (amountPaise: number, status: RefundState, paymentId = 'pay_A'): IssuedRefund => ({
  key: `OUO_1-staff-${amountPaise}`,
  paymentId,
  amountPaise,
  purpose: 'staff',
  status,
  requestedAt: '2026-11-26T10:00:00.000Z',
});

describe('the refund arithmetic', () => {
  const captured = 93_400; // ₹934

  it('adds up what a payment has given back, but a failed refund, and another payment’s', () => {
    const refunds = [
      refund(10_000, 'processed'),
      refund(5_000, 'pending'),
      refund(7_000, 'failed'),
      refund(9_000, 'requested'),
      refund(1_000, 'processed', 'pay_B'),
    ];
    expect(refundedPaise(refunds, 'pay_A')).toBe(24_000);
    expect(refundablePaise(captured, refunds, 'pay_A')).toBe(69_400);
    expect(refundablePaise(1_000, refunds, 'pay_B')).toBe(0);
    expect(refundablePaise(10_000, refunds, 'pay_A')).toBe(0); // never below nothing
  });

  it('refunds everything left when no amount is asked (a cancellation)', () => {
    expect(checkRefund(captured, [], 'pay_A')).toEqual({ ok: true, amountPaise: captured });
    expect(checkRefund(captured, [refund(10_000, 'processed')], 'pay_A')).toEqual({ ok: true, amountPaise: 83_400 });
  });

  it('lets partial refunds add up to what was captured, and never beyond', () => {
    const first = [refund(50_000, 'processed')];
    expect(checkRefund(captured, first, 'pay_A', 43_400)).toEqual({ ok: true, amountPaise: 43_400 });
    expect(checkRefund(captured, first, 'pay_A', 43_401)).toEqual({
      ok: false,
      reason: 'more-than-left',
      leftPaise: 43_400,
    });
    const all = [...first, refund(43_400, 'pending')];
    expect(checkRefund(captured, all, 'pay_A', 1)).toEqual({ ok: false, reason: 'nothing-left', leftPaise: 0 });
    expect(checkRefund(captured, all, 'pay_A')).toEqual({ ok: false, reason: 'nothing-left', leftPaise: 0 });
    // A failed refund gave nothing back: its amount may be asked for again.
    expect(checkRefund(captured, [refund(93_400, 'failed')], 'pay_A')).toEqual({ ok: true, amountPaise: captured });
  });

  it.each([0.5, -100, Number.NaN, Number.POSITIVE_INFINITY, 2 ** 53])('refuses %s paise', (amount) => {
    expect(checkRefund(captured, [], 'pay_A', amount)).toMatchObject({ ok: false, reason: 'not-a-whole-amount' });
  });

  it('refuses a refund of nothing', () => {
    expect(checkRefund(captured, [], 'pay_A', 0)).toMatchObject({ ok: false, reason: 'nothing-left' });
  });

  it('names each refund by its order, purpose and number: the same for a retry, another for the next', () => {
    expect(refundKey('OUO_1797000000001', 'cancelled', 1)).toBe('OUO_1797000000001-cancelled-1');
    expect(refundKey('OUO_1797000000001', 'staff', 2)).not.toBe(refundKey('OUO_1797000000001', 'staff', 1));
    expect(refundKey('OUO_1797000000001', 'staff', 1)).toMatch(/^[A-Za-z0-9_-]{10,}$/);
  });
});

describe('a refund state', () => {
  const allowed: Record<RefundState, RefundState[]> = {
    requested: ['pending', 'processed', 'failed'],
    pending: ['processed', 'failed'],
    processed: [],
    failed: [],
  };
  it.each(REFUND_STATES.flatMap((from) => REFUND_STATES.map((to) => [from, to] as const)))('%s → %s', (from, to) => {
    expect(canMoveRefund(from, to)).toBe(allowed[from].includes(to));
  });
});

describe('refundsSummary', () => {
  it('says none, pending, refunded or failed, with the amounts', () => {
    expect(refundsSummary([])).toEqual({ state: 'none', refundedPaise: 0, pendingPaise: 0 });
    expect(refundsSummary([refund(100, 'processed'), refund(50, 'pending')])).toEqual({
      state: 'pending',
      refundedPaise: 100,
      pendingPaise: 50,
    });
    expect(refundsSummary([refund(100, 'processed'), refund(50, 'requested')]).state).toBe('pending');
    expect(refundsSummary([refund(100, 'processed')])).toEqual({
      state: 'refunded',
      refundedPaise: 100,
      pendingPaise: 0,
    });
    expect(refundsSummary([refund(100, 'failed')])).toEqual({ state: 'failed', refundedPaise: 0, pendingPaise: 0 });
    expect(refundsSummary([refund(100, 'failed'), refund(100, 'pending')]).state).toBe('pending');
  });
});

describe('refundsOpen', () => {
  it('is true while Razorpay has a refund to settle: asked for, or pending', () => {
    expect(refundsOpen({ issuedRefunds: [refund(100, 'processed'), refund(50, 'requested')] })).toBe(true);
    expect(refundsOpen({ issuedRefunds: [refund(50, 'pending')] })).toBe(true);
  });

  it('is false once every refund is settled, for a refund made by hand, and for an order without refunds', () => {
    expect(refundsOpen({ issuedRefunds: [refund(100, 'processed'), refund(50, 'failed')] })).toBe(false);
    expect(refundsOpen({ issuedRefunds: [{ ...refund(50, 'requested'), manual: true }] })).toBe(false);
    expect(refundsOpen({})).toBe(false);
  });
});
