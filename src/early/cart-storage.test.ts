// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { CART_STORAGE_KEY, CART_UPDATED_EVENT } from '../shop/cart/index.ts';
import { showCartCount, storedCart, writeStoredCart } from './cart-storage.ts';

afterEach(() => {
  document.body.innerHTML = '';
  localStorage.clear();
});

describe('the stored cart before React is live', () => {
  it('reads the lines that look like lines, and nothing from a corrupted store', () => {
    localStorage.setItem(
      CART_STORAGE_KEY,
      JSON.stringify([{ product_retailer_id: '3-295gm', quantity: 2 }, { quantity: 0 }, null, 'x']),
    );
    expect(storedCart()).toEqual([{ product_retailer_id: '3-295gm', quantity: 2 }]);
    localStorage.setItem(CART_STORAGE_KEY, '{');
    expect(storedCart()).toEqual([]);
  });

  it('writes the lines and tells the page; shows the count in the badge and the link’s name', () => {
    let told = 0;
    const tell = () => {
      told += 1;
    };
    addEventListener(CART_UPDATED_EVENT, tell);
    writeStoredCart([{ product_retailer_id: '1-500gm', quantity: 3 } as never]);
    removeEventListener(CART_UPDATED_EVENT, tell);
    expect(told).toBe(1);
    document.body.innerHTML = '<a class="site-header__cart"><span class="site-header__badge" hidden></span></a>';
    showCartCount();
    expect(document.querySelector<HTMLElement>('.site-header__badge')?.textContent).toBe('3');
    expect(document.querySelector('.site-header__cart')?.getAttribute('aria-label')).toBe('Cart, 3 items');
    showCartCount(0);
    expect(document.querySelector<HTMLElement>('.site-header__badge')?.hidden).toBe(true);
  });
});
