/**
 * Staff actions from the Sheet (docs/shop-rules.md §10 rule 15): what the Apps Script posts, signed,
 * and the development page's own request and list of orders. Re-exported by schemas.ts.
 */
import { z } from 'zod';
import { PAYMENT_MODES } from '../order/index.ts';
import { reader } from '../texts/read.ts';
import { staff } from '../texts/staff.ts';
import { orderIdSchema } from './order-schemas.ts';

/** Staff's words for a bad amount: the staff domain alone, in the schemas' chunk. */
const text = /* @__PURE__ */ reader({ staff });

/** What staff can pick in the Orders tab's Action column, as the shop names them. */
export const STAFF_ACTIONS = ['cancel', 'refund', 'refund-extra', 'cod-received', 'book-again', 'confirm-cod'] as const;
export type StaffAction = (typeof STAFF_ACTIONS)[number];

/** A refund's amount: whole rupees, at least ₹1 (Razorpay's minimum). */
const staffAmountSchema = z
  .number(text('staff.badAmount'))
  .int(text('staff.badAmount'))
  .min(1, text('staff.badAmount'))
  .max(10_000_000, text('staff.badAmount'));

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
