/**
 * What an early action shows and the React component also shows, each drawn by ONE function that
 * both call (decision 028): no second rendering of the same control to keep in step. Pure and
 * tiny: the components that import them carry them in the pages' first-load JavaScript.
 */
import { text } from '../shop/texts/early.ts';

/** The cart link's accessible name for a count (Header's CartLink, and the badge before React is live). */
export function cartLinkLabel(count: number): string {
  return text('early.cartLink', { count });
}

/** The quantity stepper's − and + at a value: disabled at the limits (QuantityStepper, quantity.ts, cart-lines.ts). */
export function stepperLimits(value: number, min: number, max: number): { down: boolean; up: boolean } {
  return { down: value <= min, up: value >= max };
}

/** A carousel slide's place, "2 of 3", from its index from 0 (Carousel, photo.ts). */
export const slidePlace = (index: number, count: number): string => `${index + 1} of ${count}`;

/** A filter chip's rule: true when nothing is selected, or when any selected value equals one of the values (case-insensitive). */
export function anySelected(selected: readonly string[], values: readonly string[]): boolean {
  if (selected.length === 0) return true;
  const have = new Set(values.map((value) => value.toLowerCase()));
  return selected.some((value) => have.has(value.toLowerCase()));
}

/**
 * A cart line's photo as ResponsiveImage draws it (src/media/responsive-image.ts's candidates and
 * the line's `sizes`); null when the product has none.
 */
export interface CartLinePhoto {
  src: string;
  srcSet?: string;
  sources: readonly { type: string; srcSet: string }[];
  width: number;
  height: number;
  sizes: string;
}

/**
 * What a cart line shows of its size, worked out once by CartView (`cartLineFacts`) for its own
 * lines and for /cart's page before it is live, whose early script fills its one template line
 * with them (cart-lines.ts): the texts come from the component, never written again here.
 */
export interface CartLineFacts {
  key: string;
  price: number;
  name: string;
  href: string;
  /** The line's size and price, in the parts React draws as texts of their own. */
  meta: readonly string[];
  quantityLabel: string;
  removeLabel: string;
  photo: CartLinePhoto | null;
}
