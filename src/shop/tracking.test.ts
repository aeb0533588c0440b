import { describe, expect, it } from 'vitest';
import { delhiveryTrackingUrl, type OrderFacts, orderTimeline, phoneDigits } from './tracking.ts';

const cod: OrderFacts = { mode: 'cod', total: 934, placedAt: '2026-11-21T10:00:00.000Z', status: 'pending' };
const scans = [
  { at: '2026-11-21T16:00:00.000Z', status: 'Picked up', location: 'Uttarkashi hub' },
  { at: '2026-11-22T10:00:00.000Z', status: 'In transit', location: 'Dehradun', note: 'Bag sealed' },
  { at: '2026-11-24T12:00:00.000Z', status: 'Delivered', location: '' },
];

describe('orderTimeline', () => {
  it('says a COD order is placed and being handed to the courier, with what to pay', () => {
    expect(orderTimeline(cod)).toEqual([
      {
        kind: 'placed',
        title: 'Order placed',
        at: cod.placedAt,
        detail: 'Cash on delivery: pay ₹934 when it arrives.',
      },
      { kind: 'booked', title: 'Being handed to Delhivery', detail: 'We are booking the courier.' },
    ]);
  });

  it("follows a booked parcel scan by scan, with Delhivery's link, up to Delivered", () => {
    const steps = orderTimeline({
      ...cod,
      status: 'forwarded',
      waybill: 'SIM1',
      bookedAt: '2026-11-21T11:00:00.000Z',
      tracking: { delivered: true, scans, simulated: true },
    });
    expect(steps.slice(1)).toEqual([
      {
        kind: 'booked',
        title: 'Handed to Delhivery',
        at: '2026-11-21T11:00:00.000Z',
        detail: 'Waybill SIM1',
        link: { href: 'https://www.delhivery.com/track-v2/package/SIM1', text: 'Track on Delhivery' },
      },
      { kind: 'scan', title: 'Picked up', at: scans[0]?.at, detail: 'Uttarkashi hub' },
      { kind: 'scan', title: 'In transit', at: scans[1]?.at, detail: 'Dehradun · Bag sealed' },
      { kind: 'delivered', title: 'Delivered', at: scans[2]?.at, detail: undefined },
    ]);
    // Not delivered yet: every scan is a step, and no Delivered.
    const onTheWay = orderTimeline({
      ...cod,
      waybill: 'SIM1',
      tracking: { delivered: false, scans, simulated: false },
    });
    expect(onTheWay.map((step) => step.kind)).toEqual(['placed', 'booked', 'scan', 'scan', 'scan']);
    // Booked, but the carrier could not be asked: the booking alone.
    expect(orderTimeline({ ...cod, waybill: 'SIM1' }).map((step) => step.kind)).toEqual(['placed', 'booked']);
  });

  it('walks a prepaid order through waiting, confirming and paid', () => {
    const prepaid: OrderFacts = { ...cod, mode: 'prepaid' };
    expect(orderTimeline(prepaid).map((step) => step.kind)).toEqual(['placed', 'awaiting-payment']);
    expect(orderTimeline(prepaid)[0]?.detail).toBeUndefined();
    expect(orderTimeline({ ...prepaid, confirming: true })[1]).toMatchObject({
      kind: 'confirming',
      title: 'Payment received, confirming',
    });
    expect(orderTimeline({ ...prepaid, status: 'paid', paidAt: '2026-11-21T10:05:00.000Z' }).slice(1)).toEqual([
      { kind: 'paid', title: 'Payment received', at: '2026-11-21T10:05:00.000Z' },
      { kind: 'booked', title: 'Being handed to Delhivery', detail: 'We are booking the courier.' },
    ]);
  });

  it('says in plain words when an order expired unpaid, or our team is booking it by hand', () => {
    expect(orderTimeline({ ...cod, mode: 'prepaid', status: 'expired' })[1]).toMatchObject({
      kind: 'expired',
      title: 'Not placed: no payment reached us',
    });
    expect(orderTimeline({ ...cod, needsAttention: true })[1]).toMatchObject({
      kind: 'attention',
      title: 'Being arranged by our team',
    });
  });
});

describe('phoneDigits', () => {
  it('reads a phone number as its 10 digits whatever the format', () => {
    for (const phone of [
      '9876543210',
      '98765 43210',
      '98765-43210',
      '+91 98765 43210',
      '919876543210',
      '098765 43210',
    ]) {
      expect(phoneDigits(phone)).toBe('9876543210');
    }
    expect(phoneDigits('12345')).toBe('12345');
  });
});

it("links a waybill to Delhivery's tracking page", () => {
  expect(delhiveryTrackingUrl('A B')).toBe('https://www.delhivery.com/track-v2/package/A%20B');
});
