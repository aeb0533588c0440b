import { describe, expect, it } from 'vitest';
import { makeSampleInvoiceSettings } from '#tests/support/invoices.ts';
import type { PricedLine } from '../order/index.ts';
import { draftCreditNote, draftInvoice, type Invoice, type InvoiceOrder, invoiceCell, taxOf } from './invoice.ts';

const SETTINGS = makeSampleInvoiceSettings();
const UTTARAKHAND = { stateName: 'Uttarakhand', stateCode: '05' };
const DELHI = { stateName: 'Delhi', stateCode: '07' };
const NOW = new Date('2026-11-27T06:30:00Z');

const RAJMA: PricedLine = {
  productId: 1,
  size: '500gm',
  quantity: 2,
  name: 'Himalayan White Rajma',
  price: 199,
  weight: 500,
  lineTotal: 398,
  hsnCode: '07133300',
};
const GHEE: PricedLine = {
  ...RAJMA,
  productId: 2,
  name: 'Badri Cow Ghee',
  size: '495gm',
  quantity: 1,
  price: 1_045,
  lineTotal: 1_045,
  hsnCode: '040590',
};
const SPICE: PricedLine = {
  ...RAJMA,
  productId: 5,
  name: 'Wild Himalayan Tempering Spice',
  size: '23gm',
  quantity: 3,
  price: 99,
  lineTotal: 297,
  hsnCode: '07129090',
};

function order(lines: PricedLine[], shippingCharge = 0, codCharge = 0, gstin?: string): InvoiceOrder {
  const subtotal = lines.reduce((sum, line) => sum + line.lineTotal, 0);
  return {
    orderId: 'OUO_1764224000000',
    customer: {
      name: 'Asha Rawat',
      email: 'asha@example.com',
      phone: '9876543210',
      address1: '12 Mall Road',
      address2: 'Near the clock tower',
      city: 'Dehradun',
      state: 'Uttarakhand',
      pincode: '248001',
      ...(gstin ? { gstin } : {}),
    },
    cart: { lines, subtotal, weight: 1000 },
    totals: { subtotal, shippingCharge, codCharge, total: subtotal + shippingCharge + codCharge },
  };
}

function invoiceOf(input: InvoiceOrder, place = UTTARAKHAND, settings = SETTINGS, date = '2026-11-27') {
  const draft = draftInvoice(input, place, settings, NOW, date);
  if (!draft.ok) throw new Error(draft.problem);
  return draft.invoice;
}

describe('draftInvoice: the Rule 46 particulars', () => {
  it('carries every particular: supplier, date, recipient, HSN, description, quantity, unit, values, rates, place of supply, reverse charge, signature', () => {
    const invoice = invoiceOf(order([RAJMA], 50));
    expect(invoice).toMatchObject({
      kind: 'invoice',
      orderId: 'OUO_1764224000000',
      issuedAt: '2026-11-27T06:30:00.000Z',
      date: '2026-11-27',
      financialYear: '2026-27',
      supplier: SETTINGS.supplier,
      recipient: {
        name: 'Asha Rawat',
        address: ['12 Mall Road', 'Near the clock tower', 'Dehradun, Uttarakhand 248001'],
        pincode: '248001',
        stateName: 'Uttarakhand',
        stateCode: '05',
      },
      placeOfSupply: UTTARAKHAND,
      interState: false,
      reverseCharge: false,
      signature: { mode: 'computer-generated' },
      ratesToConfirm: [],
    });
    expect(invoice.recipient).not.toHaveProperty('gstin');
    expect(invoice.lines[0]).toEqual({
      description: 'Himalayan White Rajma, 500gm',
      hsn: '07133300',
      quantity: 2,
      unit: 'PAC',
      rate: 5,
      paidPaise: 39_800,
      taxablePaise: 37_905,
      cgstPaise: 948,
      sgstPaise: 947,
      igstPaise: 0,
    });
  });

  it("prints a business buyer's GSTIN, and an address without its second line", () => {
    const input = order([RAJMA], 0, 0, '07AAPFU0939F1Z1');
    input.customer.address2 = undefined;
    const invoice = invoiceOf(input, DELHI);
    expect(invoice.recipient.gstin).toBe('07AAPFU0939F1Z1');
    expect(invoice.recipient.address).toEqual(['12 Mall Road', 'Dehradun, Delhi 248001']);
  });

  it('taxes CGST + SGST within Uttarakhand and IGST in another State', () => {
    const within = invoiceOf(order([GHEE]));
    const across = invoiceOf(order([GHEE]), DELHI);
    expect(within.totals).toEqual({
      taxablePaise: 99_524,
      cgstPaise: 2_488,
      sgstPaise: 2_488,
      igstPaise: 0,
      totalPaise: 104_500,
    });
    expect(across.interState).toBe(true);
    expect(across.totals).toEqual({
      taxablePaise: 99_524,
      cgstPaise: 0,
      sgstPaise: 0,
      igstPaise: 4_976,
      totalPaise: 104_500,
    });
  });

  it('uses the rate in force on its date: ghee at 12 % on 21 September 2025', () => {
    const invoice = invoiceOf(order([GHEE]), UTTARAKHAND, SETTINGS, '2025-09-21');
    expect(invoice.lines[0]).toMatchObject({ rate: 12, taxablePaise: 93_304, cgstPaise: 5_598, sgstPaise: 5_598 });
    expect(invoice.financialYear).toBe('2025-26');
  });

  it('names the HSNs taxed at a rate still to confirm', () => {
    expect(invoiceOf(order([SPICE, RAJMA])).ratesToConfirm).toEqual(['0712']);
  });
});

