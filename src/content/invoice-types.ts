/**
 * The GST invoices' settings as the content holds them (Shop settings → GST invoices, and the dated
 * `taxRate` documents; docs/content-model.md), parsed into the shop's own `InvoiceSettings`.
 * Re-exported by types.ts.
 */
import { z } from 'zod';
import type { InvoiceSettings, TaxRate } from '../shop/invoice/index.ts';

/** A GST rate in percent as the Studio takes it: 0 to 28, at most two decimals. */
const percentSchema = z
  .number()
  .min(0)
  .max(28)
  .refine((rate) => Math.round(rate * 100) === rate * 100, 'at most two decimals');

const taxRateSchema = z
  .object({
    hsn: z.string().regex(/^\d{4}(\d{2}){0,2}$/),
    rate: percentSchema,
    validFrom: z.iso.date(),
    toConfirm: z.boolean().optional(),
  })
  // Only an unconfirmed rate says so: a confirmed one reads the same whether the box was ever touched.
  .transform(({ toConfirm, ...rate }): TaxRate => (toConfirm ? { ...rate, toConfirm } : rate));

const gstInvoiceSchema = z.object({
  legalName: z.string().min(1),
  tradeName: z.string().optional(),
  /** The shape only: the Studio checks the check character (studio/src/schemaTypes/rules.ts). */
  gstin: z.string().regex(/^\d{2}[A-Z]{5}\d{4}[A-Z][1-9A-Z]Z[0-9A-Z]$/),
  address: z.array(z.string().min(1)).min(1),
  stateName: z.string().min(1),
  stateCode: z.string().regex(/^\d{2}$/),
  /** At most 3: `OUO/26-27/000123` is already the 16 characters Rule 46 allows. */
  invoicePrefix: z
    .string()
    .regex(/^[A-Z0-9]{1,3}$/)
    .default('OUO'),
  // A mode's fields left over from the other mode (the Studio hides, not clears, them) are dropped.
  chargesTax: z
    .discriminatedUnion('mode', [
      z.object({ mode: z.literal('principal') }),
      z.object({ mode: z.literal('rate'), rate: percentSchema, sac: z.string().regex(/^99\d{2}(\d{2})?$/) }),
    ])
    .default({ mode: 'principal' }),
  signature: z
    .discriminatedUnion('mode', [
      z.object({ mode: z.literal('computer-generated') }),
      z.object({ mode: z.literal('image'), imageUrl: z.string().min(1), signatory: z.string().min(1) }),
    ])
    .default({ mode: 'computer-generated' }),
});

/**
 * The invoice settings, or undefined when the Studio has no GST invoice particulars (an older
 * dataset): the shop then issues no invoices rather than invent a supplier.
 */
export const invoiceSettingsSchema = z
  .object({ invoice: gstInvoiceSchema.optional(), rates: z.array(taxRateSchema) })
  .transform(({ invoice, rates }): InvoiceSettings | undefined => {
    if (!invoice) return undefined;
    const { legalName, tradeName, gstin, address, stateName, stateCode } = invoice;
    return {
      supplier: { legalName, ...(tradeName ? { tradeName } : {}), gstin, address, stateName, stateCode },
      rates,
      charges: invoice.chargesTax,
      signature: invoice.signature,
      prefix: invoice.invoicePrefix,
    };
  });
