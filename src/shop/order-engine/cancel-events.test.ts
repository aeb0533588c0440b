import { describe, expect, it } from 'vitest';
import { bareOrder } from '#tests/support/stored-order.ts';
import type { CancelStep, IssuedRefund, StoredOrder } from '../order/index.ts';
import type { CancelEvent } from './cancel-events.ts';
import { cancelRefundDecision, cancelRefusal, reportedRefund } from './cancel-rules.ts';
import type { RefundEvent } from './refund-events.ts';
import { sheetFingerprint } from './sheet-row.ts';
import { transition } from './transition.ts';

const AT = '2026-12-01T11:00:00.000Z';
const LATER = '2026-12-01T11:00:05.000Z';

/** A COD order booked with Delhivery, its Sheet rows written as it stands. */
function order(overrides: Partial<StoredOrder> = {}): StoredOrder {
  const made = bareOrder({
    status: 'forwarded',
    totals: { subtotal: 694, shippingCharge: 90, codCharge: 150, total: 934 },
    forwards: {
      sheet: { status: 'done', attempts: 1 },
      shipment: { status: 'done', attempts: 1, waybill: 'W1', at: '2026-12-01T10:00:01.000Z' },
    },
    ...overrides,
  });
  made.forwards.sheet.syncedCells = sheetFingerprint(made);
  return made;
}

/** A prepaid order of ₹934, paid. */
const paidOrder = (overrides: Partial<StoredOrder> = {}) =>
  order({
    mode: 'prepaid',
    status: 'paid',
    razorpay: { orderId: 'order_1', amountPaise: 93400, paymentId: 'pay_1' },
    ...overrides,
  });

const step = (status: CancelStep['status'], more: Partial<CancelStep> = {}): CancelStep => ({
  status,
  attempts: 0,
  ...more,
});

/** The cancellation's refund of the whole ₹934, asked for and not answered yet. */
const refund = (overrides: Partial<IssuedRefund> = {}): IssuedRefund => ({
  key: 'OUO_1-cancelled-1',
  paymentId: 'pay_1',
  amountPaise: 93400,
  purpose: 'cancelled',
  status: 'requested',
  requestedAt: AT,
  ...overrides,
});

/** An order whose cancellation was asked, its steps as given. */
function cancelling(booking: CancelStep, refund: CancelStep, base = paidOrder()): StoredOrder {
  base.cancellation = { reason: 'other', by: 'shopper', requestedAt: AT, booking, refund };
  base.forwards.sheet.syncedCells = sheetFingerprint(base);
  return base;
}

/** Applies the event, then applies it again to what it left: the replay must change nothing. */
function applyTwice(start: StoredOrder, event: CancelEvent | RefundEvent) {
  const first = transition(start, event);
  return { first, replay: transition(first.order, event) };
}

