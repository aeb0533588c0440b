/**
 * The early script's public face (decision 028): the only file of src/early that code outside it
 * may import (biome.json). Components take from here the name of their control's action (a type:
 * no bytes), the pure views they draw as the early actions do (views.ts), and the few hand-overs
 * from the early script to the live page. The build does not import src/early at all: it bundles
 * start.ts and static-page.ts by their paths (site-build/defer-hydration.ts).
 */
export type { EarlyActionName } from './actions.ts';
export { takeEarlyAdds } from './add-to-cart.ts';
export { linePhoto } from './cart-lines.ts';
export { facetsAttribute } from './filter-chip.ts';
export type { OuoGlobal } from './global.ts';
export { MENU_NAMES, MENU_OPEN_CLASS } from './menu.ts';
export { installMetaPixel } from './pixel.ts';
export { PINCODE_SLOT } from './place-order.ts';
export type { CartLineFacts, CartLinePhoto } from './views.ts';
export { anySelected, cartLinkLabel, slidePlace, stepperLimits } from './views.ts';
