/**
 * The closed list of early actions: what a tap does before React is live (issue 36, decision 028).
 * The early script (start.ts, inlined in every page by site-build/defer-hydration.ts) runs a
 * control's action the moment it is tapped, and the page shows the tap's effect at once instead of
 * after hydration. A control names its action in `data-early`, written
 * `data-early={'menu' satisfies EarlyActionName}` so that a name not declared here does not compile.
 * Each action is a file of src/early with its own test; adding one: docs/architecture.md.
 *
 * An action changes only what its component would render for the same tap — attributes, a field's
 * value, `data-early-hidden` — never adds or removes a node React owns, so hydration finds the nodes
 * it rendered. Its answer says what happens next:
 * - `replay`: the effect is shown; the tap is replayed once the page is live, and React's render of
 *   it sets what the action already set (so nothing moves);
 * - `done`: the action did the whole thing (Add to Cart stored the line): the tap is not replayed;
 * - `hold`: nothing could be shown early (a photo not loaded yet): the tap is held, dimmed, and
 *   replayed as before (decision 015).
 */

import type { EarlyAction } from './action.ts';
import { addToCartEarly } from './add-to-cart.ts';
import { cartEarlyActions } from './cart-lines.ts';
import { pressChip } from './filter-chip.ts';
import { closeMenu, toggleMenu } from './menu.ts';
import { showNeighbourPhoto } from './photo.ts';
import { placeOrderEarly } from './place-order.ts';
import { printPage } from './print.ts';
import { stepQuantity } from './quantity.ts';
import { showSizePrice } from './size-price.ts';
import { dismissEarlyToast } from './toast.ts';

/*
 * The actions in groups, by the controls that name them: the build gives each page only the groups
 * whose names its HTML holds (site-build/defer-hydration.ts), so a page without a cart or a
 * checkout carries none of their code.
 */

/** The header's menu: on every page. */
export const menuActions = { menu: toggleMenu, 'menu-close': closeMenu } satisfies Record<string, EarlyAction>;

/** A product photo carousel's buttons. */
export const photoActions = {
  'photo-next': (control) => showNeighbourPhoto(control, 1),
  'photo-previous': (control) => showNeighbourPhoto(control, -1),
} satisfies Record<string, EarlyAction>;

/** The product page's quantity, size and Add to Cart. */
export const productActions = {
  'quantity-up': (control) => stepQuantity(control, 1),
  'quantity-down': (control) => stepQuantity(control, -1),
  size: showSizePrice,
  'add-to-cart': addToCartEarly,
} satisfies Record<string, EarlyAction>;

/** A filter chip. */
export const filterActions = { chip: pressChip } satisfies Record<string, EarlyAction>;

/** Place Order, and the × of the toast it may show. */
export const checkoutActions = {
  'place-order': placeOrderEarly,
  'toast-close': dismissEarlyToast,
} satisfies Record<string, EarlyAction>;

/** /cart's drawn lines (cart-lines.ts). */
export const cartActions = cartEarlyActions;

/**
 * The controls a page without React may have (static-page.ts): the build refuses a page with any
 * other. Not a group of the React pages' script: their QR code's Print is React's.
 */
export const staticActions = {
  menu: toggleMenu,
  'menu-close': closeMenu,
  print: printPage,
} satisfies Record<string, EarlyAction>;

/** Every group by its export name, for the build. */
export const EARLY_ACTION_GROUPS = {
  menuActions,
  photoActions,
  productActions,
  filterActions,
  checkoutActions,
  cartActions,
} as const;

/** The name a control may write in its `data-early`: one of the declared actions, and nothing else. */
export type EarlyActionName =
  | keyof typeof menuActions
  | keyof typeof photoActions
  | keyof typeof productActions
  | keyof typeof filterActions
  | keyof typeof checkoutActions
  | keyof typeof cartActions
  | keyof typeof staticActions;

/**
 * Each group's action names, and the static pages' (`staticActions`). The build reads them by running
 * this function, bundled, in a `node:vm` (site-build/defer-hydration.ts), rather than importing src/.
 */
export function earlyActionNames(): Record<string, string[]> {
  const groups: Record<string, object> = { ...EARLY_ACTION_GROUPS, staticActions };
  return Object.fromEntries(Object.entries(groups).map(([group, actions]) => [group, Object.keys(actions)]));
}
