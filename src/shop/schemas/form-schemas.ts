/**
 * The forms' schemas (docs/shop-rules.md §5): checkout, review, contact, speaking the words of
 * src/shop/texts. The API bodies built on them are in the modules beside it (order-schemas.ts,
 * submission-schemas.ts, …); schemas.ts re-exports them all, so pages and functions import one place.
 */
import { z } from 'zod';
import { normaliseGstin, readGstin } from '../invoice/index.ts';

import { indianMobile } from '../phone.ts';
import { cleanText } from '../text.ts';
import { text as shopText } from '../texts/schemas.ts';

// Zod compiles object parsers with `new Function` where it may, and probes for that first; under
// the pages' content security policy (no 'unsafe-eval') the probe is reported as a violation,
// though Zod falls back. Every schema the browser parses with comes from this module or one that
// imports it, so this runs first: parse without compiling, in the functions too (their bodies are small).
z.config({ jitless: true });

/**
 * A text as the shop means it (`cleanText`, issue 37 §1): invisible and control characters gone,
 * whitespace collapsed, before "required" and the length are checked — so a name of one zero-width
 * space is missing, not given. `lines` keeps the line breaks of a review or a message.
 */
const cleaned = (message?: string, options?: { lines?: boolean }) =>
  z.string(message).transform((value) => cleanText(value, options));

export const text = (
  max: number,
  requiredMessage: string = shopText('forms.required'),
  options?: { lines?: boolean },
) => cleaned(requiredMessage, options).pipe(z.string().min(1, requiredMessage).max(max, shopText('forms.tooLong')));
const optionalText = (max: number) =>
  cleaned()
    .pipe(z.string().max(max, shopText('forms.tooLong')))
    .optional();
const email = (requiredMessage: string) =>
  cleaned(requiredMessage).pipe(
    z
      .string()
      .min(1, requiredMessage)
      .max(200, shopText('forms.tooLong'))
      .pipe(z.email(shopText('forms.email'))),
  );

export const pincodeSchema = cleaned(shopText('forms.pincode')).pipe(
  z.string().regex(/^[1-9]\d{5}$/, shopText('forms.pincode')),
);

/**
 * A phone as the shop keeps it: the 10 digits of an Indian mobile number, whatever form it was
 * typed in (`indianMobile`: checkout and /track read it alike, issue 37 §5).
 */
export const phoneSchema = text(20).transform((value, context) => {
  const mobile = indianMobile(value);
  if (mobile === undefined) context.addIssue({ code: 'custom', message: shopText('forms.phone') });
  return mobile ?? z.NEVER;
});

/**
 * The GSTIN of a business purchase (issue 35), optional: empty is none; anything else must be one
 * (`readGstin`), and is kept as it reads it (capitals, no spaces). The server parses it again here.
 */
const optionalGstin = z
  .string(shopText('gstin.problem.format'))
  .transform((typed, context) => {
    if (normaliseGstin(typed) === '') return undefined;
    const read = readGstin(typed);
    if (read.ok) return read.gstin;
    context.addIssue({ code: 'custom', message: shopText(`gstin.problem.${read.reason}`) });
    return z.NEVER;
  })
  .optional();

/** Checkout delivery form (docs/shop-rules.md §3, §5). */
export const checkoutFormSchema = z.object(
  {
    name: text(100),
    email: email(shopText('forms.required')),
    phone: phoneSchema,
    address1: text(200),
    address2: optionalText(200),
    pincode: text(20).pipe(pincodeSchema),
    city: optionalText(100),
    state: optionalText(100),
    gstin: optionalGstin,
  },
  shopText('forms.required'),
);
export type CheckoutForm = z.infer<typeof checkoutFormSchema>;

/** docs/shop-rules.md §5: one message at a time, missing fields first, then pincode, then phone. */
const CHECKOUT_MESSAGE_ORDER: readonly string[] = [
  shopText('forms.required'),
  shopText('forms.pincode'),
  shopText('forms.phone'),
];

export function checkoutFormError(input: unknown): string | null {
  const result = checkoutFormSchema.safeParse(input);
  if (result.success) return null;
  const messages = result.error.issues.map((issue) => issue.message);
  // A failed parse always has at least one issue, so this finds a message.
  return [...CHECKOUT_MESSAGE_ORDER, ...messages].find((message) => messages.includes(message)) as string;
}

/**
 * A whole number as a number, or as the decimal digits a form field sends (docs/shop-rules.md §5,
 * issue 37 §6) — never a boolean, an array, hex (`"0x1"`) or an exponent (`"1e0"`), which
 * `z.coerce.number` would all turn into numbers.
 */
export const wholeNumber = (message: string) =>
  z
    .union(
      [
        z.number(message),
        z
          .string(message)
          .trim()
          .regex(/^[0-9]{1,9}$/, message)
          .transform(Number),
      ],
      {
        error: message,
      },
    )
    .pipe(z.number(message).int(message));

/** 'Write a Review' form (docs/shop-rules.md §3, §5). */
export const reviewFormSchema = z.object({
  name: text(100, shopText('forms.name')),
  email: email(shopText('forms.email')),
  rating: wholeNumber(shopText('forms.rating'))
    .pipe(z.number().min(1, shopText('forms.rating')).max(5, shopText('forms.rating')))
    .default(5),
  review: text(2000, shopText('forms.review'), { lines: true }),
  location: optionalText(100),
});
export type ReviewForm = z.infer<typeof reviewFormSchema>;

/** Contact form (docs/shop-rules.md §3, §5). */
export const contactFormSchema = z.object({
  name: text(100, shopText('forms.name')),
  email: email(shopText('forms.email')),
  phone: optionalText(20),
  subject: text(150, shopText('forms.subject')),
  message: text(5000, shopText('forms.message'), { lines: true }),
});
export type ContactForm = z.infer<typeof contactFormSchema>;

/** Bots fill every field; people never see this one. Non-empty means: accept and drop silently. */
export const honeypot = { website: z.string().max(200).optional() };

/**
 * The browser names each review or contact message with an id of its own (a UUID from
 * `crypto.randomUUID`, kept for resends of the same content), so the server stores it once
 * however often it arrives (docs/shop-rules.md §3). A UUID, or 8 to 64 letters, digits, `-`, `_`.
 */
export const submissionIdSchema = z
  .string(shopText('request.submissionId'))
  .regex(/^[A-Za-z0-9_-]{8,64}$/, shopText('request.submissionId'));
