/**
 * What the order's rows in the staff's Sheet show (docs/staff-guide.md, the Orders tab), derived
 * from the order log, and when they must be written again.
 */

import { invoiceCell } from '../invoice/index.ts';
import type { StoredOrder } from '../order/index.ts';
import { refundsSummary } from '../order/index.ts';
import { sheetPaymentStatus, staffStatusLabel } from './staff-status.ts';
import { whatsappCost, whatsappSummary } from './whatsapp-summary.ts';

/**
 * What the order's rows show beyond its record: every updatable cell of the Orders tab but the
 * links (the Label's is signed afresh each time, deps.labelLink; the Invoice's follows the
 * number), all derived from the order log.
 */
export function sheetCells(order: StoredOrder) {
  return {
    // The address the provider said is undeliverable, marked where staff read it (issue 48).
    ...(order.emailUndeliverable ? { email: undeliverableEmailCell(order) } : {}),
    paymentStatus: sheetPaymentStatus(order),
    ...(order.razorpay?.paymentId ? { paymentId: order.razorpay.paymentId } : {}),
    ...(order.forwards.shipment.waybill ? { waybill: order.forwards.shipment.waybill } : {}),
    ...sheetRefunds(order),
    status: staffStatusLabel(order),
    whatsapp: whatsappSummary(order),
    whatsappCost: whatsappCost(order),
    ...(order.invoice ? { invoice: invoiceCell(order.invoice, order.creditNote) } : {}),
  };
}

/** `asha@example.com (undeliverable: bounced)`: the address kept, so staff can read it out when they call. */
function undeliverableEmailCell(order: StoredOrder): string {
  const words = order.emailUndeliverable?.kind === 'complaint' ? 'marked as spam' : 'bounced';
  return `${order.record.email} (undeliverable: ${words})`;
}

/**
 * A short fingerprint of `sheetCells`, kept on the Sheet's task: the rows are rewritten only when it
 * changes. Not a secret, only a change detector, so two 32-bit FNV-1a hashes (of the text and of it
 * reversed) do in the shop core, which has no `node:crypto`; 64 bits make a missed change between
 * two states of one order out of reach. A fingerprint kept before (a SHA-256 prefix) differs once,
 * and the rows are written once more.
 */
export function sheetFingerprint(order: StoredOrder): string {
  const text = JSON.stringify(sheetCells(order));
  return fnv1a(text) + fnv1a([...text].reverse().join(''));
}

function fnv1a(text: string): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i += 1) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0).toString(16).padStart(8, '0');
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
