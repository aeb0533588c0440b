/** What the Orders tab's cells show of an order (docs/staff-guide.md, the Orders tab). */
import { describe, expect, it } from 'vitest';
import { bookedOrder } from '#tests/support/parcels.ts';
import type { CreditNote, Invoice } from '../invoice/index.ts';
import { CASH_PAYMENT, type IssuedRefund } from '../order/index.ts';
import { sheetCells, sheetRefunds } from './sheet-row.ts';

const AT = '2026-12-02T10:00:00.000Z';

const issued = (extra: Partial<IssuedRefund>): IssuedRefund => ({
  key: 'OUO_1-staff-1',
  paymentId: 'pay_1',
  amountPaise: 20_000,
  purpose: 'staff',
  status: 'processed',
  requestedAt: AT,
  ...extra,
});

describe('sheetCells', () => {
  it("shows the invoice's number once it is issued, and the credit note's once the order is credited", () => {
    const order = bookedOrder({ orderId: 'OUO_1', mode: 'prepaid' });
    expect(sheetCells(order)).not.toHaveProperty('invoice');
    order.invoice = { number: 'OUO/26-27/000123' } as Invoice;
    expect(sheetCells(order).invoice).toBe('OUO/26-27/000123');
    order.creditNote = { number: 'OUO/26-27/000124' } as CreditNote;
    expect(sheetCells(order).invoice).toBe('OUO/26-27/000123; credit note OUO/26-27/000124');
  });

  it('shows the payment id and the waybill once there are ones', () => {
    const order = bookedOrder({ orderId: 'OUO_1', mode: 'prepaid' });
    order.razorpay = { orderId: 'order_1', amountPaise: 78_400, paymentId: 'pay_1' };
    expect(sheetCells(order)).toMatchObject({ paymentId: 'pay_1', waybill: 'WB1', refunded: '', refundIds: '' });
    const unbooked = bookedOrder({ orderId: 'OUO_2', unbooked: true });
    expect(sheetCells(unbooked)).not.toHaveProperty('paymentId');
    expect(sheetCells(unbooked)).not.toHaveProperty('waybill');
  });
});

describe('sheetRefunds', () => {
  it("adds up what was given back, and lists Razorpay's ids, saying how a refund by hand went", () => {
    const refunds = [
      issued({ refundId: 'rfnd_1' }),
      issued({ key: 'OUO_1-staff-2', paymentId: CASH_PAYMENT, amountPaise: 5_000, manual: true }),
      // Asked for, Razorpay not answered yet: no id, nothing given back so far.
      issued({ key: 'OUO_1-staff-3', amountPaise: 1_000, status: 'requested' }),
    ];
    expect(sheetRefunds({ issuedRefunds: refunds })).toEqual({
      refunded: '250',
      refundIds: 'rfnd_1, by hand (UPI or bank)',
    });
    expect(sheetRefunds({})).toEqual({ refunded: '', refundIds: '' });
  });
});
