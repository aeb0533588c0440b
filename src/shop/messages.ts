/**
 * What the shop says, and the codes it answers with: each written once, here, and imported by the
 * pages and the functions alike. No zod and no imports: a page takes a text from here without
 * loading zod, and netlify/lib/platform (which imports nothing else of src/) takes the codes.
 *
 * - Texts: what a shopper reads when something fails or is done, word for word as
 *   docs/shop-rules.md §5 and §8 quote them (change both together), grouped by domain. A text the
 *   server sends, or that both sides use, lives here; one that a single screen alone shows may stay
 *   with that screen.
 * - Labels: the shopper's word for each value of a closed list (a rating's name).
 * - Error codes: every `code` an /api error envelope can carry, a closed set grouped by domain
 *   (as Saleor's per-domain `error_codes.py`). The server's `errorResponse` and `fail` accept only
 *   these, the browser's `errorEnvelopeSchema` parses only these, and the pages compare with
 *   `ErrorCode.X`, never a string of their own.
 *
 * To add a code: one line in its domain's list in `ERROR_CODES` (a new domain is a new key), then
 * send it; tests/functions/error-codes.test.ts fails for a code that nothing sends. A text: its
 * domain's object below (a new domain is a new `…_TEXTS` object), and its quote in shop-rules §8.
 */

// ---- Forms (docs/shop-rules.md §5) ------------------------------------------------------------

/** The forms' words for what is wrong with a field, and the two answers after an order (§8). */
export const MESSAGES = {
  required: 'Please fill in all required fields',
  pincode: 'Please enter a valid 6-digit pincode',
  phone: 'Please enter a valid 10-digit phone number',
  email: 'Please enter a valid email address',
  name: 'Please enter your name',
  rating: 'Please choose a rating from 1 (Poor) to 5 (Excellent)',
  review: 'Please write your review',
  subject: 'Please enter a subject',
  message: 'Please write your message',
  tooLong: 'This is too long',
  orderId: 'Please enter your order id (it looks like OUO_ followed by 13 digits)',
  /** GET /api/orders/:id: an unknown id and a wrong or missing key get the same answer. */
  orderNotFound: 'Order not found',
  /** POST /api/track: any mismatch, so the form cannot be used to discover orders. */
  trackNotFound: 'We could not find an order with that id and phone number',
} as const;

// ---- Checkout and orders (§8) -----------------------------------------------------------------

/** Why a cart cannot be priced as sent (src/shop/order.ts `priceLines`, 422). */
export const PRICING_TEXTS = {
  emptyCart: 'Your cart is empty',
  unknownProduct: (productId: number) => `Product ${productId} is not in our catalogue.`,
  unknownSize: (name: string, size: string) => `${name} is not sold in size ${size}.`,
  outOfStock: (stock: number, name: string, size: string) => `Only ${stock} of ${name} ${size} are in stock.`,
} as const;

/** Delivery refused for a pincode (src/shop/deliverability.ts): the checkout and the server say the same. */
export const DELIVERY_MESSAGES = {
  notServiceable: (pincode: string) =>
    `Sorry, we cannot deliver to pincode ${pincode} yet. Please check it, or contact us for other options.`,
  codUnavailable: (pincode: string) => `Cash on Delivery is not available for pincode ${pincode}. Please pay online.`,
} as const;

