// @vitest-environment jsdom
/** Add to Cart's early action (decision 028); the page each test builds: test-page.fixture.ts. */
import { describe, expect, it } from 'vitest';
import { CART_STORAGE_KEY } from '../shop/cart/index.ts';
import { productActions } from './actions.ts';
import { line, productPage } from './product-page.fixture.ts';
import { $ } from './test-page.fixture.ts';

describe('the product page: Add to Cart', () => {
  it('Add to Cart stores the chosen size and quantity as the cart store would, once, and the badge counts it', () => {
    productPage();
    ($('input[value="295gm"]') as HTMLInputElement).checked = true;
    ($('.stepper__input') as HTMLInputElement).value = '2';
    expect(productActions['add-to-cart']?.($('[data-early="add-to-cart"]'))).toBe('done');
    expect(productActions['add-to-cart']?.($('[data-early="add-to-cart"]'))).toBe('done');
    expect(JSON.parse(localStorage.getItem(CART_STORAGE_KEY) ?? '[]')).toEqual([{ ...line, quantity: 4 }]);
    expect($('.site-header__badge').textContent).toBe('4');
    expect($('.site-header__badge').hidden).toBe(false);
    expect($('.site-header__cart').getAttribute('aria-label')).toBe('Cart, 4 items');
  });
});
