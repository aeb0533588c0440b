/**
 * The one status staff see for an order (the Sheet's Status column, /api/health), derived from
 * the order log so it can never disagree with it. docs/shop-rules.md §10 and docs/staff-guide.md.
 *
 * - `Placed`: a COD order the shop has; its shipment is being booked.
 * - `Paid`: a prepaid order whose payment is proven; its shipment is being booked.
 * - `Booked`: Delhivery has the shipment; the Waybill column has its number.
 * - `Needs attention: <reason>`: the shop stopped trying (retries ran out): staff act by hand.
 * - `Expired`: a prepaid order never paid within 15 minutes (it never reaches the Sheet).
 */
import type { ForwardState, StoredOrder } from './order-log.ts';

export type StaffStatus = 'Placed' | 'Paid' | 'Booked' | 'Needs attention' | 'Expired';

export function staffStatus(order: Pick<StoredOrder, 'status' | 'mode' | 'forwards'>): StaffStatus {
  if (order.status === 'expired') return 'Expired';
  if (attentionReason(order) !== undefined) return 'Needs attention';
  if (isBooked(order.forwards.shipment)) return 'Booked';
  return order.mode === 'prepaid' && order.status !== 'pending' ? 'Paid' : 'Placed';
}

/** The status as written in the Sheet: `Needs attention` carries its reason. */
export function staffStatusLabel(order: Pick<StoredOrder, 'status' | 'mode' | 'forwards'>): string {
  const status = staffStatus(order);
  return status === 'Needs attention' ? `Needs attention: ${attentionReason(order)}` : status;
}

function attentionReason(order: Pick<StoredOrder, 'forwards'>): string | undefined {
  const { shipment, sheet } = order.forwards;
  if (shipment.status === 'needs-attention') return `shipment not booked (${shipment.lastError ?? 'no reason given'})`;
  if (sheet.status === 'needs-attention') return `Sheet not updated (${sheet.lastError ?? 'no reason given'})`;
  return undefined;
}

function isBooked(shipment: ForwardState): boolean {
  return shipment.status === 'done';
}
