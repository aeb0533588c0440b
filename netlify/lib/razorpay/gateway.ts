/**
 * One client for payments. With Razorpay keys set it is Razorpay (its REST API over fetch,
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

/**
 * The gateway to use here, or `NOT_CONFIGURED` with the reason (for the log) when online payment
 * cannot be offered: each caller answers that its own way (an order: 503 `PAYMENTS_UNAVAILABLE`,
 * and the shopper is told to choose COD).
 */
export type GatewayChoice = { ok: true; gateway: PaymentGateway } | (Failure & { code: 'NOT_CONFIGURED' });

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
  const gateway = localGateway(localStore(), LOCAL_KEY_ID, localGatewaySecret(env.LOCAL_GATEWAY_SECRET_FILE));
  return { ok: true, gateway };
}
