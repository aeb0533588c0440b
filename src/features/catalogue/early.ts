/**
 * The product page's size and Add to Cart before React is live (decision 028).
 * - A size: its radio button is the browser's; the price shown beside Add to Cart follows at once
 *   (ProductDetail renders one price per size and hides the others, as this does).
 * - Add to Cart stores the line at once, as the cart store does (cart/early.ts), and the badge
 *   shows the new count. It is not replayed: the page announces the line once live (takeEarlyAdds).
 */

import type { EarlyResult } from '../../lib/early-action.ts';
import type { CartItem } from '../../shop/cart.ts';
import { addToStoredCart } from '../cart/early.ts';

export function showSizePrice(radio: HTMLElement): EarlyResult {
  const size = (radio as HTMLInputElement).value;
  const prices = radio.closest('.product-detail')?.querySelectorAll<HTMLElement>('.product-detail__price[data-size]');
  if (!prices || prices.length === 0) return 'hold';
  for (const price of prices) price.hidden = price.dataset.size !== size;
  return 'replay';
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
