/**
 * What a shopper may see of an order (docs/shop-rules.md §2, §10): on its own page, opened only
 * with the order's key, the whole order and address; on /track, matched by order id and phone,
 * the same with the address masked to city and pincode. Anything that does not match answers the
 * same "not found", so neither can be used to discover orders.
 */
import { timingSafeEqual } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { advanceSplit, awaitingConfirmation, confirmMessage } from '#shop/cod/index.ts';

import { formatRupees } from '#shop/money/index.ts';
import { paysFirst, refundsSummary, type StoredOrder } from '#shop/order/index.ts';
import { orderTimeline, phoneDigits } from '#shop/parcel/index.ts';
import type { OrderView, TrackView } from '#shop/schemas/index.ts';
import { text } from '#shop/texts/server.ts';
import { whatsappChatLink } from '#shop/whatsapp.ts';
import { simulatedPin } from '../delhivery/simulated-tracking.ts';
import { freshOrder } from '../parcels/sync.ts';
import { cancellable } from './cancel.ts';
import type { OrderDeps } from './types.ts';

/** The key, compared without leaking how much of it matched. */
export function keyMatches(order: StoredOrder, key: string): boolean {
  if (!order.key || order.key.length !== key.length) return false;
  return timingSafeEqual(Buffer.from(order.key), Buffer.from(key));
}

/** The phone typed on /track against the one given at checkout, as their 10 digits. */
export const phoneMatches = (order: StoredOrder, phone: string) =>
  phoneDigits(order.customer.phone) === phoneDigits(phone);

/**
 * A "not found" is answered no sooner than this after the request began. The decoy
 * (`findForShopper`) makes an unknown id and a failed proof do the same work, but a read that
 * finds nothing is still a little quicker than one that finds a record (0.07–0.12 ms on loopback,
 * measured by `npm run bench:orders`); answering both at the same moment leaves nothing to time.
 * A shopper who mistyped waits a tenth of a second more for the message.
 */
export const NOT_FOUND_FLOOR_MS = 100;

/**
 * The order whose phone or key the shopper gave, or undefined once the floor has passed
 * (docs/security.md, finding 8).
 */
export async function orderForShopper(
  deps: Pick<OrderDeps, 'log'>,
  orderId: string,
  proves: (order: StoredOrder) => boolean,
  started = performance.now(),
): Promise<StoredOrder | undefined> {
  const order = await deps.log.findForShopper(orderId, proves);
  if (order) return order;
  // A timer may fire a little early (it rounds to the millisecond): wait again until the floor is reached.
  for (let left = started + NOT_FOUND_FLOOR_MS - performance.now(); left > 0; ) {
    await sleep(left);
    left = started + NOT_FOUND_FLOOR_MS - performance.now();
  }
  return undefined;
}

function paymentStatus(order: StoredOrder): string {
  if (order.status === 'cancelled') return order.razorpay?.paymentId ? refundStatus(order) : 'Nothing to pay';
  if (!paysFirst(order)) return 'Pay on delivery';
  const advance = order.cod?.advance?.amount;
  if (order.razorpay?.paymentId && advance) {
    const { onDelivery } = advanceSplit(order.totals.total, advance);
    return text('codAdvance.status', { fee: formatRupees(advance), cash: formatRupees(onDelivery) });
  }
  if (order.razorpay?.paymentId) return 'Paid';
  if (order.status === 'expired') return 'Not paid';
  return order.razorpay?.confirming ? 'Confirming' : 'Waiting for payment';
}

/** A cancelled prepaid order's money, in the shopper's words. */
function refundStatus(order: StoredOrder): string {
  const summary = refundsSummary(order.issuedRefunds ?? []);
  if (summary.state === 'refunded') return `Refunded ${formatRupees(summary.refundedPaise / 100)}`;
  if (summary.state === 'pending') return `Refund of ${formatRupees(summary.pendingPaise / 100)} on its way`;
  return 'Refund being arranged';
}

