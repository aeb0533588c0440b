// @vitest-environment jsdom
/**
 * The early actions on small pages shaped as their components render them (decision 028); the
 * browser tests (tests/e2e/before-hydration*.spec.ts) check them on the real pages, before and
 * after hydration.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { CART_STORAGE_KEY } from '../../shop/cart.ts';
import { storedCart } from '../cart/early.ts';
import {
  cartActions,
  checkoutActions,
  filterActions,
  menuActions,
  photoActions,
  productActions,
} from './early-actions.ts';

const $ = <T extends HTMLElement>(selector: string) => document.querySelector(selector) as T;

afterEach(() => {
  document.body.innerHTML = '';
  localStorage.clear();
});

describe('the menu', () => {
  it('opens and closes as Header renders it, and its overlay closes it', () => {
    document.body.innerHTML = `<header><button data-early="menu" aria-expanded="false" aria-controls="nav" aria-label="Open menu"></button>
      <nav id="nav" class="site-nav"><a href="/">Home</a></nav><div data-early="menu-close"></div></header>`;
    expect(menuActions.menu?.($('[data-early="menu"]'))).toBe('replay');
    expect($('#nav').classList.contains('site-nav--open')).toBe(true);
    expect($('[data-early="menu"]').getAttribute('aria-label')).toBe('Close menu');
    expect(document.activeElement).toBe($('#nav a'));
    menuActions['menu-close']?.($('[data-early="menu-close"]'));
    expect($('[data-early="menu"]').getAttribute('aria-expanded')).toBe('false');
    expect($('#nav').classList.contains('site-nav--open')).toBe(false);
  });
});

describe('the filter chips', () => {
  const page = (choice: string) => `<main>
    <fieldset data-facet="category" ${choice}>
      <button data-early="chip" data-value="" aria-pressed="true">All</button>
      <button data-early="chip" data-value="Dairy" aria-pressed="false">Dairy</button>
      <button data-early="chip" data-value="Grains" aria-pressed="false">Grains</button>
    </fieldset>
    <ul><li id="ghee" data-facets='{"category":["Dairy"]}'></li><li id="rice" data-facets='{"category":["Grains"]}'></li></ul></main>`;

  it('a single choice presses one chip and hides what it does not match; All shows everything again', () => {
    document.body.innerHTML = page('data-choice="one"');
    filterActions.chip?.($('[data-value="Dairy"]'));
    expect($('[data-value=""]').getAttribute('aria-pressed')).toBe('false');
    expect($('[data-value="Dairy"]').getAttribute('aria-pressed')).toBe('true');
    expect($('#ghee').hasAttribute('data-early-hidden')).toBe(false);
    expect($('#rice').hasAttribute('data-early-hidden')).toBe(true);
    filterActions.chip?.($('[data-value=""]'));
    expect($('#rice').hasAttribute('data-early-hidden')).toBe(false);
  });

  it('a multiple choice toggles its chip, and an item shows when any chosen value is its own', () => {
    document.body.innerHTML = page('');
    filterActions.chip?.($('[data-value="Dairy"]'));
    filterActions.chip?.($('[data-value="Grains"]'));
    expect($('#ghee').hasAttribute('data-early-hidden')).toBe(false);
    expect($('#rice').hasAttribute('data-early-hidden')).toBe(false);
    filterActions.chip?.($('[data-value="Grains"]'));
    expect($('[data-value="Grains"]').getAttribute('aria-pressed')).toBe('false');
    expect($('#rice').hasAttribute('data-early-hidden')).toBe(true);
  });
});

describe('the product page', () => {
  const line = {
    product_retailer_id: '3-295gm',
    productId: 3,
    name: 'Badri Cow Ghee',
    size: '295gm',
    price: 1067,
    weight: 295,
    quantity: 1,
    image: '',
  };
  const page = () => {
    document.body.innerHTML = `<div class="product-detail">
      <fieldset class="size-selector"><input type="radio" name="s" value="120gm" data-early="size" checked data-cart-item='${JSON.stringify({ ...line, product_retailer_id: '3-120gm', size: '120gm', price: 499 })}'>
      <input type="radio" name="s" value="295gm" data-early="size" data-cart-item='${JSON.stringify(line)}'></fieldset>
      <p class="product-detail__price" data-size="120gm">₹499</p><p class="product-detail__price" data-size="295gm" hidden>₹1,067</p>
      <div class="product-detail__buy"><fieldset class="stepper"><button class="stepper__button" disabled>−</button>
      <input class="stepper__input" value="1" min="1" max="99"><button class="stepper__button">+</button></fieldset>
      <button data-early="add-to-cart">Add to Cart</button></div></div>
      <a class="site-header__cart"><span class="site-header__badge" hidden></span></a>`;
  };

  it('a size shows its price; the stepper steps within 1..99', () => {
    page();
    const big = $('input[value="295gm"]') as HTMLInputElement;
    big.checked = true;
    productActions.size?.(big);
    expect($('[data-size="295gm"]').hidden).toBe(false);
    expect($('[data-size="120gm"]').hidden).toBe(true);
    const [down, up] = document.querySelectorAll<HTMLButtonElement>('.stepper__button');
    expect(productActions['quantity-up']?.(up as HTMLButtonElement)).toBe('replay');
    expect(($('.stepper__input') as HTMLInputElement).value).toBe('2');
    expect(down?.disabled).toBe(false);
    ($('.stepper__input') as HTMLInputElement).value = 'abc'; // typed, not committed: React's to settle
    expect(productActions['quantity-down']?.(down as HTMLButtonElement)).toBe('hold');
  });

  it('Add to Cart stores the chosen size and quantity as the cart store would, once, and the badge counts it', () => {
    page();
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

describe('/cart before it is live', () => {
  const lineHtml = (key: string, price: number) => `<li data-line-key="${key}" data-line-price="${price}">
    <fieldset class="stepper"><button class="stepper__button" data-early="quantity-down"></button><input class="stepper__input" data-x>
    <button class="stepper__button" data-early="quantity-up"></button></fieldset><button data-early="cart-remove">Remove</button>
    <span data-line-total></span></li>`;
  const page = () => {
    document.body.innerHTML = `<a class="site-header__cart"><span class="site-header__badge" hidden></span></a>
      <div class="page" data-early-cart><p data-early-cart-loading>Loading your cart…</p><div data-early-cart-slot></div>
      <div hidden data-early-cart-parts><div data-early-cart-full><ul aria-label="Items in your cart">${lineHtml('1-500gm', 347)}${lineHtml('3-295gm', 1067)}</ul>
      <dd data-testid="cart-subtotal"></dd></div><div data-early-cart-empty><p>Your cart is empty</p></div></div></div>`;
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
    const { drawCart } = await import('../cart/early.ts');
    drawCart();
    const keys = [...slot().querySelectorAll<HTMLElement>('li')].map((li) => li.dataset.lineKey);
    expect(keys).toEqual(['3-295gm', '1-500gm']);
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

describe('Place Order', () => {
  const page = (values: Record<string, string>) => {
    document.body.innerHTML = `<form><input name="name" required value="${values.name ?? ''}"><input name="pincode" required value="${values.pincode ?? ''}">
      <button type="submit" data-early="place-order" data-required-message="Fill in all" data-pincode-message="Six digits" data-waiting-message="Shipping to {pincode} is being calculated"></button></form>`;
    return $('[data-early="place-order"]');
  };
  const toast = () => document.querySelector('.toast-viewport--early [role]')?.textContent;

  it('answers with what is missing, or that the total is on its way; it never places anything', () => {
    expect(checkoutActions['place-order']?.(page({}))).toBe('done');
    expect(toast()).toContain('Fill in all');
    expect(document.activeElement?.getAttribute('name')).toBe('name');
    checkoutActions['place-order']?.(page({ name: 'Asha', pincode: '24800' }));
    expect(toast()).toContain('Six digits');
    checkoutActions['place-order']?.(page({ name: 'Asha', pincode: '248001' }));
    expect(toast()).toContain('Shipping to 248001 is being calculated');
    expect(document.querySelectorAll('.toast-viewport--early')).toHaveLength(1); // one at a time
    checkoutActions['toast-close']?.(document.querySelector('.toast__close') as HTMLElement);
    expect(document.querySelector('.toast-viewport--early')).toBeNull();
  });
});

describe('the carousel', () => {
  it('shows the neighbouring photo Carousel rendered for preloading, and holds a photo it has none for', () => {
    document.body.innerHTML = `<section class="carousel"><div aria-roledescription="slide" aria-label="1 of 4"><img src="/a.jpg" alt="A"></div>
      <img class="carousel__preload" data-photo-index="1" data-alt="B" src="/b.jpg" srcset="/b-400.jpg 400w">
      <img class="carousel__preload" data-photo-index="3" data-alt="D" src="/d.jpg">
      <span class="carousel__dot carousel__dot--current"></span><span class="carousel__dot"></span><span class="carousel__dot"></span><span class="carousel__dot"></span>
      <button data-early="photo-next"></button><button data-early="photo-previous"></button></section>`;
    expect(photoActions['photo-next']?.($('[data-early="photo-next"]'))).toBe('replay');
    const image = $('[aria-roledescription="slide"] img') as HTMLImageElement;
    expect(image.getAttribute('src')).toBe('/b.jpg');
    expect(image.getAttribute('srcset')).toBe('/b-400.jpg 400w');
    expect(image.alt).toBe('B');
    expect($('[aria-roledescription="slide"]').getAttribute('aria-label')).toBe('2 of 4');
    expect(document.querySelectorAll('.carousel__dot')[1]?.classList.contains('carousel__dot--current')).toBe(true);
    expect(photoActions['photo-next']?.($('[data-early="photo-next"]'))).toBe('hold'); // photo 3 was not preloaded
  });
});
