import { describe, expect, it } from 'vitest';
import type { ForwardState, IssuedRefund, StoredOrder } from '../order/index.ts';
import { applyScans, newParcel } from '../parcel/index.ts';
import { sheetPaymentStatus, staffStatus, staffStatusLabel } from './staff-status.ts';

const pending: ForwardState = { status: 'pending', attempts: 0 };
const done: ForwardState = { status: 'done', attempts: 1, waybill: 'SIM1' };

function order(overrides: Partial<Pick<StoredOrder, 'status' | 'mode' | 'forwards'>> = {}) {
  return {
    status: 'pending' as const,
    mode: 'cod' as const,
    forwards: { sheet: pending, shipment: pending },
    ...overrides,
  };
}

describe('staffStatus', () => {
  it('is Placed for a COD order still being booked, Paid for a paid prepaid one', () => {
    expect(staffStatus(order())).toBe('Placed');
    expect(staffStatus(order({ mode: 'prepaid', status: 'paid' }))).toBe('Paid');
    expect(staffStatus(order({ mode: 'prepaid', status: 'pending' }))).toBe('Placed');
  });

  it('is Booked once the shipment is booked', () => {
    expect(staffStatus(order({ forwards: { sheet: pending, shipment: done } }))).toBe('Booked');
    expect(
      staffStatus(order({ mode: 'prepaid', status: 'forwarded', forwards: { sheet: done, shipment: done } })),
    ).toBe('Booked');
  });

  it('is Expired for an unpaid prepaid order past its time', () => {
    expect(staffStatus(order({ mode: 'prepaid', status: 'expired' }))).toBe('Expired');
  });

  it('says why an order needs attention: the booking, else the Sheet', () => {
    const gaveUp = (lastError?: string): ForwardState => ({
      status: 'needs-attention',
      attempts: 9,
      ...(lastError ? { lastError } : {}),
    });
    expect(staffStatusLabel(order({ forwards: { sheet: pending, shipment: gaveUp('HTTP 503') } }))).toBe(
      'Needs attention: shipment not booked (HTTP 503)',
    );
    expect(staffStatusLabel(order({ forwards: { sheet: gaveUp(), shipment: done } }))).toBe(
      'Needs attention: Sheet not updated (no reason given)',
    );
    expect(staffStatusLabel(order({ forwards: { sheet: pending, shipment: gaveUp() } }))).toBe(
      'Needs attention: shipment not booked (no reason given)',
    );
    expect(staffStatusLabel(order())).toBe('Placed');
  });

  it("names the confirmation email last: the booking's reason keeps precedence", () => {
    const email: ForwardState = { status: 'needs-attention', attempts: 11, lastError: 'quota used up' };
    expect(staffStatusLabel(order({ forwards: { sheet: done, shipment: done, email } }))).toBe(
      'Needs attention: confirmation email not sent (quota used up)',
    );
    const unbooked: ForwardState = { status: 'needs-attention', attempts: 9, lastError: 'HTTP 503' };
    expect(staffStatusLabel(order({ forwards: { sheet: done, shipment: unbooked, email } }))).toBe(
      'Needs attention: shipment not booked (HTTP 503)',
    );
    // An order from before the email has none: nothing to report about it.
    expect(staffStatusLabel(order({ forwards: { sheet: done, shipment: done } }))).toBe('Booked');
  });
});

