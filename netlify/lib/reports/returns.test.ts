import { describe, expect, it } from 'vitest';
import { freshDatabase } from '#tests/support/database.ts';
import { bookedOrder, change, parcelOf, putOrders } from '#tests/support/parcels.ts';
import { createOrderLog } from '../orders/order-log.ts';
import { reportOrders, reportOrdersOf } from './returns.ts';

describe('reportOrdersOf', () => {
  it('reads a booked order: its mode, pincode, booking time and parcel', () => {
    const parcel = parcelOf(change('delivered', '2026-11-05T06:00:00.000Z'));
    expect(
      reportOrdersOf(
        bookedOrder({
          orderId: 'OUO_1',
          mode: 'prepaid',
          pincode: '560001',
          bookedAt: '2026-11-02T06:00:00.000Z',
          parcel,
        }),
      ),
    ).toEqual([{ orderId: 'OUO_1', mode: 'prepaid', pincode: '560001', bookedAt: '2026-11-02T06:00:00.000Z', parcel }]);
  });

  it('leaves out an order never booked, and dates a booking with no time by the order', () => {
    expect(reportOrdersOf(bookedOrder({ orderId: 'OUO_2', unbooked: true }))).toEqual([]);
    const booked = bookedOrder({ orderId: 'OUO_3', bookedAt: '2026-11-02T06:00:00.000Z' });
    const { at: _at, ...withoutTime } = booked.forwards.shipment;
    const old = {
      ...booked,
      createdAt: '2026-11-01T06:00:00.000Z',
      forwards: { ...booked.forwards, shipment: withoutTime },
    };
    expect(reportOrdersOf(old)).toMatchObject([{ bookedAt: '2026-11-01T06:00:00.000Z', parcel: undefined }]);
  });

  it("carries a COD order's rules' reasons and how it was confirmed (issue 34 §4); not a confirmation still awaited", () => {
    const booked = bookedOrder({ orderId: 'OUO_5', bookedAt: '2026-11-02T06:00:00.000Z' });
    const decision = { outcome: 'allow' as const, reasons: [], at: '2026-11-02T05:00:00.000Z' };
    const confirmed = {
      ...booked,
      cod: { decision, confirmation: { state: 'confirmed' as const, code: 'K7QX', via: 'staff' as const } },
    };
    expect(reportOrdersOf(confirmed)).toMatchObject([{ codReasons: [], confirmedVia: 'staff' }]);
    const waiting = { ...booked, cod: { decision, confirmation: { state: 'awaiting' as const, code: 'K7QX' } } };
    expect(reportOrdersOf(waiting)[0]?.confirmedVia).toBeUndefined();
  });

  it('counts a parcel sent again after a return as a second parcel, under its own reference', () => {
    const returned = parcelOf(change('returned', '2026-11-08T06:00:00.000Z'));
    const again = bookedOrder({ orderId: 'OUO_4', pincode: '302001', bookedAt: '2026-11-09T06:00:00.000Z' });
    const order = {
      ...again,
      earlierShipments: [{ waybill: 'W1', reference: 'OUO_4', bookedAt: '2026-11-02T06:00:00.000Z', parcel: returned }],
    };
    expect(reportOrdersOf(order)).toEqual([
      expect.objectContaining({ orderId: 'OUO_4', bookedAt: '2026-11-02T06:00:00.000Z', parcel: returned }),
      expect.objectContaining({ orderId: 'OUO_4-2', pincode: '302001', bookedAt: '2026-11-09T06:00:00.000Z' }),
    ]);
    // Being booked again: the returned parcel still counts.
    const booking = {
      ...order,
      forwards: { ...order.forwards, shipment: { status: 'pending' as const, attempts: 0 } },
    };
    expect(reportOrdersOf(booking).map((one) => one.orderId)).toEqual(['OUO_4']);
  });
});

describe('reportOrders', () => {
  it('reads the booked orders of the period, oldest first, not those never booked or booked outside it', async () => {
    const { db } = await freshDatabase();
    try {
      await putOrders(createOrderLog(db), [
        { orderId: 'OUO_20' },
        { orderId: 'OUO_40', bookedAt: '2026-10-20T06:00:00.000Z' },
        { orderId: 'OUO_10' },
        { orderId: 'OUO_30', unbooked: true },
      ]);
      const november = { from: '2026-11-01', to: '2026-11-30' };
      expect((await reportOrders(db, november)).map((order) => order.orderId)).toEqual(['OUO_10', 'OUO_20']);
    } finally {
      await db.close();
    }
  });
});
