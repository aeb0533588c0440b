/**
 * What a tap does before React is live (issue 36, decision 028). The early script (early.ts, inlined
 * in every page by site-build/defer-hydration.ts) runs a control's action the moment it is tapped,
 * and the page shows the tap's effect at once instead of after hydration. A control names its
 * action in `data-early`, rendered by the component that owns it, beside which the action lives.
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

import { showNeighbourPhoto } from '../../components/carousel/carousel-early.ts';
import { stepQuantity } from '../../components/quantity-stepper-early.ts';
import { dismissEarlyToast } from '../../components/toast/early-toast.ts';
import type { EarlyAction } from '../../lib/early-action.ts';
import { cartEarlyActions } from '../cart/early.ts';
import { addToCartEarly, showSizePrice } from '../catalogue/early.ts';
import { placeOrderEarly } from '../checkout/early.ts';
import { pressChip } from '../filters/early.ts';
import { closeMenu, toggleMenu } from '../shell/early.ts';

/*
 * The actions in groups, by the controls that name them: the build gives each page only the groups
 * whose names its HTML holds (site-build/defer-hydration.ts), so a page without a cart or a
 * checkout carries none of their code.
 */

/** The header's menu: on every page. */
export const menuActions: Readonly<Record<string, EarlyAction>> = { menu: toggleMenu, 'menu-close': closeMenu };

/** A product photo carousel's buttons. */
export const photoActions: Readonly<Record<string, EarlyAction>> = {
  'photo-next': (control) => showNeighbourPhoto(control, 1),
  'photo-previous': (control) => showNeighbourPhoto(control, -1),
};

/** The product page's quantity, size and Add to Cart. */
export const productActions: Readonly<Record<string, EarlyAction>> = {
  'quantity-up': (control) => stepQuantity(control, 1),
  'quantity-down': (control) => stepQuantity(control, -1),
  size: showSizePrice,
  'add-to-cart': addToCartEarly,
};

/** A filter chip. */
export const filterActions: Readonly<Record<string, EarlyAction>> = { chip: pressChip };

/** Place Order, and the × of the toast it may show. */
export const checkoutActions: Readonly<Record<string, EarlyAction>> = {
  'place-order': placeOrderEarly,
  'toast-close': dismissEarlyToast,
};

/** /cart's drawn lines (cart/early-cart.ts). */
export const cartActions: Readonly<Record<string, EarlyAction>> = cartEarlyActions;

/** Every group by its export name, for the build. */
export const EARLY_ACTION_GROUPS = {
  menuActions,
  photoActions,
  productActions,
  filterActions,
  checkoutActions,
  cartActions,
} as const;
