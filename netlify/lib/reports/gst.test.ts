import { describe, expect, it } from 'vitest';
import { freshDatabase } from '#tests/support/database.ts';
import { gstReportCreditNote, gstReportInvoice } from '#tests/support/invoices.ts';
import { bookedOrder } from '#tests/support/parcels.ts';
import { createOrderLog } from '../orders/order-log.ts';
import { gstDocuments, gstDocumentsOf } from './gst.ts';

const invoice = gstReportInvoice({ number: 'OUO/26-27/000101' });
const creditNote = gstReportCreditNote(invoice, 'CN/26-27/000001', '2026-11-20');

describe('gstDocumentsOf', () => {
  it("reads an order's invoice and its credit note, and nothing from an order never invoiced", () => {
    expect(gstDocumentsOf({ invoice })).toEqual([invoice]);
    expect(gstDocumentsOf({ invoice, creditNote })).toEqual([invoice, creditNote]);
    expect(gstDocumentsOf({})).toEqual([]);
  });
});

describe('gstDocuments', () => {
  it("collects every invoice and credit note of the month's orders, oldest order first", async () => {
    const { db } = await freshDatabase();
    try {
      const log = createOrderLog(db);
      const second = gstReportInvoice({ number: 'OUO/26-27/000102' });
      for (const order of [
        { ...bookedOrder({ orderId: 'OUO_20' }), invoice: second },
        { ...bookedOrder({ orderId: 'OUO_10' }), invoice, creditNote },
        bookedOrder({ orderId: 'OUO_30', unbooked: true }),
      ]) {
        await log.create(order);
      }
      const documents = await gstDocuments(db, '2026-11');
      expect(documents.map(({ number }) => number)).toEqual([
        'OUO/26-27/000101',
        'CN/26-27/000001',
        'OUO/26-27/000102',
      ]);
      expect(await gstDocuments(db, '2026-10')).toEqual([]);
    } finally {
      await db.close();
    }
  });
});
