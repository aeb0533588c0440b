/**
 * One zod schema per API body, shared by the pages and the functions; the forms' schemas and
 * messages (form-schemas.ts) are re-exported from here.
 */
import { z } from 'zod';
import { MAX_LINE_QUANTITY } from './cart.ts';
import {
  checkoutFormSchema,
  contactFormSchema,
  honeypot,
  phoneSchema,
  pincodeSchema,
  reviewFormSchema,
  submissionIdSchema,
  wholeNumber,
} from './form-schemas.ts';
import {
  ALL_ERROR_CODES,
  CANCEL_REASONS,
  type CancelReason,
  type ErrorEnvelope,
  MESSAGES,
  ORDER_TEXTS,
  PRICING_TEXTS,
  REQUEST_TEXTS,
} from './messages.ts';
import { ORDER_ID_PATTERN } from './order.ts';
import { PAYMENT_MODES } from './shipping.ts';
import { STAFF_TEXTS } from './staff-texts.ts';
import { TIMELINE_KINDS } from './tracking.ts';

export * from './form-schemas.ts';
// ---- API bodies -------------------------------------------------------------------------------

export const orderLineSchema = z.object({
  productId: z.number().int().positive(),
  size: z.string().trim().min(1).max(20),
  quantity: z.number().int().min(1).max(MAX_LINE_QUANTITY),
});
export const orderLinesSchema = z.array(orderLineSchema).min(1, PRICING_TEXTS.emptyCart).max(30);
export const paymentModeSchema = z.enum(PAYMENT_MODES);
export const orderIdSchema = z.string(REQUEST_TEXTS.orderId).regex(ORDER_ID_PATTERN, REQUEST_TEXTS.orderId);

export const shippingQuoteRequestSchema = z.object({
  lines: orderLinesSchema,
  pincode: pincodeSchema,
  paymentMode: paymentModeSchema,
});
export type ShippingQuoteRequest = z.infer<typeof shippingQuoteRequestSchema>;

export const shippingQuoteResponseSchema = z.object({
  success: z.literal(true),
  shippingCharge: z.number().int().nonnegative(),
  source: z.enum(['free', 'carrier', 'estimate']),
  subtotal: z.number().int().nonnegative(),
  codCharge: z.number().int().nonnegative(),
  total: z.number().int().nonnegative(),
  weight: z.number().int().nonnegative(),
});
export type ShippingQuoteResponse = z.infer<typeof shippingQuoteResponseSchema>;

/** Shared by COD orders and payment-order creation: who, what, and the total the shopper saw. */
const placeOrderFields = {
  orderId: orderIdSchema,
  customer: checkoutFormSchema,
  lines: orderLinesSchema,
  /** The total shown in the browser; the server refuses the order (409) when its own differs. */
  clientTotal: z.number().int().nonnegative(),
};

export const codOrderRequestSchema = z.object({ ...placeOrderFields, paymentMode: z.literal('cod') });
export type CodOrderRequest = z.infer<typeof codOrderRequestSchema>;

export const createPaymentOrderRequestSchema = z.object(placeOrderFields);
export type CreatePaymentOrderRequest = z.infer<typeof createPaymentOrderRequestSchema>;

export const createPaymentOrderResponseSchema = z.object({
  success: z.literal(true),
  order: z.object({ id: z.string(), amount: z.number().int().positive(), currency: z.literal('INR') }),
  key_id: z.string(),
  /** 'local' when no Razorpay keys are set: the browser opens the local test gateway instead. */
  gateway: z.enum(['razorpay', 'local']),
  /** Our order id (it may differ from the one sent if that id was already taken by another order). */
  orderId: orderIdSchema,
  total: z.number().int().positive(),
});
export type CreatePaymentOrderResponse = z.infer<typeof createPaymentOrderResponseSchema>;

/** The local test gateway (development only): the shopper pays or fails in our own dialog. */
/**
 * Razorpay's ids: its prefix, then letters, digits or `_` (issue 37 §2). They become storage keys
 * (`razorpay-<id>`, the test gateway's `gateway-order-<id>`), so nothing else — no `/`, `.` or
 * `:` — may pass.
 */
