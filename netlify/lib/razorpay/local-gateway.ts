/**
 * The local test gateway: the same contract as Razorpay Checkout (order ids, payment ids, an HMAC
 * signature) with our own pay/fail dialog, so the same verification path runs in development and
 * tests. Never in production (`gateway.ts`).
 */
import { randomBytes } from 'node:crypto';
import type { JsonStore } from '../platform/blobs.ts';
import type { GatewayOrder, PaymentGateway } from './gateway.ts';
import { paymentSignature } from './signature.ts';

export const LOCAL_KEY_ID = 'rzp_local_test';
/** Not a secret: it signs test payments of the local gateway, which production refuses. */
export const LOCAL_KEY_SECRET = 'local-test-secret-not-for-production';

const localId = (prefix: string) => `${prefix}_local${randomBytes(7).toString('hex')}`;

export function localGateway(store: JsonStore, keyId: string, keySecret: string): PaymentGateway {
  const read = async (id: string) =>
    ((await store.getWithMetadata(`gateway-order-${id}`, { type: 'json' }))?.data as
      | (GatewayOrder & { paymentId?: string })
      | undefined) ?? undefined;
  return {
    kind: 'local',
    keyId,
    keySecret,
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
