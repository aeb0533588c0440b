/**
 * The stored cart as the early script reads and writes it before React is live, and on pages that
 * load no React (decision 028): the same key and shape, through the same functions of
 * src/shop/cart/cart.ts, as the cart store (src/features/cart/cart-store.ts); and the header's badge,
 * with the cart link's name from the same `cartLinkLabel` (views.ts) CartLink renders.
 */
import { CART_STORAGE_KEY, CART_UPDATED_EVENT, type CartItem, cartCount } from '../shop/cart/index.ts';
import { cartLinkLabel } from './views.ts';

/**
 * The stored lines that look like lines. The cart store rebuilds each from the catalogue once React
 * is live (repairCart); until then only the count is shown, so a malformed entry is just left out.
 */
export function storedCart(storage: Storage | undefined = globalThis.localStorage): CartItem[] {
  try {
    const parsed: unknown = JSON.parse(storage?.getItem(CART_STORAGE_KEY) ?? '[]');
    if (!Array.isArray(parsed)) return [];
    return parsed.filter(
      (entry): entry is CartItem =>
        typeof entry === 'object' && entry !== null && Number.isInteger(entry.quantity) && entry.quantity > 0,
    );
  } catch {
    return []; // storage blocked or corrupted: the store repairs it once live
  }
}

/** Shows `count` in the header's badge and the cart link's name, as CartLink renders them. */
export function showCartCount(count: number = cartCount(storedCart())): void {
  const badge = document.querySelector<HTMLElement>('.site-header__badge');
  if (badge) {
    badge.textContent = count > 0 ? String(count) : '';
    badge.hidden = count === 0;
  }
  document.querySelector('.site-header__cart')?.setAttribute('aria-label', cartLinkLabel(count));
}

/** Stores the lines as the cart store does and tells the page (the store, once live, reads them). */
export function writeStoredCart(items: readonly CartItem[]): void {
  try {
    localStorage.setItem(CART_STORAGE_KEY, JSON.stringify(items));
  } catch {
    // Storage full or blocked: the page still shows the change; the store keeps lines in memory once live.
  }
  dispatchEvent(new Event(CART_UPDATED_EVENT));
}
