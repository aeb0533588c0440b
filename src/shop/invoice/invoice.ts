/**
 * An order's GST tax invoice and a credit note for it, computed from the order and the Studio's
 * invoice settings (docs/shop-rules.md §12, decision 027). Pure: the number is taken and the
 * document stored by netlify/lib/invoices.
 *
 * The rounding rule, the one place it is applied: prices are GST-inclusive, so each line's taxable
 * value is computed back from what the shopper paid for it, in paise — taxable = paid × 100 /
 * (100 + rate), rounded to the nearest paisa (half up) — and its tax is the rest (paid − taxable),
 * so every line, and the invoice, adds up to what was paid to the paisa. Within the supplier's
 * State the tax is split into CGST and SGST at half the rate each, CGST taking an odd paisa.
 */

import { basisPoints, hsnDigits, rateFor } from '../money/index.ts';
import type { Customer, OrderTotals, PricedCart } from '../order/index.ts';
import { financialYear } from './invoice-numbers.ts';
import type { InvoiceSettings, InvoiceSignature, Supplier } from './invoice-settings.ts';

export interface Place {
  stateName: string;
  /** The GST State code, two digits. */
  stateCode: string;
}

export interface InvoiceLine {
  description: string;
  /** Printed as listed, at least 4 digits (the product's HSN, or the SAC of a charge taxed on its own). */
  hsn: string;
  quantity: number;
  /** `PAC` (packs) for goods, `OTH` for a charge: GST's unit quantity codes. */
  unit: 'PAC' | 'OTH';
  /** Percent: 5 is CGST 2.5 % + SGST 2.5 %, or IGST 5 %. */
  rate: number;
  /** What the shopper paid for the line, tax included. */
  paidPaise: number;
  taxablePaise: number;
  cgstPaise: number;
  sgstPaise: number;
  igstPaise: number;
  /** A charge beside the goods: shipping or the COD fee. */
  charge?: 'shipping' | 'cod-fee';
}

export interface TaxTotals {
  taxablePaise: number;
  cgstPaise: number;
  sgstPaise: number;
  igstPaise: number;
  /** Taxable value plus every tax: what the shopper paid. */
  totalPaise: number;
}

export interface Recipient extends Place {
  name: string;
  /** The delivery address, one line per entry, ending with the pincode. */
  address: string[];
  pincode: string;
  /** A business buyer's GSTIN, given at checkout; absent for an unregistered shopper. */
  gstin?: string;
}

/** What an invoice and its credit note both carry (Rule 46 and Rule 53). */
export interface TaxDocument {
  number: string;
  orderId: string;
  issuedAt: string;
  /** The document's date, India's calendar, YYYY-MM-DD. */
  date: string;
  /** `2026-27`: the year whose series the number belongs to. */
  financialYear: string;
  supplier: Supplier;
  recipient: Recipient;
  /** Where the goods' movement ends: the delivery address's State (IGST Act s.10(1)(a)). */
  placeOfSupply: Place;
  /** Delivered outside the supplier's State: IGST instead of CGST + SGST. */
  interState: boolean;
  /** Rule 46 (p): tax payable on reverse charge. Never, for this shop's goods. */
  reverseCharge: false;
  lines: InvoiceLine[];
  totals: TaxTotals;
  signature: InvoiceSignature;
  /** HSNs taxed at a rate the owner has not confirmed with the accountant yet. */
  ratesToConfirm: string[];
}

export interface Invoice extends TaxDocument {
  kind: 'invoice';
}

export interface CreditNote extends TaxDocument {
  kind: 'credit-note';
  /** The invoice it reverses, by number and date (Rule 53 (1A)). */
  invoice: { number: string; date: string };
  reason: 'cancelled';
}

export interface InvoiceOrder {
  orderId: string;
  customer: Customer & { gstin?: string | undefined };
  cart: PricedCart;
  totals: OrderTotals;
}

export type InvoiceDraft =
  | { ok: true; invoice: Omit<Invoice, 'number'> }
  /** A line the invoice cannot tax: no HSN on the product, or no rate for its HSN on the date. */
  | { ok: false; problem: string };

/** The invoice of an order issued at `issuedAt`, lacking only its number; never a guessed tax. */
export function draftInvoice(
  order: InvoiceOrder,
  place: Place,
  settings: InvoiceSettings,
  issuedAt: Date,
  date: string,
): InvoiceDraft {
  const interState = place.stateCode !== settings.supplier.stateCode;
  const goods: InvoiceLine[] = [];
  const toConfirm = new Set<string>();
  for (const line of order.cart.lines) {
    if (!line.hsnCode) return { ok: false, problem: `no HSN for ${line.name}` };
    const rate = rateFor(line.hsnCode, date, settings.rates);
    if (!rate) return { ok: false, problem: `no GST rate for HSN ${hsnDigits(line.hsnCode)}` };
    if (rate.toConfirm) toConfirm.add(hsnDigits(rate.hsn));
    const taxes = taxOf(line.lineTotal * 100, rate.rate, interState);
    goods.push({
      description: `${line.name}, ${line.size}`,
      hsn: hsnDigits(line.hsnCode),
      quantity: line.quantity,
      unit: 'PAC',
      rate: rate.rate,
      ...taxes,
    });
  }
  const lines = [...goods, ...chargeLines(order.totals, goods, settings, interState)];
  return {
    ok: true,
    invoice: {
      kind: 'invoice',
      orderId: order.orderId,
      issuedAt: issuedAt.toISOString(),
      date,
      financialYear: financialYear(date).id,
      supplier: settings.supplier,
      recipient: recipientOf(order.customer, place),
      placeOfSupply: place,
      interState,
      reverseCharge: false,
      lines,
      totals: totalsOf(lines),
      signature: settings.signature,
      ratesToConfirm: [...toConfirm].sort(),
    },
  };
}

