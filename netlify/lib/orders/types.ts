/** What the order service needs from the world, and how its answers look. */
import type { Product } from '../../../src/shop/catalogue.ts';
import type { Serviceability } from '../../../src/shop/deliverability.ts';
import type { ShipmentRecord } from '../../../src/shop/shipment.ts';
import type { PaymentMode, ShippingRules } from '../../../src/shop/shipping.ts';
import type { ShipmentResult, TrackingResult } from '../delhivery/client.ts';
import type { PaymentGateway } from '../razorpay/gateway.ts';
import type { SheetWriteResult } from '../sheets/client.ts';
import type { SheetOrder } from '../sheets/tabs.ts';
import type { OrderLog } from './order-log.ts';

export interface ShopSettingsForOrders extends ShippingRules {
  pickup: { name: string; pincode: string };
}

export interface OrderDeps {
  log: OrderLog;
  catalogue: () => Promise<Product[]>;
  settings: () => Promise<ShopSettingsForOrders>;
  gateway: () => PaymentGateway;
  sheets: {
    upsertOrder(order: SheetOrder): Promise<SheetWriteResult>;
  };
  carrier: {
    quoteRate(input: {
      originPin: string;
      destinationPin: string;
      grams: number;
      mode: PaymentMode;
    }): Promise<number | undefined>;
    /** Undefined when the carrier cannot be asked right now (the order is then taken). */
    checkPincode(pin: string): Promise<Serviceability | undefined>;
    createShipment(input: { shipment: ShipmentRecord; pickupName: string }): Promise<ShipmentResult>;
    /**
     * The carrier's scans of a booked shipment, for the order page and /track. `bookedAt` lets the
     * local stand-in simulate scans from the booking time.
     */
    trackShipment(input: { waybill: string; bookedAt: string }): Promise<TrackingResult>;
  };
  now: () => Date;
}

export type ServiceResult<T> =
  | { ok: true; status: number; body: T }
  | { ok: false; status: number; code: string; message: string };

export const fail = (status: number, code: string, message: string): ServiceResult<never> => ({
  ok: false,
  status,
  code,
  message,
});
