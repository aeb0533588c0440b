/**
 * A size tapped on the product page before React is live (decision 028): its radio button is the
 * browser's; the price shown beside Add to Cart follows at once (ProductDetail renders one price per
 * size and hides the others, as this does).
 */
import type { EarlyResult } from './action.ts';

export function showSizePrice(radio: HTMLElement): EarlyResult {
  const size = (radio as HTMLInputElement).value;
  const prices = radio.closest('.product-detail')?.querySelectorAll<HTMLElement>('.product-detail__price[data-size]');
  if (!prices || prices.length === 0) return 'hold';
  for (const price of prices) price.hidden = price.dataset.size !== size;
  return 'replay';
}
