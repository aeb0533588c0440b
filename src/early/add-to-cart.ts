/**
 * Add to Cart before React is live (decision 028): the line is stored at once, as the cart store
 * does, through the same `addToCart` of src/shop/cart/cart.ts, so it is kept even if the shopper leaves
 * before the page is live, and the header's badge shows the new count. It is not replayed: the
 * product page announces the line once live (`takeEarlyAdds`, ProductDetail).
 */
import { addToCart, type CartItem, cartCount } from '../shop/cart/index.ts';
import type { EarlyResult } from './action.ts';
import { showCartCount, storedCart, writeStoredCart } from './cart-storage.ts';

/** Stores the line as the cart store would, shows the new count, and notes it for the page (`__ouo.added`). */
export function addToStoredCart(item: CartItem): void {
  const items = addToCart(storedCart(), item);
  writeStoredCart(items);
  showCartCount(cartCount(items));
  window.__ouo ??= {};
  window.__ouo.added = [...(window.__ouo.added ?? []), item];
}

/** The lines added before the page was live, each handed out once. */
export function takeEarlyAdds(): CartItem[] {
  // In place: the gate keeps its own hold on `window.__ouo` (gate.ts), so the object is never replaced.
  const added = window.__ouo?.added ?? [];
  if (window.__ouo) window.__ouo.added = [];
  return added;
}

export function addToCartEarly(button: HTMLElement): EarlyResult {
  const page = button.closest('.product-detail');
  const chosen = page?.querySelector<HTMLInputElement>('.size-selector input:checked');
  const field = page?.querySelector<HTMLInputElement>('.product-detail__buy .stepper__input');
  const quantity = Number(field?.value);
  const line = chosen?.dataset.cartItem;
  if (!line || !field || !Number.isInteger(quantity) || quantity < Number(field.min) || quantity > Number(field.max))
    return 'hold';
  addToStoredCart({ ...(JSON.parse(line) as CartItem), quantity });
  return 'done';
}
