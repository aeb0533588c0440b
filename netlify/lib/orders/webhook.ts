/**
 * Razorpay's webhook: a signed event about a payment is judged by the same rule as the browser's
 * callback (judge-payment.ts): `payment.captured` and `order.paid` carry money; `payment.authorized` is not
 * money until the shop has captured it. A refund event moves its refund on the order
 * (refund-state.ts). Replays and out-of-order events change nothing.
 */
import { z } from 'zod';
import { errorResponse } from '../platform/http.ts';
import type { PaymentGateway } from '../razorpay/gateway.ts';
import { toGatewayPayment } from '../razorpay/razorpay-api.ts';
import { paymentEntitySchema, type RefundEventReading, readRefundEvent } from '../razorpay/refunds.ts';
import { isWellFormedSignature, verifyWebhookSignature } from '../razorpay/signature.ts';
import { judgePayment } from './judge-payment.ts';
import { completePaidOrder, noteConfirming } from './pay.ts';
import { recordRefund } from './refund-state.ts';
import type { OrderDeps } from './types.ts';

/** The payment as a webhook carries it (refunds.ts reads it for refund events too). */
const paymentEntity = paymentEntitySchema;
const webhookEventSchema = z.object({
  event: z.string(),
  payload: z
    .object({
      payment: z.object({ entity: paymentEntity }).optional(),
      order: z.object({ entity: z.object({ id: z.string(), amount_paid: z.number().int().optional() }) }).optional(),
    })
    .default({}),
});

/**
 * The ids of an event that become parts of storage keys, in the shapes Razorpay gives them: the
 * event's own (`webhook-event-<id>`, from `X-Razorpay-Event-Id`), the Razorpay order it names
 * (`razorpay-<id>`, as `razorpayId` in src/shop/schemas/order-schemas.ts has it) and its payment (the
 * local gateway's `gateway-payment-<id>`). Every key must be letters, digits, `_` and `-`
 * (platform/blobs.ts), and a signature proves who sent an id, not that it is one (issue 46 §A).
 */
const EVENT_ID = /^[A-Za-z0-9_-]{1,100}$/;
const RAZORPAY_ORDER_ID = /^order_[A-Za-z0-9_]{1,40}$/;
const RAZORPAY_PAYMENT_ID = /^pay_[A-Za-z0-9_]{1,40}$/;

/** Events about a payment that may be money; `payment.failed` and the rest change nothing. */
const PAYMENT_EVENTS = new Set(['order.paid', 'payment.captured', 'payment.authorized']);

/** Some platforms hand over the body base64-encoded; Razorpay signed the decoded JSON. */
export function decodeWebhookBody(raw: string): string {
  const trimmed = raw.trim();
  if (trimmed.startsWith('{')) return raw;
  if (!/^[A-Za-z0-9+/=\s]+$/.test(trimmed)) return raw;
  const decoded = Buffer.from(trimmed, 'base64').toString('utf8');
  return decoded.trim().startsWith('{') ? decoded : raw;
}

