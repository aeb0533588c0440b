/** Booked orders with parcels, in an order log on the test Blobs server: what the pickup and the returns report read. */

import type { StoredOrder } from '#shop/order/index.ts';
import type { OrderLog } from '../../netlify/lib/orders/order-log.ts';
import type { PaymentMode } from '../../src/shop/order/index.ts';
import type { Parcel, ParcelChange, ParcelState } from '../../src/shop/parcel/index.ts';
import { makeCustomer } from './factories.ts';

export interface BookedOrder {
  orderId: string;
  mode?: PaymentMode;
  pincode?: string;
  /** When the shipment was booked (ISO). */
  bookedAt?: string;
  /** Absent: booked before the shop followed parcels (read as `booked`). */
  parcel?: Parcel;
  /** Not booked yet: no waybill, no parcel. */
  unbooked?: boolean;
}

/** One change of a parcel, with a scan as Delhivery would send it. */
export function change(state: ParcelState, at: string, reason?: string): ParcelChange {
  return { state, at, scan: { at, status: state, location: 'Hub' }, ...(reason ? { reason } : {}) };
}

/** A parcel that went through `changes` and stands at the last one (or `booked`). */
export function parcelOf(...changes: ParcelChange[]): Parcel {
  return { state: changes.at(-1)?.state ?? 'booked', changes };
}

export function bookedOrder({
  orderId,
  mode = 'cod',
  pincode = '248001',
  bookedAt = '2026-11-21T06:00:00.000Z',
  parcel,
  unbooked = false,
}: BookedOrder): StoredOrder {
  const shipment: StoredOrder['forwards']['shipment'] = unbooked
    ? { status: 'failed', attempts: 1 }
    : { status: 'done', attempts: 1, at: bookedAt, waybill: `WB${orderId.replace(/\D/g, '')}` };
  return {
    orderId,
    status: unbooked ? (mode === 'cod' ? 'pending' : 'paid') : 'forwarded',
    mode,
    fingerprint: 'fp',
    createdAt: bookedAt,
    updatedAt: bookedAt,
    customer: makeCustomer({ pincode }),
    lines: [],
    cart: { lines: [], subtotal: 0, weight: 0 },
    totals: { subtotal: 0, shippingCharge: 0, codCharge: mode === 'cod' ? 150 : 0, total: 150 },
    record: {} as StoredOrder['record'],
    forwards: { sheet: { status: 'done', attempts: 1 }, shipment, email: { status: 'done', attempts: 1 } },
    ...(parcel ? { parcel } : {}),
    history: [],
  };
}

/**
 * Puts orders in the log as the shop does: created, then updated to their booked state, so the
 * log keeps its markers (a booked parcel still on its way is listed by `parcelOrderIds`).
 */
export async function putOrders(log: OrderLog, orders: readonly BookedOrder[]): Promise<void> {
  for (const input of orders) {
    const booked = bookedOrder(input);
    await log.create({
      ...booked,
      status: 'pending',
      forwards: { ...booked.forwards, shipment: { status: 'pending', attempts: 0 } },
    });
    if (!input.unbooked) await log.update(input.orderId, () => booked);
  }
}
