/**
 * The checkout's words: the shared ones and the checkout's own (the GSTIN field's, the COD rules',
 * the COD fee's, WhatsApp's consent, what pricing and delivery answer). Only the checkout, and the
 * schemas and shop rules it alone uses, read through this: the GSTIN and COD words stay out of
 * every other page (docs/architecture.md, "Texts").
 */
import { checkoutPage } from './checkout-page.ts';
import { cod } from './cod.ts';
import { codAdvance } from './cod-advance.ts';
import { delivery } from './delivery.ts';
import { gstin } from './gstin.ts';
import { shared } from './index.ts';
import { order } from './order.ts';
import { pricing } from './pricing.ts';
import { reader } from './read.ts';
import { request } from './request.ts';
import { whatsapp } from './whatsapp.ts';

export const text = /* @__PURE__ */ reader({
  ...shared,
  checkoutPage,
  cod,
  codAdvance,
  delivery,
  gstin,
  order,
  pricing,
  request,
  whatsapp,
});
