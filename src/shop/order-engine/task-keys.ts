/**
 * Each task's key (netlify/lib/tasks): unique per order and step, so a step earned twice is one
 * task, and a parcel booked again is a new one.
 */
import { type ForwardKind, type StoredOrder, shipmentReference } from '../order/index.ts';

/** The task key of an order's forward: its shipment's under the shipment's own reference (a parcel booked again is a new task). */
export function forwardKey(order: Pick<StoredOrder, 'orderId' | 'earlierShipments'>, kind: ForwardKind): string {
  return kind === 'shipment' ? `${order.orderId}/shipment/${shipmentReference(order)}` : `${order.orderId}/${kind}`;
}

export const noticeTaskKey = (orderId: string, noticeKey: string) => `${orderId}/notice/${noticeKey}`;

/** The cancellation's booking step: one per order (a second cancellation arms it again). */
export const cancelBookingKey = (orderId: string) => `${orderId}/cancel-booking`;

/** A refund asked of Razorpay, under the refund's own idempotency key (`<orderId>-staff-2`). */
export const refundTaskKey = (orderId: string, refundKey: string) => `${orderId}/refund/${refundKey}`;

/** One step of a COD order's chase (the `cod_confirm` template, its reminder, staff's call), each once. */
export const codChaseKey = (orderId: string, step: 'asked' | 'reminded' | 'call') => `${orderId}/cod-chase/${step}`;

/** The check of an order paid first whose payment has not come: Razorpay asked 15 minutes after it was placed, then expired. */
export const paymentCheckKey = (orderId: string) => `${orderId}/payment-check`;

/** What is left of a cancellation once its booking is settled: the money asked back, the order closed, its credit note. */
export const cancelFinishKey = (orderId: string) => `${orderId}/cancel-finish`;

/** The creation of the order's one Razorpay order, asked by the shopper's Pay (double taps and two tabs: one). */
export const paymentStartKey = (orderId: string) => `${orderId}/payment-start`;
