import { describe, expect, it } from 'vitest';
import { makeCartItem, makeCatalogue, makeProduct } from '#tests/support/factories.ts';
import {
  addToCart,
  cartCount,
  cartItemFor,
  cartSubtotal,
  cartWeight,
  changeQuantity,
  MAX_LINE_QUANTITY,
  parseQuantity,
  removeFromCart,
  repairCart,
  toOrderLines,
} from './cart.ts';

const catalogue = makeCatalogue();

describe('parseQuantity', () => {
  it('turns anything non-numeric into 1', () => {
    expect(parseQuantity('abc')).toBe(1);
    expect(parseQuantity(undefined)).toBe(1);
    expect(parseQuantity(Number.NaN)).toBe(1);
    expect(parseQuantity('')).toBe(1);
  });

  it('keeps at least 1 and at most the line limit, dropping fractions', () => {
    expect(parseQuantity(0)).toBe(1);
    expect(parseQuantity(-4)).toBe(1);
    expect(parseQuantity('3')).toBe(3);
    expect(parseQuantity(2.9)).toBe(2);
    expect(parseQuantity(5000)).toBe(MAX_LINE_QUANTITY);
  });
});

describe('cart changes', () => {
  it('builds a line from the catalogue', () => {
    const ghee = catalogue[2];
    expect(ghee && cartItemFor(ghee, '295gm', 2)).toEqual({
      product_retailer_id: '3_295gm',
      productId: 3,
      name: 'Badri Cow Ghee',
      size: '295gm',
      price: 1067,
      weight: 295,
      quantity: 2,
      image: '/media/products/white-rajma-pack.svg',
    });
    expect(ghee && cartItemFor(ghee, '1kg', 1)).toBeUndefined();
    expect(cartItemFor(makeProduct({ images: [] }), '500gm', 1)?.image).toBe('');
  });

  it('merges a line with the same product_retailer_id by adding quantity', () => {
    const once = addToCart([], makeCartItem({ quantity: 2 }));
    const twice = addToCart(once, makeCartItem({ quantity: 3 }));
    expect(twice).toHaveLength(1);
    expect(twice[0]?.quantity).toBe(5);
    expect(cartCount(twice)).toBe(5);
  });

  it('appends a different size as a new line', () => {
    const items = addToCart(
      addToCart([], makeCartItem()),
      makeCartItem({ product_retailer_id: '1_1kg', size: '1kg', price: 691, weight: 1000 }),
    );
    expect(items.map((line) => line.product_retailer_id)).toEqual(['1_500gm', '1_1kg']);
  });

  it('merges into the right line when there are several', () => {
    const spice = makeCartItem({ product_retailer_id: '6_23gm', productId: 6, size: '23gm' });
    const items = addToCart([spice, makeCartItem()], makeCartItem({ quantity: 2 }));
    expect(items.map((line) => line.quantity)).toEqual([1, 3]);
  });

  it('never lets a merge pass the line limit', () => {
    const items = addToCart([makeCartItem({ quantity: 98 })], makeCartItem({ quantity: 5 }));
    expect(items[0]?.quantity).toBe(MAX_LINE_QUANTITY);
  });

  it('ignores a quantity change below 1 and applies others', () => {
    const items = [makeCartItem({ quantity: 2 })];
    expect(changeQuantity(items, '1_500gm', 0)[0]?.quantity).toBe(2);
    expect(changeQuantity(items, '1_500gm', -3)[0]?.quantity).toBe(2);
    expect(changeQuantity(items, '1_500gm', Number.NaN)[0]?.quantity).toBe(2);
    expect(changeQuantity(items, '1_500gm', 4)[0]?.quantity).toBe(4);
    expect(changeQuantity(items, 'other', 4)[0]?.quantity).toBe(2);
  });

  it('removes a line', () => {
    const items = [makeCartItem(), makeCartItem({ product_retailer_id: '6_23gm', productId: 6, size: '23gm' })];
    expect(removeFromCart(items, '1_500gm').map((line) => line.product_retailer_id)).toEqual(['6_23gm']);
  });

  it('counts, totals and weighs the cart', () => {
    const items = [
      makeCartItem({ quantity: 2 }),
      makeCartItem({ product_retailer_id: '3_120gm', productId: 3, size: '120gm', price: 450, weight: 120 }),
    ];
    expect(cartCount(items)).toBe(3);
    expect(cartSubtotal(items)).toBe(2 * 347 + 450);
    expect(cartWeight(items)).toBe(1120);
    expect(toOrderLines(items)).toEqual([
      { productId: 1, size: '500gm', quantity: 2 },
      { productId: 3, size: '120gm', quantity: 1 },
    ]);
  });
});

describe('repairCart', () => {
  it('re-derives price, name, weight and image from the catalogue', () => {
    const tampered = [makeCartItem({ price: 1, name: 'Cheap beans', weight: 1, image: 'x.png', quantity: 2 })];
    const { items, removed, changed } = repairCart(tampered, catalogue);
    expect(items).toEqual([makeCartItem({ quantity: 2, price: 347, name: 'Himalayan White Rajma', weight: 500 })]);
    expect(removed).toEqual([]);
    expect(changed).toBe(true);
  });

  it('reports an untouched cart as unchanged', () => {
    const stored = [makeCartItem()];
    expect(repairCart(stored, catalogue)).toEqual({ items: stored, removed: [], changed: false });
  });

  it('drops lines whose product or size no longer exists, naming them', () => {
    const stored = [
      makeCartItem({ productId: 99, name: 'Retired pickle' }),
      makeCartItem({ size: '2kg', name: 'Himalayan White Rajma' }),
      makeCartItem({ productId: 99, name: undefined as unknown as string }),
      makeCartItem(),
    ];
    const { items, removed } = repairCart(stored, catalogue);
    expect(items).toHaveLength(1);
    expect(removed).toEqual(['Retired pickle', 'Himalayan White Rajma', 'An item']);
  });

  it('survives corrupted values without throwing', () => {
    for (const value of [null, undefined, 'cart', 42, { items: [] }]) {
      expect(repairCart(value, catalogue)).toEqual({ items: [], removed: [], changed: true });
    }
    const { items, removed } = repairCart(
      [null, 'x', 7, { productId: '1', size: 500, quantity: 'lots' }, { productId: 'one', size: '500gm' }],
      catalogue,
    );
    expect(items).toEqual([]);
    expect(removed).toEqual(['An item', 'An item']);
  });

  it('accepts a numeric string id and repairs the quantity', () => {
    const { items } = repairCart([{ productId: '5', size: '1kg', quantity: 'abc' }], catalogue);
    expect(items).toEqual([
      expect.objectContaining({ product_retailer_id: '5_1kg', price: 347, quantity: 1, weight: 1000 }),
    ]);
  });

  it('merges duplicate lines for the same variant', () => {
    const { items } = repairCart([makeCartItem({ quantity: 1 }), makeCartItem({ quantity: 2 })], catalogue);
    expect(items).toEqual([makeCartItem({ quantity: 3 })]);
  });
});
