/**
 * Razorpay's refunds in the shop's words, shared by the REST client (razorpay-api.ts), the local
 * test gateway (local-gateway.ts) and the webhook: the refund entity and its collection read with
 * zod, the idempotency key's rule, and the refund webhooks (`refund.created`, `refund.processed`,
 * `refund.failed`) read into `{ event, refund }`.
 *
 * Razorpay's documented shapes (docs/shop-rules.md §11): the Refunds entity
 * (razorpay.com/docs/api/refunds/entity), "Create a Normal Refund (Idempotent Request)"
 * (razorpay.com/docs/api/refunds/normal-refunds-idempotent), "Fetch Multiple Refunds for a Payment"
 * and the refund webhooks' sample payloads (razorpay.com/docs/webhooks/refunds).
 */
import { z } from 'zod';
import { type Failure, failure } from '../platform/outcome.ts';
import type { GatewayRefund, RefundStatus } from './gateway.ts';

export const REFUND_STATUSES = ['pending', 'processed', 'failed'] as const satisfies readonly RefundStatus[];

/**
 * Razorpay's refund entity. Razorpay ids are `rfnd_` and letters and digits, so an id read here is
 * safe in a Blobs key or a URL. Some answers carry `notes: []` (an empty list instead of an empty
 * object: the webhook samples do) and `currency: ""` (the documented collection example), so
 * neither is held to more than its type; what the shop decides on (id, payment, amount, status)
 * is checked strictly.
 */
export const refundEntitySchema = z.object({
  id: z.string().regex(/^rfnd_[A-Za-z0-9]+$/),
  entity: z.literal('refund'),
  amount: z.number().int().nonnegative(),
  currency: z.string(),
  payment_id: z.string().regex(/^pay_[A-Za-z0-9]+$/),
  notes: z.union([z.record(z.string(), z.unknown()), z.array(z.unknown())]).nullish(),
  receipt: z.string().nullish(),
  acquirer_data: z.object({ arn: z.string().nullish() }).nullish(),
  created_at: z.number().int(),
  batch_id: z.string().nullish(),
  status: z.enum(REFUND_STATUSES),
  speed_processed: z.string().nullish(),
  speed_requested: z.string().nullish(),
});
export type RefundEntity = z.infer<typeof refundEntitySchema>;

/** `GET /v1/payments/:id/refunds`: `{ entity: 'collection', count, items }`. */
export const refundCollectionSchema = z.object({
  entity: z.literal('collection'),
  count: z.number().int().nonnegative(),
  items: z.array(refundEntitySchema),
});

/** Razorpay's refund entity as the shop keeps it. */
export function toGatewayRefund(entity: RefundEntity): GatewayRefund {
  const notes = entity.notes && !Array.isArray(entity.notes) ? stringNotes(entity.notes) : {};
  return {
    id: entity.id,
    paymentId: entity.payment_id,
    amountPaise: entity.amount,
    currency: entity.currency,
    status: entity.status,
    createdAt: entity.created_at,
    receipt: entity.receipt ?? undefined,
    notes,
    speedProcessed: entity.speed_processed ?? undefined,
    arn: entity.acquirer_data?.arn ?? undefined,
  };
}

const stringNotes = (notes: Record<string, unknown>): Record<string, string> =>
  Object.fromEntries(Object.entries(notes).map(([key, value]) => [key, String(value)]));

/**
 * Razorpay's rule for `X-Refund-Idempotency`: at least 10 letters, digits, `-` or `_`. The upper
 * bound is ours: the local gateway keeps each key in a Blobs key (at most 200 characters), and a key
 * derived from an order id never comes near it.
 */
const IDEMPOTENCY_KEY = /^[A-Za-z0-9_-]{10,100}$/;

/** Why this idempotency key cannot be sent, or undefined when it can. Checked before any request. */
export function refusedIdempotencyKey(key: string): Failure | undefined {
  if (IDEMPOTENCY_KEY.test(key)) return undefined;
  return failure(
    'REFUSED',
    `The refund idempotency key ${JSON.stringify(key.slice(0, 40))} is not 10 to 100 letters, digits, "-" or "_".`,
  );
}

/** The events about a refund that change what the shop knows of it (`refund.speed_changed` does not). */
export const REFUND_EVENTS = ['refund.created', 'refund.processed', 'refund.failed'] as const;
export type RefundEvent = (typeof REFUND_EVENTS)[number];

/**
 * The payment entity as a webhook carries it (`payload.payment.entity`), with what a refund adds:
 * `amount_refunded`, `refund_status` (`partial`, `full`) and `captured` — false for Razorpay's own
 * auto-refund of a payment never captured. (netlify/lib/orders/webhook.ts reads payment events
 * with the same first six fields and may import this one.)
 */
export const paymentEntitySchema = z.object({
  id: z.string(),
  order_id: z.string().nullish(),
  amount: z.number().int(),
  currency: z.string(),
  status: z.string(),
  error_description: z.string().nullish(),
  captured: z.boolean().optional(),
  amount_refunded: z.number().int().optional(),
  refund_status: z.string().nullish(),
});

/** A refund webhook: `payload.refund.entity` and `payload.payment.entity` (the payment refunded). */
export const refundWebhookEventSchema = z.object({
  entity: z.literal('event').optional(),
  event: z.enum(REFUND_EVENTS),
  payload: z.object({
    refund: z.object({ entity: refundEntitySchema }),
    payment: z.object({ entity: paymentEntitySchema }).optional(),
  }),
  created_at: z.number().int().optional(),
});

export interface RefundEventReading {
  event: RefundEvent;
  refund: { id: string; paymentId: string; amountPaise: number; status: RefundStatus; receipt?: string | undefined };
  /** The Razorpay order the refunded payment paid (the shop finds its order by it), when the event carries the payment. */
  razorpayOrderId?: string | undefined;
}

/**
 * A webhook body (already checked against its signature) read as a refund event, or undefined when
 * it is not one of the three refund events or not shaped as Razorpay documents them.
 *
 * The status is the entity's, not the event's name: Razorpay's own `refund.created` sample carries
 * `status: "processed"`, and a late `refund.created` must not set a processed refund back to pending.
 */
export function readRefundEvent(body: unknown): RefundEventReading | undefined {
  const parsed = refundWebhookEventSchema.safeParse(typeof body === 'string' ? parseJson(body) : body);
  if (!parsed.success) return undefined;
  const entity = parsed.data.payload.refund.entity;
  const orderId = parsed.data.payload.payment?.entity.order_id ?? undefined;
  return {
    event: parsed.data.event,
    refund: {
      id: entity.id,
      paymentId: entity.payment_id,
      amountPaise: entity.amount,
      status: entity.status,
      ...(entity.receipt ? { receipt: entity.receipt } : {}),
    },
    ...(orderId ? { razorpayOrderId: orderId } : {}),
  };
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
