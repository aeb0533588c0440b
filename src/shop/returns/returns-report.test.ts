import { describe, expect, it } from 'vitest';
import type { Parcel, ParcelChange, ParcelState } from '../parcel/index.ts';
import { NO_REASON, type ReportOrder, returnsReport } from './returns-report.ts';

const change = (state: ParcelState, at: string, reason?: string): ParcelChange => ({
  state,
  at,
  scan: { at, status: state, location: 'Hub' },
  ...(reason !== undefined ? { reason } : {}),
});
const parcel = (...changes: ParcelChange[]): Parcel => ({ state: changes.at(-1)?.state ?? 'booked', changes });

// Booked at 10:00 UTC on 2 November (15:30 in India).
const BOOKED = '2026-11-02T10:00:00.000Z';
const daysLater = (days: number) => new Date(Date.parse(BOOKED) + days * 24 * 60 * 60 * 1000).toISOString();

let next = 0;
function order(overrides: Partial<ReportOrder> = {}): ReportOrder {
  next += 1;
  return { orderId: `OUO_${next}`, mode: 'cod', pincode: '248001', bookedAt: BOOKED, ...overrides };
}

const delivered = (days: number, ...before: ParcelChange[]) =>
  parcel(change('picked-up', daysLater(0.25)), ...before, change('delivered', daysLater(days)));
const failedAttempt = (days: number, reason?: string) => change('delivery-failed', daysLater(days), reason);
const rto = (reason?: string) =>
  parcel(
    change('picked-up', daysLater(0.25)),
    failedAttempt(2, reason),
    change('returning', daysLater(3)),
    change('returned', daysLater(6)),
  );

const NOVEMBER = { from: '2026-11-01', to: '2026-11-30' };

describe('returnsReport', () => {
  it('is empty, with no rates, for a period with no booking', () => {
    expect(returnsReport([order({ bookedAt: '2026-10-15T10:00:00.000Z' })], NOVEMBER)).toEqual({
      period: NOVEMBER,
      orders: 0,
      delivered: 0,
      returned: 0,
      lost: 0,
      cancelled: 0,
      onTheWay: 0,
      rtoRate: null,
      byMode: [],
      byPincode: [],
      byReason: [],
      byCodReason: [],
      byConfirmation: [],
      firstAttemptDeliveryRate: null,
      daysToDelivery: { median: null, p90: null },
    });
  });

  it("counts an order by India's day of its booking, both ends of the period included", () => {
    const orders = [
      order({ bookedAt: '2026-10-31T18:29:00.000Z' }), // 23:59 on 31 October in India: out
      order({ bookedAt: '2026-10-31T18:30:00.000Z' }), // 00:00 on 1 November in India: in
      order({ bookedAt: '2026-11-30T18:29:00.000Z' }), // 23:59 on 30 November: in
      order({ bookedAt: '2026-11-30T18:30:00.000Z' }), // 1 December: out
    ];
    expect(returnsReport(orders, NOVEMBER).orders).toBe(2);
  });

  it('counts an order with no parcel recorded yet as on its way, and in no rate', () => {
    const report = returnsReport(
      [order(), order({ parcel: parcel(change('out-for-delivery', daysLater(2))) })],
      NOVEMBER,
    );
    expect(report).toMatchObject({ orders: 2, onTheWay: 2, delivered: 0, returned: 0, rtoRate: null });
    expect(report.byMode).toEqual([{ key: 'cod', orders: 2, delivered: 0, returned: 0, rtoRate: null }]);
    expect(report.byReason).toEqual([]);
  });

  it('gives every figure of a mixed month', () => {
    const orders = [
      // COD to 248…: delivered at once (3 days), delivered after a failed attempt (5 days), returned.
      order({ parcel: delivered(3) }),
      order({ parcel: delivered(5, failedAttempt(3, 'Consignee unavailable')) }),
      order({ parcel: rto('Customer refused delivery') }),
      // COD to 110…: returned with no reason given, and a return that started and then got lost.
      order({ pincode: '110001', parcel: rto() }),
      order({
        pincode: '110017',
        parcel: parcel(failedAttempt(2, '  '), change('returning', daysLater(3)), change('lost', daysLater(5))),
      }),
      // Prepaid to 560…: delivered (4 days), a parcel lost, one cancelled, one returned by a direct RTO scan.
      order({ mode: 'prepaid', pincode: '560001', parcel: delivered(4) }),
      order({ mode: 'prepaid', pincode: '560001', parcel: parcel(change('lost', daysLater(2))) }),
      order({ mode: 'prepaid', pincode: '560001', parcel: parcel(change('cancelled', daysLater(0.1))) }),
      order({ mode: 'prepaid', pincode: '560002', parcel: parcel(change('returned', daysLater(7))) }),
    ];
    const report = returnsReport(orders, NOVEMBER);
    expect(report).toMatchObject({
      orders: 9,
      delivered: 3,
      returned: 4,
      lost: 1,
      cancelled: 1,
      onTheWay: 0,
      rtoRate: 4 / 7,
      firstAttemptDeliveryRate: 2 / 3,
      daysToDelivery: { median: 4, p90: 5 },
    });
    expect(report.byMode).toEqual([
      { key: 'cod', orders: 5, delivered: 2, returned: 3, rtoRate: 3 / 5 },
      { key: 'prepaid', orders: 4, delivered: 1, returned: 1, rtoRate: 1 / 2 },
    ]);
    expect(report.byPincode).toEqual([
      { key: '110', orders: 2, delivered: 0, returned: 2, rtoRate: 1 },
      { key: '248', orders: 3, delivered: 2, returned: 1, rtoRate: 1 / 3 },
      { key: '560', orders: 4, delivered: 1, returned: 1, rtoRate: 1 / 2 },
    ]);
    expect(report.byReason).toEqual([
      { key: 'Consignee unavailable', orders: 1, delivered: 1, returned: 0, rtoRate: 0 },
      { key: 'Customer refused delivery', orders: 1, delivered: 0, returned: 1, rtoRate: 1 },
      { key: NO_REASON, orders: 5, delivered: 2, returned: 3, rtoRate: 3 / 5 },
    ]);
  });

  it("takes the reason of the last failed attempt, in the courier's words", () => {
    const report = returnsReport(
      [
        order({ parcel: rto() }),
        order({
          parcel: parcel(
            failedAttempt(1, 'Address incomplete'),
            failedAttempt(2, ' Door locked '),
            change('returning', daysLater(3)),
          ),
        }),
      ],
      NOVEMBER,
    );
    expect(report.byReason.map((row) => row.key)).toEqual(['Door locked', NO_REASON]);
  });

  it('gives the median of an even count as the mean of the middle two, and p90 by nearest rank, to a tenth of a day', () => {
    const days = [1, 2, 2.5, 3, 3.04, 4, 5, 6, 7, 10];
    const report = returnsReport(
      days.map((d) => order({ parcel: delivered(d) })),
      NOVEMBER,
    );
    expect(report.daysToDelivery).toEqual({ median: 3.5, p90: 7 });
    expect(returnsReport([order({ parcel: delivered(2.26) })], NOVEMBER).daysToDelivery).toEqual({
      median: 2.3,
      p90: 2.3,
    });
  });
});

