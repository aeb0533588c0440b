/**
 * One client for payments. With Razorpay keys set it is Razorpay (its Orders API over fetch, razorpay-api.ts);
 * without them, outside production, a local test gateway with the same contract — order ids,
 * payment ids and a real HMAC signature made with a local test secret — so the same verification
 * path runs in development and tests. Production without keys has no gateway at all.
 */
import type { JsonStore } from '../platform/blobs.ts';
import { isProduction, razorpayConfigured, type ServerEnv } from '../platform/env.ts';
import { LOCAL_KEY_ID, LOCAL_KEY_SECRET, localGateway } from './local-gateway.ts';
import { razorpayGateway } from './razorpay-api.ts';

export interface GatewayOrder {
  id: string;
  amountPaise: number;
  currency: 'INR';
  receipt: string;
  status: 'created' | 'attempted' | 'paid';
}

export interface PaymentGateway {
  kind: 'razorpay' | 'local';
  keyId: string;
  keySecret: string;
  webhookSecret?: string | undefined;
  createOrder(input: { amountPaise: number; receipt: string; notes: Record<string, string> }): Promise<GatewayOrder>;
  fetchOrder(id: string): Promise<GatewayOrder | undefined>;
  /** The captured payment of a paid order, for the reconciler. */
  capturedPaymentId(orderId: string): Promise<string | undefined>;
}

/** Online payment cannot be offered here: the handler answers 503 and the shopper is told to choose COD. */
export class PaymentsNotConfiguredError extends Error {
  override name = 'PaymentsNotConfiguredError';
  readonly code = 'NOT_CONFIGURED';
}

export function createGateway(env: ServerEnv, localStore: () => JsonStore): PaymentGateway {
  if (razorpayConfigured(env) && env.RAZORPAY_KEY_ID && env.RAZORPAY_KEY_SECRET) {
    return razorpayGateway({
      keyId: env.RAZORPAY_KEY_ID,
      keySecret: env.RAZORPAY_KEY_SECRET,
      webhookSecret: env.RAZORPAY_WEBHOOK_SECRET,
      baseUrl: env.RAZORPAY_BASE_URL,
    });
  }
  if (isProduction(env)) {
    throw new PaymentsNotConfiguredError('Online payments are not configured (RAZORPAY_KEY_ID, RAZORPAY_KEY_SECRET).');
  }
  return localGateway(localStore(), LOCAL_KEY_ID, LOCAL_KEY_SECRET);
}