/** A line's taxable value and tax from what was paid for it: the rounding rule above. */
export function taxOf(
  paidPaise: number,
  rate: number,
  interState: boolean,
): Pick<InvoiceLine, 'paidPaise' | 'taxablePaise' | 'cgstPaise' | 'sgstPaise' | 'igstPaise'> {
  const whole = 10_000 + basisPoints(rate);
  // paid × 10000 / (10000 + bp), rounded half up, in whole numbers (no floating-point drift).
  const taxablePaise = Math.floor((paidPaise * 10_000 * 2 + whole) / (whole * 2));
  const tax = paidPaise - taxablePaise;
  if (interState) return { paidPaise, taxablePaise, cgstPaise: 0, sgstPaise: 0, igstPaise: tax };
  const cgstPaise = Math.ceil(tax / 2);
  return { paidPaise, taxablePaise, cgstPaise, sgstPaise: tax - cgstPaise, igstPaise: 0 };
}

/**
 * Shipping and the COD fee, each a line when charged: taxed as the principal supply (the goods
 * line paid most for; on a tie, the higher rate) or at the owner's own rate under its SAC.
 */
function chargeLines(
  totals: OrderTotals,
  goods: readonly InvoiceLine[],
  settings: InvoiceSettings,
  interState: boolean,
): InvoiceLine[] {
  const principal = [...goods].sort((a, b) => b.paidPaise - a.paidPaise || b.rate - a.rate)[0];
  const charges = [
    { charge: 'shipping' as const, description: 'Shipping', rupees: totals.shippingCharge },
    { charge: 'cod-fee' as const, description: 'Cash on delivery fee', rupees: totals.codCharge },
  ];
  return charges
    .filter(({ rupees }) => rupees > 0)
    .map(({ charge, description, rupees }) => {
      const own = settings.charges.mode === 'rate' ? settings.charges : undefined;
      const rate = own ? own.rate : (principal?.rate ?? 0);
      return {
        description: own ? description : `${description} (part of the supply of goods)`,
        hsn: own ? own.sac : (principal?.hsn ?? ''),
        quantity: 1,
        unit: 'OTH' as const,
        rate,
        charge,
        ...taxOf(rupees * 100, rate, interState),
      };
    });
}

export function totalsOf(lines: readonly InvoiceLine[]): TaxTotals {
  const sum = (pick: (line: InvoiceLine) => number) => lines.reduce((total, line) => total + pick(line), 0);
  return {
    taxablePaise: sum((line) => line.taxablePaise),
    cgstPaise: sum((line) => line.cgstPaise),
    sgstPaise: sum((line) => line.sgstPaise),
    igstPaise: sum((line) => line.igstPaise),
    totalPaise: sum((line) => line.paidPaise),
  };
}

function recipientOf(customer: InvoiceOrder['customer'], place: Place): Recipient {
  const cityLine = [customer.city, place.stateName].filter((part) => part?.trim()).join(', ');
  return {
    name: customer.name,
    address: [customer.address1, customer.address2 ?? '', `${cityLine} ${customer.pincode}`.trim()].filter(
      (line) => line.trim() !== '',
    ),
    pincode: customer.pincode,
    ...place,
    ...(customer.gstin ? { gstin: customer.gstin } : {}),
  };
}

/**
 * The credit note that reverses an invoice in full (an order cancelled after it was invoiced):
 * the invoice's own lines, rates and figures, under the credit note's number and date.
 */
export function draftCreditNote(invoice: Invoice, issuedAt: Date, date: string): Omit<CreditNote, 'number'> {
  const { number, kind: _kind, ...rest } = invoice;
  return {
    ...rest,
    kind: 'credit-note',
    issuedAt: issuedAt.toISOString(),
    date,
    financialYear: financialYear(date).id,
    invoice: { number, date: invoice.date },
    reason: 'cancelled',
  };
}

/** The Sheet's Invoice cell: the invoice's number, and the credit note's once there is one. */
export function invoiceCell(invoice: Invoice, creditNote: CreditNote | undefined): string {
  return creditNote ? `${invoice.number}; credit note ${creditNote.number}` : invoice.number;
}
