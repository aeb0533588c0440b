/**
 * The header's cart badge before React is live, and on pages that load no React (decision 028):
 * the count is read from the cart's storage as the cart store writes it (cart-store.ts), and Add to
 * Cart tapped early stores its line through the same `addToCart` the store uses, so the line is
 * kept even if the shopper leaves before the page is live.
 */
import { addToCart, type CartItem, cartCount } from '../../shop/cart.ts';
import { showCartCount, storedCart, writeStoredCart } from './early-storage.ts';

export { cartEarlyActions, drawCart } from './early-cart.ts';
export { cartLinkLabel, showCartCount, storedCart } from './early-storage.ts';

/** Lines added before React was live, for the product page to announce once it is (ProductDetail). */
type EarlyWindow = { __ouoAdded?: CartItem[] };

/** Stores the line as the cart store would, shows the new count, and notes it for the page. */
export function addToStoredCart(item: CartItem): void {
  const items = addToCart(storedCart(), item);
  writeStoredCart(items);
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
