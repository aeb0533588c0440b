/**
 * Staff's actions from the Sheet as the order's engine applies them (docs/shop-rules.md §10 rule
 * 15): each decided on the record it changes, each rewriting the Sheet's rows.
 */

import { describe, expect, it } from 'vitest';
import { bookedOrder, change, parcelOf } from '#tests/support/parcels.ts';
import type { StoredOrder } from '../order/index.ts';
import { CASH_PAYMENT } from '../order/index.ts';
import type { StaffEvent } from './staff-events.ts';
import { transition } from './transition.ts';

const AT = '2026-12-02T10:00:00.000Z';
const LATER = '2026-12-02T11:00:00.000Z';
const SHEET_TASK = { key: 'OUO_1/sheet', kind: 'sheet' };

/** A prepaid order paid ₹784 and booked, its Sheet rows written. */
function paid(): StoredOrder {
  const order = bookedOrder({ orderId: 'OUO_1', mode: 'prepaid' });
  order.razorpay = { orderId: 'order_1', amountPaise: 78_400, paymentId: 'pay_1' };
  return order;
}

/** A COD order of ₹150 whose parcel was delivered (its cash collected at the door). */
function delivered(): StoredOrder {
  return bookedOrder({
    orderId: 'OUO_1',
    parcel: parcelOf(change('in-transit', '2026-11-22T06:00:00.000Z'), change('delivered', '2026-11-23T06:00:00.000Z')),
  });
}

const refund = (requestId: string, amountPaise: number, at = AT): StaffEvent => ({
  type: 'staff-refund-asked',
  at,
  requestId,
  paymentId: 'pay_1',
  capturedPaise: 78_400,
  amountPaise,
});

const lastEvent = (order: StoredOrder) => order.history.at(-1)?.event;

describe('staff-refund-asked', () => {
  it('writes the next staff refund, asked of Razorpay, and rewrites the Sheet', () => {
    const result = transition(paid(), refund('r1', 50_000));
    expect(result.changed).toBe(true);
    expect(result.order.issuedRefunds).toEqual([
      {
        key: 'OUO_1-staff-1',
        paymentId: 'pay_1',
        amountPaise: 50_000,
        purpose: 'staff',
        status: 'requested',
        requestedAt: AT,
        requestId: 'r1',
      },
    ]);
    expect(lastEvent(result.order)).toBe('staff refund OUO_1-staff-1: ₹500');
    expect(result.order.updatedAt).toBe(AT);
    expect(result.order.forwards.sheet.status).toBe('pending');
    // Razorpay is asked by the refund's own task (netlify/lib/tasks/refund-kind.ts), earned here.
    expect(result.tasks).toEqual([SHEET_TASK, { key: 'OUO_1/refund/OUO_1-staff-1', kind: 'refund' }]);
  });

  it('makes one refund per request, the next under the next key, never more than is left', () => {
    const first = transition(paid(), refund('r1', 50_000)).order;
    expect(transition(first, refund('r1', 50_000, LATER)).changed).toBe(false);
    expect(transition(first, refund('r2', 28_401, LATER)).changed).toBe(false);
    const second = transition(first, refund('r2', 28_400, LATER)).order;
    expect(second.issuedRefunds?.map((issued) => issued.key)).toEqual(['OUO_1-staff-1', 'OUO_1-staff-2']);
    expect(transition(second, refund('r3', 100, LATER)).changed).toBe(false);
    expect(transition(paid(), refund('r4', 12.5)).changed).toBe(false);
  });

  it('records a COD refund by hand as done, never for Razorpay', () => {
    const result = transition(delivered(), {
      type: 'staff-refund-asked',
      at: AT,
      requestId: 'r1',
      paymentId: CASH_PAYMENT,
      capturedPaise: 15_000,
      amountPaise: 5_000,
      manual: true,
    });
    expect(result.order.issuedRefunds?.[0]).toMatchObject({
      key: 'OUO_1-staff-1',
      paymentId: CASH_PAYMENT,
      status: 'processed',
      manual: true,
      settledAt: AT,
    });
    expect(lastEvent(result.order)).toBe('staff refund OUO_1-staff-1: ₹50 refunded by hand (UPI or bank transfer)');
  });
});

