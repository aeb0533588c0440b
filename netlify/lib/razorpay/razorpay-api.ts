/**
 * Razorpay's REST API over fetch. (The `razorpay` SDK would bring some 30 packages into every
 * paying function for five REST calls; on Node 20 it did not even package: docs/decisions/019,
 * rechecked on Node 24 in 016.) `RAZORPAY_BASE_URL` points it at a fake upstream in contract tests.
 */
import type { z } from 'zod';
import { failure, type Outcome } from '../platform/outcome.ts';
import type {
  GatewayOrder,
  GatewayPayment,
  GatewayRefund,
  PaymentAnswer,
  PaymentGateway,
  RefundAnswer,
  RefundGateway,
} from './gateway.ts';
import { refundCollectionSchema, refundEntitySchema, refusedIdempotencyKey, toGatewayRefund } from './refunds.ts';

type OrderEntity = { id: string; amount: number | string; receipt?: string | null };
type PaymentEntity = {
  id: string;
  order_id?: string | null;
  amount: number | string;
  currency?: string;
  status: string;
  error_description?: string | null;
};

const toGatewayOrder = (entity: OrderEntity): GatewayOrder => ({
  id: entity.id,
  amountPaise: Number(entity.amount),
  currency: 'INR',
  receipt: entity.receipt ?? '',
});

/** Razorpay's payment entity (API answer or webhook payload) in the shop's words. */
export function toGatewayPayment(entity: PaymentEntity): GatewayPayment {
  return {
    id: entity.id,
    orderId: entity.order_id ?? undefined,
    amountPaise: Number(entity.amount),
    currency: entity.currency ?? '',
    status: entity.status,
    errorDescription: entity.error_description ?? undefined,
  };
}

export interface RazorpayConfig {
  keyId: string;
  keySecret: string;
  webhookSecret?: string | undefined;
  /** `https://api.razorpay.com` in production. */
  baseUrl: string;
}

export function razorpayGateway(
  { keyId, keySecret, webhookSecret, baseUrl }: RazorpayConfig,
  fetchImpl: typeof fetch = (input, init) => fetch(input, init),
): PaymentGateway & RefundGateway {
  const api = `${baseUrl.replace(/\/+$/, '')}/v1`;
  const authorization = `Basic ${Buffer.from(`${keyId}:${keySecret}`).toString('base64')}`;

  /**
   * Razorpay's answer, or why there is none: a 4xx is a refusal, anything else worth a retry — and
   * so are 409 (a refund with the same idempotency key still being processed: Razorpay documents it
   * as retryable) and 429 (too many requests). Both are `UNREACHABLE`, not a new code: for the
   * caller they mean the same as a lost answer — the outcome is not known yet, ask again with the
   * same key.
   */
  const call = async (path: string, init: RequestInit = {}): Promise<Outcome<{ body: unknown }>> => {
    let response: Response;
    try {
      response = await fetchImpl(`${api}${path}`, {
        ...init,
        headers: { authorization, 'content-type': 'application/json', ...init.headers },
        signal: AbortSignal.timeout(10_000),
      });
    } catch (error) {
      return failure('UNREACHABLE', `Razorpay ${path} could not be reached: ${(error as Error).message}`);
    }
    const body: unknown = await response.json().catch(() => undefined);
    if (response.ok && body && typeof body === 'object') return { ok: true, body };
    const description = (body as { error?: { description?: string } } | undefined)?.error?.description;
    const message = `Razorpay ${path} answered ${response.status}${description ? `: ${description}` : ''}`;
    const refused = response.status >= 400 && response.status < 500 && !RETRYABLE_4XX.has(response.status);
    return failure(refused ? 'REFUSED' : 'UNREACHABLE', message);
  };

  /** An answer read with its schema; a body that does not fit is no usable answer (`UNREACHABLE`). */
  const read = async <T extends z.ZodType>(
    schema: T,
    path: string,
    init?: RequestInit,
  ): Promise<Outcome<{ data: z.infer<T> }>> => {
    const answer = await call(path, init);
    if (!answer.ok) return answer;
    const parsed = schema.safeParse(answer.body);
    if (parsed.success) return { ok: true, data: parsed.data };
    return failure('UNREACHABLE', `Razorpay ${path} answered a body not shaped as documented.`);
  };

  const refund = async (path: string, init?: RequestInit): Promise<RefundAnswer> => {
    const answer = await read(refundEntitySchema, path, init);
    return answer.ok ? { ok: true, refund: toGatewayRefund(answer.data) } : answer;
  };

  const paymentPath = (paymentId: string) => `/payments/${encodeURIComponent(paymentId)}`;

  const payment = async (path: string, init?: RequestInit): Promise<PaymentAnswer> => {
    const answer = await call(path, init);
    return answer.ok ? { ok: true, payment: toGatewayPayment(answer.body as PaymentEntity) } : answer;
  };

  return {
    kind: 'razorpay',
    keyId,
    keySecret,
    webhookSecret,
    async createOrder({ amountPaise, receipt, notes }) {
      const answer = await call('/orders', {
        method: 'POST',
        body: JSON.stringify({ amount: amountPaise, currency: 'INR', receipt, notes }),
      });
      if (!answer.ok) throw new Error(answer.message);
      return toGatewayOrder(answer.body as OrderEntity);
    },
    fetchPayment: (paymentId) => payment(`/payments/${encodeURIComponent(paymentId)}`),
    capturePayment: (paymentId, amountPaise) =>
      payment(`/payments/${encodeURIComponent(paymentId)}/capture`, {
        method: 'POST',
        body: JSON.stringify({ amount: amountPaise, currency: 'INR' }),
      }),
    async orderPayments(razorpayOrderId) {
      const answer = await call(`/orders/${encodeURIComponent(razorpayOrderId)}/payments`);
      if (!answer.ok) return answer;
      const items = (answer.body as { items?: PaymentEntity[] }).items ?? [];
      return { ok: true, payments: items.map(toGatewayPayment) };
    },
    async refundPayment({ paymentId, amountPaise, receipt, notes, idempotencyKey }) {
      const badKey = refusedIdempotencyKey(idempotencyKey);
      if (badKey) return badKey;
      return refund(`${paymentPath(paymentId)}/refund`, {
        method: 'POST',
        headers: { 'x-refund-idempotency': idempotencyKey },
        body: JSON.stringify({ amount: amountPaise, speed: 'normal', receipt, notes }),
      });
    },
    fetchRefund: (paymentId, refundId) => refund(`${paymentPath(paymentId)}/refunds/${encodeURIComponent(refundId)}`),
    async paymentRefunds(paymentId) {
      // Razorpay answers the last 10 unless asked for more (at most 100 a page).
      const refunds: GatewayRefund[] = [];
      for (let skip = 0; ; skip += REFUNDS_PAGE) {
        const page = await read(
          refundCollectionSchema,
          `${paymentPath(paymentId)}/refunds?count=${REFUNDS_PAGE}&skip=${skip}`,
        );
        if (!page.ok) return page;
        refunds.push(...page.data.items.map(toGatewayRefund));
        if (page.data.items.length < REFUNDS_PAGE) break;
      }
      return { ok: true, refunds: refunds.sort((a, b) => a.createdAt - b.createdAt) };
    },
  };
}

const RETRYABLE_4XX = new Set([409, 429]);
const REFUNDS_PAGE = 100;