/** Everything but the address: the lines, the money and the timeline (with the confirm link, on the order's own page). */
function common(order: StoredOrder, confirmLink?: string): Omit<OrderView, 'address' | 'cancellable'> {
  // Its state, how and when: never its code, which only the order page's link carries.
  const confirmation = order.mode === 'cod' ? order.cod?.confirmation : undefined;
  const shipment = order.forwards.shipment;
  return {
    orderId: order.orderId,
    placedAt: order.createdAt,
    paymentMode: order.mode,
    paymentStatus: paymentStatus(order),
    lines: order.cart.lines.map((line) => ({
      name: line.name,
      size: line.size,
      quantity: line.quantity,
      price: line.price,
      lineTotal: line.lineTotal,
      ...(line.hsnCode ? { hsnCode: line.hsnCode } : {}),
    })),
    totals: order.totals,
    ...(order.invoice ? { documents: taxDocuments(order) } : {}),
    ...(order.cod?.advance ? { advance: order.cod.advance.amount } : {}),
    timeline: orderTimeline({
      mode: order.mode,
      total: order.totals.total,
      advance: order.cod?.advance?.amount,
      placedAt: order.createdAt,
      status: order.status,
      confirming: Boolean(order.razorpay?.confirming),
      paidAt: order.razorpay?.paidAt,
      waybill: shipment.waybill,
      bookedAt: shipment.waybill ? shipment.at : undefined,
      needsAttention: shipment.status === 'needs-attention',
      parcel: order.parcel,
      cancelledAt: order.cancellation?.doneAt,
      refunds: order.issuedRefunds,
      earlierParcels: order.earlierShipments,
      confirmation: confirmation && { state: confirmation.state, via: confirmation.via, at: confirmation.at },
      confirmLink,
    }),
    simulatedTracking:
      Boolean(shipment.waybill && simulatedPin(shipment.waybill) !== null) || Boolean(order.parcel?.simulated),
    cancelled: order.status === 'cancelled',
  };
}

/** The invoice, then its credit note: numbers only (the page builds their links with its key). */
function taxDocuments(order: StoredOrder): NonNullable<OrderView['documents']> {
  return [order.invoice, order.creditNote].flatMap((document) =>
    document ? [{ kind: document.kind, number: document.number }] : [],
  );
}

export async function orderView(deps: OrderDeps, stored: StoredOrder): Promise<OrderView> {
  // The stored states, asked about first when stale (the sync keeps them fresh between visits).
  const order = await freshOrder(deps, stored);
  const { name, phone, email, address1, address2, city, state, pincode } = order.customer;
  return {
    ...common(order, await confirmLink(deps, order)),
    // The order page offers "Cancel order" only while it can be (before pickup; cancel.ts).
    cancellable: cancellable(order) === undefined,
    address: {
      name,
      phone,
      email,
      address1,
      ...(address2 ? { address2 } : {}),
      ...(city ? { city } : {}),
      ...(state ? { state } : {}),
      pincode,
    },
  };
}

/**
 * WhatsApp's click-to-chat to the shop's number with `CONFIRM <order id> <code>` written (rule 17),
 * while the order awaits its shopper's yes; the webhook confirms it only from the order's phone.
 */
async function confirmLink(deps: OrderDeps, order: StoredOrder): Promise<string | undefined> {
  const confirmation = order.cod?.confirmation;
  if (!confirmation || !awaitingConfirmation(order.cod) || order.cancellation) return undefined;
  const { shop } = await deps.settings();
  return whatsappChatLink(shop.whatsappNumber, confirmMessage(order.orderId, confirmation.code));
}

export async function trackView(deps: OrderDeps, stored: StoredOrder): Promise<TrackView> {
  const order = await freshOrder(deps, stored);
  const { city, pincode } = order.customer;
  return { ...common(order), address: { ...(city ? { city } : {}), pincode } };
}
