// This folder's public face: only the names used outside it. Anything outside the folder imports
// through here (docs/architecture.md, "The shop core's folders"). Written by
// scripts/codemods/shop-folders.mjs: run it again when what others use changes.

export type { GstDocument, GstReport } from './gst-report.ts';
export { gstReport } from './gst-report.ts';
export type { GstCell, GstTable } from './gst-report-tables.ts';
export { cellText, gstTables, isAmount, SIGN_NOTE } from './gst-report-tables.ts';
export type { GstinProblem } from './gstin.ts';
export { normaliseGstin, readGstin } from './gstin.ts';
export type { CreditNote, Invoice, InvoiceLine, InvoiceOrder, Place } from './invoice.ts';
export { draftCreditNote, draftInvoice, invoiceCell, taxOf, totalsOf } from './invoice.ts';
export type { Series } from './invoice-numbers.ts';
export { financialYear, SERIAL_PATTERN, serialIndex, serialNumber } from './invoice-numbers.ts';
export { placeOfSupply } from './invoice-place.ts';
export type { InvoiceSettings, TaxRate } from './invoice-settings.ts';