describe('cancel-asked', () => {
  it("asks for a booked COD order's booking to be cancelled, nothing to refund, and says who asked", () => {
    const { first, replay } = applyTwice(order(), { type: 'cancel-asked', at: AT, reason: 'other', by: 'shopper' });
    expect(first.changed).toBe(true);
    expect(first.order.cancellation).toEqual({
      reason: 'other',
      by: 'shopper',
      requestedAt: AT,
      booking: step('pending'),
      refund: step('not-needed'),
    });
    expect(first.order.history).toEqual([{ at: AT, event: 'cancellation asked by the shopper (other)' }]);
    expect(first.order.updatedAt).toBe(AT);
    // The Status cell now says Cancelling: the rows are written again.
    expect(first.order.forwards.sheet.status).toBe('pending');
    // The booking step is a task of its own (netlify/lib/orders/cancel-kind.ts), earned here.
    expect(first.tasks).toEqual([
      { key: 'OUO_1/sheet', kind: 'sheet' },
      { key: 'OUO_1/cancel-booking', kind: 'cancel-booking' },
    ]);
    expect(replay.changed).toBe(false);
    expect(cancelRefusal(replay.order)).toBeUndefined();
  });

  it('asks for the money back of a paid order, and notes a request from the phone on WhatsApp', () => {
    const shipment = { status: 'pending' as const, attempts: 0 };
    const start = paidOrder({ forwards: { sheet: { status: 'done', attempts: 1 }, shipment } });
    const event: CancelEvent = {
      type: 'cancel-asked',
      at: AT,
      reason: 'wrong-address',
      by: 'shopper',
      fromPhone: true,
    };
    const { order: next } = transition(start, event);
    expect(next.cancellation).toMatchObject({ fromPhone: true, booking: step('not-needed'), refund: step('pending') });
    expect(next.history.at(-1)?.event).toBe('cancellation asked by the shopper on WhatsApp (wrong-address)');
    // Staff's request is the shop's, whatever phone it came through.
    const staff = transition(start, { ...event, by: 'staff' }).order;
    expect(staff.cancellation?.fromPhone).toBeUndefined();
    expect(staff.history.at(-1)?.event).toBe('cancellation asked by the staff (wrong-address)');
  });

  it('waits for a booking in flight, which may yet make a parcel', () => {
    const start = order({
      forwards: { sheet: { status: 'done', attempts: 1 }, shipment: { status: 'sending', attempts: 1 } },
    });
    const { order: next } = transition(start, { type: 'cancel-asked', at: AT, reason: 'other', by: 'staff' });
    expect(next.cancellation?.booking).toEqual(step('pending'));
  });

  it('changes nothing on an order that cannot be cancelled, and the writer reads why', () => {
    const event: CancelEvent = { type: 'cancel-asked', at: AT, reason: 'other', by: 'shopper' };
    const moved = order({ parcel: { state: 'in-transit', changes: [] } });
    expect(transition(moved, event).changed).toBe(false);
    expect(cancelRefusal(moved)).toBe('too-late');
    const unpaid = paidOrder({ status: 'pending' });
    expect(transition(unpaid, event).changed).toBe(false);
    expect(cancelRefusal(unpaid)).toBe('not-placed');
    const refused = cancelling(step('too-late'), step('not-needed'), order());
    expect(transition(refused, event).changed).toBe(false);
    expect(cancelRefusal(refused)).toBe('too-late');
  });
});

describe('cancellable', () => {
  it('refuses an order cancelled already, and still cancels one whose parcel waits for its pickup', () => {
    const event: CancelEvent = { type: 'cancel-asked', at: AT, reason: 'other', by: 'staff' };
    const cancelled = order({ status: 'cancelled' });
    expect(cancelRefusal(cancelled)).toBe('already-cancelled');
    expect(transition(cancelled, event).changed).toBe(false);
    const waiting = order({ parcel: { state: 'booked', changes: [] } });
    expect(cancelRefusal(waiting)).toBeUndefined();
    expect(transition(waiting, event).order.cancellation?.booking).toEqual(step('pending'));
  });
});

describe('cancel-step-settled', () => {
  // Its task ran it (the claim is the task row's, never the order's): the step is still to settle.
  const working = step('pending');

  it('settles the claimed step with what came of it, once', () => {
    const start = cancelling(working, step('pending'));
    const { first, replay } = applyTwice(start, {
      type: 'cancel-step-settled',
      at: LATER,
      step: 'booking',
      status: 'done',
    });
    expect(first.order.cancellation?.booking).toEqual({ status: 'done', attempts: 1, at: LATER });
    expect(first.order.history).toEqual([{ at: LATER, event: 'cancellation booking: done' }]);
    expect(first.order.updatedAt).toBe(LATER);
    expect(replay.changed).toBe(false);
  });

  it('ends the cancellation when Delhivery has the parcel: nothing is refunded, the order goes on', () => {
    const start = cancelling(working, step('pending'));
    const { order: next } = transition(start, {
      type: 'cancel-step-settled',
      at: LATER,
      step: 'booking',
      status: 'too-late',
      lastError: 'picked up',
    });
    expect(next.cancellation?.booking).toMatchObject({ status: 'too-late', lastError: 'picked up' });
    expect(next.cancellation?.refund).toEqual(step('not-needed'));
    expect(next.history.at(-1)?.event).toBe('cancellation booking: too-late (picked up)');
    expect(next.status).toBe('paid');
  });

  it("records Razorpay's answer on the refund the step asked for", () => {
    const requested = refund();
    const start = cancelling(step('done'), working, paidOrder({ issuedRefunds: [requested] }));
    const { order: next } = transition(start, {
      type: 'cancel-step-settled',
      at: LATER,
      step: 'refund',
      status: 'done',
      refund: { key: requested.key, refundId: 'rfnd_1', status: 'pending' },
    });
    expect(next.issuedRefunds).toEqual([{ ...requested, refundId: 'rfnd_1', status: 'pending' }]);
    expect(next.history.at(-1)?.event).toBe('cancellation refund: done');
  });
});

