import { describe, expect, it } from 'vitest';
import { text } from '../texts/server.ts';
import { applyScans, type CarrierScan, newParcel } from './parcel.ts';
import { delhiveryTrackingUrl, type OrderFacts, orderTimeline, phoneDigits } from './tracking.ts';

const cod: OrderFacts = { mode: 'cod', total: 934, placedAt: '2026-11-21T10:00:00.000Z', status: 'pending' };
/** Delhivery's scans of a parcel that failed once, was delivered the next day, and one that came back. */
const scan = (at: string, type: string, status: string, extra: Partial<CarrierScan> = {}): CarrierScan => ({
  at,
  type,
  status,
  location: 'Dehradun_Hub (Uttarakhand)',
  ...extra,
});
const journey = [
  scan('2026-11-21T16:00:00.000Z', 'UD', 'In Transit', { code: 'X-PPOM', location: 'Uttarkashi_Hub' }),
  scan('2026-11-22T10:00:00.000Z', 'UD', 'In Transit', { code: 'X-DLL2F' }),
  scan('2026-11-23T09:00:00.000Z', 'UD', 'Dispatched'),
  scan('2026-11-23T15:00:00.000Z', 'UD', 'Pending', { code: 'EOD-74', note: 'Consignee unavailable' }),
  scan('2026-11-24T09:00:00.000Z', 'UD', 'Dispatched'),
  scan('2026-11-24T12:00:00.000Z', 'DL', 'Delivered', { location: '' }),
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

  it("follows a booked parcel by its stored states, with Delhivery's link, up to Delivered", () => {
    const { parcel } = applyScans(newParcel(), journey);
    const steps = orderTimeline({
      ...cod,
      status: 'forwarded',
      waybill: 'SIM1',
      bookedAt: '2026-11-21T11:00:00.000Z',
      parcel,
    });
    expect(steps.slice(1)).toEqual([
      {
        kind: 'booked',
        title: 'Handed to Delhivery',
        at: '2026-11-21T11:00:00.000Z',
        detail: 'Waybill SIM1',
        link: { href: 'https://www.delhivery.com/track-v2/package/SIM1', text: 'Track on Delhivery' },
      },
      { kind: 'picked-up', title: 'Picked up by Delhivery', at: journey[0]?.at, detail: 'Uttarkashi Hub' },
      { kind: 'in-transit', title: 'On its way', at: journey[1]?.at, detail: 'Dehradun Hub (Uttarakhand)' },
      {
        kind: 'out-for-delivery',
        title: 'Out for delivery',
        at: journey[2]?.at,
        detail: 'Please keep ₹934 ready for the courier.',
      },
      {
        kind: 'delivery-failed',
        title: 'Delivery attempt failed',
        at: journey[3]?.at,
        detail:
          'The courier said: Consignee unavailable. Delhivery usually tries again the next working day. To change the address or the day, message us on WhatsApp.',
      },
      {
        kind: 'out-for-delivery',
        title: 'Out for delivery',
        at: journey[4]?.at,
        detail: 'Please keep ₹934 ready for the courier.',
      },
      { kind: 'delivered', title: 'Delivered', at: journey[5]?.at, detail: undefined },
    ]);
    // Prepaid: out for delivery says where, not what to pay.
    const prepaid = orderTimeline({
      ...cod,
      mode: 'prepaid',
      status: 'forwarded',
      paidAt: cod.placedAt,
      waybill: 'SIM1',
      parcel,
    });
    expect(prepaid.find((step) => step.kind === 'out-for-delivery')?.detail).toBe('Dehradun Hub (Uttarakhand)');
    // Booked, nothing scanned yet: the booking alone.
    expect(orderTimeline({ ...cod, waybill: 'SIM1' }).map((step) => step.kind)).toEqual(['placed', 'booked']);
  });

  it('says in plain words when a parcel comes back, is lost, or its booking is cancelled', () => {
    const back = applyScans(newParcel(), [
      scan('2026-11-25T10:00:00.000Z', 'RT', 'In Transit'),
      scan('2026-11-27T10:00:00.000Z', 'DL', 'RTO'),
    ]).parcel;
    expect(orderTimeline({ ...cod, waybill: 'SIM1', parcel: back }).slice(2)).toEqual([
      expect.objectContaining({
        kind: 'returning',
        title: 'Coming back to us',
        detail: text('parcel.detail.returning'),
      }),
      expect.objectContaining({ kind: 'returned', title: 'Returned to us', detail: text('parcel.detail.returned') }),
    ]);
    const lost = applyScans(newParcel(), [scan('2026-11-25T10:00:00.000Z', 'UD', 'LOST')]).parcel;
    expect(orderTimeline({ ...cod, waybill: 'SIM1', parcel: lost })[2]).toMatchObject({
      kind: 'lost',
      detail: text('parcel.detail.lost'),
    });
    const cancelled = applyScans(newParcel(), [scan('2026-11-21T12:00:00.000Z', 'CN', 'Canceled')]).parcel;
    expect(orderTimeline({ ...cod, waybill: 'SIM1', parcel: cancelled })[2]).toMatchObject({ kind: 'cancelled' });
    const failed = {
      changes: [
        {
          state: 'delivery-failed' as const,
          at: '2026-11-23T15:00:00.000Z',
          scan: scan('2026-11-23T15:00:00.000Z', 'UD', 'Pending'),
        },
      ],
    };
    expect(orderTimeline({ ...cod, waybill: 'SIM1', parcel: failed })[2]?.detail).toMatch(
      /^The courier said: Pending\./,
    );
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

describe('a cancelled order and its refunds', () => {
  const refund = (status: 'requested' | 'pending' | 'processed' | 'failed', settledAt?: string) => ({
    amountPaise: 78_400,
    status,
    requestedAt: '2026-11-21T11:00:00.000Z',
    ...(settledAt ? { settledAt } : {}),
  });

  it('ends with Order cancelled: a COD order has nothing to pay, and no booking step is promised', () => {
    const steps = orderTimeline({ ...cod, status: 'cancelled', cancelledAt: '2026-11-21T11:00:00.000Z' });
    expect(steps.slice(1)).toEqual([
      {
        kind: 'cancelled',
        title: 'Order cancelled',
        at: '2026-11-21T11:00:00.000Z',
        detail: text('cancel.cancelledCod'),
      },
    ]);
  });

  it("shows each refund: on its way, refunded, or held up; and not the carrier's cancellation scan again", () => {
    const cancelledScan = applyScans(newParcel(), [scan('2026-11-21T10:30:00.000Z', 'CN', 'Canceled')]).parcel;
    const steps = orderTimeline({
      ...cod,
      mode: 'prepaid',
      status: 'cancelled',
      paidAt: cod.placedAt,
      waybill: 'SIM1',
      parcel: cancelledScan,
      cancelledAt: '2026-11-21T11:00:00.000Z',
      refunds: [
        refund('pending'),
        refund('processed', '2026-11-24T10:00:00.000Z'),
        refund('processed'),
        refund('failed'),
        refund('failed', '2026-11-25T10:00:00.000Z'),
      ],
    });
    expect(steps.map((step) => [step.kind, step.title, step.at])).toEqual([
      ['placed', 'Order placed', cod.placedAt],
      ['paid', 'Payment received', cod.placedAt],
      ['booked', 'Handed to Delhivery', undefined],
      ['cancelled', 'Order cancelled', '2026-11-21T11:00:00.000Z'],
      ['refund', 'Refund of ₹784 on its way', '2026-11-21T11:00:00.000Z'],
      ['refund', '₹784 refunded', '2026-11-24T10:00:00.000Z'],
      ['refund', '₹784 refunded', '2026-11-21T11:00:00.000Z'],
      ['attention', 'Refund of ₹784 held up', '2026-11-21T11:00:00.000Z'],
      ['attention', 'Refund of ₹784 held up', '2026-11-25T10:00:00.000Z'],
    ]);
    expect(steps[3]?.detail).toBeUndefined(); // prepaid: the refund steps say what happens to the money
  });
});

describe('a parcel sent again', () => {
  const returned = applyScans(newParcel(), [
    scan('2026-11-22T10:00:00.000Z', 'UD', 'In Transit', { code: 'X-PPOM' }),
    scan('2026-11-25T10:00:00.000Z', 'RT', 'RTO', { status: 'RTO' }),
    scan('2026-11-27T10:00:00.000Z', 'DL', 'RTO', { code: 'RD-AC' }),
  ]).parcel;
  const earlierParcels = [{ waybill: 'SIM1', bookedAt: '2026-11-21T11:00:00.000Z', parcel: returned }];

  it("tells the first parcel's story, then the second booking's, each with its own waybill", () => {
    const steps = orderTimeline({
      ...cod,
      status: 'forwarded',
      waybill: 'SIM2',
      bookedAt: '2026-11-28T09:00:00.000Z',
      earlierParcels,
    });
    expect(steps.map((step) => [step.kind, step.title, step.detail?.startsWith('Waybill') ? step.detail : ''])).toEqual(
      [
        ['placed', 'Order placed', ''],
        ['booked', 'Handed to Delhivery', 'Waybill SIM1'],
        ['picked-up', 'Picked up by Delhivery', ''],
        ['returning', 'Coming back to us', ''],
        ['returned', 'Returned to us', ''],
        ['booked', 'Sent again with Delhivery', 'Waybill SIM2'],
      ],
    );
  });

  it('says it is being sent again until the new booking is made', () => {
    const steps = orderTimeline({
      ...cod,
      status: 'forwarded',
      earlierParcels: [{ waybill: 'SIM1', bookedAt: cod.placedAt }],
    });
    expect(steps.slice(1).map((step) => step.title)).toEqual(['Handed to Delhivery', 'Being sent again']);
  });

  it('says a refund staff made by hand went by UPI or bank transfer', () => {
    const steps = orderTimeline({
      ...cod,
      status: 'forwarded',
      refunds: [{ amountPaise: 10_000, status: 'processed', requestedAt: cod.placedAt, manual: true }],
    });
    expect(steps.at(-1)).toMatchObject({ title: '₹100 refunded', detail: text('cancel.refundedByHand') });
  });
});

describe('a COD order waiting for its confirmation (rule 17)', () => {
  const link = 'https://wa.me/919876500000?text=CONFIRM%20OUO_1764150000000%20K7QX';
  const titles = (facts: OrderFacts) => orderTimeline(facts).map((step) => step.title);

  it('stops at the question, with the order page’s link to confirm on WhatsApp', () => {
    const steps = orderTimeline({ ...cod, confirmation: { state: 'awaiting' }, confirmLink: link });
    expect(steps.map((step) => step.title)).toEqual(['Order placed', text('codConfirm.awaitingTitle')]);
    expect(steps[1]).toMatchObject({
      kind: 'awaiting-confirmation',
      detail: text('codConfirm.awaitingDetail'),
      link: { href: link, text: 'Confirm on WhatsApp' },
    });
    // /track has no link: the question only.
    expect(orderTimeline({ ...cod, confirmation: { state: 'awaiting' } })[1]?.link).toBeUndefined();
  });

  it('ends with Order cancelled, not the question, when it was cancelled unconfirmed', () => {
    expect(titles({ ...cod, status: 'cancelled', confirmation: { state: 'awaiting' } })).toEqual([
      'Order placed',
      'Order cancelled',
    ]);
  });

  it('says how it was confirmed, then goes on to the booking', () => {
    const at = '2026-11-21T10:20:00.000Z';
    const steps = orderTimeline({ ...cod, confirmation: { state: 'confirmed', via: 'whatsapp-button', at } });
    expect(steps.map((step) => step.title)).toEqual(['Order placed', 'Order confirmed', 'Being handed to Delhivery']);
    expect(steps[1]).toMatchObject({ kind: 'confirmed', at, detail: 'You confirmed it on WhatsApp.' });
    expect(orderTimeline({ ...cod, confirmation: { state: 'confirmed' } })[1]?.detail).toBeUndefined();
  });
});

describe('a COD order with its COD fee paid now (rule 17)', () => {
  const advance: OrderFacts = { ...cod, advance: 150 };

  it('waits for the fee, then says it came and what is left to pay, also when out for delivery', () => {
    expect(orderTimeline(advance).map((step) => step.kind)).toEqual(['placed', 'awaiting-payment']);
    const { parcel } = applyScans(newParcel(), journey.slice(0, 3));
    const steps = orderTimeline({ ...advance, status: 'forwarded', paidAt: cod.placedAt, waybill: 'SIM1', parcel });
    expect(steps[0]?.detail).toBe('Cash on delivery, the COD fee paid online: pay ₹784 when it arrives.');
    expect(steps[1]).toEqual({ kind: 'paid', title: 'COD fee of ₹150 received', at: cod.placedAt });
    expect(steps.find((step) => step.kind === 'out-for-delivery')?.detail).toBe(
      'Please keep ₹784 ready for the courier.',
    );
  });

  it('does not say "nothing was charged" once cancelled: the fee is refunded', () => {
    const steps = orderTimeline({ ...advance, status: 'cancelled', paidAt: cod.placedAt, cancelledAt: cod.placedAt });
    expect(steps.find((step) => step.kind === 'cancelled')?.detail).toBeUndefined();
  });
});
