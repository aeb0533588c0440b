/**
 * From the cart to a placed order (docs/shop-rules.md §5–§7): the shipping quote, the pincode
 * check, the COD order, the prepaid order's payment order, its signature check and completion, and
 * the answer both kinds of order get. Re-exported by schemas.ts.
 */
import { z } from 'zod';
import { MAX_LINE_QUANTITY } from '../cart/index.ts';
import { COD_OUTCOMES } from '../cod/index.ts';
import { ORDER_ID_PATTERN, PAYMENT_MODES } from '../order/index.ts';
import { text } from '../texts/schemas.ts';
import { WHATSAPP_LANGUAGES } from '../whatsapp.ts';
import { checkoutFormSchema, pincodeSchema } from './form-schemas.ts';

export const orderLineSchema = z.object({
  productId: z.number().int().positive(),
  size: z.string().trim().min(1).max(20),
  quantity: z.number().int().min(1).max(MAX_LINE_QUANTITY),
});
export const orderLinesSchema = z.array(orderLineSchema).min(1, text('pricing.emptyCart')).max(30);
export const paymentModeSchema = z.enum(PAYMENT_MODES);
export const orderIdSchema = z.string(text('request.orderId')).regex(ORDER_ID_PATTERN, text('request.orderId'));

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
  /** The shopper ticked "Send my order updates on WhatsApp" (absent: not asked, or not ticked). */
  whatsappUpdates: z.boolean().optional(),
  /** The messages' language, chosen once the box is ticked (absent: English); read only with it. */
  whatsappLanguage: z.enum(WHATSAPP_LANGUAGES).optional(),
};

export const codOrderRequestSchema = z.object({ ...placeOrderFields, paymentMode: z.literal('cod') });
export type CodOrderRequest = z.infer<typeof codOrderRequestSchema>;

/**
 * POST /api/checkout/cod-options: the checkout asks, before Place Order, what the COD rules say for
 * the cart and the delivery typed so far (docs/shop-rules.md §10 rule 17). The answer is the
 * outcome and its one sentence (null for `allow`), never the rules that spoke.
 */
export const codOptionsRequestSchema = z.object({
  lines: orderLinesSchema,
  delivery: checkoutFormSchema.pick({
    phone: true,
    address1: true,
    address2: true,
    city: true,
    state: true,
    pincode: true,
  }),
});
export type CodOptionsRequest = z.infer<typeof codOptionsRequestSchema>;

export const codOptionsResponseSchema = z.object({
  outcome: z.enum(COD_OUTCOMES),
  message: z.string().nullable(),
});
export type CodOptionsResponse = z.infer<typeof codOptionsResponseSchema>;

export const createPaymentOrderRequestSchema = z.object({
  ...placeOrderFields,
  /**
   * A Cash on Delivery order with its COD fee paid now (docs/shop-rules.md §10 rule 17): priced as
   * COD, the Razorpay order for the fee alone, which the server takes from its settings. Absent: a
   * prepaid order for the whole total.
   */
  codAdvance: z.literal(true).optional(),
});
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

/** The local test gateway (development only): the shopper pays or fails in our own dialog. */
export const localGatewayPayRequestSchema = z.object({
  razorpay_order_id: razorpayId('order', text('order.notRazorpayOrderId')),
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
  razorpay_order_id: razorpayId('order', text('order.notRazorpayOrderId')),
  razorpay_payment_id: razorpayId('pay', text('order.notRazorpayPaymentId')),
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
