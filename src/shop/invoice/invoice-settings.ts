/**
 * What the shop's GST tax invoices need from the Studio (docs/shop-rules.md §12, decision 027): the
 * supplier's particulars, the dated tax rates by HSN, how shipping and the COD fee are taxed, and
 * how the invoice is signed. Types only; the content layer fills them (src/content), the invoice is
 * computed from them by src/shop/invoice/invoice.ts.
 */

/**
 * One GST rate, in force from `validFrom` (an India date, YYYY-MM-DD) until a later rate for the
 * same HSN starts: an invoice uses the rate in force on its own date, so one re-rendered later is
 * unchanged (ghee 0405 went from 12 % to 5 % on 22 September 2025).
 */
export interface TaxRate {
  /** 4, 6 or 8 digits: a rate for `0713` applies to `07133300`; the longest matching HSN wins. */
  hsn: string;
  /** Percent, e.g. 5 or 12 (up to two decimals: 0.25, 1.5). */
  rate: number;
  validFrom: string;
  /** The owner has not yet confirmed this rate with the accountant (the report says so). */
  toConfirm?: boolean;
}

/** The registered supplier, as printed on every invoice (Rule 46 (a)). */
export interface Supplier {
  legalName: string;
  /** Printed above the legal name when it differs (the brand). */
  tradeName?: string;
  gstin: string;
  /** The principal place of business, one line per entry. */
  address: string[];
  /** The supplier's own State: goods delivered there are taxed CGST + SGST, elsewhere IGST. */
  stateName: string;
  /** The GST State code, two digits ('05' for Uttarakhand). */
  stateCode: string;
}

/**
 * Shipping and the COD fee on an invoice: taxed as part of the principal supply (the rate of the
 * goods line with the largest value, a composite supply) or at a rate of their own under a SAC.
 * The owner's accountant confirms which (decision 027).
 */
export type ChargesTax = { mode: 'principal' } | { mode: 'rate'; rate: number; sac: string };

/** A signature image with the signatory's name, or the note that the invoice is computer-generated. */
export type InvoiceSignature = { mode: 'computer-generated' } | { mode: 'image'; imageUrl: string; signatory: string };

export interface InvoiceSettings {
  supplier: Supplier;
  rates: TaxRate[];
  charges: ChargesTax;
  signature: InvoiceSignature;
  /**
   * The invoice series' prefix (`OUO` → `OUO/26-27/000123`): letters and digits, at most 3, since
   * `OUO/26-27/000123` is already the 16 characters Rule 46 allows.
   */
  prefix: string;
}
