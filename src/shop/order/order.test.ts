import { describe, expect, it } from 'vitest';
import { makeCatalogue, makeCustomer, makeProduct } from '#tests/support/factories.ts';
import {
  buildOrderRecord,
  createOrderId,
  isSameOrder,
  ORDER_ID_PATTERN,
  orderFingerprint,
  orderIdTimestamp,
  orderTotals,
  priceLines,
} from './order.ts';

const catalogue = makeCatalogue();

describe('priceLines', () => {
  it('prices lines from the catalogue alone', () => {
    const result = priceLines(catalogue, [
      { productId: 1, size: '1kg', quantity: 2 },
      { productId: 6, size: '23gm', quantity: 1 },
    ]);
    expect(result).toEqual({
      ok: true,
      cart: {
        lines: [
          {
            productId: 1,
            size: '1kg',
            quantity: 2,
            name: 'Himalayan White Rajma',
            price: 691,
            weight: 1000,
            lineTotal: 1382,
          },
          {
            productId: 6,
            size: '23gm',
            quantity: 1,
            name: 'Wild Himalayan Tempering Spice',
            price: 347,
            weight: 23,
            lineTotal: 347,
          },
        ],
        subtotal: 1729,
        weight: 2023,
      },
    });
  });

  it('applies the product discount and carries the HSN code', () => {
    const discounted = [makeProduct({ discountPercent: 10, hsnCode: '07133300' })];
    const result = priceLines(discounted, [{ productId: 1, size: '500gm', quantity: 3 }]);
    expect(result.ok && result.cart.lines[0]).toMatchObject({ price: 312, lineTotal: 936, hsnCode: '07133300' });
  });

  it('merges repeated lines for one variant before checking stock', () => {
    const result = priceLines(catalogue, [
      { productId: 3, size: '120gm', quantity: 30 },
      { productId: 3, size: '120gm', quantity: 30 },
    ]);
    expect(result).toMatchObject({
      ok: false,
      code: 'OUT_OF_STOCK',
      message: 'Only 50 of Badri Cow Ghee 120gm are in stock.',
    });
    const fine = priceLines(catalogue, [
      { productId: 3, size: '120gm', quantity: 1 },
      { productId: 3, size: '120gm', quantity: 2 },
    ]);
    expect(fine.ok && fine.cart.lines).toHaveLength(1);
    expect(fine.ok && fine.cart.subtotal).toBe(1350);
  });

  it('refuses an empty cart, an unknown product and an unknown size', () => {
    expect(priceLines(catalogue, [])).toMatchObject({ ok: false, code: 'EMPTY_CART' });
    expect(priceLines(catalogue, [{ productId: 42, size: '1kg', quantity: 1 }])).toMatchObject({
      ok: false,
      code: 'UNKNOWN_PRODUCT',
    });
    expect(priceLines(catalogue, [{ productId: 5, size: '500gm', quantity: 1 }])).toMatchObject({
      ok: false,
      code: 'UNKNOWN_SIZE',
      message: 'Himalayan Red Rice is not sold in size 500gm.',
    });
  });
});

describe('orderTotals', () => {
  it('adds shipping and the COD charge to the GST-inclusive subtotal', () => {
    expect(orderTotals(694, 65, 'cod')).toEqual({ subtotal: 694, shippingCharge: 65, codCharge: 150, total: 909 });
    expect(orderTotals(694, 65, 'prepaid')).toEqual({ subtotal: 694, shippingCharge: 65, codCharge: 0, total: 759 });
    expect(orderTotals(1795, 0, 'cod')).toEqual({ subtotal: 1795, shippingCharge: 0, codCharge: 150, total: 1945 });
  });
});

