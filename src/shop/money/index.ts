// This folder's public face: only the names used outside it. Anything outside the folder imports
// through here (docs/architecture.md, "The shop core's folders"). Written by
// scripts/codemods/shop-folders.mjs: run it again when what others use changes.
export { rupeesInWords } from './amount-in-words.ts';
export { discountedPrice, formatPaise, formatRupees, toPaise } from './money.ts';
export { basisPoints, hsnDigits, rateFor } from './tax-rates.ts';
