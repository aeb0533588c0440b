/**
 * A stored order built by hand, with only what every order holds (src/shop/order/order-record.ts): for
 * tests of the engine and the order log that need an order in a given state, not one placed through
 * the checkout (tests/support/orders.ts places real ones). Each test sets what it is about.
 */
import type { StoredOrder } from '#shop/order/index.ts';

export function bareOrder(overrides: Partial<StoredOrder> = {}): StoredOrder {
  return {
    orderId: 'OUO_1',
    status: 'pending',
    mode: 'cod',
    fingerprint: 'fp',
    createdAt: '2026-12-01T10:00:00.000Z',
    updatedAt: '2026-12-01T10:00:00.000Z',
    customer: { name: 'A', email: 'a@example.in', phone: '9876543210', address1: 'x', pincode: '248001' },
    lines: [],
    cart: { lines: [], subtotal: 0, weight: 0 },
    totals: { subtotal: 0, shippingCharge: 0, codCharge: 0, total: 0 },
    record: { paymentStatus: 'Pending' } as StoredOrder['record'],
    forwards: { sheet: { status: 'pending', attempts: 0 }, shipment: { status: 'pending', attempts: 0 } },
    history: [],
    ...overrides,
  };
}
