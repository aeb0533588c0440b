/**
 * The order log as the return-to-origin report reads it (src/shop/returns-report.ts): every booked
 * order, with its payment mode, pincode, booking time and parcel. `npm run report:returns`
 * (scripts/report-returns.ts) runs it over the local Blobs sandbox or a site's Blobs.
 */
import type { ReportOrder } from '#shop/returns-report.ts';
import type { OrderLog, StoredOrder } from '../orders/order-log.ts';

/** Orders read at once. */
const READ_CONCURRENCY = 16;

/**
 * The order as the report counts it, or undefined when it was never booked. Booked means the
 * shipment forward is done with a waybill; its time is the booking's (an order booked before
 * parcels were followed has no parcel: the report reads it as booked).
 */
export function reportOrderOf(order: StoredOrder): ReportOrder | undefined {
  const shipment = order.forwards.shipment;
  if (shipment.status !== 'done' || !shipment.waybill) return undefined;
  return {
    orderId: order.orderId,
    mode: order.mode,
    pincode: order.customer.pincode,
    bookedAt: shipment.at ?? order.createdAt,
    parcel: order.parcel,
  };
}

/** Every booked order in the log, oldest first. */
export async function reportOrders(log: Pick<OrderLog, 'allOrderIds' | 'get'>): Promise<ReportOrder[]> {
  const ids = (await log.allOrderIds()).sort();
  const found: ReportOrder[] = [];
  for (let start = 0; start < ids.length; start += READ_CONCURRENCY) {
    const orders = await Promise.all(ids.slice(start, start + READ_CONCURRENCY).map((id) => log.get(id)));
    for (const order of orders) {
      const booked = order && reportOrderOf(order);
      if (booked) found.push(booked);
    }
  }
  return found;
}
