import { describe, expect, it } from 'vitest';
import type { CodState } from '../cod/index.ts';
import {
  canMove,
  forwardOf,
  type NoticeState,
  noticeOpen,
  payableNow,
  paysFirst,
  shipmentReference,
} from './order-record.ts';

const advance = { advance: { amount: 150 } } as unknown as CodState;
const totals = { subtotal: 700, shippingCharge: 90, codCharge: 150, total: 940 };

describe('an order record', () => {
  it('reads a forward it lacks as settled, not sent', () => {
    const forwards = {
      sheet: { status: 'done' as const, attempts: 1 },
      shipment: { status: 'pending' as const, attempts: 0 },
    };
    expect(forwardOf({ forwards }, 'sheet')).toEqual({ status: 'done', attempts: 1 });
    expect(forwardOf({ forwards }, 'email')).toEqual({ status: 'not-sent', attempts: 0 });
  });

  it("names a parcel sent again under the order id's next suffix", () => {
    expect(shipmentReference({ orderId: 'OUO_1' })).toBe('OUO_1');
    expect(shipmentReference({ orderId: 'OUO_1', earlierShipments: [] })).toBe('OUO_1');
    const earlier = { waybill: 'WB1', reference: 'OUO_1', bookedAt: '2026-11-21T10:00:00.000Z' };
    expect(shipmentReference({ orderId: 'OUO_1', earlierShipments: [earlier] })).toBe('OUO_1-2');
  });

  it('is paid first when prepaid or when its COD fee is paid now, for the fee alone', () => {
    expect(paysFirst({ mode: 'prepaid' })).toBe(true);
    expect(paysFirst({ mode: 'cod' })).toBe(false);
    expect(paysFirst({ mode: 'cod', cod: advance })).toBe(true);
    expect(payableNow({ totals })).toBe(940);
    expect(payableNow({ totals, cod: advance })).toBe(150);
  });

  it('keeps a notice open while it waits, is sent or failed to be retried', () => {
    const notice = (status: NoticeState['status']): NoticeState => ({
      channel: 'email',
      event: 'shipped',
      status,
      attempts: 0,
      createdAt: '2026-11-21T10:00:00.000Z',
    });
    expect(
      ['pending', 'sending', 'failed'].map((status) => noticeOpen(notice(status as NoticeState['status']))),
    ).toEqual([true, true, true]);
    expect(['sent', 'skipped', 'gave-up'].map((status) => noticeOpen(notice(status as NoticeState['status'])))).toEqual(
      [false, false, false],
    );
  });

  it('moves its status only forward; expired is revived only by payment', () => {
    expect(canMove('pending', 'pending')).toBe(false);
    expect(canMove('pending', 'expired')).toBe(true);
    expect(canMove('paid', 'expired')).toBe(false);
    expect(canMove('expired', 'paid')).toBe(true);
    expect(canMove('expired', 'cancelled')).toBe(false);
    expect(canMove('forwarded', 'cancelled')).toBe(true);
    expect(canMove('cancelled', 'forwarded')).toBe(false);
  });
});