describe('order ids', () => {
  it("is 'OUO_' and the millisecond timestamp", () => {
    expect(createOrderId(1732230000123)).toBe('OUO_1732230000123');
    expect(orderIdTimestamp('OUO_1732230000123')).toBe(1732230000123);
    expect(orderIdTimestamp('OUO_123')).toBeUndefined();
  });

  it('never hands out the same id twice, even within one millisecond', () => {
    const first = createOrderId(1732230000123);
    const second = createOrderId(1732230000123, first);
    const third = createOrderId(1732230000100, second);
    expect(new Set([first, second, third]).size).toBe(3);
    expect(second).toBe('OUO_1732230000124');
    expect(createOrderId(1732230009999, second)).toBe('OUO_1732230009999');
    expect(createOrderId(1732230000123, 'not an id')).toBe('OUO_1732230000123');
  });

  it('never hands out an id its own pattern refuses, even after the last 13-digit id', () => {
    const after = createOrderId(1732230000123, 'OUO_9999999999999');
    expect(after).toBe('OUO_1732230000123');
    expect(after).toMatch(ORDER_ID_PATTERN);
    expect(createOrderId(1732230000123, 'OUO_9999999999998')).toBe('OUO_9999999999999');
  });

  it('tells a retry of one order from a different order under the same id', () => {
    const order = {
      customer: makeCustomer(),
      lines: [{ productId: 1, size: '500gm', quantity: 2 }],
      mode: 'cod' as const,
    };
    const retry = {
      customer: makeCustomer({ email: 'ASHA@example.in ', phone: '9876543210' }),
      lines: [
        { productId: 1, size: '500gm', quantity: 1 },
        { productId: 1, size: '500gm', quantity: 1 },
      ],
      mode: 'cod' as const,
    };
    expect(isSameOrder(order, retry)).toBe(true);
    expect(isSameOrder(order, { ...order, customer: makeCustomer({ name: 'Someone Else' }) })).toBe(false);
    expect(isSameOrder(order, { ...order, lines: [{ productId: 1, size: '1kg', quantity: 2 }] })).toBe(false);
    expect(isSameOrder(order, { ...order, mode: 'prepaid' })).toBe(false);
    // The same cart to another address is a second parcel, never merged into the first.
    expect(isSameOrder(order, { ...order, customer: makeCustomer({ address1: '14 Rajpur Road' }) })).toBe(false);
    expect(isSameOrder(order, { ...order, customer: makeCustomer({ address2: 'Flat 4' }) })).toBe(false);
    // Spacing and case are not a different address.
    const spaced = { ...order.customer, address1: `  ${order.customer.address1.toUpperCase()}  ` };
    expect(isSameOrder(order, { ...order, customer: spaced })).toBe(true);
    // No second address line is the same as an empty one.
    const { address2: _none, ...withoutLine2 } = order.customer;
    const noLine2 = { ...order, customer: withoutLine2 };
    expect(isSameOrder(noLine2, { ...order, customer: { ...order.customer, address2: '' } })).toBe(true);
  });

  it('tells a business purchase from a personal one of the same cart, and keeps the fingerprints of orders without a GSTIN', () => {
    const lines = [{ productId: 1, size: '500gm', quantity: 2 }];
    const personal = { customer: makeCustomer(), lines, mode: 'cod' as const };
    const business = { ...personal, customer: makeCustomer({ gstin: '27AAPFU0939F1ZV' }) };
    expect(isSameOrder(personal, business)).toBe(false);
    expect(isSameOrder(business, { ...personal, customer: makeCustomer({ gstin: '05ABCDE1234F1Z6' }) })).toBe(false);
    expect(isSameOrder(business, { ...business })).toBe(true);
    expect(isSameOrder(personal, { ...personal, customer: makeCustomer({ gstin: undefined }) })).toBe(true);
    // The fingerprint an order without a GSTIN was stored with before issue 35, unchanged.
    expect(orderFingerprint(makeCustomer(), lines, 'cod')).toBe(
      JSON.stringify([
        'asha rawat',
        'asha@example.in',
        '9876543210',
        ['12 mall road', 'near the clock tower', 'dehradun', 'uttarakhand'],
        '248001',
        'cod',
        ['1_500gmx2'],
      ]),
    );
  });
});

describe('buildOrderRecord', () => {
  const priced = priceLines(catalogue, [{ productId: 3, size: '295gm', quantity: 1 }]);
  if (!priced.ok) throw new Error('fixture');

  it('shapes the shop-rules §3 COD record', () => {
    const record = buildOrderRecord({
      orderId: 'OUO_1732230000123',
      timestamp: new Date('2026-11-21T10:00:00Z'),
      customer: makeCustomer(),
      cart: priced.cart,
      totals: orderTotals(priced.cart.subtotal, 0, 'cod'),
      mode: 'cod',
    });
    expect(record).toEqual({
      type: 'checkout',
      orderId: 'OUO_1732230000123',
      timestamp: '2026-11-21T10:00:00.000Z',
      name: 'Asha Rawat',
      email: 'asha@example.in',
      phone: '98765 43210',
      address: '12 Mall Road, Near the clock tower',
      pincode: '248001',
      city: 'Dehradun',
      state: 'Uttarakhand',
      products: [{ name: 'Badri Cow Ghee', size: '295gm', quantity: 1, price: 1067 }],
      paymentMode: 'COD',
      paymentStatus: 'Pending',
      subtotal: 1067,
      shippingCharge: 0,
      codCharge: 150,
      total: 1217,
    });
  });

  it('marks prepaid orders completed and leaves optional address parts empty', () => {
    const record = buildOrderRecord({
      orderId: 'OUO_1732230000124',
      timestamp: new Date('2026-11-21T10:00:00Z'),
      customer: makeCustomer({ address2: '  ', city: undefined, state: undefined }),
      cart: priced.cart,
      totals: orderTotals(priced.cart.subtotal, 0, 'prepaid'),
      mode: 'prepaid',
    });
    expect(record).toMatchObject({
      address: '12 Mall Road',
      city: '',
      state: '',
      paymentMode: 'Prepaid',
      paymentStatus: 'Completed',
      total: 1067,
    });
  });
});
