/**
 * What an order's state says at a glance (the order log's indexed columns): something left to do,
 * staff to act, money owed back, a parcel still followed.
 */
import { describe, expect, it } from 'vitest';
import { bookedOrder, change, parcelOf } from '#tests/support/parcels.ts';
import type { CreditNote, Invoice } from '../invoice/index.ts';
import type { CancelStep, IssuedRefund, NoticeState, StoredOrder } from '../order/index.ts';
import { creditNoteOwed, isOpen, needsAttention, needsRefund, parcelOpen } from './order-flags.ts';

const AT = '2026-12-02T10:00:00.000Z';

/** A COD order booked, its Sheet rows and email done: nothing left to do. */
const closed = (): StoredOrder => bookedOrder({ orderId: 'OUO_1' });

const step = (status: CancelStep['status']): CancelStep => ({ status, attempts: 1 });

/** `closed()` with its cancellation: booking and refund as given, done (cancelled) or not. */
function cancelling(booking: CancelStep['status'], done: boolean): StoredOrder {
  const order = closed();
  order.cancellation = {
    reason: 'other',
    by: 'staff',
    requestedAt: AT,
    booking: step(booking),
    refund: step('not-needed'),
    ...(done ? { doneAt: AT } : {}),
  };
  if (done) order.status = 'cancelled';
  return order;
}

const notice = (status: NoticeState['status']): NoticeState => ({
  channel: 'email',
  event: 'shipped',
  status,
  attempts: 1,
  createdAt: AT,
});

const refund = (status: IssuedRefund['status'], manual = false): IssuedRefund => ({
  key: 'OUO_1-staff-1',
  paymentId: 'pay_1',
  amountPaise: 10_000,
  purpose: 'staff',
  status,
  requestedAt: AT,
  ...(manual ? { manual: true as const } : {}),
});

const invoice = { number: 'OUO/26-27/000123' } as Invoice;
const creditNote = { number: 'OUO/26-27/000124' } as CreditNote;

describe('isOpen', () => {
  it('is false for a booked order with every forward done and nothing else to settle', () => {
    expect(isOpen(closed())).toBe(false);
  });

  it('is open while a notice waits to be sent (pending, sending or failed), not once it went', () => {
    for (const status of ['pending', 'sending', 'failed'] as const)
      expect(isOpen({ ...closed(), notices: { 'email:shipped': notice(status) } })).toBe(true);
    expect(isOpen({ ...closed(), notices: { 'email:shipped': notice('sent') } })).toBe(false);
  });

  it('is open while Razorpay has a refund to settle, never for one made by hand', () => {
    expect(isOpen({ ...closed(), issuedRefunds: [refund('requested')] })).toBe(true);
    expect(isOpen({ ...closed(), issuedRefunds: [refund('pending')] })).toBe(true);
    expect(isOpen({ ...closed(), issuedRefunds: [refund('processed')] })).toBe(false);
    expect(isOpen({ ...closed(), issuedRefunds: [refund('requested', true)] })).toBe(false);
  });

  it('is open while a cancellation is under way, or its booking step still to settle after it', () => {
    expect(isOpen(cancelling('pending', false))).toBe(true);
    // Delhivery had the parcel: the cancellation ended there, the order goes on.
    expect(isOpen(cancelling('too-late', false))).toBe(false);
    expect(isOpen(cancelling('done', true))).toBe(false);
    // A booking that settled after the order was cancelled is still cancelled (issue 47).
    expect(isOpen(cancelling('pending', true))).toBe(true);
    expect(isOpen(cancelling('failed', true))).toBe(true);
  });

  it('is open while a cancelled order owes its credit note', () => {
    expect(isOpen({ ...cancelling('done', true), invoice })).toBe(true);
    expect(isOpen({ ...cancelling('done', true), invoice, creditNote })).toBe(false);
  });

  it('is open while the payment is to settle or the order to forward', () => {
    expect(isOpen({ ...closed(), status: 'pending' })).toBe(true);
    expect(isOpen({ ...closed(), status: 'paid' })).toBe(true);
    for (const status of ['pending', 'sending', 'failed'] as const) {
      const order = closed();
      order.forwards.invoice = { status, attempts: 1 };
      expect(isOpen(order)).toBe(true);
    }
  });
});

