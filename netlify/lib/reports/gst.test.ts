import { describe, expect, it } from 'vitest';
import { gstReportCreditNote, gstReportInvoice } from '#tests/support/invoices.ts';
import { bookedOrder } from '#tests/support/parcels.ts';
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
  it('collects every invoice and credit note of the log, oldest order first', async () => {
    const second = gstReportInvoice({ number: 'OUO/26-27/000102' });
    const byId = new Map(
      [
        { ...bookedOrder({ orderId: 'OUO_20' }), invoice: second },
        { ...bookedOrder({ orderId: 'OUO_10' }), invoice, creditNote },
        bookedOrder({ orderId: 'OUO_30', unbooked: true }),
      ].map((order) => [order.orderId, order]),
    );
    const documents = await gstDocuments({
      allOrderIds: async () => [...byId.keys()],
      get: async (id) => byId.get(id),
    });
    expect(documents.map(({ number }) => number)).toEqual(['OUO/26-27/000101', 'CN/26-27/000001', 'OUO/26-27/000102']);
  });
});
