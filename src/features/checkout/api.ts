/** The checkout's calls to our own functions; every response is parsed, never cast. */
import type { z } from 'zod';
import {
  type CodOrderRequest,
  type CreatePaymentOrderRequest,
  createPaymentOrderResponseSchema,
  errorEnvelopeSchema,
  localGatewayPayResponseSchema,
  orderResponseSchema,
  type PrepaidOrderRequest,
  type ShippingQuoteRequest,
  shippingQuoteResponseSchema,
  type VerifyPaymentRequest,
  verifyPaymentResponseSchema,
} from '../../shop/schemas.ts';

export type ApiResult<T> =
  | { ok: true; data: T }
  /** The server answered and refused: its message is meant for the shopper. */
  | { ok: false; kind: 'refused'; status: number; code: string; message: string }
  /** No usable answer: network down, timeout, 5xx, or a body we cannot read. */
  | { ok: false; kind: 'unreachable'; message: string };

async function call<T extends z.ZodType>(
  path: string,
  body: unknown,
  schema: T,
  timeoutMs = 20_000,
): Promise<ApiResult<z.output<T>>> {
  let response: Response;
  try {
    response = await fetch(path, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(timeoutMs),
    });
  } catch (error) {
    return { ok: false, kind: 'unreachable', message: (error as Error).message };
  }
  const json: unknown = await response.json().catch(() => undefined);
  if (response.ok) {
    const parsed = schema.safeParse(json);
    return parsed.success
      ? { ok: true, data: parsed.data }
      : { ok: false, kind: 'unreachable', message: `Unexpected answer from ${path}` };
  }
  const envelope = errorEnvelopeSchema.safeParse(json);
  if (response.status < 500 && envelope.success) {
    return {
      ok: false,
      kind: 'refused',
      status: response.status,
      code: envelope.data.error.code,
      message: envelope.data.error.message,
    };
  }
  return { ok: false, kind: 'unreachable', message: `${path} answered ${response.status}` };
}

export const quoteShipping = (request: ShippingQuoteRequest) =>
  call('/api/delhivery/calculate-shipping', request, shippingQuoteResponseSchema, 10_000);

export const placeCodOrder = (request: CodOrderRequest) =>
  call('/api/checkout/process-cod', request, orderResponseSchema);

export const createPaymentOrder = (request: CreatePaymentOrderRequest) =>
  call('/api/razorpay/create-order', request, createPaymentOrderResponseSchema);

export const verifyPayment = (request: VerifyPaymentRequest) =>
  call('/api/razorpay/verify-payment', request, verifyPaymentResponseSchema);

export const completePrepaidOrder = (request: PrepaidOrderRequest) =>
  call('/api/checkout/process-prepaid', request, orderResponseSchema);

export const payWithLocalGateway = (razorpayOrderId: string, outcome: 'success' | 'failure') =>
  call('/api/local-gateway/pay', { razorpay_order_id: razorpayOrderId, outcome }, localGatewayPayResponseSchema);