describe('draftInvoice: shipping and the COD fee', () => {
  it('taxes them as the principal supply (the goods line paid most for) by default', () => {
    const invoice = invoiceOf(order([RAJMA, GHEE], 60, 50), DELHI, {
      ...SETTINGS,
      rates: [...SETTINGS.rates, { hsn: '0405', rate: 12, validFrom: '2026-01-01' }],
    });
    const [, , shipping, cod] = invoice.lines;
    expect(shipping).toMatchObject({
      description: 'Shipping (part of the supply of goods)',
      hsn: '040590',
      rate: 12,
      unit: 'OTH',
      quantity: 1,
      charge: 'shipping',
      paidPaise: 6_000,
    });
    expect(cod).toMatchObject({
      description: 'Cash on delivery fee (part of the supply of goods)',
      rate: 12,
      charge: 'cod-fee',
      paidPaise: 5_000,
    });
  });

  it('breaks a tie between goods lines by the higher rate', () => {
    const cheapGhee = { ...GHEE, lineTotal: 398 };
    const invoice = invoiceOf(order([RAJMA, cheapGhee], 60), UTTARAKHAND, SETTINGS, '2025-09-21');
    expect(invoice.lines[2]).toMatchObject({ charge: 'shipping', rate: 12, hsn: '040590' });
  });

  it('or at a rate of their own under a SAC, as the owner sets', () => {
    const invoice = invoiceOf(order([RAJMA], 60, 50), UTTARAKHAND, {
      ...SETTINGS,
      charges: { mode: 'rate', rate: 18, sac: '996812' },
    });
    expect(invoice.lines[1]).toMatchObject({
      description: 'Shipping',
      hsn: '996812',
      rate: 18,
      taxablePaise: 5_085,
      cgstPaise: 458,
      sgstPaise: 457,
    });
    expect(invoice.lines[2]).toMatchObject({ description: 'Cash on delivery fee', hsn: '996812', rate: 18 });
  });

  it('taxes a charge with no goods beside it at 0 % under no HSN (no principal supply to follow)', () => {
    const [shipping] = invoiceOf(order([], 65)).lines;
    expect(shipping).toMatchObject({ hsn: '', rate: 0, taxablePaise: 6500, cgstPaise: 0, sgstPaise: 0 });
  });

  it('leaves out a charge of ₹0 (free shipping, prepaid)', () => {
    expect(invoiceOf(order([RAJMA])).lines.map((line) => line.charge)).toEqual([undefined]);
  });
});

describe('draftInvoice: what it refuses', () => {
  it('stops at a product without an HSN, and at an HSN without a rate: never a guessed tax', () => {
    const { hsnCode: _none, ...noHsn } = RAJMA;
    expect(draftInvoice(order([noHsn]), UTTARAKHAND, SETTINGS, NOW, '2026-11-27')).toEqual({
      ok: false,
      problem: 'no HSN for Himalayan White Rajma',
    });
    const soya = { ...RAJMA, name: 'Black Soyabean', hsnCode: '1201' };
    expect(draftInvoice(order([RAJMA, soya]), UTTARAKHAND, SETTINGS, NOW, '2026-11-27')).toEqual({
      ok: false,
      problem: 'no GST rate for HSN 1201',
    });
  });
});

