/**
 * Staff's `Book again` from the Sheet (docs/shop-rules.md §10 rule 15, docs/staff-guide.md):
 *
 * - A booking the shop gave up on (`Needs attention: booking failed`), or one still being retried,
 *   starts a new day of tries now: staff have fixed what stopped it (the address, the carrier's
 *   account). Delhivery keeps one shipment per order reference, so a booking whose answer was lost
 *   is found, never doubled (forward.ts).
 * - A parcel that came back (returned to origin) or was lost is sent again: the old parcel is kept
 *   on the order as it ended (`earlierShipments`, for the shopper's timeline and the returns
 *   report), and a new shipment is booked under the next order reference (`<orderId>-2`).
 * - Anything else is refused and nothing changes: a parcel on its way or delivered, a cancelled
 *   order, an order never placed.
 *
 * The decision is taken inside one compare-and-swap write (the `staff-rebook-asked` event,
 * src/shop/order-engine/staff-events.ts), so two requests at once book once: the second finds the
 * new booking under way (or made) and is refused as "already booked".
 */

import { type StoredOrder, shipmentReference } from '#shop/order/index.ts';
import { type BookAgainStep, bookAgainStep } from '#shop/order-engine/index.ts';
import { text } from '#shop/texts/server.ts';
import { fail } from '../platform/http.ts';
import { forwardOrder } from './forward.ts';
import type { StaffResult } from './staff-actions.ts';
import type { OrderDeps } from './types.ts';

const refused = (message: string): StaffResult => fail(409, 'STAFF_ACTION_REFUSED', message);
const ok = (result: string): StaffResult => ({ ok: true, status: 200, body: { ok: true, result } });

/** The answer to a `Book again` that started nothing (`bookAgainStep` on the record the write left). */
function answerUnchanged(order: StoredOrder, step: Exclude<BookAgainStep, 'retry' | 'resend'>): StaffResult {
  if (step === 'cancelled') return refused(text('staff.bookCancelled'));
  if (step === 'not-placed') return refused(text('staff.bookNotPlaced'));
  // Another worker is booking it this moment: its answer will show.
  if (step === 'booking') return ok(text('staff.booking'));
  const shipment = order.forwards.shipment;
  return refused(
    text('staff.alreadyBooked', {
      waybill: shipment.waybill ?? shipmentReference(order),
      state: text(`parcel.title.${order.parcel?.state ?? 'booked'}`),
    }),
  );
}

export async function bookAgain(deps: OrderDeps, orderId: string, requestId: string): Promise<StaffResult> {
  const at = deps.now().toISOString();
  const { order, changed } = await deps.log.apply(orderId, { type: 'staff-rebook-asked', at, requestId });
  const step = bookAgainStep(order);
  if (!changed && step !== 'retry' && step !== 'resend') return answerUnchanged(order, step);
  return answerFor(await forwardOrder(deps, orderId));
}

function answerFor(order: StoredOrder): StaffResult {
  const shipment = order.forwards.shipment;
  if (shipment.status === 'done' && shipment.waybill) return ok(text('staff.booked', { waybill: shipment.waybill }));
  if (shipment.status === 'sending') return ok(text('staff.booking'));
  return ok(text('staff.notBookedYet', { reason: shipment.lastError ?? 'no answer' }));
}
