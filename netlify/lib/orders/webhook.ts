/**
 * Razorpay's webhook: a signed `order.paid` or `payment.captured` completes the order through the
 * same path as the browser's callback. Replays and out-of-order events change nothing.
 */
import { z } from 'zod';
import { errorResponse } from '../platform/http.ts';
import { isWellFormedSignature, verifyWebhookSignature } from '../razorpay/signature.ts';
import { completePaidOrder } from './pay.ts';
import type { OrderDeps } from './types.ts';

const paymentEntity = z.object({ id: z.string(), order_id: z.string(), amount: z.number().int() });
const webhookEventSchema = z.object({
  event: z.string(),
  payload: z
    .object({
      payment: z.object({ entity: paymentEntity }).optional(),
      order: z.object({ entity: z.object({ id: z.string(), amount_paid: z.number().int().optional() }) }).optional(),
    })
    .default({}),
});

const COMPLETING_EVENTS = new Set(['order.paid', 'payment.captured']);

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
  const secret = deps.gateway().webhookSecret;
  if (!secret) return errorResponse(503, 'WEBHOOK_NOT_CONFIGURED', 'RAZORPAY_WEBHOOK_SECRET is not set.');
  const body = decodeWebhookBody(input.rawBody);
  if (!isWellFormedSignature(input.signature) || !verifyWebhookSignature(body, input.signature, secret)) {
    return errorResponse(400, 'INVALID_SIGNATURE', 'The webhook signature does not match.');
  }
  if (input.eventId && (await deps.log.hasEvent(input.eventId))) return Response.json({ ok: true, duplicate: true });

  let parsed: z.infer<typeof webhookEventSchema>;
  try {
    parsed = webhookEventSchema.parse(JSON.parse(body));
  } catch {
    return errorResponse(400, 'INVALID_EVENT', 'The webhook body is not a Razorpay event.');
  }
  const payment = parsed.payload.payment?.entity;
  let outcome = 'ignored';
  if (COMPLETING_EVENTS.has(parsed.event) && payment) {
    const order = await deps.log.getByRazorpayOrder(payment.order_id);
    if (order) {
      const result = await completePaidOrder(deps, {
        orderId: order.orderId,
        paymentId: payment.id,
        amountPaise: payment.amount,
        via: 'webhook',
      });
      outcome = result.ok ? result.body.status : result.code;
      if (!result.ok)
        console.error(`razorpay-webhook: ${parsed.event} for ${order.orderId} refused: ${result.message}`);
    } else {
      outcome = 'unknown order';
    }
  }
  // Remembered only once handled: a failure above makes Razorpay retry, and the retry is welcome.
  if (input.eventId) await deps.log.rememberEvent(input.eventId);
  return Response.json({ ok: true, event: parsed.event, outcome });
}
