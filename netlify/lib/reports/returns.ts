/**
 * The order log as the return-to-origin report reads it (src/shop/returns-report.ts): every booked
 * order, with its payment mode, pincode, booking time and parcel. `npm run report:returns`
 * (scripts/report-returns.ts) runs it over the local Blobs sandbox or a site's Blobs.
 */
import type { ReportOrder } from '#shop/returns-report.ts';
import type { OrderLog } from '../orders/order-log.ts';
import { type StoredOrder, shipmentReference } from '../orders/order-record.ts';
import { fromEveryOrder } from './read-orders.ts';

/**
 * The parcels of an order as the report counts them: each one sent, the earlier ones (returned or
 * lost, then booked again by staff) under their own Delhivery reference (`<orderId>-2` for the
 * second). Booked means the shipment forward is done with a waybill; its time is the booking's (an
 * order booked before parcels were followed has no parcel: the report reads it as booked).
 */
export function reportOrdersOf(order: StoredOrder): ReportOrder[] {
  const base = {
    mode: order.mode,
    pincode: order.customer.pincode,
    // Issue 34 §4: which COD rules spoke, and how the order was confirmed, so the owner sees which earn their keep.
    codReasons: order.cod?.decision.reasons,
    confirmedVia: order.cod?.confirmation?.state === 'confirmed' ? order.cod.confirmation.via : undefined,
  };
  const earlier = (order.earlierShipments ?? []).map((sent) => ({
    ...base,
    orderId: sent.reference,
    bookedAt: sent.bookedAt,
    parcel: sent.parcel,
  }));
  const shipment = order.forwards.shipment;
  if (shipment.status !== 'done' || !shipment.waybill) return earlier;
  return [
    ...earlier,
    {
      ...base,
      orderId: shipmentReference(order),
      bookedAt: shipment.at ?? order.createdAt,
      parcel: order.parcel,
    },
  ];
}

/** Every booked parcel in the log, oldest order first. */
export function reportOrders(log: Pick<OrderLog, 'allOrderIds' | 'get'>): Promise<ReportOrder[]> {
  return fromEveryOrder(log, reportOrdersOf);
}
