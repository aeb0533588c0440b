// This folder's public face: only the names used outside it. Anything outside the folder imports
// through here (docs/architecture.md, "The shop core's folders"). Written by
// scripts/codemods/shop-folders.mjs: run it again when what others use changes.

export type { CartItem } from './cart.ts';
export {
  addToCart,
  CART_STORAGE_KEY,
  CART_UPDATED_EVENT,
  cartCount,
  cartItemFor,
  cartSubtotal,
  cartWeight,
  changeQuantity,
  MAX_LINE_QUANTITY,
  parseQuantity,
  removeFromCart,
  repairCart,
  toOrderLines,
} from './cart.ts';
