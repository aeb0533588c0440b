/**
 * Invoices and credit notes for tests (docs/shop-rules.md §12): the bundled invoice settings, a
 * sample supplier's, invoices computed by the shop core, and the GST report's fixtures.
 */

import type { InvoiceSettings } from '../../src/shop/invoice/index.ts';
import {
  type CreditNote,
  draftCreditNote,
  draftInvoice,
  financialYear,
  type Invoice,
  type InvoiceLine,
  type InvoiceOrder,
  type Place,
  taxOf,
  totalsOf,
} from '../../src/shop/invoice/index.ts';
import type { Customer, PricedLine } from '../../src/shop/order/index.ts';
import { makeCustomer, makePricedLine } from './factories.ts';

/** A line of a `gstReportInvoice`: what was paid for it, at its rate; its tax is the shop's own rounding. */
export interface GstReportLine {
  hsn: string;
  rate: number;
  paidPaise: number;
  quantity?: number;
  unit?: InvoiceLine['unit'];
}

export interface GstReportInvoiceInput {
  number: string;
  /** India's date, YYYY-MM-DD. */
  date?: string;
  orderId?: string;
  /** The place of supply; the supplier is in Uttarakhand (05). */
  place?: Place;
  name?: string;
  gstin?: string;
  lines?: GstReportLine[];
  ratesToConfirm?: string[];
}

/**
 * An invoice as the GST report reads it, its figures computed by the shop core's rounding: one
 * line of rajma (₹398, 5 %) to a shopper in Dehradun on 3 November 2026 unless told.
 */
export function gstReportInvoice({
  number,
  date = '2026-11-03',
  orderId = `OUO_${number.replace(/\D/g, '')}`,
  place = { stateName: 'Uttarakhand', stateCode: '05' },
  name = 'Asha Rawat',
  gstin,
  lines = [{ hsn: '07133300', rate: 5, paidPaise: 39_800, quantity: 2 }],
  ratesToConfirm = [],
}: GstReportInvoiceInput): Invoice {
  const supplier = makeSampleInvoiceSettings().supplier;
  const interState = place.stateCode !== supplier.stateCode;
  const invoiceLines: InvoiceLine[] = lines.map((line) => ({
    description: `Goods under ${line.hsn}`,
    hsn: line.hsn,
    quantity: line.quantity ?? 1,
    unit: line.unit ?? 'PAC',
    rate: line.rate,
    ...taxOf(line.paidPaise, line.rate, interState),
  }));
  return {
    kind: 'invoice',
    number,
    orderId,
    issuedAt: `${date}T06:30:00.000Z`,
    date,
    financialYear: financialYear(date).id,
    supplier,
    recipient: {
      name,
      address: ['12 Mall Road', `${place.stateName} 248001`],
      pincode: '248001',
      ...place,
      ...(gstin ? { gstin } : {}),
    },
    placeOfSupply: place,
    interState,
    reverseCharge: false,
    lines: invoiceLines,
    totals: totalsOf(invoiceLines),
    signature: { mode: 'computer-generated' },
    ratesToConfirm,
  };
}

/** The credit note reversing `invoice` in full, numbered `number` and dated `date`. */
export function gstReportCreditNote(invoice: Invoice, number: string, date: string): CreditNote {
  return { ...draftCreditNote(invoice, new Date(`${date}T06:30:00.000Z`), date), number };
}
/**
 * The GST invoice settings of the bundled dataset (Shop settings → GST invoices and the `taxRate`
 * documents; src/content/invoice-content.test.ts keeps the two equal): a placeholder GSTIN, the
 * rates the owner is to confirm with the accountant, charges taxed as the principal supply.
 */
export function makeInvoiceSettings(overrides: Partial<InvoiceSettings> = {}): InvoiceSettings {
  return {
    supplier: {
      legalName: 'Orang Utan Organics',
      gstin: '05AAAFO0000A1ZK',
      address: ['Uttarkashi, Uttarakhand 249193', 'India'],
      stateName: 'Uttarakhand',
      stateCode: '05',
    },
    rates: [
      { hsn: '0405', rate: 12, validFrom: '2017-07-01' },
      { hsn: '0405', rate: 5, validFrom: '2025-09-22' },
      { hsn: '0712', rate: 5, validFrom: '2017-07-01', toConfirm: true },
      { hsn: '0713', rate: 5, validFrom: '2017-07-01' },
      { hsn: '0909', rate: 5, validFrom: '2017-07-01' },
      { hsn: '0910', rate: 5, validFrom: '2017-07-01' },
      { hsn: '1006', rate: 5, validFrom: '2017-07-01' },
      { hsn: '1201', rate: 5, validFrom: '2017-07-01', toConfirm: true },
    ],
    charges: { mode: 'principal' },
    signature: { mode: 'computer-generated' },
    prefix: 'OUO',
    ...overrides,
  };
}

