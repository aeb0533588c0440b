/**
 * One client for payments. With Razorpay keys set it is Razorpay (orders API through the SDK);
 * without them, outside production, a local test gateway with the same contract — order ids,
 * payment ids and a real HMAC signature made with a local test secret — so the same verification
 * path runs in development and tests. Production without keys has no gateway at all.
 */
import { randomBytes } from 'node:crypto';
import type { JsonStore } from './blobs.ts';
import { isProduction, razorpayConfigured, type ServerEnv } from './env.ts';
import { paymentSignature } from './signature.ts';

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

export const LOCAL_KEY_ID = 'rzp_local_test';
/** Not a secret: it signs test payments of the local gateway, which production refuses. */
export const LOCAL_KEY_SECRET = 'local-test-secret-not-for-production';

export class PaymentsNotConfiguredError extends Error {
  override name = 'PaymentsNotConfiguredError';
}

export function createGateway(env: ServerEnv, localStore: () => JsonStore): PaymentGateway {
  if (razorpayConfigured(env) && env.RAZORPAY_KEY_ID && env.RAZORPAY_KEY_SECRET) {
    return razorpayGateway(env.RAZORPAY_KEY_ID, env.RAZORPAY_KEY_SECRET, env.RAZORPAY_WEBHOOK_SECRET);
  }
  if (isProduction(env)) {
    throw new PaymentsNotConfiguredError('Online payments are not configured (RAZORPAY_KEY_ID, RAZORPAY_KEY_SECRET).');
  }
  return localGateway(localStore());
}

type RazorpayOrderEntity = { id: string; amount: number | string; currency: string; receipt?: string; status: string };

function toGatewayOrder(entity: RazorpayOrderEntity): GatewayOrder {
  return {
    id: entity.id,
    amountPaise: Number(entity.amount),
    currency: 'INR',
    receipt: entity.receipt ?? '',
    status: entity.status === 'paid' ? 'paid' : entity.status === 'attempted' ? 'attempted' : 'created',
  };
}

const RAZORPAY_API = 'https://api.razorpay.com/v1';

/**
 * Razorpay's Orders API over fetch. (The `razorpay` SDK pulls in axios, whose dependency chain
 * breaks Netlify's function packaging on Node 20; three REST calls do not need it.)
 */
function razorpayGateway(
  keyId: string,
  keySecret: string,
  webhookSecret?: string,
  fetchImpl: typeof fetch = fetch,
): PaymentGateway {
  const authorization = `Basic ${Buffer.from(`${keyId}:${keySecret}`).toString('base64')}`;
  const request = async (path: string, init: RequestInit = {}) => {
    const response = await fetchImpl(`${RAZORPAY_API}${path}`, {
      ...init,
      headers: { authorization, 'content-type': 'application/json', ...init.headers },
      signal: AbortSignal.timeout(10_000),
    });
    const body: unknown = await response.json().catch(() => undefined);
    if (!response.ok) {
      const description = (body as { error?: { description?: string } } | undefined)?.error?.description;
      throw new Error(`Razorpay ${path} answered ${response.status}${description ? `: ${description}` : ''}`);
    }
    return body;
  };
  return {
    kind: 'razorpay',
    keyId,
    keySecret,
    webhookSecret,
    async createOrder({ amountPaise, receipt, notes }) {
      const order = await request('/orders', {
        method: 'POST',
        body: JSON.stringify({ amount: amountPaise, currency: 'INR', receipt, notes }),
      });
      return toGatewayOrder(order as RazorpayOrderEntity);
    },
    async fetchOrder(id) {
      try {
        return toGatewayOrder((await request(`/orders/${encodeURIComponent(id)}`)) as RazorpayOrderEntity);
      } catch (error) {
        console.warn(`razorpay: order ${id} could not be fetched`, error);
        return undefined;
      }
    },
    async capturedPaymentId(orderId) {
      const payments = (await request(`/orders/${encodeURIComponent(orderId)}/payments`)) as {
        items: { id: string; status: string }[];
      };
      return payments.items.find((payment) => payment.status === 'captured')?.id;
    },
  };
}

const localId = (prefix: string) => `${prefix}_local${randomBytes(7).toString('hex')}`;

function localGateway(store: JsonStore): PaymentGateway {
  const read = async (id: string) =>
    ((await store.getWithMetadata(`gateway-order-${id}`, { type: 'json' }))?.data as
      | (GatewayOrder & { paymentId?: string })
      | undefined) ?? undefined;
  return {
    kind: 'local',
    keyId: LOCAL_KEY_ID,
    keySecret: LOCAL_KEY_SECRET,
    webhookSecret: undefined,
    async createOrder({ amountPaise, receipt }) {
      const order: GatewayOrder = { id: localId('order'), amountPaise, currency: 'INR', receipt, status: 'created' };
      await store.setJSON(`gateway-order-${order.id}`, order, { onlyIfNew: true });
      return order;
    },
    async fetchOrder(id) {
      const order = await read(id);
      return (
        order && {
          id: order.id,
          amountPaise: order.amountPaise,
          currency: 'INR',
          receipt: order.receipt,
          status: order.status,
        }
      );
    },
    async capturedPaymentId(orderId) {
      return (await read(orderId))?.paymentId;
    },
  };
}

export type LocalPaymentResult =
  | { razorpay_order_id: string; razorpay_payment_id: string; razorpay_signature: string }
  | { error: { code: string; description: string } };

/** What the local test dialog's Pay and Fail buttons do: the gateway's side of a payment. */
export async function payLocally(
  store: JsonStore,
  razorpayOrderId: string,
  outcome: 'success' | 'failure',
): Promise<LocalPaymentResult | undefined> {
  const entry = await store.getWithMetadata(`gateway-order-${razorpayOrderId}`, { type: 'json' });
  const order = entry?.data as (GatewayOrder & { paymentId?: string }) | undefined;
  if (!order || !entry?.etag) return undefined;
  if (outcome === 'failure') {
    await store.setJSON(`gateway-order-${order.id}`, { ...order, status: 'attempted' }, { onlyIfMatch: entry.etag });
    return { error: { code: 'BAD_REQUEST_ERROR', description: 'Your bank declined this test payment' } };
  }
  const paymentId = order.paymentId ?? localId('pay');
  await store.setJSON(
    `gateway-order-${order.id}`,
    { ...order, status: 'paid', paymentId },
    { onlyIfMatch: entry.etag },
  );
  return {
    razorpay_order_id: order.id,
    razorpay_payment_id: paymentId,
    razorpay_signature: paymentSignature(order.id, paymentId, LOCAL_KEY_SECRET),
  };
}
