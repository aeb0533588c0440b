import { type CodState, cashOnDelivery } from '../cod/index.ts';
import type { OrderRecord } from '../order/index.ts';

export interface PickupLocation {
  name: string;
  pin: string;
}

/** Where Delhivery collects our parcels; also the origin pin for rate quotes. */
export const DEFAULT_PICKUP: PickupLocation = { name: 'Delhivery Uttarkashi hub', pin: '249135' };

/** The shipment record (docs/shop-rules.md §3), in Delhivery's field names. */
export interface ShipmentRecord {
  name: string;
  add: string;
  pin: string;
  city: string;
  state: string;
  country: 'India';
  phone: string;
  order: string;
  payment_mode: 'COD' | 'Prepaid';
  products_desc: string;
  cod_amount: number;
  total_amount: number;
  weight: number;
  shipping_mode: 'Surface';
  return_pin?: '';
  return_city?: '';
  return_phone?: '';
  return_add?: '';
  return_state?: '';
  return_country?: '';
  seller_name?: '';
  seller_add?: '';
  seller_inv?: '';
}

/** Blank return and seller fields, as the COD shipments have always carried them. */
const BLANK_RETURN_AND_SELLER = {
  return_pin: '',
  return_city: '',
  return_phone: '',
  return_add: '',
  return_state: '',
  return_country: '',
  seller_name: '',
  seller_add: '',
  seller_inv: '',
} as const;

/**
 * `cod`: a COD order's advance, when its COD fee was paid now: Delhivery then collects the total
 * less it (docs/shop-rules.md §10 rule 17); `total_amount` stays the order's value.
 */
export function buildShipment(
  order: OrderRecord,
  weightGrams: number,
  cod?: Pick<CodState, 'advance'> | undefined,
): ShipmentRecord {
  const isCod = order.paymentMode === 'COD';
  return {
    name: order.name,
    add: order.address,
    pin: order.pincode,
    city: order.city,
    state: order.state,
    country: 'India',
    phone: order.phone.replace(/\D/g, ''),
    order: order.orderId,
    payment_mode: order.paymentMode,
    products_desc: order.products.map((line) => `${line.name} ${line.size} x${line.quantity}`).join(', '),
    cod_amount: isCod ? cashOnDelivery(order.total, cod) : 0,
    total_amount: order.total,
    weight: weightGrams,
    shipping_mode: 'Surface',
    ...(isCod ? BLANK_RETURN_AND_SELLER : {}),
  };
}
