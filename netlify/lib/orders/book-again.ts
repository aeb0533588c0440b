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
 * The decision is taken inside one compare-and-swap write, so two requests at once book once: the
 * second finds the new booking under way (or made) and is refused as "already booked".
 */
import { PARCEL_TEXTS } from '#shop/messages.ts';
import { resyncSheet } from '#shop/order-engine/sheet-row.ts';
import { paysFirst, type StoredOrder, shipmentReference } from '#shop/order-record.ts';
import { STAFF_TEXTS } from '#shop/staff-texts.ts';
import { fail } from '../platform/http.ts';
import { forwardOrder } from './forward.ts';
import type { StaffResult } from './staff-actions.ts';
import type { OrderDeps } from './types.ts';

type Decision = { kind: 'retry' | 'resend' } | { kind: 'answered'; answer: StaffResult };

const refused = (message: string): Decision => ({
  kind: 'answered',
  answer: fail(409, 'STAFF_ACTION_REFUSED', message),
});
const ok = (result: string): StaffResult => ({ ok: true, status: 200, body: { ok: true, result } });

/** What `Book again` may do to this order now (inside the write, on its freshest copy). */
function decide(order: StoredOrder): Decision {
  if (order.status === 'cancelled' || order.cancellation) return refused(STAFF_TEXTS.bookCancelled);
  const placed = paysFirst(order)
    ? order.status === 'paid' || order.status === 'forwarded'
    : order.status !== 'expired';
  if (!placed) return refused(STAFF_TEXTS.bookNotPlaced);
  const shipment = order.forwards.shipment;
  // Another worker is booking it this moment: its answer will show; nothing to start.
  if (shipment.status === 'sending') return { kind: 'answered', answer: ok(STAFF_TEXTS.booking) };
  if (shipment.status !== 'done') return { kind: 'retry' };
  const state = order.parcel?.state ?? 'booked';
  if (state === 'returned' || state === 'lost') return { kind: 'resend' };
  return refused(STAFF_TEXTS.alreadyBooked(shipment.waybill ?? shipmentReference(order), PARCEL_TEXTS.title[state]));
}

export async function bookAgain(deps: OrderDeps, orderId: string, requestId: string): Promise<StaffResult> {
  let decision: Decision | undefined;
  await deps.log.update(orderId, (order) => {
    decision = decide(order);
    if (decision.kind === 'answered') return undefined;
    const at = deps.now().toISOString();
    const shipment = order.forwards.shipment;
    if (decision.kind === 'resend') {
      order.earlierShipments = [
        ...(order.earlierShipments ?? []),
        {
          waybill: shipment.waybill as string,
          reference: shipmentReference(order),
          bookedAt: shipment.at ?? order.createdAt,
          ...(order.parcel ? { parcel: order.parcel } : {}),
        },
      ];
      delete order.parcel;
    }
    // A new round of tries, starting now; the last error stays for staff until the next attempt.
    order.forwards.shipment = {
      status: 'pending',
      attempts: 0,
      ...(shipment.lastError ? { lastError: shipment.lastError } : {}),
    };
    order.history.push({
      at,
      event: `staff: book again (${decision.kind === 'resend' ? `a new parcel, ${shipmentReference(order)}` : 'a new round of tries'}; request ${requestId})`,
    });
    resyncSheet(order, { force: true });
    order.updatedAt = at;
    return order;
  });
  if (!decision) return fail(404, 'NOT_FOUND', STAFF_TEXTS.unknownOrder(orderId));
  if (decision.kind === 'answered') return decision.answer;
  const order = await forwardOrder(deps, orderId);
  return answerFor(order);
}

function answerFor(order: StoredOrder): StaffResult {
  const shipment = order.forwards.shipment;
  if (shipment.status === 'done' && shipment.waybill) return ok(STAFF_TEXTS.booked(shipment.waybill));
  if (shipment.status === 'sending') return ok(STAFF_TEXTS.booking);
  return ok(STAFF_TEXTS.notBookedYet(shipment.lastError ?? 'no answer'));
}