/** What the order and payment endpoints answer the shopper (netlify/lib/orders, netlify/functions). */
export const ORDER_TEXTS = {
  /** `total` as the shopper reads it (`formatRupees`). */
  totalMismatch: (total: string) =>
    `The total has changed to ${total} (prices or shipping were updated). Please review your order and place it again.`,
  contentUnavailable: 'The catalogue could not be read. Please try again.',
  paymentsUnavailable: 'Online payment is not available right now. Please choose Cash on Delivery.',
  paymentStarting: 'Your payment is still being set up. Please try again in a moment.',
  alreadyPaid: (orderId: string) => `Order ${orderId} is already paid.`,
  invalidSignature: 'The payment signature is not a valid signature.',
  unknownPayment: 'We have no payment started for this order.',
  paymentNotVerified: 'The payment could not be verified.',
  paymentMismatch: 'The payment does not match this order.',
  paymentNotCaptured: 'Razorpay reports that this payment did not go through. Please try again.',
  unknownOrder: (orderId: string) => `No payment was started for order ${orderId}.`,
  /** A Razorpay id that is not `order_…` / `pay_…` (422 `VALIDATION_FAILED`, issue 37 §2). */
  notRazorpayOrderId: 'That is not a Razorpay order id.',
  notRazorpayPaymentId: 'That is not a Razorpay payment id.',
  /** Each endpoint's own words for an unexpected failure (500 `INTERNAL_ERROR`, `guarded`). */
  failed: {
    placeCod:
      'Something went wrong on our side and we cannot confirm your order yet. Please try again: placing the same order again never creates a second one.',
    createPayment: 'We could not start the payment. You have not been charged; please try again.',
    processPrepaid:
      'We could not confirm your order right now. If your payment went through it is safe, and the order will be completed automatically.',
    verifyPayment:
      'We could not check your payment right now. If it went through, your order will be completed automatically.',
    orderView: 'Your order could not be shown right now. Please try again in a moment.',
    track: 'Your order could not be looked up right now. Please try again in a moment.',
  },
} as const;

// ---- The parcel after booking (§4 "Parcel", §8) ---------------------------------------------------

/**
 * The parcel's states as the order page and /track show them (src/shop/tracking.ts), and the
 * emails that tell the shopper (netlify/lib/notify). `booked` is the timeline's own "Handed to
 * Delhivery" step, so it has no title here.
 */
export const PARCEL_TEXTS = {
  title: {
    booked: 'Handed to Delhivery',
    'picked-up': 'Picked up by Delhivery',
    'in-transit': 'On its way',
    'out-for-delivery': 'Out for delivery',
    'delivery-failed': 'Delivery attempt failed',
    delivered: 'Delivered',
    returning: 'Coming back to us',
    returned: 'Returned to us',
    lost: 'Lost or damaged in transit',
    cancelled: 'Shipment cancelled',
  },
  /** Out for delivery, cash on delivery: `total` as the shopper reads it. */
  keepCashReady: (total: string) => `Please keep ${total} ready for the courier.`,
  /** `reason` is the courier's own words. */
  failedDetail: (reason: string) =>
    `The courier said: ${reason}. Delhivery usually tries again the next working day. To change the address or the day, message us on WhatsApp.`,
  detail: {
    returning:
      'The courier could not deliver the parcel and is bringing it back to us. We will write to you about a new delivery or a refund.',
    returned: 'The parcel is back with us. We will write to you about a new delivery or a refund.',
    lost: 'Delhivery reports the parcel lost or damaged. We are on it and will write to you within a working day.',
    cancelled: 'The courier booking was cancelled.',
  },
} as const;

// ---- Requests the shop's pages never send (§7, issue 37 §9) ------------------------------------

/**
 * A 422 for a field the forms never get wrong (an old tab, a changed page, a hand-made request):
 * still the shop's words, never a library's ("Too big: expected int to be <=…"). Fields with a
 * form message (MESSAGES) keep theirs; every other field says one of these (`requestIssueText`).
 */
export const REQUEST_TEXTS = {
  /** Any field without words of its own, and a body that is not an object. */
  invalid: 'Something in this request is not what the shop expects. Please reload the page and try again.',
  /** A cart line: product, size or quantity the shop does not sell as sent. */
  cartLine: 'Something in your cart is not what the shop sells. Please reload the page and check your cart.',
  paymentMode: 'Please choose Cash on Delivery or Pay Online.',
  /** The total the page showed, missing or not a whole number of rupees. */
  clientTotal: 'The order total is missing. Please reload the page and place the order again.',
  /** The payment's signature or the test gateway's outcome. */
  payment: 'The payment details are incomplete. Please try paying again.',
  orderId: 'Order ids look like OUO_ followed by 13 digits.',
  productId: 'Name the product by its catalogue id.',
  submissionId: 'A submission id is a UUID, or 8 to 64 letters, digits, - or _.',
} as const;