const razorpayId = (prefix: 'order' | 'pay', message: string) =>
  z
    .string()
    .trim()
    .regex(new RegExp(`^${prefix}_[A-Za-z0-9_]{1,40}$`), message);

export const localGatewayPayRequestSchema = z.object({
  razorpay_order_id: razorpayId('order', ORDER_TEXTS.notRazorpayOrderId),
  outcome: z.enum(['success', 'failure']),
});
export const localGatewayPayResponseSchema = z.union([
  z.object({
    razorpay_order_id: z.string(),
    razorpay_payment_id: z.string(),
    razorpay_signature: z.string(),
  }),
  z.object({ error: z.object({ code: z.string(), description: z.string() }) }),
]);

const razorpayIds = {
  razorpay_order_id: razorpayId('order', ORDER_TEXTS.notRazorpayOrderId),
  razorpay_payment_id: razorpayId('pay', ORDER_TEXTS.notRazorpayPaymentId),
  razorpay_signature: z.string().trim().min(1).max(256),
};

export const verifyPaymentRequestSchema = z.object(razorpayIds);
export type VerifyPaymentRequest = z.infer<typeof verifyPaymentRequestSchema>;
export const verifyPaymentResponseSchema = z.object({ verified: z.boolean() });

export const prepaidOrderRequestSchema = z.object({ orderId: orderIdSchema, ...razorpayIds });
export type PrepaidOrderRequest = z.infer<typeof prepaidOrderRequestSchema>;

export const ORDER_STATUSES = ['pending', 'paid', 'forwarded', 'expired', 'cancelled'] as const;

export const orderResponseSchema = z.object({
  success: z.literal(true),
  /** Our order id; differs from the one sent only if another order already had that id. */
  orderId: orderIdSchema,
  total: z.number().int().nonnegative(),
  status: z.enum(ORDER_STATUSES),
  /**
   * Prepaid only: Razorpay has the payment but has not yet captured it. The order is neither
   * placed nor failed; the shop finishes it (webhook, reconciler) without the shopper.
   */
  confirming: z.literal(true).optional(),
  /**
   * Opens the order's own page, `/orders/{orderId}?key={key}`: 128 random bits, kept with the
   * order. Absent only for an order recorded before orders had keys (the shopper goes home).
   */
  key: z
    .string()
    .regex(/^[0-9a-f]{32}$/)
    .optional(),
});
export type OrderResponse = z.infer<typeof orderResponseSchema>;

// ---- After the order: its page and /track (docs/shop-rules.md §2, §10) -----------------------

export const orderKeySchema = z.string().regex(/^[0-9a-f]{32}$/);

const timelineStepSchema = z.object({
  kind: z.enum(TIMELINE_KINDS),
  title: z.string(),
  at: z.string().optional(),
  detail: z.string().optional(),
  link: z.object({ href: z.url(), text: z.string() }).optional(),
});

const orderViewFields = {
  orderId: orderIdSchema,
  placedAt: z.string(),
  paymentMode: paymentModeSchema,
  /** In the shopper's words: 'Pay on delivery', 'Paid', 'Waiting for payment', 'Confirming', 'Not paid'. */
  paymentStatus: z.string(),
  lines: z.array(
    z.object({
      name: z.string(),
      size: z.string(),
      quantity: z.number().int().positive(),
      price: z.number().int().nonnegative(),
      lineTotal: z.number().int().nonnegative(),
      hsnCode: z.string().optional(),
    }),
  ),
  totals: z.object({
    subtotal: z.number().int().nonnegative(),
    shippingCharge: z.number().int().nonnegative(),
    codCharge: z.number().int().nonnegative(),
    total: z.number().int().nonnegative(),
  }),
  timeline: z.array(timelineStepSchema),
  /** The carrier's scans are made up by the local stand-in (no Delhivery token). */
  simulatedTracking: z.boolean(),
  /** The order was cancelled (docs/shop-rules.md §10, "Cancel and refund"). */
  cancelled: z.boolean(),
};

