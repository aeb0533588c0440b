/**
 * Each task's key (netlify/lib/tasks): unique per order and step, so a step earned twice is one
 * task, and a parcel booked again is a new one.
 */
import { type ForwardKind, type StoredOrder, shipmentReference } from '../order-record.ts';

/** The task key of an order's forward: its shipment's under the shipment's own reference (a parcel booked again is a new task). */
export function forwardKey(order: Pick<StoredOrder, 'orderId' | 'earlierShipments'>, kind: ForwardKind): string {
  return kind === 'shipment' ? `${order.orderId}/shipment/${shipmentReference(order)}` : `${order.orderId}/${kind}`;
}

export const noticeTaskKey = (orderId: string, noticeKey: string) => `${orderId}/notice/${noticeKey}`;
