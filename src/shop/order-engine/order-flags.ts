/**
 * What an order's state says at a glance, derived from its record alone: something left to do,
 * staff to act, money owed back, a parcel still followed. The order log keeps each as an indexed
 * column (netlify/lib/orders/order-log.ts) so the sweep, the parcel sync, the pickups and the
 * reports ask for rows instead of reading every order.
 */
import { staffToCall } from '../cod/index.ts';
import { FORWARD_KINDS, forwardOf, noticeOpen, type StoredOrder } from '../order/index.ts';
import { parcelAttention, parcelClosed } from '../parcel/index.ts';
import { callAboutEmail } from './email-events.ts';

/**
 * Something is left to do: a payment to settle, or a forward to make (a later Sheet update, or the
 * email, too: an order is `forwarded` once its Sheet rows and booking are done).
 */
export const isOpen = (order: StoredOrder) =>
  Object.values(order.notices ?? {}).some(noticeOpen) ||
  (order.issuedRefunds ?? []).some(
    (refund) => !refund.manual && (refund.status === 'requested' || refund.status === 'pending'),
  ) ||
  (order.cancellation !== undefined &&
    ((!order.cancellation.doneAt && order.cancellation.booking.status !== 'too-late') ||
      ['pending', 'failed'].includes(order.cancellation.booking.status))) ||
  creditNoteOwed(order) ||
  order.status === 'pending' ||
  order.status === 'paid' ||
  (order.status === 'forwarded' &&
    FORWARD_KINDS.some((kind) => ['pending', 'sending', 'failed'].includes(forwardOf(order, kind).status)));

/**
 * A forward the shop gave up on, a COD order unconfirmed for 48 hours (rule 17), a parcel that
 * failed at the door twice or was lost (parcel.ts), or a shopper whose email bounced or complained
 * while the order still has news for them (email-events.ts: staff call).
 */
export const needsAttention = (order: StoredOrder) =>
  FORWARD_KINDS.some((kind) => forwardOf(order, kind).status === 'needs-attention') ||
  forwardOf(order, 'invoice').status === 'failed' ||
  (staffToCall(order.cod) && !order.cancellation) ||
  (order.parcel !== undefined && parcelAttention(order.parcel) !== undefined) ||
  callAboutEmail(order);

/** Cancelled after it was invoiced, and its credit note not issued yet (netlify/lib/invoices/issue.ts). */
export const creditNoteOwed = (order: Pick<StoredOrder, 'status' | 'invoice' | 'creditNote'>) =>
  order.status === 'cancelled' && order.invoice !== undefined && order.creditNote === undefined;

export const needsRefund = (order: Pick<StoredOrder, 'refunds'>) => (order.refunds?.length ?? 0) > 0;

/**
 * Booked with a waybill, and the parcel's story not ended (an order booked before parcels were
 * followed counts). A booking Delhivery cancelled has no story: it leaves the followed parcels and
 * the day's pickup count at once, not at a "Seller cancelled" scan that may never come (issue 47).
 */
export const parcelOpen = (order: Pick<StoredOrder, 'forwards' | 'parcel' | 'cancellation'>) =>
  order.forwards.shipment.status === 'done' &&
  Boolean(order.forwards.shipment.waybill) &&
  order.cancellation?.booking.status !== 'done' &&
  !parcelClosed(order.parcel?.state ?? 'booked');
