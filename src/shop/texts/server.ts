/**
 * Every text, for what runs outside a page: netlify/ (the functions, emails, WhatsApp, invoices,
 * labels, staff answers), the tests, and each language by its code (`LANGUAGES`). A page never
 * imports this: it reads through its own binding (index.ts, checkout.ts, …), so it carries only
 * the words it can show.
 */
import { en } from './en.ts';
import { hi } from './hi.ts';
import { reader } from './read.ts';

export { en };

/** Reads an English text: `text('order.alreadyPaid', { orderId })`. */
export const text = reader(en);

/**
 * Each language the shop writes to a shopper in (a WhatsApp message's language), read as English
 * is: a key the language lacks is read in English.
 */
export const LANGUAGES = {
  en: text,
  hi: reader(en, hi),
} as const;

/** Which request text a field without words of its own says, by the field's name in the body. */
const REQUEST_FIELD_TEXTS = {
  lines: 'request.cartLine',
  paymentMode: 'request.paymentMode',
  clientTotal: 'request.clientTotal',
  razorpay_signature: 'request.payment',
  outcome: 'request.payment',
  orderId: 'request.orderId',
  productId: 'request.productId',
  submissionId: 'request.submissionId',
} as const;

/**
 * The shop's words for a field a schema gives none (the error map `parseJsonBody` parses with): a
 * schema's own message always wins; this only replaces the library's.
 */
export function requestIssueText(path: readonly PropertyKey[] | undefined): string {
  const field = path?.find((key) => typeof key === 'string' && key in REQUEST_FIELD_TEXTS);
  return text(
    typeof field === 'string' ? REQUEST_FIELD_TEXTS[field as keyof typeof REQUEST_FIELD_TEXTS] : 'request.invalid',
  );
}
