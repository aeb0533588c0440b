/**
 * What the order's rows in the staff's Sheet show (docs/staff-guide.md, the Orders tab), derived
 * from the order log, and when they must be written again.
 */
import { createHash } from 'node:crypto';
import type { StoredOrder } from '#shop/order-record.ts';
import { refundsSummary } from '#shop/refunds.ts';
import { invoiceCell } from '../invoices/links.ts';
import { sheetPaymentStatus, staffStatusLabel } from './status.ts';
import { whatsappCost, whatsappSummary } from './whatsapp-summary.ts';

/**
 * What the order's rows show beyond its record: every updatable cell of the Orders tab but the
 * links (the Label's is signed afresh each time, deps.labelLink; the Invoice's follows the
 * number), all derived from the order log.
 */
export function sheetCells(order: StoredOrder) {
  return {
    paymentStatus: sheetPaymentStatus(order),
    ...(order.razorpay?.paymentId ? { paymentId: order.razorpay.paymentId } : {}),
    ...(order.forwards.shipment.waybill ? { waybill: order.forwards.shipment.waybill } : {}),
    ...sheetRefunds(order),
    status: staffStatusLabel(order),
    whatsapp: whatsappSummary(order),
    whatsappCost: whatsappCost(order),
    ...(order.invoice ? { invoice: invoiceCell(order) } : {}),
  };
}

/** A short fingerprint of `sheetCells`, kept on the Sheet's forward: the rows are rewritten only when it changes. */
export function sheetFingerprint(order: StoredOrder): string {
  return createHash('sha256')
    .update(JSON.stringify(sheetCells(order)))
    .digest('hex')
    .slice(0, 16);
}

/**
 * Rows already in the Sheet that show something older are written again (an update, not new
 * rows, by `syncSheetRows`): a replayed webhook that changes nothing they show writes nothing.
 */
export function resyncSheet(order: StoredOrder, options: { force?: boolean } = {}): void {
  const sheet = order.forwards.sheet;
  // Rows written before the fingerprint was kept are compared by their Status alone.
  const shown =
    sheet.syncedCells === undefined
      ? sheet.syncedStatus === staffStatusLabel(order)
      : sheet.syncedCells === sheetFingerprint(order);
  // `force`: a caller that knows a column changed (a staff action's Payment Status or Refunded).
  if (sheet.status !== 'done' || (!options.force && shown)) return;
  const { at: _at, ...rest } = sheet;
  order.forwards.sheet = { ...rest, status: 'pending' };
}

/** What the Sheet's refund columns say: the amount given back and the refunds' ids. */
export function sheetRefunds(order: Pick<StoredOrder, 'issuedRefunds'>): { refunded: string; refundIds: string } {
  const summary = refundsSummary(order.issuedRefunds ?? []);
  // A refund staff made by hand has no Razorpay id: the column says how it went.
  const ids = (order.issuedRefunds ?? [])
    .map((refund) => refund.refundId ?? (refund.manual ? 'by hand (UPI or bank)' : undefined))
    .filter(Boolean);
  return { refunded: summary.refundedPaise > 0 ? String(summary.refundedPaise / 100) : '', refundIds: ids.join(', ') };
}
