// This folder's public face: only the names used outside it. Anything outside the folder imports
// through here (docs/architecture.md, "The shop core's folders"). Written by
// scripts/codemods/shop-folders.mjs: run it again when what others use changes.

export type { Category, Product, ProductImage, Variant } from './catalogue.ts';
export {
  categoriesIn,
  findProduct,
  findVariant,
  isDiscounted,
  priceRange,
  unitPrice,
  variantKey,
} from './catalogue.ts';
export { averageRating, reviewIsFor, sameProductName, starParts } from './reviews.ts';
