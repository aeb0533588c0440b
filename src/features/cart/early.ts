/**
 * The header's cart badge before React is live, and on pages that load no React (decision 028):
 * the count is read from the cart's storage as the cart store writes it (cart-store.ts), and Add to
 * Cart tapped early stores its line through the same `addToCart` the store uses, so the line is
 * kept even if the shopper leaves before the page is live.
 */
import { addToCart, CART_STORAGE_KEY, CART_UPDATED_EVENT, type CartItem, cartCount } from '../../shop/cart.ts';

/** The cart link's accessible name for a count (Header.tsx's CartLink says the same once live). */
export function cartLinkLabel(count: number): string {
  return count === 0 ? 'Cart, empty' : `Cart, ${count} ${count === 1 ? 'item' : 'items'}`;
}

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

/** Lines added before React was live, for the product page to announce once it is (ProductDetail). */
type EarlyWindow = { __ouoAdded?: CartItem[] };

/** Stores the line as the cart store would, shows the new count, and notes it for the page. */
export function addToStoredCart(item: CartItem): void {
  const items = addToCart(storedCart(), item);
  try {
    localStorage.setItem(CART_STORAGE_KEY, JSON.stringify(items));
  } catch {
    // Storage full or blocked: the count still shows; the store keeps the line in memory once live.
  }
  dispatchEvent(new Event(CART_UPDATED_EVENT));
  showCartCount(cartCount(items));
  const page = window as EarlyWindow;
  page.__ouoAdded = [...(page.__ouoAdded ?? []), item];
}

/** The lines added before the page was live, each handed out once. */
export function takeEarlyAdds(): CartItem[] {
  const page = window as EarlyWindow;
  const added = page.__ouoAdded ?? [];
  page.__ouoAdded = [];
  return added;
}
