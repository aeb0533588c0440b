import { describe, expect, it } from 'vitest';
import { gstReportCreditNote, gstReportInvoice } from '#tests/support/invoices.ts';
import { B2CL_THRESHOLD_PAISE, type GstDocument, gstReport, sectionOf } from './gst-report.ts';

const DELHI = { stateName: 'Delhi', stateCode: '07' };
const KARNATAKA = { stateName: 'Karnataka', stateCode: '29' };
const MAHARASHTRA = { stateName: 'Maharashtra', stateCode: '27' };
const SPICE = { hsn: '09109100', rate: 5, paidPaise: 29_700, quantity: 3 };

// October's invoice is reversed in November: its credit note counts in November, the invoice not.
const OCTOBER = gstReportInvoice({ number: 'OUO/26-27/000090', date: '2026-10-28', place: DELHI, lines: [SPICE] });
const BUSINESS = gstReportInvoice({
  number: 'OUO/26-27/000103',
  date: '2026-11-10',
  place: KARNATAKA,
  name: 'Bengaluru Organics Pvt Ltd',
  gstin: '29ABCDE1234F1Z5',
  lines: [{ hsn: '07133300', rate: 5, paidPaise: 2_00_000, quantity: 10 }],
});
const DOCUMENTS: GstDocument[] = [
  gstReportCreditNote(BUSINESS, 'CN/26-27/000008', '2026-11-25'),
  OCTOBER,
  // Dehradun: CGST + SGST. Rajma 2 × ₹199 and ghee ₹1,045.
  gstReportInvoice({
    number: 'OUO/26-27/000101',
    lines: [
      { hsn: '07133300', rate: 5, paidPaise: 39_800, quantity: 2 },
      { hsn: '040590', rate: 5, paidPaise: 1_04_500 },
    ],
  }),
  // Delhi: IGST; shipping ₹80 at its own 18 % under SAC 9965.
  gstReportInvoice({
    number: 'OUO/26-27/000102',
    date: '2026-11-05',
    place: DELHI,
    lines: [SPICE, { hsn: '9965', rate: 18, paidPaise: 8_000, unit: 'OTH' }],
  }),
  BUSINESS,
  // ₹1,20,000 of ghee to Mumbai, no GSTIN: B2C large.
  gstReportInvoice({
    number: 'OUO/26-27/000104',
    date: '2026-11-12',
    place: MAHARASHTRA,
    name: 'Meera Iyer',
    lines: [{ hsn: '040590', rate: 5, paidPaise: 1_20_000_00, quantity: 100 }],
  }),
  gstReportInvoice({
    number: 'OUO/26-27/000105',
    date: '2026-11-15',
    place: DELHI,
    lines: [{ hsn: '07129090', rate: 5, paidPaise: 29_700, quantity: 3 }],
    ratesToConfirm: ['0712'],
  }),
  gstReportCreditNote(OCTOBER, 'CN/26-27/000007', '2026-11-02'),
  gstReportInvoice({ number: 'OUO/26-27/000106', date: '2026-12-01' }),
];

const report = gstReport(DOCUMENTS, '2026-11');
const figures = (
  taxablePaise: number,
  cgstPaise: number,
  sgstPaise: number,
  igstPaise: number,
  totalPaise: number,
) => ({
  taxablePaise,
  cgstPaise,
  sgstPaise,
  igstPaise,
  totalPaise,
});

