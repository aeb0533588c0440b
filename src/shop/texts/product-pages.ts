/**
 * The product page's words: the shared ones and its own (product-page.ts). Only the product page's
 * delivery check and details read through this (docs/architecture.md, "Texts").
 */
import { shared } from './index.ts';
import { productPage } from './product-page.ts';
import { reader } from './read.ts';

export const text = /* @__PURE__ */ reader({ ...shared, productPage });
