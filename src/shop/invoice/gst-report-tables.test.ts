import { describe, expect, it } from 'vitest';
import { gstReportCreditNote, gstReportInvoice } from '#tests/support/invoices.ts';
import { gstReport } from './gst-report.ts';
import { cellText, GST_TABLE_IDS, gstTables, rupeesText, SIGN_NOTE } from './gst-report-tables.ts';

const DELHI = { stateName: 'Delhi', stateCode: '07' };
const invoice = gstReportInvoice({
  number: 'OUO/26-27/000101',
  place: DELHI,
  lines: [
    { hsn: '040590', rate: 5, paidPaise: 1_20_000_00, quantity: 100 },
    { hsn: '9965', rate: 18, paidPaise: 8_000, unit: 'OTH' },
  ],
});
const business = gstReportInvoice({ number: 'OUO/26-27/000102', name: '=HYPERLINK("x")', gstin: '05ABCDE1234F1Z5' });
const report = gstReport(
  [invoice, business, gstReportCreditNote(business, 'CN/26-27/000001', '2026-11-20')],
  '2026-11',
);
const tables = gstTables(report);
const byId = Object.fromEntries(tables.map((table) => [table.id, table]));
const texts = (id: string) => byId[id]?.rows.map((row) => [row.key, ...row.cells.map((cell) => cellText(cell, true))]);

describe('rupeesText', () => {
  it('prints paise as rupees with two decimals, plain or grouped the Indian way, negative with a minus', () => {
    expect(rupeesText(1_04_500)).toBe('1045.00');
    expect(rupeesText(1_23_45_678_05, true)).toBe('1,23,45,678.05');
    expect(rupeesText(-7)).toBe('-0.07');
    expect(rupeesText(-1_04_500, true)).toBe('-1,045.00');
    expect(rupeesText(0)).toBe('0.00');
  });

  it('leaves text and counts as they are', () => {
    expect(cellText('Delhi')).toBe('Delhi');
    expect(cellText(5)).toBe('5');
    expect(cellText({ paise: 1_20_000_00 })).toBe('120000.00');
  });
});