describe('gstReport: the documents of the month', () => {
  it('takes the documents dated in the month only, invoices then credit notes, each by number', () => {
    expect(report.month).toBe('2026-11');
    expect(report.documents.map((row) => row.number)).toEqual([
      'OUO/26-27/000101',
      'OUO/26-27/000102',
      'OUO/26-27/000103',
      'OUO/26-27/000104',
      'OUO/26-27/000105',
      'CN/26-27/000007',
      'CN/26-27/000008',
    ]);
  });

  it('gives each document its recipient, place of supply, section and figures; a credit note negative, with its invoice', () => {
    expect(report.documents[0]).toEqual({
      kind: 'invoice',
      number: 'OUO/26-27/000101',
      date: '2026-11-03',
      orderId: 'OUO_2627000101',
      recipient: 'Asha Rawat',
      placeOfSupply: { stateName: 'Uttarakhand', stateCode: '05' },
      section: 'B2CS',
      // ₹398 → 379.05 + 9.48 + 9.47; ₹1,045 → 995.24 + 24.88 + 24.88.
      ...figures(1_374_29, 34_36, 34_35, 0, 1_443_00),
    });
    expect(report.documents[2]).toMatchObject({ gstin: '29ABCDE1234F1Z5', section: 'B2B' });
    expect(report.documents[3]).toMatchObject({
      section: 'B2CL',
      ...figures(1_14_285_71, 0, 0, 5_714_29, 1_20_000_00),
    });
    expect(report.documents[5]).toEqual({
      kind: 'credit-note',
      number: 'CN/26-27/000007',
      date: '2026-11-02',
      orderId: 'OUO_2627000090',
      recipient: 'Asha Rawat',
      placeOfSupply: DELHI,
      section: 'B2CS',
      reverses: 'OUO/26-27/000090',
      // Never -0: a credit note's nothing is plain 0.
      ...figures(-282_86, 0, 0, -14_14, -297_00),
    });
    expect(Object.is(report.documents[5]?.cgstPaise, 0)).toBe(true);
  });

  it('adds the month up per rate, per State and in all, credit notes taken off', () => {
    expect(report.byRate).toEqual([
      { rate: 5, ...figures(1_15_942_86, 34_36, 34_35, 5_728_43, 1_21_740_00) },
      { rate: 18, ...figures(67_80, 0, 0, 12_20, 80_00) },
    ]);
    expect(report.byState).toEqual([
      { placeOfSupply: { stateName: 'Uttarakhand', stateCode: '05' }, ...figures(1_374_29, 34_36, 34_35, 0, 1_443_00) },
      // Two Delhi invoices (₹377 and ₹297) less October's ₹297 reversed.
      { placeOfSupply: DELHI, ...figures(350_66, 0, 0, 26_34, 377_00) },
      { placeOfSupply: MAHARASHTRA, ...figures(1_14_285_71, 0, 0, 5_714_29, 1_20_000_00) },
      // Invoiced and reversed in the month.
      { placeOfSupply: KARNATAKA, ...figures(0, 0, 0, 0, 0) },
    ]);
    expect(report.totals).toEqual(figures(1_16_010_66, 34_36, 34_35, 5_740_63, 1_21_820_00));
  });
});

describe('gstReport: the GSTR-1 tables', () => {
  it('lists B2B documents a row per rate, the credit note as its own negative row (tables 4 and 9B)', () => {
    const row = {
      date: '2026-11-10',
      recipient: 'Bengaluru Organics Pvt Ltd',
      gstin: '29ABCDE1234F1Z5',
      placeOfSupply: KARNATAKA,
      rate: 5,
    };
    expect(report.b2b).toEqual([
      {
        ...row,
        kind: 'invoice',
        number: 'OUO/26-27/000103',
        documentPaise: 2_000_00,
        ...figures(1_904_76, 0, 0, 95_24, 2_000_00),
      },
      {
        ...row,
        kind: 'credit-note',
        number: 'CN/26-27/000008',
        date: '2026-11-25',
        documentPaise: -2_000_00,
        ...figures(-1_904_76, 0, 0, -95_24, -2_000_00),
      },
    ]);
  });

  it('lists inter-State invoices above ₹1,00,000 to buyers without a GSTIN as B2C large (table 5)', () => {
    expect(report.b2cl).toEqual([
      {
        kind: 'invoice',
        number: 'OUO/26-27/000104',
        date: '2026-11-12',
        recipient: 'Meera Iyer',
        placeOfSupply: MAHARASHTRA,
        documentPaise: 1_20_000_00,
        rate: 5,
        ...figures(1_14_285_71, 0, 0, 5_714_29, 1_20_000_00),
      },
    ]);
  });

  it('sums B2C small by State and rate, a credit note to an unregistered buyer taken off its State (table 7)', () => {
    expect(report.b2cs).toEqual([
      {
        placeOfSupply: { stateName: 'Uttarakhand', stateCode: '05' },
        rate: 5,
        ...figures(1_374_29, 34_36, 34_35, 0, 1_443_00),
      },
      { placeOfSupply: DELHI, rate: 5, ...figures(282_86, 0, 0, 14_14, 297_00) },
      { placeOfSupply: DELHI, rate: 18, ...figures(67_80, 0, 0, 12_20, 80_00) },
    ]);
  });

  it('sums the lines by B2B or B2C, HSN as printed, UQC and rate, quantities net of credit notes (table 12)', () => {
    expect(report.hsn.map(({ supplies, hsn, unit, rate, quantity }) => [supplies, hsn, unit, rate, quantity])).toEqual([
      ['B2B', '07133300', 'PAC', 5, 0],
      ['B2C', '040590', 'PAC', 5, 101],
      ['B2C', '07129090', 'PAC', 5, 3],
      ['B2C', '07133300', 'PAC', 5, 2],
      ['B2C', '09109100', 'PAC', 5, 0],
      ['B2C', '9965', 'OTH', 18, 1],
    ]);
    expect(report.hsn[1]).toMatchObject(figures(1_15_280_95, 24_88, 24_88, 5_714_29, 1_21_045_00));
  });

  it('orders HSN rows by HSN, then UQC, then rate', () => {
    const ghee = (paidPaise: number, rate: number, unit: 'PAC' | 'OTH' = 'PAC') => ({
      hsn: '040590',
      rate,
      paidPaise,
      unit,
    });
    const one = gstReportInvoice({
      number: 'OUO/26-27/000001',
      lines: [ghee(10_000, 12), ghee(5_000, 5, 'OTH'), ghee(10_000, 5)],
    });
    expect(gstReport([one], '2026-11').hsn.map(({ unit, rate }) => `${unit} ${rate}`)).toEqual([
      'OTH 5',
      'PAC 5',
      'PAC 12',
    ]);
  });

  it('gives each series its first and last number and count, none cancelled (table 13)', () => {
    expect(report.documentsIssued).toEqual([
      {
        kind: 'invoice',
        series: 'OUO/26-27',
        from: 'OUO/26-27/000101',
        to: 'OUO/26-27/000105',
        issued: 5,
        cancelled: 0,
      },
      {
        kind: 'credit-note',
        series: 'CN/26-27',
        from: 'CN/26-27/000007',
        to: 'CN/26-27/000008',
        issued: 2,
        cancelled: 0,
      },
    ]);
  });
});