/** GET /api/orders/:orderId?key=: the order's own page, with the full delivery address. */
export const orderViewSchema = z.object({
  ...orderViewFields,
  /** The page offers "Cancel order": not picked up yet, not cancelled (docs/shop-rules.md §10). */
  cancellable: z.boolean(),
  address: z.object({
    name: z.string(),
    phone: z.string(),
    email: z.string(),
    address1: z.string(),
    address2: z.string().optional(),
    city: z.string().optional(),
    state: z.string().optional(),
    pincode: z.string(),
  }),
});
export type OrderView = z.infer<typeof orderViewSchema>;

/** POST /api/orders/:orderId/cancel: the order's key proves the shopper; the reason they chose. */
export const cancelRequestSchema = z.object({
  key: orderKeySchema,
  reason: z.enum(CANCEL_REASONS as [CancelReason, ...CancelReason[]]),
});
export type CancelRequest = z.infer<typeof cancelRequestSchema>;

/** Its answer: cancelled (200), or cancelling while a step waits for Delhivery or Razorpay (202). */
export const cancelResponseSchema = z.object({
  state: z.enum(['cancelled', 'cancelling']),
  message: z.string().optional(),
  order: orderViewSchema,
});
export type CancelResponse = z.infer<typeof cancelResponseSchema>;

/** POST /api/track: order id and the phone used at checkout (compared as its 10 digits). */
export const trackRequestSchema = z.object({
  orderId: z.string(MESSAGES.orderId).trim().regex(ORDER_ID_PATTERN, MESSAGES.orderId),
  phone: phoneSchema,
});
export type TrackRequest = z.infer<typeof trackRequestSchema>;

/** What /track shows: the same order with the address masked to city and pincode. */
export const trackViewSchema = z.object({
  ...orderViewFields,
  address: z.object({ city: z.string().optional(), pincode: z.string() }),
});
export type TrackView = z.infer<typeof trackViewSchema>;

/** The product a review is about: its catalogue id (a form's hidden field sends it as text). */
const productIdSchema = wholeNumber(REQUEST_TEXTS.productId).pipe(z.number().positive(REQUEST_TEXTS.productId));

/**
 * POST /api/reviews: the form's fields, the product's catalogue id, the honeypot and the
 * submission id. The form itself checks the same schema without the id, which it adds on sending.
 */
export const reviewSubmissionSchema = reviewFormSchema.extend({
  productId: productIdSchema,
  ...honeypot,
  submissionId: submissionIdSchema,
});
export type ReviewSubmission = z.infer<typeof reviewSubmissionSchema>;

/** POST /api/contact: the form's fields, the honeypot and the submission id. */
export const contactSubmissionSchema = contactFormSchema.extend({ ...honeypot, submissionId: submissionIdSchema });
export type ContactSubmission = z.infer<typeof contactSubmissionSchema>;

/** What the browser may see of a review: never the email. */
export const publicReviewSchema = z.object({
  id: z.string(),
  product: z.string(),
  customer: z.string(),
  location: z.string(),
  rating: z.number().int().min(1).max(5),
  source: z.string(),
  date: z.string(),
  review: z.string(),
});
export type PublicReview = z.infer<typeof publicReviewSchema>;

export const reviewsResponseSchema = z.object({
  reviews: z.array(publicReviewSchema),
  average: z.number().min(0).max(5),
  count: z.number().int().nonnegative(),
});
export type ReviewsResponse = z.infer<typeof reviewsResponseSchema>;

/** Every error answer (`ErrorEnvelope`, messages.ts): its code one of `ERROR_CODES`, nothing else. */
export const errorEnvelopeSchema = z.object({
  error: z.object({
    // A code this build does not know (a tab left open across a deploy that added one) is still a
    // refusal the server made, with its own message: read as INTERNAL_ERROR, not as "unreachable",
    // which would send a COD order to the outbox to be sent again and again.
    code: z.enum(ALL_ERROR_CODES).catch('INTERNAL_ERROR'),
    message: z.string(),
    issues: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
  }),
}) satisfies z.ZodType<ErrorEnvelope>;

