/**
 * What staff's actions from the Sheet may do to an order now (docs/shop-rules.md §10 rule 15,
 * docs/staff-guide.md): judged by the staff events' handlers on the record they change
 * (staff-events.ts), and again by the request (netlify/lib/orders/staff-actions.ts,
 * book-again.ts) on the record the write returned, to answer why nothing changed.
 */

import type { IssuedRefund } from '../order/index.ts';
import { paysFirst, type StoredOrder } from '../order/index.ts';

/**
 * A COD order's cash is collected by the courier at the door: there is cash to have received only
 * once the current parcel is delivered (docs/shop-rules.md §10 rule 15). Before that (awaiting the
 * shopper's confirmation, confirmed but not booked, on its way, returned) `COD received` would
 * record money that never came, and let a refund "by hand" be recorded against it.
 */
export const codDelivered = (order: Pick<StoredOrder, 'mode' | 'parcel'>) =>
  order.mode === 'cod' && order.parcel?.state === 'delivered';

/** The staff refund a request (its single-use id) wrote, if it wrote one: the same request never makes a second. */
export const staffRefundOf = (order: Pick<StoredOrder, 'issuedRefunds'>, requestId: string): IssuedRefund | undefined =>
  (order.issuedRefunds ?? []).find((refund) => refund.purpose === 'staff' && refund.requestId === requestId);

/**
 * What `Book again` may do to this order now:
 * - `retry`: a booking the shop gave up on, or one still being retried, starts a new day of tries;
 * - `resend`: a parcel that came back (returned to origin) or was lost is sent again;
 * - `booking`: another worker is booking it this moment, its answer will show, nothing to start;
 * - else refused: a cancelled order, one never placed, a parcel on its way or delivered.
 */
export type BookAgainStep = 'retry' | 'resend' | 'booking' | 'cancelled' | 'not-placed' | 'already-booked';

export function bookAgainStep(order: StoredOrder): BookAgainStep {
  if (order.status === 'cancelled' || order.cancellation) return 'cancelled';
  const placed = paysFirst(order)
    ? order.status === 'paid' || order.status === 'forwarded'
    : order.status !== 'expired';
  if (!placed) return 'not-placed';
  const shipment = order.forwards.shipment;
  if (shipment.status === 'sending') return 'booking';
  if (shipment.status !== 'done') return 'retry';
  const state = order.parcel?.state ?? 'booked';
  if (state === 'returned' || state === 'lost') return 'resend';
  return 'already-booked';
}
