/**
 * Every text in English, by domain (docs/architecture.md, "Texts"): one file a domain beside this
 * one, each an object of stable keys. Its type is `Texts`: every other language has these keys
 * (src/shop/texts/texts.test.ts), and the bindings (index.ts, checkout.ts, …) take their domains
 * from here by name.
 */
import { blog } from './blog.ts';
import { cancel } from './cancel.ts';
import { cancelPage } from './cancel-page.ts';
import { cancelReason } from './cancel-reason.ts';
import { cartHead } from './cart-head.ts';
import { catalogueHead } from './catalogue-head.ts';
import { checkoutPage } from './checkout-page.ts';
import { cod } from './cod.ts';
import { codAdvance } from './cod-advance.ts';
import { codConfirm } from './cod-confirm.ts';
import { codReply } from './cod-reply.ts';
import { contact } from './contact.ts';
import { contactPage } from './contact-page.ts';
import { delivery } from './delivery.ts';
import { gstin } from './gstin.ts';
import { guideFilters } from './guide-filters.ts';
import { guides } from './guides.ts';
import { home } from './home.ts';
import { invoice } from './invoice.ts';
import { invoiceDocument } from './invoice-document.ts';
import { label } from './label.ts';
import { order } from './order.ts';
import { orderPage } from './order-page.ts';
import { parcel } from './parcel.ts';
import { pricing } from './pricing.ts';
import { productPage } from './product-page.ts';
import { request } from './request.ts';
import { review } from './review.ts';
import { reviewPage } from './review-page.ts';
import { cart } from './shared/cart.ts';
import { common } from './shared/common.ts';
import { early } from './shared/early.ts';
import { filters } from './shared/filters.ts';
import { forms } from './shared/forms.ts';
import { outbox } from './shared/outbox.ts';
import { product } from './shared/product.ts';
import { shell } from './shared/shell.ts';
import { staff } from './staff.ts';
import { staffDesk } from './staff-desk.ts';
import { story } from './story.ts';
import { track } from './track.ts';
import { whatsapp } from './whatsapp.ts';
import { whatsappFilled } from './whatsapp-filled.ts';
import { whatsappOutbox } from './whatsapp-outbox.ts';

export const en = {
  blog,
  cart,
  checkoutPage,
  common,
  contactPage,
  outbox,
  early,
  filters,
  guides,
  guideFilters,
  home,
  cartHead,
  catalogueHead,
  product,
  productPage,
  reviewPage,
  shell,
  staffDesk,
  story,
  whatsappOutbox,
  cancel,
  cancelPage,
  cancelReason,
  cod,
  codAdvance,
  codConfirm,
  codReply,
  contact,
  delivery,
  forms,
  gstin,
  invoice,
  invoiceDocument,
  label,
  order,
  orderPage,
  parcel,
  pricing,
  request,
  review,
  staff,
  track,
  whatsapp,
  whatsappFilled,
} as const;

/** Every text's key and words in English: the shape every language's set has. */
export type Texts = typeof en;