export async function handleRazorpayWebhook(
  deps: OrderDeps,
  input: { rawBody: string; signature: string; eventId?: string | undefined },
): Promise<Response> {
  const choice = deps.gateway();
  // Payments off here: no gateway, so no secret to check an event with.
  if (!choice.ok) return errorResponse(503, 'WEBHOOK_NOT_CONFIGURED', choice.message);
  const { gateway } = choice;
  const secret = gateway.webhookSecret;
  if (!secret) return errorResponse(503, 'WEBHOOK_NOT_CONFIGURED', 'RAZORPAY_WEBHOOK_SECRET is not set.');
  const body = decodeWebhookBody(input.rawBody);
  if (!isWellFormedSignature(input.signature) || !verifyWebhookSignature(body, input.signature, secret)) {
    return errorResponse(400, 'INVALID_SIGNATURE', 'The webhook signature does not match.');
  }
  if (input.eventId && !EVENT_ID.test(input.eventId)) return ignoredEvent('its event id', input.eventId);
  if (input.eventId && (await deps.log.hasEvent(input.eventId))) return Response.json({ ok: true, duplicate: true });

  let parsed: z.infer<typeof webhookEventSchema>;
  try {
    parsed = webhookEventSchema.parse(JSON.parse(body));
  } catch {
    return errorResponse(400, 'INVALID_EVENT', 'The webhook body is not a Razorpay event.');
  }
  const entity = parsed.payload.payment?.entity;
  if (entity?.order_id && !RAZORPAY_ORDER_ID.test(entity.order_id)) {
    return ignoredEvent('its Razorpay order id', entity.order_id, parsed.event);
  }
  if (entity && !RAZORPAY_PAYMENT_ID.test(entity.id)) return ignoredEvent('its payment id', entity.id, parsed.event);
  const refund = parsed.event.startsWith('refund.') ? readRefundEvent(body) : undefined;
  let outcome = 'ignored';
  if (refund) outcome = await settleRefund(deps, refund);
  else if (PAYMENT_EVENTS.has(parsed.event) && entity) outcome = await settle(deps, gateway, parsed.event, entity);
  // Remembered only once handled: a failure above makes Razorpay retry, and the retry is welcome.
  if (input.eventId) await deps.log.rememberEvent(input.eventId);
  return Response.json({ ok: true, event: parsed.event, outcome });
}

/**
 * A signed event with an id that can be no key of ours: no order was ever stored under it, so no
 * retry of it could ever be handled. It is answered 200 and ignored, not refused: Razorpay sends
 * an event again for 24 hours on any other answer, then switches the webhook off until someone
 * turns it on again in its Dashboard (razorpay.com/docs/webhooks/best-practices), which would cost
 * the shop the events that matter. Nothing is lost by it: the browser's callback and the
 * reconciler's sweep (reconcile.ts) ask Razorpay about a payment or a refund themselves. Logged as
 * an error: only Razorpay, or someone holding our webhook secret, can sign one.
 */
function ignoredEvent(what: string, id: string, event?: string): Response {
  const shown = JSON.stringify(id.slice(0, 80));
  console.error(`razorpay-webhook: ignored ${event ?? 'an event'}: ${what} ${shown} cannot be a storage key`);
  return Response.json({ ok: true, ...(event ? { event } : {}), outcome: `ignored: ${what} is not a Razorpay id` });
}

/** `refund.processed` / `refund.failed` (and `refund.created`): the refund's state on its order. */
async function settleRefund(deps: OrderDeps, reading: RefundEventReading): Promise<string> {
  // The receipt is the shop's idempotency key, `<orderId>-<purpose>-<n>`: the order it names, or the payment's.
  const byReceipt = reading.refund.receipt?.match(/^(OUO_\d{13})-/)?.[1];
  const order = byReceipt
    ? await deps.log.get(byReceipt)
    : reading.razorpayOrderId
      ? await deps.log.getByRazorpayOrder(reading.razorpayOrderId)
      : undefined;
  if (!order) return 'unknown order';
  return recordRefund(deps, order.orderId, reading.refund);
}

async function settle(
  deps: OrderDeps,
  gateway: PaymentGateway,
  event: string,
  entity: z.infer<typeof paymentEntity>,
): Promise<string> {
  const order = entity.order_id ? await deps.log.getByRazorpayOrder(entity.order_id) : undefined;
  if (!order?.razorpay) return 'unknown order';
  const verdict = await judgePayment(gateway, order.razorpay, toGatewayPayment(entity));
  if (verdict.kind === 'confirming') await noteConfirming(deps, order.orderId, entity.id, verdict.reason);
  if (verdict.kind !== 'money') {
    if (verdict.kind === 'not-money' && verdict.mismatch) {
      console.error(`razorpay-webhook: ${event} for ${order.orderId} refused: ${verdict.reason}`);
    }
    return `${verdict.kind}: ${verdict.reason}`;
  }
  const result = await completePaidOrder(deps, { orderId: order.orderId, money: verdict, via: 'webhook' });
  return result.ok ? result.body.status : result.code;
}