describe('needsAttention', () => {
  it('is false for an order that asks nothing of staff', () => {
    expect(needsAttention(closed())).toBe(false);
    expect(needsAttention(bookedOrder({ orderId: 'OUO_1', parcel: parcelOf(change('in-transit', AT)) }))).toBe(false);
  });

  it('is true for a forward given up on, or an invoice that could not be issued', () => {
    const gaveUp = closed();
    gaveUp.forwards.email = { status: 'needs-attention', attempts: 11, lastError: 'quota used up' };
    expect(needsAttention(gaveUp)).toBe(true);
    const invoiceFailed = closed();
    invoiceFailed.forwards.invoice = { status: 'failed', attempts: 1, lastError: 'no GST rate for HSN 1201' };
    expect(needsAttention(invoiceFailed)).toBe(true);
  });

  it('is true for a COD order unconfirmed for 48 hours, unless it is being cancelled', () => {
    const unconfirmed = bookedOrder({ orderId: 'OUO_1', unbooked: true });
    unconfirmed.forwards.shipment = { status: 'pending', attempts: 0 };
    unconfirmed.cod = {
      decision: { outcome: 'allow', reasons: [], at: AT },
      confirmation: { state: 'awaiting', code: 'K7Q2', chased: { call: AT } },
    };
    expect(needsAttention(unconfirmed)).toBe(true);
    unconfirmed.cancellation = cancelling('not-needed', false).cancellation;
    expect(needsAttention(unconfirmed)).toBe(false);
  });

  it('is true for a parcel lost, or failed at the door twice', () => {
    expect(needsAttention(bookedOrder({ orderId: 'OUO_1', parcel: parcelOf(change('lost', AT)) }))).toBe(true);
    const twice = parcelOf(
      change('delivery-failed', '2026-12-01T10:00:00.000Z', 'Consignee unavailable'),
      change('delivery-failed', AT, 'Door locked'),
    );
    expect(needsAttention(bookedOrder({ orderId: 'OUO_1', parcel: twice }))).toBe(true);
  });
});

describe('creditNoteOwed', () => {
  it('is owed by a cancelled order that was invoiced, until its credit note is issued', () => {
    expect(creditNoteOwed({ status: 'cancelled', invoice })).toBe(true);
    expect(creditNoteOwed({ status: 'cancelled', invoice, creditNote })).toBe(false);
    expect(creditNoteOwed({ status: 'cancelled' })).toBe(false);
    expect(creditNoteOwed({ status: 'forwarded', invoice })).toBe(false);
  });
});

describe('needsRefund', () => {
  it('is true while the order has extra payments to give back', () => {
    expect(needsRefund({ refunds: [{ paymentId: 'pay_2', amountPaise: 78_400, at: AT, via: 'webhook' }] })).toBe(true);
    expect(needsRefund({ refunds: [] })).toBe(false);
    expect(needsRefund({})).toBe(false);
  });
});

describe('parcelOpen', () => {
  it('follows a booked parcel until its story ends, one booked before parcels were followed too', () => {
    expect(parcelOpen(closed())).toBe(true);
    expect(parcelOpen(bookedOrder({ orderId: 'OUO_1', parcel: parcelOf(change('in-transit', AT)) }))).toBe(true);
    expect(parcelOpen(bookedOrder({ orderId: 'OUO_1', parcel: parcelOf(change('delivered', AT)) }))).toBe(false);
    expect(parcelOpen(bookedOrder({ orderId: 'OUO_1', parcel: parcelOf(change('lost', AT)) }))).toBe(false);
  });

  it('follows no parcel of an order not booked, booked without a waybill, or whose booking was cancelled', () => {
    expect(parcelOpen(bookedOrder({ orderId: 'OUO_1', unbooked: true }))).toBe(false);
    const noWaybill = closed();
    delete noWaybill.forwards.shipment.waybill;
    expect(parcelOpen(noWaybill)).toBe(false);
    expect(parcelOpen(cancelling('done', true))).toBe(false);
    expect(parcelOpen(cancelling('too-late', false))).toBe(true);
  });
});
