/**
 * What Razorpay says of a refund, as the order's engine applies it (refund-events.ts): the refund's
 * task (netlify/lib/tasks/refund-kind.ts), a webhook or the reconciler tell it; the cancellation's
 * refund settles the cancellation's money step with it. Matching and moving forward only are
 * cancel-events.test.ts' `refund-reported`.
 */
import { describe, expect, it } from 'vitest';
import { bookedOrder } from '#tests/support/parcels.ts';
import type { CancelStep, IssuedRefund, StoredOrder } from '../order/index.ts';
import type { RefundEvent } from './refund-events.ts';
import { earnedSteps, transition } from './transition.ts';

const AT = '2026-12-02T10:00:00.000Z';
const LATER = '2026-12-02T11:00:00.000Z';
const SHEET_TASK = { key: 'OUO_1/sheet', kind: 'sheet' };

const issued = (overrides: Partial<IssuedRefund> = {}): IssuedRefund => ({
  key: 'OUO_1-staff-1',
  paymentId: 'pay_1',
  amountPaise: 50_000,
  purpose: 'staff',
  status: 'requested',
  requestedAt: AT,
  ...overrides,
});

/** A prepaid order paid ₹784 and booked, its Sheet rows written, with these refunds. */
function paid(...refunds: IssuedRefund[]): StoredOrder {
  const order = bookedOrder({ orderId: 'OUO_1', mode: 'prepaid' });
  order.razorpay = { orderId: 'order_1', amountPaise: 78_400, paymentId: 'pay_1' };
  if (refunds.length > 0) order.issuedRefunds = refunds;
  return order;
}

const step = (status: CancelStep['status'], more: Partial<CancelStep> = {}): CancelStep => ({
  status,
  attempts: 0,
  ...more,
});

/** A paid order being cancelled: its booking cancelled, its refund as given, the money step as given. */
function cancelling(refundStep: CancelStep, refund = issued({ key: 'OUO_1-cancelled-1', purpose: 'cancelled' })) {
  const order = paid(refund);
  order.cancellation = { reason: 'other', by: 'shopper', requestedAt: AT, booking: step('done'), refund: refundStep };
  return order;
}

const lastEvent = (order: StoredOrder) => order.history.at(-1)?.event;

describe('refund-refused', () => {
  it('fails the refund with Razorpay’s words, once, and rewrites the Sheet', () => {
    const event: RefundEvent = { type: 'refund-refused', at: LATER, key: 'OUO_1-staff-1', message: 'too late' };
    const result = transition(paid(issued()), event);
    expect(result.order.issuedRefunds?.[0]).toMatchObject({ status: 'failed', failure: 'too late', settledAt: LATER });
    expect(lastEvent(result.order)).toBe('refund OUO_1-staff-1: refused by Razorpay (too late)');
    expect(result.tasks).toEqual([SHEET_TASK]);
    expect(transition(result.order, event).changed).toBe(false);
    expect(transition(paid(), event).changed).toBe(false);
  });

  it("fails the cancellation's money step with the refund, for staff", () => {
    const event: RefundEvent = { type: 'refund-refused', at: LATER, key: 'OUO_1-cancelled-1', message: 'no' };
    const { order } = transition(cancelling(step('pending')), event);
    expect(order.cancellation?.refund).toEqual({ status: 'failed', attempts: 1, at: LATER, lastError: 'no' });
    expect(lastEvent(order)).toBe('cancellation refund: failed (no)');
  });
});

