/**
 * One client for payments and their refunds. With Razorpay keys set it is Razorpay (its REST API over fetch,
 * razorpay-api.ts); without them, outside production, a local test gateway with the same contract
 * — order ids, payment ids, payment statuses and a real HMAC signature made with a secret generated
 * on this machine — so the same verification path runs in development and tests. Production
 * without keys has no gateway at all.
 */
import type { JsonStore } from '../platform/blobs.ts';
import { localGatewayAllowed, paymentsOffReason, razorpayConfigured, type ServerEnv } from '../platform/env.ts';
import type { Failure, Outcome } from '../platform/outcome.ts';
import { LOCAL_KEY_ID, localGateway, localGatewaySecret } from './local-gateway.ts';
import { razorpayGateway } from './razorpay-api.ts';

export interface GatewayOrder {
  id: string;
  amountPaise: number;
  currency: 'INR';
  receipt: string;
}

/**
 * A payment as Razorpay reports it (`GET /v1/payments/:id`). Only `captured` is money in the
 * account; `authorized` becomes money once captured; `failed` and `refunded` never are.
 */
export interface GatewayPayment {
  id: string;
  /** The Razorpay order it pays; undefined for a payment made without an order. */
  orderId: string | undefined;
  amountPaise: number;
  currency: string;
  status: string;
  /** Razorpay's reason for a failed payment, when it gives one. */
  errorDescription?: string | undefined;
}

export type PaymentAnswer = Outcome<{ payment: GatewayPayment }>;

export interface PaymentGateway {
  kind: 'razorpay' | 'local';
  keyId: string;
  keySecret: string;
  webhookSecret?: string | undefined;
  /** Throws when the order cannot be created: the shopper is told to try again, nothing was charged. */
  createOrder(input: { amountPaise: number; receipt: string; notes: Record<string, string> }): Promise<GatewayOrder>;
  fetchPayment(paymentId: string): Promise<PaymentAnswer>;
  /** Moves an `authorized` payment to `captured`, for exactly the order's amount. */
  capturePayment(paymentId: string, amountPaise: number): Promise<PaymentAnswer>;
  /** Every payment attempted on a Razorpay order, for the reconciler. */
  orderPayments(razorpayOrderId: string): Promise<Outcome<{ payments: GatewayPayment[] }>>;
}

export type RefundStatus = 'pending' | 'processed' | 'failed';

/**
 * A refund as Razorpay reports it (the refund entity, `rfnd_…`): `pending` when made, then
 * `processed` (the money is on its way back, 5–7 working days at `normal` speed) or `failed`.
 */
export interface GatewayRefund {
  id: string;
  paymentId: string;
  amountPaise: number;
  currency: string;
  status: RefundStatus;
  /** Unix seconds. */
  createdAt: number;
  receipt?: string | undefined;
  notes: Record<string, string>;
  /** `normal` or `instant`, once Razorpay has processed it. */
  speedProcessed?: string | undefined;
  /** The bank's reference (ARN, RRN or UTR) a shopper can quote to the bank, once there is one. */
  arn?: string | undefined;
}

export interface RefundRequest {
  paymentId: string;
  /** Paise, at least 100 (Razorpay's minimum, ₹1); all refunds of a payment add up to at most what was captured. */
  amountPaise: number;
  receipt: string;
  notes: Record<string, string>;
  /**
   * `X-Refund-Idempotency`: 10 to 100 letters, digits, `-`, `_` (a bad key is refused before any
   * request). The same key with the same request returns the first refund, never a second one; the
   * same key with a different request is `REFUSED`. Derive it from what the refund is for (the order
   * and the action), so a retry after a lost answer reuses it.
   */
  idempotencyKey: string;
}

/**
 * What a refund call came to. Besides the codes' general meaning (outcome.ts):
 * - `UNREACHABLE` also when Razorpay answers 409 (a request with the same key is still being
 *   processed): the refund may exist already; retry with the same key, or look for it with
 *   `paymentRefunds`.
 * - `REFUSED` with Razorpay's description: more than is left to refund, a payment not captured, an
 *   unknown payment or refund, the same key used for a different request, or a bad key.
 */
export type RefundAnswer = Outcome<{ refund: GatewayRefund }>;

export interface RefundGateway {
  /** `POST /v1/payments/:id/refund` at `normal` speed, idempotent by `idempotencyKey`. */
  refundPayment(request: RefundRequest): Promise<RefundAnswer>;
  /** `GET /v1/payments/:paymentId/refunds/:refundId`: a pending refund asked about again. */
  fetchRefund(paymentId: string, refundId: string): Promise<RefundAnswer>;
  /**
   * `GET /v1/payments/:id/refunds`: every refund of a payment, by creation time (to the second), so
   * a refund whose answer was lost is found again — by its receipt or notes: Razorpay's refund
   * entity does not carry the idempotency key.
   */
  paymentRefunds(paymentId: string): Promise<Outcome<{ refunds: GatewayRefund[] }>>;
}

/**
 * The gateway to use here, or `NOT_CONFIGURED` with the reason (for the log) when online payment
 * cannot be offered: each caller answers that its own way (an order: 503 `PAYMENTS_UNAVAILABLE`,
 * and the shopper is told to choose COD).
 */
export type GatewayChoice =
  | { ok: true; gateway: PaymentGateway & RefundGateway }
  | (Failure & { code: 'NOT_CONFIGURED' });

export function createGateway(env: ServerEnv, localStore: () => JsonStore): GatewayChoice {
  if (razorpayConfigured(env) && env.RAZORPAY_KEY_ID && env.RAZORPAY_KEY_SECRET) {
    const gateway = razorpayGateway({
      keyId: env.RAZORPAY_KEY_ID,
      keySecret: env.RAZORPAY_KEY_SECRET,
      webhookSecret: env.RAZORPAY_WEBHOOK_SECRET,
      baseUrl: env.RAZORPAY_BASE_URL,
    });
    return { ok: true, gateway };
  }
  if (!localGatewayAllowed(env)) return { ok: false, code: 'NOT_CONFIGURED', message: paymentsOffReason(env) };
  const secret = localGatewaySecret(env.LOCAL_GATEWAY_SECRET_FILE);
  const gateway = localGateway(localStore(), LOCAL_KEY_ID, secret, {
    refundSettleMs: env.LOCAL_GATEWAY_REFUND_SECONDS * 1000,
    // As Razorpay would: each settled refund is told to this site's webhook, signed with the local secret.
    webhook:
      env.LOCAL_GATEWAY_REFUND_EVENTS === 'on'
        ? { url: new URL('/api/razorpay/webhook', env.URL).href, secret }
        : undefined,
  });
  return { ok: true, gateway };
}
