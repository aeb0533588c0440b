import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StoredOrder } from '#shop/order/index.ts';
import { freshDatabase } from '#tests/support/database.ts';
import { gstReportCreditNote, gstReportInvoice } from '#tests/support/invoices.ts';
import { bookedOrder, change, parcelOf } from '#tests/support/parcels.ts';
import { createOrderLog } from '../orders/order-log.ts';
import type { Database } from '../platform/database.ts';
import { monthBounds, ordersBookedIn, ordersWithDocumentsIn, periodBounds } from './order-rows.ts';

const ids = (orders: readonly { orderId: string }[]) => orders.map((order) => order.orderId);

/** The plan PostgreSQL makes for `text` when a scan of the whole table is its last resort. */
async function planOf(db: Database, text: string, params: unknown[]): Promise<string> {
  return db.transaction(async (tx) => {
    await tx.query('set local enable_seqscan = off');
    const rows = await tx.query<{ 'QUERY PLAN': string }>(`explain ${text}`, params);
    return rows.map((row) => row['QUERY PLAN']).join('\n');
  });
}

describe('monthBounds and periodBounds', () => {
  it("turn a month into its first day and the next month's, and a period of India's days into instants", () => {
    expect(monthBounds('2026-11')).toEqual(['2026-11-01', '2026-12-01']);
    expect(monthBounds('2026-12')).toEqual(['2026-12-01', '2027-01-01']);
    expect(periodBounds({ from: '2026-11-01', to: '2026-11-30' })).toEqual([
      '2026-10-31T18:30:00.000Z',
      '2026-11-30T18:30:00.000Z',
    ]);
    expect(() => periodBounds({ from: 'Nov', to: '2026-11-30' })).toThrow('Not a period of days');
  });
});

describe('ordersWithDocumentsIn', () => {
  let db: Database;
  beforeAll(async () => {
    ({ db } = await freshDatabase());
    const log = createOrderLog(db);
    const invoiced = (orderId: string, date: string, creditNoteDate?: string): StoredOrder => {
      const invoice = gstReportInvoice({ number: `OUO/26-27/${orderId.replace(/\D/g, '').padStart(6, '0')}`, date });
      return {
        ...bookedOrder({ orderId }),
        lines: [{ productId: 1, size: '500 g', quantity: 2 }],
        history: [{ at: '2026-11-01T06:00:00.000Z', event: 'placed' }],
        invoice,
        ...(creditNoteDate ? { creditNote: gstReportCreditNote(invoice, `CN/${orderId}`, creditNoteDate) } : {}),
      };
    };
    for (const order of [
      invoiced('OUO_9', '2026-11-30'),
      invoiced('OUO_10', '2026-11-01'),
      invoiced('OUO_2', '2026-10-31'),
      invoiced('OUO_3', '2026-12-01'),
      // Invoiced in October, credited in November.
      invoiced('OUO_4', '2026-10-20', '2026-11-02'),
      bookedOrder({ orderId: 'OUO_5' }),
    ]) {
      await log.create(order);
    }
  });
  afterAll(() => db.close());

  it('reads the orders with an invoice or a credit note dated in the month, oldest id first (as JavaScript sorts them)', async () => {
    const november = await ordersWithDocumentsIn(db, '2026-11');
    expect(ids(november)).toEqual(['OUO_10', 'OUO_4', 'OUO_9']);
    expect(november[1]).toMatchObject({ invoice: { date: '2026-10-20' }, creditNote: { date: '2026-11-02' } });
    expect(ids(await ordersWithDocumentsIn(db, '2026-10'))).toEqual(['OUO_2', 'OUO_4']);
    expect(ids(await ordersWithDocumentsIn(db, '2025-11'))).toEqual([]);
  });

  it('finds them by the indexed dates, not by reading every order', async () => {
    const plan = await planOf(
      db,
      `select o.record from orders o
       where (o.invoice_date >= $1::date and o.invoice_date < $2::date)
          or (o.credit_note_date >= $1::date and o.credit_note_date < $2::date)`,
      monthBounds('2026-11'),
    );
    expect(plan).toContain('orders_invoice_date');
    expect(plan).toContain('orders_credit_note_date');
    expect(plan).not.toContain('Seq Scan');
  });
});

describe('ordersBookedIn', () => {
  let db: Database;
  const NOVEMBER = { from: '2026-11-01', to: '2026-11-30' };
  beforeAll(async () => {
    ({ db } = await freshDatabase());
    const log = createOrderLog(db);
    const returned = parcelOf(change('returned', '2026-10-25T06:00:00.000Z'));
    const again = bookedOrder({ orderId: 'OUO_7', bookedAt: '2026-10-01T06:00:00.000Z' });
    const noTime = bookedOrder({ orderId: 'OUO_8', bookedAt: '2026-11-10T06:00:00.000Z' });
    const { at: _at, ...withoutTime } = noTime.forwards.shipment;
    for (const order of [
      // 23:59 on 30 November and 00:00 on 1 November, India.
      bookedOrder({ orderId: 'OUO_3', bookedAt: '2026-11-30T18:29:00.000Z' }),
      bookedOrder({ orderId: 'OUO_10', bookedAt: '2026-10-31T18:30:00.000Z' }),
      // 23:59 on 31 October and 00:00 on 1 December, India.
      bookedOrder({ orderId: 'OUO_1', bookedAt: '2026-10-31T18:29:00.000Z' }),
      bookedOrder({ orderId: 'OUO_2', bookedAt: '2026-11-30T18:30:00.000Z' }),
      bookedOrder({ orderId: 'OUO_5', unbooked: true, bookedAt: '2026-11-10T06:00:00.000Z' }),
      // Placed in October, its parcel returned, and being booked again in November: the returned one counts.
      {
        ...again,
        earlierShipments: [
          { waybill: 'W7', reference: 'OUO_7', bookedAt: '2026-11-02T06:00:00.000Z', parcel: returned },
        ],
        forwards: { ...again.forwards, shipment: { status: 'pending' as const, attempts: 0 } },
      },
      // Booked before bookings were timed: dated by the order.
      { ...noTime, forwards: { ...noTime.forwards, shipment: withoutTime } },
    ]) {
      await log.create(order);
    }
  });
  afterAll(() => db.close());

  it("reads the orders with a parcel booked in the period (India's days), oldest id first", async () => {
    expect(ids(await ordersBookedIn(db, NOVEMBER))).toEqual(['OUO_10', 'OUO_3', 'OUO_7', 'OUO_8']);
    expect(ids(await ordersBookedIn(db, { from: '2026-10-31', to: '2026-10-31' }))).toEqual(['OUO_1']);
    expect(ids(await ordersBookedIn(db, { from: '2026-12-01', to: '2026-12-01' }))).toEqual(['OUO_2']);
    // The order being booked again is read whole: its returned parcel, and its current shipment not booked yet.
    const [again] = await ordersBookedIn(db, { from: '2026-11-02', to: '2026-11-02' });
    expect(again).toMatchObject({ orderId: 'OUO_7', forwards: { shipment: { status: 'pending' } } });
    expect(again?.earlierShipments).toHaveLength(1);
  });
});
