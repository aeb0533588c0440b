/**
 * Every `code` an /api error envelope can carry, a closed set grouped by domain (as Saleor's
 * per-domain `error_codes.py`), and the envelope itself (docs/shop-rules.md §7, §8). The server's
 * `errorResponse` and `fail` accept only these, the browser's `errorEnvelopeSchema` parses only
 * these, and the pages compare with `ErrorCode.X`, never a string of their own. Codes, not words:
 * the words are in src/shop/texts. No imports: netlify/lib/platform (which imports nothing else of
 * src/) takes the codes.
 *
 * To add a code: one line in its domain's list in `ERROR_CODES` (a new domain is a new key), then
 * send it; tests/functions/error-codes.test.ts fails for a code that nothing sends.
 */

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
