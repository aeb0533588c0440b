/**
 * The order's events of staff's actions from the Sheet (docs/shop-rules.md §10 rule 15,
 * docs/staff-guide.md): a refund (through Razorpay or by hand; Razorpay's answer is refund-events.ts'),
 * the extra payments given back, COD cash received, a parcel booked again (transition.ts). Each is decided
 * on the record it changes, inside the order log's one compare-and-swap write, so two requests at
 * once never share a refund's n, never refund more than was captured between them, and book once.
 * Every one rewrites the Sheet's rows: the row shows what staff did, their Action cell cleared.
 */
import { formatRupees } from '../money/index.ts';
import {
  checkRefund,
  type IssuedRefund,
  mergeRefund,
  refundKey,
  type StoredOrder,
  shipmentReference,
} from '../order/index.ts';
import type { Parcel } from '../parcel/index.ts';
import type { Family } from './family.ts';
import { bookAgainStep, codDelivered, staffRefundOf } from './staff-rules.ts';

/**
 * Staff asked for part of a payment back: a prepaid one's, then asked of Razorpay under the key
 * written here; or a delivered COD order's cash, given back by hand (`manual`, UPI or bank
 * transfer) before staff picked the action. Refused (nothing changes) when this request wrote its
 * refund already, or the amount is not whole, more than is left, or nothing is left.
 */
export interface StaffRefundAsked {
  type: 'staff-refund-asked';
  at: string;
  /** The request's single-use id (the Apps Script's UUID). */
  requestId: string;
  paymentId: string;
  /** What the payment captured (a COD order's total, for cash). */
  capturedPaise: number;
  amountPaise: number;
  manual?: true;
}

/** Staff asked for every extra captured payment back in full: the order is no longer `Needs refund`. */
export interface StaffExtraRefundsAsked {
  type: 'staff-extra-refunds-asked';
  at: string;
  requestId: string;
}

/** A delivered COD order's cash has arrived: the Sheet's Payment Status says `COD received`. */
export interface StaffCodReceived {
  type: 'staff-cod-received';
  at: string;
  requestId: string;
}

/** Staff's `Book again`: a failed booking tried again, or a returned or lost parcel sent again. */
export interface StaffRebookAsked {
  type: 'staff-rebook-asked';
  at: string;
  requestId: string;
}

export type StaffEvent = StaffRefundAsked | StaffExtraRefundsAsked | StaffCodReceived | StaffRebookAsked;

const rupees = (paise: number) => formatRupees(paise / 100);

function refundAsked(order: StoredOrder, event: StaffRefundAsked): StoredOrder | undefined {
  if (staffRefundOf(order, event.requestId)) return undefined;
  const issued = order.issuedRefunds ?? [];
  const check = checkRefund(event.capturedPaise, issued, event.paymentId, event.amountPaise);
  if (!check.ok) return undefined;
  const refund: IssuedRefund = {
    key: refundKey(order.orderId, 'staff', 1 + issued.filter((known) => known.purpose === 'staff').length),
    paymentId: event.paymentId,
    amountPaise: check.amountPaise,
    purpose: 'staff',
    // Staff pick a cash refund once their transfer is made: recorded as done, never sent to Razorpay.
    status: event.manual ? 'processed' : 'requested',
    requestedAt: event.at,
    requestId: event.requestId,
    ...(event.manual ? { manual: true as const, settledAt: event.at } : {}),
  };
  mergeRefund(order, refund);
  order.history.push({
    at: event.at,
    event: `staff refund ${refund.key}: ${rupees(refund.amountPaise)}${event.manual ? ' refunded by hand (UPI or bank transfer)' : ''}`,
  });
  return order;
}

function extraRefundsAsked(order: StoredOrder, event: StaffExtraRefundsAsked): StoredOrder | undefined {
  const extra = order.refunds ?? [];
  if (extra.length === 0) return undefined;
  const before = (order.issuedRefunds ?? []).filter((refund) => refund.purpose === 'extra-payment').length;
  const moved: IssuedRefund[] = extra.map((payment, index) => ({
    key: refundKey(order.orderId, 'extra-payment', before + index + 1),
    paymentId: payment.paymentId,
    amountPaise: payment.amountPaise,
    purpose: 'extra-payment',
    status: 'requested',
    requestedAt: event.at,
    requestId: event.requestId,
  }));
  for (const refund of moved) mergeRefund(order, refund);
  delete order.refunds;
  order.history.push({
    at: event.at,
    event: `extra payments to refund: ${moved.map((refund) => refund.key).join(', ')}`,
  });
  return order;
}

function codReceived(order: StoredOrder, event: StaffCodReceived): StoredOrder | undefined {
  // Judged on the record this write replaces, as the refunds' checks are, not on the one read before.
  if (!codDelivered(order) || order.codReceived) return undefined;
  order.codReceived = { at: event.at, requestId: event.requestId };
  order.history.push({ at: event.at, event: 'COD received (staff)' });
  return order;
}

/**
 * A new round of tries, starting now; the last error stays for staff until the next attempt. A
 * parcel sent again keeps the old one on the order as it ended (`earlierShipments`, for the
 * shopper's timeline and the returns report), and is booked under the next order reference
 * (`<orderId>-2`), since Delhivery keeps one shipment per order reference.
 */
function rebookAsked(order: StoredOrder, event: StaffRebookAsked): StoredOrder | undefined {
  const step = bookAgainStep(order);
  if (step !== 'retry' && step !== 'resend') return undefined;
  const shipment = order.forwards.shipment;
  if (step === 'resend') {
    order.earlierShipments = [
      ...(order.earlierShipments ?? []),
      {
        waybill: shipment.waybill as string,
        reference: shipmentReference(order),
        bookedAt: shipment.at ?? order.createdAt,
        // `resend` is a parcel that came back or was lost: the order has it, as it ended.
        parcel: order.parcel as Parcel,
      },
    ];
    delete order.parcel;
  }
  order.forwards.shipment = {
    status: 'pending',
    attempts: 0,
    ...(shipment.lastError ? { lastError: shipment.lastError } : {}),
  };
  order.history.push({
    at: event.at,
    event: `staff: book again (${step === 'resend' ? `a new parcel, ${shipmentReference(order)}` : 'a new round of tries'}; request ${event.requestId})`,
  });
  return order;
}

export const STAFF_EVENTS: Family<StaffEvent> = {
  handlers: {
    'staff-refund-asked': refundAsked,
    'staff-extra-refunds-asked': extraRefundsAsked,
    'staff-cod-received': codReceived,
    'staff-rebook-asked': rebookAsked,
  },
  // The Payment Status, Refunded and Refund IDs columns, or the Status, change with each.
  rewritesSheet: ['staff-refund-asked', 'staff-extra-refunds-asked', 'staff-cod-received', 'staff-rebook-asked'],
};
