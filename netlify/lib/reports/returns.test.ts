import { describe, expect, it } from 'vitest';
import { bookedOrder, change, parcelOf } from '#tests/support/parcels.ts';
import { reportOrderOf, reportOrders } from './returns.ts';

describe('reportOrderOf', () => {
  it('reads a booked order: its mode, pincode, booking time and parcel', () => {
    const parcel = parcelOf(change('delivered', '2026-11-05T06:00:00.000Z'));
    expect(
      reportOrderOf(
        bookedOrder({
          orderId: 'OUO_1',
          mode: 'prepaid',
          pincode: '560001',
          bookedAt: '2026-11-02T06:00:00.000Z',
          parcel,
        }),
      ),
    ).toEqual({ orderId: 'OUO_1', mode: 'prepaid', pincode: '560001', bookedAt: '2026-11-02T06:00:00.000Z', parcel });
  });

  it('leaves out an order never booked, and dates a booking with no time by the order', () => {
    expect(reportOrderOf(bookedOrder({ orderId: 'OUO_2', unbooked: true }))).toBeUndefined();
    const booked = bookedOrder({ orderId: 'OUO_3', bookedAt: '2026-11-02T06:00:00.000Z' });
    const { at: _at, ...withoutTime } = booked.forwards.shipment;
    const old = {
      ...booked,
      createdAt: '2026-11-01T06:00:00.000Z',
      forwards: { ...booked.forwards, shipment: withoutTime },
    };
    expect(reportOrderOf(old)).toMatchObject({ bookedAt: '2026-11-01T06:00:00.000Z', parcel: undefined });
  });
});

describe('reportOrders', () => {
  it('reads every booked order of the log, oldest first, skipping ids whose record is gone', async () => {
    const orders = [
      bookedOrder({ orderId: 'OUO_20' }),
      bookedOrder({ orderId: 'OUO_10' }),
      bookedOrder({ orderId: 'OUO_30', unbooked: true }),
    ];
    const log = {
      allOrderIds: async () => ['OUO_20', 'OUO_40', 'OUO_10', 'OUO_30'],
      get: async (id: string) => orders.find((order) => order.orderId === id),
    };
    expect((await reportOrders(log)).map((order) => order.orderId)).toEqual(['OUO_10', 'OUO_20']);
  });
});
