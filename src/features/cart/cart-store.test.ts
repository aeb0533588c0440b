import { beforeEach, describe, expect, it, vi } from 'vitest';
import { makeCartItem, makeCatalogue } from '#tests/support/factories.ts';
import { CART_STORAGE_KEY, CART_UPDATED_EVENT, MAX_LINE_QUANTITY } from '../../shop/cart/index.ts';
import { createCartStore } from './cart-store.ts';

const catalogue = makeCatalogue();
const stored = () => JSON.parse(localStorage.getItem(CART_STORAGE_KEY) ?? 'null');
const newStore = (onRemoved?: (names: string[]) => void) =>
  createCartStore({ catalogue, storage: localStorage, events: window, onRemoved });

describe('cart store', () => {
  beforeEach(() => localStorage.clear());

  it('starts empty and stores every change under `cart` in the shop-rules §3 shape', () => {
    const store = newStore();
    expect(store.getSnapshot()).toEqual([]);
    store.add(makeCartItem({ quantity: 2 }));
    expect(stored()).toEqual([
      {
        product_retailer_id: '1_500gm',
        productId: 1,
        name: 'Himalayan White Rajma',
        size: '500gm',
        price: 347,
        weight: 500,
        quantity: 2,
        image: '/media/products/white-rajma-pack.svg',
      },
    ]);
  });

  it('merges adds of the same size and keeps within the line limit', () => {
    const store = newStore();
    store.add(makeCartItem({ quantity: 2 }));
    store.add(makeCartItem({ quantity: 3 }));
    expect(store.getSnapshot()).toHaveLength(1);
    expect(store.getSnapshot()[0]?.quantity).toBe(5);
    store.add(makeCartItem({ quantity: 200 }));
    expect(store.getSnapshot()[0]?.quantity).toBe(MAX_LINE_QUANTITY);
  });

  it('ignores a quantity below 1, changes others, removes and clears', () => {
    const store = newStore();
    store.add(makeCartItem());
    store.setQuantity('1_500gm', 0);
    expect(store.getSnapshot()[0]?.quantity).toBe(1);
    store.setQuantity('1_500gm', 4);
    expect(stored()[0].quantity).toBe(4);
    store.remove('1_500gm');
    expect(stored()).toEqual([]);
    store.add(makeCartItem());
    store.clear();
    expect(store.getSnapshot()).toEqual([]);
  });

  it('announces every change with a cartUpdated event and tells subscribers', () => {
    const store = newStore();
    const heard = vi.fn();
    const listener = vi.fn();
    window.addEventListener(CART_UPDATED_EVENT, heard);
    const unsubscribe = store.subscribe(listener);
    store.add(makeCartItem());
    expect(heard).toHaveBeenCalledOnce();
    expect(listener).toHaveBeenCalled();
    unsubscribe();
    window.removeEventListener(CART_UPDATED_EVENT, heard);
  });

  it('re-derives stored prices, names, weights and images from the catalogue', () => {
    localStorage.setItem(
      CART_STORAGE_KEY,
      JSON.stringify([makeCartItem({ price: 1, name: 'x', weight: 1, quantity: 3 })]),
    );
    const store = newStore();
    expect(store.getSnapshot()).toEqual([makeCartItem({ quantity: 3 })]);
    expect(stored()).toEqual([makeCartItem({ quantity: 3 })]);
  });

  it('repairs a corrupted value instead of crashing', () => {
    localStorage.setItem(CART_STORAGE_KEY, '{not json');
    expect(newStore().getSnapshot()).toEqual([]);
    localStorage.setItem(CART_STORAGE_KEY, JSON.stringify({ items: 'nope' }));
    expect(newStore().getSnapshot()).toEqual([]);
    expect(stored()).toEqual([]);
  });

  it('drops lines that are no longer sold and says which', async () => {
    localStorage.setItem(
      CART_STORAGE_KEY,
      JSON.stringify([makeCartItem({ productId: 42, name: 'Apricot oil' }), makeCartItem()]),
    );
    const onRemoved = vi.fn();
    const store = newStore(onRemoved);
    expect(store.getSnapshot()).toEqual([makeCartItem()]);
    await Promise.resolve();
    expect(onRemoved).toHaveBeenCalledWith(['Apricot oil']);
  });

  it('hears another tab change the cart', () => {
    const store = newStore();
    const listener = vi.fn();
    store.subscribe(listener);
    store.getSnapshot();
    localStorage.setItem(CART_STORAGE_KEY, JSON.stringify([makeCartItem({ quantity: 7 })]));
    window.dispatchEvent(new StorageEvent('storage', { key: CART_STORAGE_KEY }));
    expect(store.getSnapshot()[0]?.quantity).toBe(7);
    expect(listener).toHaveBeenCalled();
    window.dispatchEvent(new StorageEvent('storage', { key: 'something-else' }));
    expect(listener).toHaveBeenCalledOnce();
  });

  it('hears another part of the page write the cart and announce it', () => {
    const store = newStore();
    store.subscribe(() => undefined);
    store.getSnapshot();
    localStorage.setItem(CART_STORAGE_KEY, JSON.stringify([makeCartItem({ quantity: 2 })]));
    window.dispatchEvent(new Event(CART_UPDATED_EVENT));
    expect(store.getSnapshot()[0]?.quantity).toBe(2);
  });

  it('keeps working in memory when storage is blocked', () => {
    const blocked = {
      getItem: () => {
        throw new Error('SecurityError');
      },
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
    } as unknown as Storage;
    const store = createCartStore({ catalogue, storage: blocked, events: window });
    store.add(makeCartItem({ quantity: 2 }));
    expect(store.getSnapshot()[0]?.quantity).toBe(2);
  });

  it('works without storage or events at all (prerendering)', () => {
    const store = createCartStore({ catalogue });
    expect(store.getSnapshot()).toEqual([]);
    store.add(makeCartItem());
    expect(store.getSnapshot()).toHaveLength(1);
  });
});
