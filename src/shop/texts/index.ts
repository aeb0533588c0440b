/**
 * The words every page shares (the shell, the product cards and pages, the cart), and the binding
 * a shared component reads through: `text('forms.pincode')`. A page's own words are in its own
 * binding (checkout.ts, order-pages.ts, …), which adds its domains to these: what is here is in
 * every page's first load, so a domain only one page shows belongs in that page's binding.
 */

import { reader } from './read.ts';
import { forms } from './shared/forms.ts';

/** The domains every page carries. */
export const shared = { forms } as const;

export const text = /* @__PURE__ */ reader(shared);
