/**
 * After the order (docs/shop-rules.md §2, §10): its own page, its cancellation, and /track.
 * Re-exported by schemas.ts.
 */
import { z } from 'zod';
import { ORDER_ID_PATTERN } from '../order/index.ts';
import { TIMELINE_KINDS } from '../parcel/index.ts';
import { CANCEL_REASONS, type CancelReason } from '../texts/cancel-reason.ts';
import { text } from '../texts/schemas.ts';
import { phoneSchema } from './form-schemas.ts';
import { orderIdSchema, paymentModeSchema } from './order-schemas.ts';

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
  /**
   * The GST tax invoice issued when the order was booked, and its credit note once cancelled
   * (docs/shop-rules.md §12): their numbers; the page links to each under the order's key.
   */
  documents: z.array(z.object({ kind: z.enum(['invoice', 'credit-note']), number: z.string() })).optional(),
  /** A COD order with its COD fee paid now (rule 17): that fee in rupees; the rest is paid on delivery. */
  advance: z.number().int().positive().optional(),
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
  orderId: z.string(text('forms.orderId')).trim().regex(ORDER_ID_PATTERN, text('forms.orderId')),
  phone: phoneSchema,
});
export type TrackRequest = z.infer<typeof trackRequestSchema>;

/** What /track shows: the same order with the address masked to city and pincode. */
export const trackViewSchema = z.object({
  ...orderViewFields,
  address: z.object({ city: z.string().optional(), pincode: z.string() }),
});
export type TrackView = z.infer<typeof trackViewSchema>;