describe('staff-extra-refunds-asked', () => {
  it('moves every extra payment to the refunds asked for; the order no longer needs a refund', () => {
    const order = paid();
    order.refunds = [
      { paymentId: 'pay_2', amountPaise: 78_400, at: AT, via: 'webhook' },
      { paymentId: 'pay_3', amountPaise: 78_400, at: AT, via: 'browser' },
    ];
    const event: StaffEvent = { type: 'staff-extra-refunds-asked', at: LATER, requestId: 'r1' };
    const result = transition(order, event);
    expect(result.order.refunds).toBeUndefined();
    expect(result.order.issuedRefunds).toEqual([
      expect.objectContaining({
        key: 'OUO_1-extra-payment-1',
        paymentId: 'pay_2',
        status: 'requested',
        requestId: 'r1',
      }),
      expect.objectContaining({ key: 'OUO_1-extra-payment-2', paymentId: 'pay_3', requestedAt: LATER }),
    ]);
    expect(lastEvent(result.order)).toBe('extra payments to refund: OUO_1-extra-payment-1, OUO_1-extra-payment-2');
    expect(result.tasks).toEqual([
      SHEET_TASK,
      { key: 'OUO_1/refund/OUO_1-extra-payment-1', kind: 'refund' },
      { key: 'OUO_1/refund/OUO_1-extra-payment-2', kind: 'refund' },
    ]);
    expect(transition(result.order, event).changed).toBe(false);
  });

  it('numbers the next extra payments after those whose refund was asked for before', () => {
    const order = paid();
    order.issuedRefunds = [
      {
        key: 'OUO_1-extra-payment-1',
        paymentId: 'pay_2',
        amountPaise: 78_400,
        purpose: 'extra-payment',
        status: 'processed',
        requestedAt: AT,
      },
      {
        key: 'OUO_1-staff-1',
        paymentId: 'pay_1',
        amountPaise: 100,
        purpose: 'staff',
        status: 'processed',
        requestedAt: AT,
      },
    ];
    order.refunds = [{ paymentId: 'pay_3', amountPaise: 78_400, at: AT, via: 'webhook' }];
    const result = transition(order, { type: 'staff-extra-refunds-asked', at: LATER, requestId: 'r2' });
    expect(result.order.issuedRefunds?.map((issued) => [issued.key, issued.paymentId])).toEqual([
      ['OUO_1-extra-payment-1', 'pay_2'],
      ['OUO_1-staff-1', 'pay_1'],
      ['OUO_1-extra-payment-2', 'pay_3'],
    ]);
    expect(lastEvent(result.order)).toBe('extra payments to refund: OUO_1-extra-payment-2');
  });
});

describe('staff-cod-received', () => {
  const event: StaffEvent = { type: 'staff-cod-received', at: AT, requestId: 'r1' };

  it("records a delivered COD order's cash, once", () => {
    const result = transition(delivered(), event);
    expect(result.order.codReceived).toEqual({ at: AT, requestId: 'r1' });
    expect(lastEvent(result.order)).toBe('COD received (staff)');
    expect(result.tasks).toEqual([SHEET_TASK]);
    expect(transition(result.order, { ...event, at: LATER, requestId: 'r2' }).changed).toBe(false);
  });

  it('changes nothing before the parcel is delivered', () => {
    expect(transition(bookedOrder({ orderId: 'OUO_1' }), event).changed).toBe(false);
  });
});

describe('staff-rebook-asked', () => {
  const event: StaffEvent = { type: 'staff-rebook-asked', at: AT, requestId: 'r1' };

  it('starts a new round of tries of a failed booking, its last error kept for staff', () => {
    const order = bookedOrder({ orderId: 'OUO_1', unbooked: true });
    order.forwards.shipment = { status: 'needs-attention', attempts: 9, lastError: 'HTTP 503' };
    const result = transition(order, event);
    expect(result.order.forwards.shipment).toEqual({ status: 'pending', attempts: 0, lastError: 'HTTP 503' });
    expect(lastEvent(result.order)).toBe('staff: book again (a new round of tries; request r1)');
    expect(result.tasks).toEqual([SHEET_TASK, { key: 'OUO_1/shipment/OUO_1', kind: 'shipment' }]);
  });

  it('sends a returned parcel again under the next reference, the old one kept as it ended', () => {
    const parcel = parcelOf(change('in-transit', '2026-11-22T06:00:00.000Z'), change('returned', AT));
    const order = bookedOrder({ orderId: 'OUO_1', parcel });
    const result = transition(order, event);
    expect(result.order.earlierShipments).toEqual([
      { waybill: 'WB1', reference: 'OUO_1', bookedAt: '2026-11-21T06:00:00.000Z', parcel },
    ]);
    expect(result.order.parcel).toBeUndefined();
    expect(lastEvent(result.order)).toBe('staff: book again (a new parcel, OUO_1-2; request r1)');
    expect(result.tasks).toContainEqual({ key: 'OUO_1/shipment/OUO_1-2', kind: 'shipment' });
  });

  it('sends a lost parcel again; one booked before its time was kept dates from the order', () => {
    const parcel = parcelOf(change('in-transit', '2026-11-22T06:00:00.000Z'), change('lost', AT));
    const order = bookedOrder({ orderId: 'OUO_1', parcel });
    delete order.forwards.shipment.at;
    const result = transition(order, event);
    expect(result.order.earlierShipments).toEqual([
      { waybill: 'WB1', reference: 'OUO_1', bookedAt: order.createdAt, parcel },
    ]);
    expect(result.order.forwards.shipment).toEqual({ status: 'pending', attempts: 0 });
    expect(lastEvent(result.order)).toBe('staff: book again (a new parcel, OUO_1-2; request r1)');
  });

  it('changes nothing of a parcel on its way, one being booked, or a cancelled order', () => {
    expect(transition(bookedOrder({ orderId: 'OUO_1' }), event).changed).toBe(false);
    const sending = bookedOrder({ orderId: 'OUO_1', unbooked: true });
    sending.forwards.shipment = { status: 'sending', attempts: 1 };
    expect(transition(sending, event).changed).toBe(false);
    const cancelled = bookedOrder({ orderId: 'OUO_1', unbooked: true });
    cancelled.status = 'cancelled';
    expect(transition(cancelled, event).changed).toBe(false);
  });
});
