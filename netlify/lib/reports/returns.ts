/**
 * The order store as the return-to-origin report reads it (src/shop/returns/returns-report.ts): the orders
 * with a parcel booked in the period (order-rows.ts), with their payment mode, pincode, booking time
 * and parcel. `npm run report:returns` (scripts/report-returns.ts) runs it over production's database
 * or the local one of `npm run dev`.
 */

import { shipmentReference } from '#shop/order/index.ts';
import type { ReportOrder, ReportPeriod } from '#shop/returns/index.ts';
import type { Queries } from '../platform/database.ts';
import { type OrderRecord, ordersBookedIn } from './order-rows.ts';

/**
 * The parcels of an order as the report counts them: each one sent, the earlier ones (returned or
 * lost, then booked again by staff) under their own Delhivery reference (`<orderId>-2` for the
 * second). Booked means the shipment forward is done with a waybill; its time is the booking's (an
 * order booked before parcels were followed has no parcel: the report reads it as booked).
 */
export function reportOrdersOf(order: OrderRecord): ReportOrder[] {
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

/**
 * The parcels of the orders with a parcel booked in `period`, oldest order first; a parcel of such
 * an order booked outside the period comes too, and the report leaves it out.
 */
export async function reportOrders(db: Queries, period: ReportPeriod): Promise<ReportOrder[]> {
  return (await ordersBookedIn(db, period)).flatMap(reportOrdersOf);
}
