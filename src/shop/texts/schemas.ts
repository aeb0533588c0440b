/**
 * The shared request schemas' words (src/shop/*-schemas.ts): what a form says of a field, and the
 * shop's words for a request no form sends. The schemas load with a form, after the page: this
 * binding rides in their chunk, not in a page's first load (docs/architecture.md, "Texts").
 */

import { gstin } from './gstin.ts';
import { order } from './order.ts';
import { pricing } from './pricing.ts';
import { reader } from './read.ts';
import { request } from './request.ts';
import { forms } from './shared/forms.ts';

export const text = /* @__PURE__ */ reader({ forms, gstin, order, pricing, request });