describe('a cancelled order, paid more than once, or not invoiced', () => {
  const paid = order({ mode: 'prepaid', status: 'forwarded', forwards: { sheet: done, shipment: done } });
  const issued = (status: IssuedRefund['status']): IssuedRefund => ({
    key: 'OUO_1-cancelled-1',
    paymentId: 'pay_1',
    amountPaise: 93_400,
    purpose: 'cancelled',
    status,
    requestedAt: '2026-11-21T10:00:00.000Z',
  });

  it("says what became of a cancelled order's money", () => {
    const cancelled = { ...paid, status: 'cancelled' as const };
    expect(staffStatusLabel({ ...cancelled, issuedRefunds: [issued('pending')] })).toBe(
      'Cancelled, ₹934 refund pending',
    );
    expect(staffStatusLabel({ ...cancelled, issuedRefunds: [issued('processed')] })).toBe('Cancelled, ₹934 refunded');
    // A COD order cancelled before its cash was collected: no money to speak of.
    expect(staffStatusLabel({ ...cancelled, mode: 'cod' })).toBe('Cancelled');
  });

  it('names the extra payments to refund, and the one that paid the order', () => {
    const refunds = [
      { paymentId: 'pay_2', amountPaise: 93_400, at: '2026-11-21T10:00:00.000Z', via: 'webhook' as const },
      { paymentId: 'pay_3', amountPaise: 93_400, at: '2026-11-21T10:01:00.000Z', via: 'browser' as const },
    ];
    const razorpay = { orderId: 'order_1', amountPaise: 93_400, paymentId: 'pay_1' };
    expect(staffStatus({ ...paid, refunds, razorpay })).toBe('Needs refund');
    expect(staffStatusLabel({ ...paid, refunds, razorpay })).toBe(
      'Needs refund: paid again by pay_2, pay_3 (the order is paid by pay_1)',
    );
    // A record that lost the first payment's id still reads.
    expect(staffStatusLabel({ ...paid, refunds })).toBe(
      'Needs refund: paid again by pay_2, pay_3 (the order is paid by its first payment)',
    );
  });

  it('needs attention while its invoice cannot be issued, in the reason it failed with', () => {
    const failed = (lastError?: string): ForwardState => ({
      status: 'failed',
      attempts: 1,
      ...(lastError ? { lastError } : {}),
    });
    const invoiced = (invoice: ForwardState) => ({ ...paid, forwards: { sheet: done, shipment: done, invoice } });
    expect(staffStatusLabel(invoiced(failed('no GST rate for HSN 1201')))).toBe(
      'Needs attention: no GST rate for HSN 1201',
    );
    expect(staffStatusLabel(invoiced(failed()))).toBe('Needs attention: invoice not issued');
    expect(staffStatusLabel(invoiced({ status: 'pending', attempts: 0 }))).toBe('Booked');
  });
});

describe('a refund that failed', () => {
  it("names it by Razorpay's words, else its refund id, else its key, so staff can find it", () => {
    const paid = order({ mode: 'prepaid', status: 'forwarded', forwards: { sheet: done, shipment: done } });
    const failed = (extra: Partial<IssuedRefund>): IssuedRefund => ({
      key: 'OUO_1760000000000-staff-1',
      paymentId: 'pay_1',
      amountPaise: 20_000,
      purpose: 'staff',
      status: 'failed',
      requestedAt: '2026-11-21T10:00:00.000Z',
      ...extra,
    });
    const label = (refund: IssuedRefund) => staffStatusLabel({ ...paid, issuedRefunds: [refund] });
    expect(label(failed({ refundId: 'rfnd_1', failure: 'Bank account closed' }))).toBe(
      'Needs attention: refund failed (Bank account closed)',
    );
    expect(label(failed({ refundId: 'rfnd_1' }))).toBe('Needs attention: refund failed (rfnd_1)');
    expect(label(failed({}))).toBe('Needs attention: refund failed (OUO_1760000000000-staff-1)');
  });
});