describe('cancel-refund-requested', () => {
  const asked = { key: 'OUO_1-cancelled-1', paymentId: 'pay_1', capturedPaise: 93400 };

  it('writes the refund of what is left with its key before Razorpay is asked, once', () => {
    const part = refund({ key: 'OUO_1-staff-1', amountPaise: 10000, purpose: 'staff', status: 'processed' });
    const start = paidOrder({ issuedRefunds: [part] });
    const { first, replay } = applyTwice(start, { type: 'cancel-refund-requested', at: LATER, ...asked });
    expect(first.order.issuedRefunds?.[1]).toEqual({
      key: asked.key,
      paymentId: 'pay_1',
      amountPaise: 83400,
      purpose: 'cancelled',
      status: 'requested',
      requestedAt: LATER,
    });
    expect(replay.changed).toBe(false);
    expect(cancelRefundDecision(replay.order, asked)).toEqual({ amountPaise: 83400 });
  });

  it('gives back all that was captured when the order has no refund yet', () => {
    const { order: next } = transition(paidOrder(), { type: 'cancel-refund-requested', at: LATER, ...asked });
    expect(next.issuedRefunds).toEqual([refund({ requestedAt: LATER })]);
    expect(cancelRefundDecision(paidOrder(), asked)).toEqual({ amountPaise: 93400 });
  });

  it('writes nothing when nothing is left to give back', () => {
    const all = refund({ key: 'OUO_1-staff-1', purpose: 'staff', status: 'pending' });
    const start = paidOrder({ issuedRefunds: [all] });
    expect(transition(start, { type: 'cancel-refund-requested', at: LATER, ...asked }).changed).toBe(false);
    expect(cancelRefundDecision(start, asked)).toEqual({ reason: 'nothing-left' });
  });
});

describe('cancel-refund-requested during a cancellation', () => {
  const asked = { key: 'OUO_1-cancelled-1', paymentId: 'pay_1', capturedPaise: 93400 };

  it('keeps the money waiting for the booking, and never asks twice once the step is settled', () => {
    const waiting = cancelling(step('failed'), step('pending'));
    expect(transition(waiting, { type: 'cancel-refund-requested', at: AT, ...asked }).changed).toBe(false);
    const done = cancelling(step('done'), step('done'));
    expect(transition(done, { type: 'cancel-refund-requested', at: AT, ...asked }).changed).toBe(false);
    const due = cancelling(step('not-needed'), step('failed', { attempts: 1 }));
    const { order: next, tasks } = transition(due, { type: 'cancel-refund-requested', at: AT, ...asked });
    expect(next.issuedRefunds).toEqual([refund()]);
    // Razorpay is asked by the refund's task (netlify/lib/tasks/refund-kind.ts), earned with it.
    expect(tasks).toContainEqual({ key: 'OUO_1/refund/OUO_1-cancelled-1', kind: 'refund' });
  });

  it('settles the step when nothing is left (staff gave it all back), and needs staff for an amount not whole', () => {
    const all = refund({ key: 'OUO_1-staff-1', purpose: 'staff', status: 'pending' });
    const gone = cancelling(step('done'), step('pending'), paidOrder({ issuedRefunds: [all] }));
    const { order: next } = transition(gone, { type: 'cancel-refund-requested', at: LATER, ...asked });
    expect(next.cancellation?.refund).toEqual({ status: 'done', attempts: 1, at: LATER, lastError: 'nothing-left' });
    expect(next.history.at(-1)?.event).toBe('cancellation refund: done (nothing-left)');
    const odd = cancelling(step('done'), step('pending'));
    const { order: failed } = transition(odd, {
      type: 'cancel-refund-requested',
      at: LATER,
      ...asked,
      capturedPaise: 0.5,
    });
    expect(failed.cancellation?.refund).toMatchObject({ status: 'failed', lastError: 'not-a-whole-amount' });
  });
});

describe('cancel-step-settled once settled', () => {
  it('leaves a settled step as it came out: a late settle changes nothing', () => {
    const start = cancelling(step('done'), step('pending'));
    const late = { type: 'cancel-step-settled', at: LATER, step: 'booking', status: 'failed' } as const;
    expect(transition(start, late).changed).toBe(false);
    expect(transition(paidOrder(), late).changed).toBe(false);
  });
});

