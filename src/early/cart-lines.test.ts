// @vitest-environment jsdom
/** /cart's lines drawn and changed before the page is live (decision 028); the page each test builds: test-page.fixture.ts. */
import { describe, expect, it } from 'vitest';
import { CART_STORAGE_KEY } from '../shop/cart/index.ts';
import { cartActions } from './actions.ts';
import { storedCart } from './cart-storage.ts';
import { $ } from './test-page.fixture.ts';

describe('/cart before it is live', () => {
  const lineHtml = (key: string, price: number) => `<li data-line-key="${key}" data-line-price="${price}">
    <span class="cart-line__image"></span><h2 class="cart-line__name"><a href="/products/1">Name</a></h2><p class="cart-line__meta"></p>
    <fieldset class="stepper"><legend></legend><button class="stepper__button" data-early="quantity-down"></button><input class="stepper__input" data-x>
    <button class="stepper__button" data-early="quantity-up"></button></fieldset><button class="cart-line__remove" data-early="cart-remove">Remove</button>
    <span data-line-total></span></li>`;
  const facts = (key: string, price: number, name: string) => ({
    key,
    price,
    name,
    href: `/products/${key.split('-')[0]}`,
    meta: [key, ' each'],
    quantityLabel: `Quantity of ${name}`,
    removeLabel: `Remove ${name}`,
    photo: null,
  });
  const page = () => {
    const sizes = JSON.stringify([facts('1-500gm', 347, 'Red Rice'), facts('3-295gm', 1067, 'Badri Cow Ghee')]);
    document.body.innerHTML = `<a class="site-header__cart"><span class="site-header__badge" hidden></span></a>
      <div class="page" data-early-cart><p data-early-cart-loading>Loading your cart…</p><div data-early-cart-slot></div>
      <div hidden data-early-cart-parts><div data-early-cart-full><ul aria-label="Items in your cart">${lineHtml('1-500gm', 347)}</ul>
      <dd data-testid="cart-subtotal"></dd></div><div data-early-cart-empty><p>Your cart is empty</p></div>
      <div data-early-cart-lines='${sizes}'></div></div></div>`;
  };
  const slot = () => $('[data-early-cart-slot]');

  it('draws the stored lines in their order, at the catalogue prices, and leaves out a size no longer sold', async () => {
    page();
    localStorage.setItem(
      CART_STORAGE_KEY,
      JSON.stringify([
        { product_retailer_id: '3-295gm', productId: 3, size: '295gm', price: 1, quantity: 2 },
        { product_retailer_id: '9-1kg', productId: 9, size: '1kg', price: 1, quantity: 1 },
        { product_retailer_id: '1-500gm', productId: 1, size: '500gm', price: 1, quantity: 1 },
      ]),
    );
    const { drawCart } = await import('./cart-lines.ts');
    drawCart();
    const keys = [...slot().querySelectorAll<HTMLElement>('li')].map((li) => li.dataset.lineKey);
    expect(keys).toEqual(['3-295gm', '1-500gm']);
    // Each a copy of the one template line, made that size's line from its facts.
    const ghee = slot().querySelector('li') as HTMLElement;
    expect(ghee.querySelector('.cart-line__name a')?.getAttribute('href')).toBe('/products/3');
    expect(ghee.querySelector('.cart-line__name a')?.textContent).toBe('Badri Cow Ghee');
    expect(ghee.querySelector('legend')?.textContent).toBe('Quantity of Badri Cow Ghee');
    expect(ghee.querySelector('.cart-line__remove')?.getAttribute('aria-label')).toBe('Remove Badri Cow Ghee');
    expect(ghee.querySelector('.cart-line__meta')?.textContent).toBe('3-295gm each');
    expect(slot().querySelector('[data-testid="cart-subtotal"]')?.textContent).toBe('₹2,481'); // 2 × 1,067 + 347
    expect(slot().querySelector('[data-early="cart-step-up"]')).not.toBeNull();
    expect($('[data-early-cart-loading]').hidden).toBe(true);
    expect($('[data-early-cart]').className).toBe('page cart');

    cartActions['cart-step-up']?.(slot().querySelector('li [data-early="cart-step-up"]') as HTMLElement);
    expect(storedCart().find((item) => item.product_retailer_id === '3-295gm')?.quantity).toBe(3);
    expect(slot().querySelector('[data-testid="cart-subtotal"]')?.textContent).toBe('₹3,548');
    // Each Remove redraws the cart: the next is looked for in what is drawn now.
    cartActions['cart-remove']?.(slot().querySelector('[data-early="cart-remove"]') as HTMLElement);
    expect(slot().querySelectorAll('li')).toHaveLength(1);
    cartActions['cart-remove']?.(slot().querySelector('[data-early="cart-remove"]') as HTMLElement);
    expect(slot().textContent).toContain('Your cart is empty');
    expect($('[data-early-cart]').className).toBe('page page--message');
  });
});