/**
 * GET /api/pincode/:pin. `serviceable`, `prepaid` and `cod` are null when Delhivery could not be
 * asked; `estimate` is true whenever that answer is not Delhivery's own word (not configured or
 * unavailable). The delivery window is always an estimate from the distance to the pickup.
 */
export const pincodeCheckResponseSchema = z.object({
  pincode: pincodeSchema,
  serviceable: z.boolean().nullable(),
  prepaid: z.boolean().nullable(),
  cod: z.boolean().nullable(),
  estimatedDays: z.object({ min: z.number().int().positive(), max: z.number().int().positive() }),
  estimate: z.boolean(),
});
export type PincodeCheckResponse = z.infer<typeof pincodeCheckResponseSchema>;

/** GET /api/reviews without a product: every product's stars, for the product cards, by catalogue id. */
export const reviewSummariesResponseSchema = z.object({
  summaries: z.array(
    z.object({
      productId: z.number().int().positive(),
      product: z.string(),
      average: z.number().min(0).max(5),
      count: z.number().int().nonnegative(),
    }),
  ),
});
export type ReviewSummariesResponse = z.infer<typeof reviewSummariesResponseSchema>;

/** POST /api/reviews and POST /api/contact answer this when the submission is accepted. */
export const submissionAcceptedSchema = z.object({ success: z.literal(true) });
export type SubmissionAccepted = z.infer<typeof submissionAcceptedSchema>;

// ---- Staff actions from the Sheet (docs/shop-rules.md §10 rule 15) ------------------------------

/** What staff can pick in the Orders tab's Action column, as the shop names them. */
export const STAFF_ACTIONS = ['cancel', 'refund', 'refund-extra', 'cod-received', 'book-again'] as const;
export type StaffAction = (typeof STAFF_ACTIONS)[number];

/** A refund's amount: whole rupees, at least ₹1 (Razorpay's minimum). */
const staffAmountSchema = z
  .number(STAFF_TEXTS.badAmount)
  .int(STAFF_TEXTS.badAmount)
  .min(1, STAFF_TEXTS.badAmount)
  .max(10_000_000, STAFF_TEXTS.badAmount);

/**
 * POST /api/staff/action, signed by the Apps Script (`X-Shop-Signature`): `id` is single-use (a
 * UUID the script makes), `at` when it was made (refused more than 5 minutes from the shop's clock).
 */
export const staffActionRequestSchema = z.object({
  id: z.string().regex(/^[A-Za-z0-9_-]{8,64}$/),
  orderId: orderIdSchema,
  action: z.enum(STAFF_ACTIONS),
  amount: staffAmountSchema.optional(),
  at: z.iso.datetime({ offset: true }),
});
export type StaffActionRequest = z.infer<typeof staffActionRequestSchema>;

/** Its answer: the words the Sheet's Status shows (an error answers the envelope instead). */
export const staffActionResponseSchema = z.object({ ok: z.literal(true), result: z.string() });
export type StaffActionResponse = z.infer<typeof staffActionResponseSchema>;

/** POST /api/dev/staff (development only): the same action, signed by the shop with its local secret. */
export const devStaffRequestSchema = z.object({
  orderId: orderIdSchema,
  action: z.enum(STAFF_ACTIONS),
  amount: staffAmountSchema.optional(),
});
export type DevStaffRequest = z.infer<typeof devStaffRequestSchema>;

/** GET /api/dev/staff: the order log's orders, newest first. */
export const devStaffOrdersSchema = z.object({
  orders: z.array(
    z.object({
      orderId: z.string(),
      status: z.string(),
      total: z.number(),
      mode: z.enum(PAYMENT_MODES),
      paymentStatus: z.string(),
      refunded: z.string(),
    }),
  ),
});
export type DevStaffOrders = z.infer<typeof devStaffOrdersSchema>;