/** A 1 × 1 PNG, base64: a signature image small enough to write out in a test. */
export const TINY_PNG_BASE64 =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';

/** Invoice settings of a sample supplier (a Private Limited, a trade name): what the renderings are tested with. */
export function makeSampleInvoiceSettings(overrides: Partial<InvoiceSettings> = {}): InvoiceSettings {
  return makeInvoiceSettings({
    supplier: {
      legalName: 'Orang Utan Organics Private Limited',
      tradeName: 'Orang Utan Organics',
      gstin: '05AAECO4719B1ZU',
      address: ['Village Raithal, Bhatwari', 'Uttarkashi, Uttarakhand 249193'],
      stateName: 'Uttarakhand',
      stateCode: '05',
    },
    rates: [
      { hsn: '0713', rate: 5, validFrom: '2017-07-01' },
      { hsn: '1006', rate: 5, validFrom: '2017-07-01' },
      { hsn: '0405', rate: 12, validFrom: '2017-07-01' },
      { hsn: '0405', rate: 5, validFrom: '2025-09-22' },
      { hsn: '0909', rate: 5, validFrom: '2017-07-01' },
      { hsn: '0712', rate: 5, validFrom: '2017-07-01', toConfirm: true },
    ],
    ...overrides,
  });
}

/** The two lines of `makeOrderView`'s order: White Rajma 500gm × 2, Badri Cow Ghee 120gm. */
export function makeInvoiceLines(): PricedLine[] {
  return [
    makePricedLine(),
    {
      productId: 3,
      size: '120gm',
      quantity: 1,
      name: 'Badri Cow Ghee',
      price: 450,
      weight: 120,
      lineTotal: 450,
      hsnCode: '040590',
    },
  ];
}

export const UTTARAKHAND: Place = { stateName: 'Uttarakhand', stateCode: '05' };
export const MAHARASHTRA: Place = { stateName: 'Maharashtra', stateCode: '27' };

export interface InvoiceFixture {
  /** Delivered to Mumbai (IGST) instead of Dehradun (CGST + SGST, the supplier's State). */
  interState?: boolean;
  /** A business buyer's GSTIN (checkout's optional field). */
  gstin?: string;
  customer?: Partial<Customer>;
  lines?: PricedLine[];
  shippingCharge?: number;
  codCharge?: number;
  settings?: Partial<InvoiceSettings>;
  orderId?: string;
  number?: string;
  /** The invoice's India date, YYYY-MM-DD. */
  date?: string;
}

/**
 * A tax invoice as issued at booking (src/shop/invoice/invoice.ts, the real computation): by default the
 * COD order of `makeOrderView` (₹694 + ₹450 + the ₹150 COD fee = ₹1,294) to Dehradun, numbered
 * `OUO/26-27/000123`, dated 27 Nov 2026.
 */
export function makeInvoice(fixture: InvoiceFixture = {}): Invoice {
  const lines = fixture.lines ?? makeInvoiceLines();
  const subtotal = lines.reduce((sum, line) => sum + line.lineTotal, 0);
  const shippingCharge = fixture.shippingCharge ?? 0;
  const codCharge = fixture.codCharge ?? 150;
  const elsewhere = fixture.interState
    ? { address1: 'Flat 4, Sea View, 21 Marine Drive', address2: '', city: 'Mumbai', pincode: '400020' }
    : {};
  const order: InvoiceOrder = {
    orderId: fixture.orderId ?? 'OUO_1764057000000',
    customer: {
      ...makeCustomer({ ...elsewhere, ...fixture.customer }),
      ...(fixture.interState ? { state: 'Maharashtra' } : {}),
      ...(fixture.gstin ? { gstin: fixture.gstin } : {}),
    },
    cart: { lines, subtotal, weight: lines.reduce((sum, line) => sum + line.weight * line.quantity, 0) },
    totals: { subtotal, shippingCharge, codCharge, total: subtotal + shippingCharge + codCharge },
  };
  const date = fixture.date ?? '2026-11-27';
  const place = fixture.interState ? MAHARASHTRA : UTTARAKHAND;
  const draft = draftInvoice(
    order,
    place,
    makeSampleInvoiceSettings(fixture.settings),
    new Date(`${date}T06:30:00Z`),
    date,
  );
  if (!draft.ok) throw new Error(`makeInvoice: ${draft.problem}`);
  return { ...draft.invoice, number: fixture.number ?? 'OUO/26-27/000123' };
}

/** The credit note of an invoice (by default `makeInvoice()`'s), its order cancelled two days later. */
export function makeCreditNote(fixture: { invoice?: Invoice; number?: string; date?: string } = {}): CreditNote {
  const date = fixture.date ?? '2026-11-29';
  const draft = draftCreditNote(fixture.invoice ?? makeInvoice(), new Date(`${date}T06:30:00Z`), date);
  return { ...draft, number: fixture.number ?? 'CN/26-27/000007' };
}