describe('gstTables', () => {
  it('lays out every table, in order, each row with its key', () => {
    expect(tables.map((table) => table.id)).toEqual([...GST_TABLE_IDS]);
    for (const table of tables) {
      expect(table.rows.every((row) => row.cells.length === table.headers.length)).toBe(true);
      expect(new Set(table.rows.map((row) => row.key)).size).toBe(table.rows.length);
    }
  });

  it('says first how a credit note is signed', () => {
    expect(texts('notes')).toEqual([['1', SIGN_NOTE]]);
    expect(SIGN_NOTE).toContain('Credit notes are shown negative');
  });

  it('prints the documents with their recipient, GSTIN, section and figures', () => {
    expect(byId.documents?.headers).toEqual([
      'Kind',
      'Number',
      'Date',
      'Order ID',
      'Reverses',
      'Recipient',
      'GSTIN',
      'Section',
      'Place of supply',
      'State code',
      'Taxable value',
      'CGST',
      'SGST',
      'IGST',
      'Total',
    ]);
    expect(texts('documents')).toEqual([
      [
        'OUO/26-27/000101',
        'Invoice',
        'OUO/26-27/000101',
        '2026-11-03',
        'OUO_2627000101',
        '',
        'Asha Rawat',
        '',
        'B2C large',
        'Delhi',
        '07',
        '1,14,353.51',
        '0.00',
        '0.00',
        '5,726.49',
        '1,20,080.00',
      ],
      [
        'OUO/26-27/000102',
        'Invoice',
        'OUO/26-27/000102',
        '2026-11-03',
        'OUO_2627000102',
        '',
        '=HYPERLINK("x")',
        '05ABCDE1234F1Z5',
        'B2B',
        'Uttarakhand',
        '05',
        '379.05',
        '9.48',
        '9.47',
        '0.00',
        '398.00',
      ],
      [
        'CN/26-27/000001',
        'Credit note',
        'CN/26-27/000001',
        '2026-11-20',
        'OUO_2627000102',
        'OUO/26-27/000102',
        '=HYPERLINK("x")',
        '05ABCDE1234F1Z5',
        'B2B',
        'Uttarakhand',
        '05',
        '-379.05',
        '-9.48',
        '-9.47',
        '0.00',
        '-398.00',
      ],
    ]);
  });

  it('prints B2B with the GSTIN and both taxes, B2C large with IGST only, the threshold in its title', () => {
    expect(byId.b2b?.headers).toContain('GSTIN');
    expect(texts('b2b')?.map((row) => row[0])).toEqual(['OUO/26-27/000102|5', 'CN/26-27/000001|5']);
    expect(byId.b2cl?.title).toContain('above ₹1,00,000 to buyers without a GSTIN');
    expect(byId.b2cl?.headers).toEqual([
      'Kind',
      'Number',
      'Date',
      'Recipient',
      'Place of supply',
      'State code',
      'Document value',
      'Rate %',
      'Taxable value',
      'IGST',
    ]);
    expect(texts('b2cl')).toEqual([
      [
        'OUO/26-27/000101|5',
        'Invoice',
        'OUO/26-27/000101',
        '2026-11-03',
        'Asha Rawat',
        'Delhi',
        '07',
        '1,20,080.00',
        '5',
        '1,14,285.71',
        '5,714.29',
      ],
      [
        'OUO/26-27/000101|18',
        'Invoice',
        'OUO/26-27/000101',
        '2026-11-03',
        'Asha Rawat',
        'Delhi',
        '07',
        '1,20,080.00',
        '18',
        '67.80',
        '12.20',
      ],
    ]);
    expect(texts('b2cs')).toEqual([]);
  });

  it('prints the HSN summary, the series and the totals by rate (with All) and by State', () => {
    expect(texts('hsn')).toEqual([
      ['B2B|07133300|PAC|5', 'B2B', '07133300', 'PAC', '0', '5', '0.00', '0.00', '0.00', '0.00', '0.00'],
      [
        'B2C|040590|PAC|5',
        'B2C',
        '040590',
        'PAC',
        '100',
        '5',
        '1,14,285.71',
        '5,714.29',
        '0.00',
        '0.00',
        '1,20,000.00',
      ],
      ['B2C|9965|OTH|18', 'B2C', '9965', 'OTH', '1', '18', '67.80', '12.20', '0.00', '0.00', '80.00'],
    ]);
    expect(texts('docs-issued')).toEqual([
      ['OUO/26-27', 'Invoices', 'OUO/26-27/000101', 'OUO/26-27/000102', '2', '0'],
      ['CN/26-27', 'Credit notes', 'CN/26-27/000001', 'CN/26-27/000001', '1', '0'],
    ]);
    expect(texts('by-rate')).toEqual([
      ['5', '5', '1,14,285.71', '0.00', '0.00', '5,714.29', '1,20,000.00'],
      ['18', '18', '67.80', '0.00', '0.00', '12.20', '80.00'],
      ['All', 'All', '1,14,353.51', '0.00', '0.00', '5,726.49', '1,20,080.00'],
    ]);
    expect(texts('by-state')).toEqual([
      ['05', 'Uttarakhand', '05', '0.00', '0.00', '0.00', '0.00', '0.00'],
      ['07', 'Delhi', '07', '1,14,353.51', '0.00', '0.00', '5,726.49', '1,20,080.00'],
    ]);
  });

  it('lists the warnings after the sign note', () => {
    const confirm = gstReportInvoice({ number: 'OUO/26-27/000009', ratesToConfirm: ['0712'] });
    const notes = gstTables(gstReport([confirm], '2026-11'))[0];
    expect(notes?.rows.map((row) => row.key)).toEqual(['1', '2']);
    expect(notes?.rows[1]?.cells[0]).toContain('HSN 0712 was taxed at a rate still to confirm');
  });
});