describe('order-cancelled', () => {
  it('cancels the order once every step is settled, and earns the shopper one email', () => {
    const start = cancelling(step('done'), step('not-needed'), order());
    const { first, replay } = applyTwice(start, { type: 'order-cancelled', at: LATER });
    expect(first.order.status).toBe('cancelled');
    expect(first.order.cancellation?.doneAt).toBe(LATER);
    expect(first.order.history).toEqual([{ at: LATER, event: 'cancelled' }]);
    expect(first.order.notices?.['email:cancelled']).toMatchObject({ event: 'cancelled', status: 'pending' });
    expect(first.tasks).toContainEqual({ key: 'OUO_1/notice/email:cancelled', kind: 'notice' });
    expect(first.order.forwards.sheet.status).toBe('pending');
    expect(replay.changed).toBe(false);
  });

  it('waits while a step is not settled', () => {
    const start = cancelling(step('done'), step('failed'));
    expect(transition(start, { type: 'order-cancelled', at: LATER }).changed).toBe(false);
  });
});

describe('refund-reported', () => {
  const issued = refund();
  const report = { id: 'rfnd_1', status: 'pending' as const, receipt: issued.key };

  it('moves the refund forward, matched by its key, and rewrites the Sheet even when no cell changed', () => {
    const start = paidOrder({ issuedRefunds: [issued] });
    const { first, replay } = applyTwice(start, { type: 'refund-reported', at: LATER, refund: report });
    expect(first.order.issuedRefunds).toEqual([{ ...issued, status: 'pending', refundId: 'rfnd_1' }]);
    expect(first.order.history).toEqual([{ at: LATER, event: 'refund OUO_1-cancelled-1: pending (rfnd_1)' }]);
    expect(first.order.forwards.sheet.status).toBe('pending');
    expect(first.tasks).toEqual([{ key: 'OUO_1/sheet', kind: 'sheet' }]);
    expect(replay.changed).toBe(false);
  });

  it('tells the shopper once when the money is back, matched by its id', () => {
    const start = paidOrder({ issuedRefunds: [{ ...issued, status: 'pending', refundId: 'rfnd_1' }] });
    const processed = { id: 'rfnd_1', status: 'processed' as const };
    const { first, replay } = applyTwice(start, { type: 'refund-reported', at: LATER, refund: processed });
    expect(first.order.issuedRefunds?.[0]).toMatchObject({ status: 'processed', settledAt: LATER });
    expect(first.tasks).toContainEqual({ key: 'OUO_1/notice/email:refunded-OUO_1-cancelled-1', kind: 'notice' });
    expect(replay.changed).toBe(false);
    // A late `pending` never moves it back.
    expect(transition(first.order, { type: 'refund-reported', at: LATER, refund: report }).changed).toBe(false);
  });

  it('ignores word of another refund under its key, and of a refund the order does not know', () => {
    const start = paidOrder({ issuedRefunds: [issued] });
    const other = { ...report, amountPaise: 100 };
    expect(transition(start, { type: 'refund-reported', at: LATER, refund: other }).changed).toBe(false);
    expect(reportedRefund(start, other)).toMatchObject({ other: true });
    const unknown = { id: 'rfnd_9', status: 'processed' as const, receipt: 'OUO_1-staff-1' };
    expect(transition(start, { type: 'refund-reported', at: LATER, refund: unknown }).changed).toBe(false);
    expect(reportedRefund(start, unknown)).toBeUndefined();
  });

  it("ignores word of another payment's refund under its key, and of any refund on an order that has none", () => {
    const start = paidOrder({ issuedRefunds: [issued] });
    const samePayment = { ...report, paymentId: 'pay_1' };
    expect(reportedRefund(start, samePayment)).toEqual({ known: issued, other: false });
    expect(transition(start, { type: 'refund-reported', at: LATER, refund: samePayment }).changed).toBe(true);
    const otherPayment = { ...report, paymentId: 'pay_2' };
    expect(reportedRefund(start, otherPayment)).toMatchObject({ other: true });
    expect(transition(start, { type: 'refund-reported', at: LATER, refund: otherPayment }).changed).toBe(false);
    expect(reportedRefund(paidOrder(), report)).toBeUndefined();
    expect(transition(paidOrder(), { type: 'refund-reported', at: LATER, refund: report }).changed).toBe(false);
  });
});