describe('gstReport: warnings', () => {
  it('names the HSNs taxed at a rate still to confirm, with their documents', () => {
    expect(report.warnings).toEqual([
      'HSN 0712 was taxed at a rate still to confirm with the accountant: OUO/26-27/000105.',
    ]);
  });

  it('names the numbers of a series missing between the first and the last of the month', () => {
    const invoices = [1, 2, 5].map((n) => gstReportInvoice({ number: `OUO/26-27/00000${n}` }));
    const { warnings, documentsIssued } = gstReport(invoices, '2026-11');
    expect(documentsIssued[0]).toMatchObject({ from: 'OUO/26-27/000001', to: 'OUO/26-27/000005', issued: 3 });
    expect(warnings).toEqual([
      "Between OUO/26-27/000001 and OUO/26-27/000005, not among the month's documents: OUO/26-27/000003, OUO/26-27/000004. Find them before filing table 13.",
    ]);
  });

  it('is empty for a month with no document', () => {
    expect(gstReport(DOCUMENTS, '2026-09')).toEqual({
      month: '2026-09',
      documents: [],
      b2b: [],
      b2cl: [],
      b2cs: [],
      hsn: [],
      documentsIssued: [],
      byRate: [],
      byState: [],
      totals: figures(0, 0, 0, 0, 0),
      warnings: [],
    });
  });
});

describe('sectionOf', () => {
  const invoice = (place: { stateName: string; stateCode: string }, paidPaise: number, gstin?: string) =>
    gstReportInvoice({
      number: 'OUO/26-27/000001',
      place,
      lines: [{ hsn: '040590', rate: 5, paidPaise }],
      ...(gstin ? { gstin } : {}),
    });

  it('is B2C large only inter-State, without a GSTIN and above ₹1,00,000 (not at it)', () => {
    expect(B2CL_THRESHOLD_PAISE).toBe(1_00_000_00);
    expect(sectionOf(invoice(DELHI, B2CL_THRESHOLD_PAISE + 1))).toBe('B2CL');
    expect(sectionOf(invoice(DELHI, B2CL_THRESHOLD_PAISE))).toBe('B2CS');
    expect(sectionOf(invoice({ stateName: 'Uttarakhand', stateCode: '05' }, 2_00_000_00))).toBe('B2CS');
    expect(sectionOf(invoice(DELHI, 2_00_000_00, '07ABCDE1234F1Z5'))).toBe('B2B');
  });
});
