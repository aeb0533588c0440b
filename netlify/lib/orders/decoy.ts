/**
 * The record an unknown order id is checked against (docs/security.md, finding 8). /api/track and
 * /api/orders/:id answer the same 404 for an unknown id and for a known id with a wrong phone or
 * key; if the unknown id skipped the read, the parse and the comparison, the answer would come
 * about a millisecond sooner and tell which ids exist. So an unknown id reads this record instead:
 * the same store, a record of an order's usual size and shape, the same comparison, and then
 * "not found" whatever it says.
 */
import { randomBytes } from 'node:crypto';
import type { StoredOrder } from '#shop/order/index.ts';

/** Outside the `order-` prefix, so no listing of orders ever counts it. */
export const DECOY_KEY = 'decoy-order';

/** A forwarded COD order of one line, as most are (about 1.9 kB of JSON). Its key is random and its
 * phone is no Indian mobile number, so no proof a shopper can send matches it. */
export function decoyOrder(now = new Date()): StoredOrder {
  const at = now.toISOString();
  const customer = {
    name: 'Decoy Record',
    email: 'decoy@example.invalid',
    phone: 'none',
    address1: '1 Decoy Road',
    address2: 'Not an address',
    pincode: '000000',
    city: 'Nowhere',
    state: 'Nowhere',
  };
  const line = { productId: 0, size: '500gm', quantity: 1 };
  const priced = { ...line, name: 'Decoy', price: 0, weight: 500, lineTotal: 0, hsnCode: '00000000' };
  const totals = { subtotal: 0, shippingCharge: 0, codCharge: 0, total: 0 };
  const done = { status: 'done' as const, attempts: 1, at };
  return {
    orderId: 'OUO_0000000000000',
    key: randomBytes(16).toString('hex'),
    status: 'forwarded',
    mode: 'cod',
    fingerprint: JSON.stringify(['decoy', customer.email, customer.phone, [customer.address1], '000000', 'cod']),
    createdAt: at,
    updatedAt: at,
    customer,
    lines: [line],
    cart: { lines: [priced], subtotal: 0, weight: 500 },
    totals,
    record: {
      type: 'checkout',
      orderId: 'OUO_0000000000000',
      timestamp: at,
      name: customer.name,
      email: customer.email,
      phone: customer.phone,
      address: `${customer.address1}, ${customer.address2}`,
      pincode: customer.pincode,
      city: customer.city,
      state: customer.state,
      products: [{ name: 'Decoy', size: '500gm', quantity: 1, price: 0 }],
      paymentMode: 'COD',
      paymentStatus: 'Pending',
      ...totals,
    },
    forwards: {
      sheet: { ...done, syncedStatus: 'Booked' },
      shipment: { ...done, waybill: 'SIM000000000000' },
      email: done,
    },
    history: [
      { at, event: 'created (cod)' },
      { at, event: 'shipment: done' },
      { at, event: 'email: done' },
      { at, event: 'sheet: done' },
    ],
  };
}