/** Which of REQUEST_TEXTS a field without words of its own says, by the field's path in the body. */
const REQUEST_FIELD_TEXTS: Readonly<Record<string, string>> = {
  lines: REQUEST_TEXTS.cartLine,
  paymentMode: REQUEST_TEXTS.paymentMode,
  clientTotal: REQUEST_TEXTS.clientTotal,
  razorpay_signature: REQUEST_TEXTS.payment,
  outcome: REQUEST_TEXTS.payment,
  orderId: REQUEST_TEXTS.orderId,
  productId: REQUEST_TEXTS.productId,
  submissionId: REQUEST_TEXTS.submissionId,
};

/**
 * The shop's words for a field a schema gives none (the error map `parseJsonBody` parses with): a
 * schema's own message always wins; this only replaces the library's.
 */
export function requestIssueText(path: readonly PropertyKey[] | undefined): string {
  const field = path?.find((key) => typeof key === 'string' && key in REQUEST_FIELD_TEXTS);
  return typeof field === 'string' ? (REQUEST_FIELD_TEXTS[field] as string) : REQUEST_TEXTS.invalid;
}

// ---- Reviews (§3, §8) -------------------------------------------------------------------------

/** A rating's word, as the review form offers it ('5 - Excellent'). */
export const RATING_LABELS = { 5: 'Excellent', 4: 'Very Good', 3: 'Good', 2: 'Fair', 1: 'Poor' } as const;
export type Rating = keyof typeof RATING_LABELS;
/** The ratings in the form's order: best first. */
export const RATINGS: readonly Rating[] = [5, 4, 3, 2, 1];

export const REVIEW_TEXTS = {
  submit: 'Submit Review',
  submitting: 'Submitting...',
  success: 'Thank you for your review! It will be published after approval.',
  /** The form's failure, and the server's message for any failed submission (§8). */
  error: 'Oops! Something went wrong. Please try again.',
  /** GET /api/reviews failing unexpectedly (500). */
  readError: 'The reviews could not be read right now. Please try again later.',
  /** GET /api/reviews?product= with nothing after `=` (400 `INVALID_PRODUCT`). */
  noProduct: 'Give the product id to read its reviews.',
  /** GET /api/reviews?product= naming no catalogue product (404 `UNKNOWN_PRODUCT`). */
  unknownProduct: 'No product in our catalogue has that id or name.',
} as const;

// ---- Contact (§3, §8) -------------------------------------------------------------------------

export const CONTACT_TEXTS = {
  send: 'Send Message',
  sending: 'Sending...',
  success: "Thank you for your message! We'll get back to you soon.",
  /** The form's failure, and the server's message for any failed message (§8). */
  error: 'Sorry, there was an error submitting your message. Please try again or email us directly.',
} as const;

// ---- Error codes (§7, §8) ---------------------------------------------------------------------

/**
 * Every code an /api error envelope can carry, by domain. A code belongs to one domain; another
 * domain's endpoint may send it too (GET /api/reviews answers `UNKNOWN_PRODUCT`).
 */