describe('the back-computation and its rounding: invoice totals equal what the shopper paid, to the paisa', () => {
  const CASES: { lines: PricedLine[]; shipping: number; cod: number; total: number }[] = [
    { lines: [RAJMA], shipping: 0, cod: 0, total: 398 },
    { lines: [RAJMA], shipping: 60, cod: 50, total: 508 },
    { lines: [GHEE, SPICE], shipping: 0, cod: 50, total: 1_392 },
    { lines: [RAJMA, GHEE, SPICE], shipping: 0, cod: 0, total: 1_740 },
    { lines: [{ ...SPICE, quantity: 1, lineTotal: 1 }], shipping: 1, cod: 0, total: 2 },
    { lines: [{ ...GHEE, quantity: 47, lineTotal: 49_115 }], shipping: 0, cod: 0, total: 49_115 },
    { lines: [{ ...GHEE, quantity: 48, lineTotal: 50_160 }, RAJMA], shipping: 0, cod: 50, total: 50_608 },
  ];

  it.each(CASES)('$total rupees', ({ lines, shipping, cod, total }) => {
    for (const place of [UTTARAKHAND, DELHI]) {
      const invoice = invoiceOf(order(lines, shipping, cod), place);
      const { taxablePaise, cgstPaise, sgstPaise, igstPaise, totalPaise } = invoice.totals;
      expect(totalPaise).toBe(total * 100);
      expect(taxablePaise + cgstPaise + sgstPaise + igstPaise).toBe(total * 100);
      for (const line of invoice.lines) {
        expect(line.taxablePaise + line.cgstPaise + line.sgstPaise + line.igstPaise).toBe(line.paidPaise);
        expect(Math.abs(line.cgstPaise - line.sgstPaise)).toBeLessThanOrEqual(1);
      }
    }
  });

  it('rounds half up, and CGST takes the odd paisa', () => {
    // 21 paise at 5 %: 21 × 100 / 105 = 20 exactly; tax 1 paisa → CGST 1, SGST 0.
    expect(taxOf(21, 5, false)).toEqual({ paidPaise: 21, taxablePaise: 20, cgstPaise: 1, sgstPaise: 0, igstPaise: 0 });
    // 205 paise at 5 %: 195.238… → 195; at 2.5 % (a 0.25 % step): 200.
    expect(taxOf(205, 5, true).taxablePaise).toBe(195);
    expect(taxOf(205, 2.5, true).taxablePaise).toBe(200);
    expect(taxOf(107, 7, true).taxablePaise).toBe(100);
    // A taxable value of exactly 2.5 paise (105 paise at 4,100 %, only to reach a half) rounds up.
    expect(taxOf(105, 4100, true).taxablePaise).toBe(3);
    expect(taxOf(0, 5, false)).toEqual({ paidPaise: 0, taxablePaise: 0, cgstPaise: 0, sgstPaise: 0, igstPaise: 0 });
  });
});

describe('draftCreditNote', () => {
  it("reverses the invoice in full under its own date, linked to the invoice's number and date", () => {
    const invoice: Invoice = { ...invoiceOf(order([RAJMA], 60)), number: 'OUO/26-27/000123' };
    const later = new Date('2027-04-01T05:00:00Z');
    const note = draftCreditNote(invoice, later, '2027-04-01');
    expect(note).toMatchObject({
      kind: 'credit-note',
      issuedAt: '2027-04-01T05:00:00.000Z',
      date: '2027-04-01',
      financialYear: '2027-28',
      invoice: { number: 'OUO/26-27/000123', date: '2026-11-27' },
      reason: 'cancelled',
      lines: invoice.lines,
      totals: invoice.totals,
      recipient: invoice.recipient,
      placeOfSupply: invoice.placeOfSupply,
    });
    expect(note).not.toHaveProperty('number');
  });
});

describe('invoiceCell', () => {
  it("shows the invoice's number, and the credit note's beside it once the order was credited", () => {
    const invoice: Invoice = { ...invoiceOf(order([RAJMA], 60)), number: 'OUO/26-27/000123' };
    expect(invoiceCell(invoice, undefined)).toBe('OUO/26-27/000123');
    const note = { ...draftCreditNote(invoice, NOW, '2026-11-28'), number: 'OUO/26-27/000124' };
    expect(invoiceCell(invoice, note)).toBe('OUO/26-27/000123; credit note OUO/26-27/000124');
  });
});
