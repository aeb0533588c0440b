/**
 * The words every page shares (the shell, the product cards and pages, the cart), and the binding
 * a shared component reads through: `text('forms.pincode')`. A page's own words are in its own
 * binding (checkout.ts, order-pages.ts, …), which adds its domains to these: what is here is in
 * every page's first load, so a domain only one page shows belongs in that page's binding.
 */

import { reader } from './read.ts';
import { cart } from './shared/cart.ts';
import { common } from './shared/common.ts';
import { filters } from './shared/filters.ts';
import { forms } from './shared/forms.ts';
import { outbox } from './shared/outbox.ts';
import { product } from './shared/product.ts';
import { shell } from './shared/shell.ts';

/** The domains every page carries. */
export const shared = { cart, common, filters, forms, outbox, product, shell } as const;

export const text = /* @__PURE__ */ reader(shared);