describe('the parcel in the Sheet', () => {
  const scan = (at: string, type: string, status: string, extra = {}) => ({
    at,
    type,
    status,
    location: 'Hub',
    ...extra,
  });
  const parcelOf = (...scans: ReturnType<typeof scan>[]) => applyScans(newParcel(), scans).parcel;
  const booked = (parcel: ReturnType<typeof parcelOf>) => ({
    ...order({ status: 'forwarded', forwards: { sheet: done, shipment: done } }),
    parcel,
  });

  it("shows the parcel's state once it has moved, and Booked before", () => {
    expect(staffStatusLabel(booked(newParcel()))).toBe('Booked');
    expect(staffStatusLabel(booked(parcelOf(scan('2026-11-20T01:00:00Z', 'UD', 'Dispatched'))))).toBe(
      'Out for delivery',
    );
    const failed = parcelOf(
      scan('2026-11-20T01:00:00Z', 'UD', 'Pending', { code: 'EOD-74', note: 'Address incomplete' }),
    );
    expect(staffStatusLabel(booked(failed))).toBe('Delivery failed: Address incomplete');
    expect(staffStatus(booked(failed))).toBe('Parcel');
  });

  it('needs attention after two failed attempts, or a lost parcel; a forward given up on comes first', () => {
    const twice = parcelOf(
      scan('2026-11-20T01:00:00Z', 'UD', 'Pending', { code: 'EOD-74', note: 'Consignee unavailable' }),
      scan('2026-11-21T01:00:00Z', 'UD', 'Pending', { code: 'EOD-6' }),
    );
    expect(staffStatusLabel(booked(twice))).toBe('Needs attention: delivery failed twice (Pending)');
    expect(staffStatusLabel(booked(parcelOf(scan('2026-11-20T01:00:00Z', 'UD', 'LOST'))))).toBe(
      'Needs attention: lost or damaged (Delhivery: LOST)',
    );
    const email: ForwardState = { status: 'needs-attention', attempts: 11, lastError: 'quota used up' };
    expect(staffStatusLabel({ ...booked(twice), forwards: { sheet: done, shipment: done, email } })).toBe(
      'Needs attention: confirmation email not sent (quota used up)',
    );
  });

  it("says what became of a COD parcel's cash, and leaves a prepaid order's payment alone", () => {
    const record = { paymentStatus: 'Pending' } as StoredOrder['record'];
    const delivered = parcelOf(scan('2026-11-20T01:00:00Z', 'DL', 'Delivered'));
    const coming = parcelOf(scan('2026-11-20T01:00:00Z', 'RT', 'In Transit'));
    expect(sheetPaymentStatus({ mode: 'cod', record, parcel: delivered })).toBe('Collected by courier');
    expect(sheetPaymentStatus({ mode: 'cod', record, parcel: coming })).toBe('Not collected (returned)');
    expect(sheetPaymentStatus({ mode: 'cod', record })).toBe('Pending');
    expect(
      sheetPaymentStatus({ mode: 'prepaid', record: { ...record, paymentStatus: 'Completed' }, parcel: delivered }),
    ).toBe('Completed');
  });

  it("says what a COD order's fee paid now left to collect, until the cash is collected (rule 17)", () => {
    const record = { paymentStatus: 'Pending', total: 934 } as StoredOrder['record'];
    const cod = { decision: { outcome: 'allow' as const, reasons: [], at: '' }, advance: { amount: 150 } };
    const paid = {
      mode: 'cod' as const,
      record,
      cod,
      razorpay: { orderId: 'order_1', amountPaise: 15_000, paymentId: 'pay_1' },
    };
    expect(sheetPaymentStatus(paid)).toBe('Advance ₹150 paid; ₹784 on delivery');
    expect(sheetPaymentStatus({ ...paid, razorpay: { orderId: 'order_1', amountPaise: 15_000 } })).toBe('Pending');
    const delivered = parcelOf(scan('2026-11-20T01:00:00Z', 'DL', 'Delivered'));
    expect(sheetPaymentStatus({ ...paid, parcel: delivered })).toBe('Collected by courier');
    // Staff recorded the cash as received (`COD received`): that is what the column says from then on.
    const received = { at: '2026-11-21T10:00:00.000Z', requestId: 'r1' };
    expect(sheetPaymentStatus({ ...paid, parcel: delivered, codReceived: received })).toBe('COD received');
  });
});
