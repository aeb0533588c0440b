import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeCartItem } from '#tests/support/factories.ts';
import { STATIC_ACTIONS, startStatic } from './static-page.ts';

/**
 * The header and the QR code's button as the build prerenders them on /blog/1 and a batch (icons
 * left out). The browser tests run the same script on the real pages (tests/e2e/static-pages.spec.ts).
 */
const PRERENDERED = [
  '<header class="site-header"><div class="site-header__inner">',
  '<a class="site-header__logo" aria-label="Orang Utan Organics, home" href="/"><span>Orang Utan Organics</span></a>',
  '<button type="button" class="site-header__burger" aria-expanded="false" aria-controls="_R_8l5_" aria-label="Open menu" data-early="menu"></button>',
  '<nav id="_R_8l5_" aria-label="Main" class="site-nav"><ul><li><a class="" href="/">Home</a></li>',
  '<li><a aria-current="page" class="active" href="/blog">Blog</a></li></ul></nav>',
  '<div class="site-nav__overlay" aria-hidden="true" data-early="menu-close"></div>',
  '<a class="site-header__cart" aria-label="Cart" href="/cart"><span class="site-header__badge" aria-hidden="true" data-testid="cart-count" hidden=""></span></a>',
  '</div></header>',
  '<main id="main"><button type="button" class="button button--ghost qr-card__print" data-early="print">Print QR code</button>',
  '<button type="submit" disabled="" data-early="print">Subscribe</button></main>',
].join('');

const burger = () => document.querySelector<HTMLButtonElement>('.site-header__burger') as HTMLButtonElement;
const nav = () => document.getElementById(burger().getAttribute('aria-controls') ?? '') as HTMLElement;
const overlay = () => document.querySelector<HTMLElement>('.site-nav__overlay') as HTMLElement;
const badge = () => document.querySelector<HTMLElement>('.site-header__badge') as HTMLElement;
const cartLink = () => document.querySelector<HTMLElement>('.site-header__cart') as HTMLElement;
const afterFirstFrame = () => new Promise((resolve) => setTimeout(resolve, 10));
const isOpen = () => burger().getAttribute('aria-expanded') === 'true';

// Each test's listeners stay on the document and the window (jsdom keeps both): one AbortController per test.
let listeners: AbortController;
beforeEach(() => {
  localStorage.clear();
  document.head.innerHTML = '';
  document.body.innerHTML = PRERENDERED;
  vi.stubGlobal('requestAnimationFrame', (callback: FrameRequestCallback) => setTimeout(() => callback(0), 0));
  listeners = new AbortController();
  const { signal } = listeners;
  for (const target of [document, window] as EventTarget[]) {
    const add = target.addEventListener.bind(target);
    vi.spyOn(target, 'addEventListener').mockImplementation((type, listener, options) =>
      add(type, listener, typeof options === 'object' ? { ...options, signal } : { capture: options, signal }),
    );
  }
});
afterEach(() => {
  listeners.abort();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  delete window.fbq;
  delete window._fbq;
});

describe('a page without React', () => {
  it('starts from the prerendered header: menu closed, the badge hidden, the cart link named "Cart"', () => {
    expect(isOpen()).toBe(false);
    expect(badge().hidden).toBe(true);
    expect(cartLink().getAttribute('aria-label')).toBe('Cart');
    expect(document.querySelectorAll('[data-early]').length).toBeGreaterThan(0);
    for (const control of document.querySelectorAll('[data-early]'))
      expect(Object.keys(STATIC_ACTIONS)).toContain(control.getAttribute('data-early'));
  });

  it('opens the menu from its button, with the focus on its first link, and closes it again', () => {
    startStatic();
    burger().click();
    expect(isOpen()).toBe(true);
    expect(burger().getAttribute('aria-label')).toBe('Close menu');
    expect(nav().classList.contains('site-nav--open')).toBe(true);
    expect(document.activeElement).toBe(nav().querySelector('a'));
    burger().click();
    expect(isOpen()).toBe(false);
    expect(burger().getAttribute('aria-label')).toBe('Open menu');
    expect(nav().classList.contains('site-nav--open')).toBe(false);
  });

  it('closes the menu on a tap on the overlay, and on Escape with the focus back on its button', () => {
    startStatic();
    burger().click();
    overlay().click();
    expect(isOpen()).toBe(false);
    burger().click();
    document.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true }));
    expect(isOpen()).toBe(true);
    document.activeElement?.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true }));
    expect(isOpen()).toBe(false);
    expect(document.activeElement).toBe(burger());
  });

  it("shows the stored cart's count in the badge, and follows another tab's changes", async () => {
    localStorage.setItem('cart', JSON.stringify([makeCartItem({ quantity: 2 })]));
    startStatic();
    expect(badge().hidden).toBe(true); // after the first frame, not before it
    await afterFirstFrame();
    expect(badge().hidden).toBe(false);
    expect(badge().textContent).toBe('2');
    expect(cartLink().getAttribute('aria-label')).toBe('Cart, 2 items');
    localStorage.setItem('cart', JSON.stringify([makeCartItem({ quantity: 2 }), makeCartItem({ quantity: 1 })]));
    window.dispatchEvent(new StorageEvent('storage', { key: 'orderOutbox' }));
    expect(badge().textContent).toBe('2'); // another key: nothing to do
    window.dispatchEvent(new StorageEvent('storage', { key: 'cart' }));
    expect(badge().textContent).toBe('3');
    localStorage.clear();
    window.dispatchEvent(new StorageEvent('storage', { key: null })); // storage cleared
    expect(badge().hidden).toBe(true);
    expect(cartLink().getAttribute('aria-label')).toBe('Cart, empty');
  });

  it('comes back from the back-forward cache with the menu closed and the count read again', () => {
    startStatic();
    burger().click();
    localStorage.setItem('cart', JSON.stringify([makeCartItem({ quantity: 1 })]));
    window.dispatchEvent(new PageTransitionEvent('pageshow', { persisted: false }));
    expect(isOpen()).toBe(true);
    window.dispatchEvent(new PageTransitionEvent('pageshow', { persisted: true }));
    expect(isOpen()).toBe(false);
    expect(badge().textContent).toBe('1');
  });

  it('prints from the QR code’s button', () => {
    const print = vi.spyOn(window, 'print').mockImplementation(() => undefined);
    startStatic();
    document.querySelector<HTMLButtonElement>('[data-early="print"]')?.click();
    expect(print).toHaveBeenCalledTimes(1);
    document.querySelector<HTMLButtonElement>('[data-early="print"][disabled]')?.click(); // a disabled control does nothing
    expect(print).toHaveBeenCalledTimes(1);
  });

  it('sends the Meta pixel’s PageView when the build has a pixel id, and loads nothing without one', () => {
    startStatic();
    expect(window.fbq).toBeUndefined();
    expect(document.head.querySelector('script')).toBeNull();
    startStatic({ pixelId: '123456789012345' });
    expect(document.head.querySelector('script')?.getAttribute('src')).toBe(
      'https://connect.facebook.net/en_US/fbevents.js',
    );
    expect(window.fbq?.queue).toEqual([
      ['init', '123456789012345'],
      ['track', 'PageView'],
    ]);
  });
});