describe('the COD rules and confirmation in the report (issue 34 §4)', () => {
  const done = delivered(3);
  const back = rto('Consignee refused');

  it('counts COD parcels under each rule that spoke and by how they were confirmed; prepaid and older ones aside', () => {
    const report = returnsReport(
      [
        order({ codReasons: [], confirmedVia: 'whatsapp-message', parcel: done }),
        order({
          codReasons: ['short_shipping_address', 'new_customer_on_your_store'],
          confirmedVia: 'advance',
          parcel: back,
        }),
        order({ codReasons: ['new_customer_on_your_store'], confirmedVia: 'whatsapp-button', parcel: done }),
        order({ codReasons: [], confirmedVia: 'staff', parcel: back }),
        order({ codReasons: [], parcel: back }),
        order({ parcel: done }),
        order({ mode: 'prepaid', codReasons: undefined, parcel: done }),
      ],
      NOVEMBER,
    );
    expect(report.byCodReason).toEqual([
      { key: 'new_customer_on_your_store', orders: 2, delivered: 1, returned: 1, rtoRate: 0.5 },
      { key: 'none', orders: 3, delivered: 1, returned: 2, rtoRate: 2 / 3 },
      { key: 'short_shipping_address', orders: 1, delivered: 0, returned: 1, rtoRate: 1 },
    ]);
    expect(report.byConfirmation).toEqual([
      { key: 'by staff', orders: 1, delivered: 0, returned: 1, rtoRate: 1 },
      { key: 'by the fee paid now', orders: 1, delivered: 0, returned: 1, rtoRate: 1 },
      { key: 'not asked', orders: 2, delivered: 1, returned: 1, rtoRate: 0.5 },
      { key: 'on WhatsApp', orders: 2, delivered: 2, returned: 0, rtoRate: 0 },
    ]);
  });
});