export const ERROR_CODES = {
  /** Any endpoint: the request itself (netlify/lib/platform/http.ts), a missing thing, an unforeseen failure. */
  platform: [
    'INVALID_JSON',
    'VALIDATION_FAILED',
    'CROSS_SITE',
    'UNSUPPORTED_MEDIA_TYPE',
    'BODY_TOO_LARGE',
    'METHOD_NOT_ALLOWED',
    'NOT_FOUND',
    'INTERNAL_ERROR',
  ],
  /** The catalogue, the order store and the deploy's set-up (/api/health). */
  content: ['CONTENT_UNAVAILABLE', 'DATABASE_UNAVAILABLE', 'LOCAL_STAND_IN_IN_PRODUCTION'],
  /** A cart that cannot be priced as sent (`priceLines`). */
  pricing: ['EMPTY_CART', 'UNKNOWN_PRODUCT', 'UNKNOWN_SIZE', 'OUT_OF_STOCK'],
  /** Delivery and the total, at the quote and when the order is placed. */
  checkout: [
    'INVALID_PINCODE',
    'NOT_SERVICEABLE',
    'COD_UNAVAILABLE',
    'COD_NOT_ALLOWED',
    'TOTAL_MISMATCH',
    'COD_ADVANCE_UNAVAILABLE',
  ],
  /** Paying online and completing a prepaid order (netlify/lib/orders/pay.ts). */
  payments: [
    'PAYMENTS_UNAVAILABLE',
    'PAYMENT_STARTING',
    'ALREADY_PAID',
    'INVALID_SIGNATURE',
    'UNKNOWN_PAYMENT',
    'PAYMENT_NOT_VERIFIED',
    'PAYMENT_MISMATCH',
    'PAYMENT_NOT_CAPTURED',
    'UNKNOWN_ORDER',
  ],
  /** Reading reviews. */
  reviews: ['INVALID_PRODUCT'],
  /** A review or contact message not yet written (netlify/lib/submissions/once.ts). */
  submissions: ['SUBMISSION_CONFLICT', 'SUBMISSION_IN_PROGRESS', 'SHEET_UNAVAILABLE'],
  /** Cancelling an order (netlify/lib/orders/cancel.ts). */
  cancel: ['TOO_LATE_TO_CANCEL', 'NOT_CANCELLABLE'],
  /** The Sheet's label links (netlify/lib/labels). */
  labels: ['LABEL_LINK_INVALID', 'LABEL_LINK_EXPIRED'],
  /** Staff actions from the Sheet (netlify/lib/orders/staff-actions.ts, POST /api/staff/action). */
  staff: ['STAFF_SIGNATURE_INVALID', 'STAFF_REQUEST_STALE', 'STAFF_REQUEST_REPLAYED', 'STAFF_ACTION_REFUSED'],
  /** Calls from Razorpay's and Sanity's servers, never a shopper. */
  webhooks: ['NOT_CONFIGURED', 'WEBHOOK_NOT_CONFIGURED', 'BAD_SIGNATURE', 'INVALID_EVENT'],
} as const;

export type ErrorDomain = keyof typeof ERROR_CODES;
/** One domain's codes: `ErrorCodeOf<'pricing'>`. */
export type ErrorCodeOf<D extends ErrorDomain> = (typeof ERROR_CODES)[D][number];
export type ErrorCode = ErrorCodeOf<ErrorDomain>;

// Both are built when the module loads; `@__PURE__` lets a page that imports only a text drop them.

/** Every code once, for the envelope schema's enum. */
export const ALL_ERROR_CODES: readonly ErrorCode[] = /* @__PURE__ */ Object.values(ERROR_CODES).flat();

/** Each code by its name, to send and to compare with: `code === ErrorCode.TOTAL_MISMATCH`. */
export const ErrorCode = /* @__PURE__ */ Object.freeze(
  Object.fromEntries(ALL_ERROR_CODES.map((code) => [code, code])),
) as { readonly [C in ErrorCode]: C };

/** The body of every /api error answer: `{ error: { code, message, issues? } }` (§7). */
export interface ErrorEnvelope {
  error: {
    code: ErrorCode;
    /** Meant for the shopper. */
    message: string;
    /** Which fields failed, for a 422. */
    issues?: ErrorIssue[];
  };
}
export interface ErrorIssue {
  path: string;
  message: string;
}