describe('refund-reported', () => {
  it("settles the cancellation's money step once Razorpay has the refund", () => {
    const report = { id: 'rfnd_1', status: 'pending' as const, receipt: 'OUO_1-cancelled-1' };
    const event: RefundEvent = { type: 'refund-reported', at: LATER, refund: report };
    const { order } = transition(cancelling(step('failed', { attempts: 1, lastError: 'down' })), event);
    expect(order.cancellation?.refund).toEqual({ status: 'done', attempts: 2, at: LATER });
    expect(order.issuedRefunds?.[0]).toMatchObject({ refundId: 'rfnd_1', status: 'pending' });
    expect(order.history.map((entry) => entry.event)).toEqual([
      'refund OUO_1-cancelled-1: pending (rfnd_1)',
      'cancellation refund: done',
    ]);
  });

  it('settles the step even when the refund was told already (a webhook came first)', () => {
    const known = issued({ key: 'OUO_1-cancelled-1', purpose: 'cancelled', refundId: 'rfnd_1', status: 'pending' });
    const event: RefundEvent = { type: 'refund-reported', at: LATER, refund: { id: 'rfnd_1', status: 'pending' } };
    const { order, changed } = transition(cancelling(step('pending'), known), event);
    expect(changed).toBe(true);
    expect(order.history.map((entry) => entry.event)).toEqual(['cancellation refund: done']);
    expect(transition(order, event).changed).toBe(false);
  });

  it('leaves a staff refund’s word to the refund alone', () => {
    const start = paid(issued({ refundId: 'rfnd_1', status: 'pending' }));
    const event: RefundEvent = { type: 'refund-reported', at: LATER, refund: { id: 'rfnd_1', status: 'pending' } };
    expect(transition(start, event).changed).toBe(false);
  });
});

describe('refund-unanswered', () => {
  const event: RefundEvent = { type: 'refund-unanswered', at: LATER, key: 'OUO_1-cancelled-1', message: 'down' };

  it("shows the cancellation's money step failed, for the reconciler, once per reason", () => {
    const { order, changed } = transition(cancelling(step('pending')), event);
    expect(changed).toBe(true);
    expect(order.cancellation?.refund).toEqual({ status: 'failed', attempts: 1, at: LATER, lastError: 'down' });
    expect(transition(order, event).changed).toBe(false);
    expect(transition(order, { ...event, message: 'still down' }).changed).toBe(true);
  });

  it('changes nothing for a staff refund, a settled refund, an unknown one, or a step already done', () => {
    expect(transition(paid(issued()), { ...event, key: 'OUO_1-staff-1' }).changed).toBe(false);
    expect(transition(paid(issued({ status: 'pending' })), { ...event, key: 'OUO_1-staff-1' }).changed).toBe(false);
    const settled = issued({ key: 'OUO_1-cancelled-1', purpose: 'cancelled', status: 'processed' });
    expect(transition(cancelling(step('pending'), settled), event).changed).toBe(false);
    expect(transition(paid(), event).changed).toBe(false);
    expect(transition(cancelling(step('done')), event).changed).toBe(false);
    const noCancellation = paid(issued({ key: 'OUO_1-cancelled-1', purpose: 'cancelled' }));
    expect(transition(noCancellation, event).changed).toBe(false);
  });
});

describe('the steps a change earns', () => {
  it('earns a refund task for each new refund asked of Razorpay, never for one made by hand', () => {
    const before = paid(issued());
    const after = paid(
      issued(),
      issued({ key: 'OUO_1-staff-2' }),
      issued({ key: 'OUO_1-staff-3', manual: true, status: 'processed' }),
    );
    expect(earnedSteps(before, after)).toEqual([{ key: 'OUO_1/refund/OUO_1-staff-2', kind: 'refund' }]);
    expect(earnedSteps(undefined, paid(issued()))).toEqual([{ key: 'OUO_1/refund/OUO_1-staff-1', kind: 'refund' }]);
  });

  it('earns the booking step when it becomes due, once', () => {
    const due = cancelling(step('pending'));
    if (due.cancellation) due.cancellation.booking = step('pending');
    expect(earnedSteps(cancelling(step('pending')), due)).toEqual([
      { key: 'OUO_1/cancel-booking', kind: 'cancel-booking' },
    ]);
    expect(earnedSteps(due, due)).toEqual([]);
  });
});
