/**
 * The local test gateway: the same contract as Razorpay (order ids, payment ids and statuses, an
 * HMAC signature, refunds) with our own pay/fail dialog, so the same verification path runs in
 * development and tests. Never in production (`gateway.ts`). Its key secret is generated on first use and kept
 * in a file under `.data/` (never in the code), so a copy of the repository cannot sign a payment.
 * Its refunds are in local-refunds.ts; its webhook secret is the same local secret, so the events
 * it sends about refunds are accepted here, and only where the local gateway may run.
 */
import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import type { JsonStore } from '../platform/blobs.ts';
import { failure } from '../platform/outcome.ts';
import type { GatewayOrder, GatewayPayment, PaymentGateway, RefundGateway } from './gateway.ts';
import { type LocalRefundOptions, localRefunds } from './local-refunds.ts';
import { localId, PAYMENT_KEY, read } from './local-store.ts';
import { paymentSignature } from './signature.ts';

export const LOCAL_KEY_ID = 'rzp_local_test';

/** This machine's local signing secret: read from `file`, or made at random and written there once. */
export function localGatewaySecret(file: string): string {
  try {
    return readFileSync(file, 'utf8').trim();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  const secret = randomBytes(32).toString('hex');
  mkdirSync(dirname(file), { recursive: true });
  try {
    writeFileSync(file, secret, { flag: 'wx', mode: 0o600 }); // create-only: two first uses agree
    return secret;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    return readFileSync(file, 'utf8').trim();
  }
}

type StoredGatewayOrder = GatewayOrder & { status: 'created' | 'attempted' | 'paid'; payments?: string[] };

const ORDER_KEY = (id: string) => `gateway-order-${id}`;

export function localGateway(
  store: JsonStore,
  keyId: string,
  keySecret: string,
  options: LocalRefundOptions = {},
): PaymentGateway & RefundGateway {
  const payment = async (paymentId: string) => {
    const found = await read<GatewayPayment>(store, PAYMENT_KEY(paymentId));
    return found ? { ok: true as const, payment: found } : failure('REFUSED', `No test payment ${paymentId}.`);
  };
  const refunds = localRefunds(store, options);
  return {
    ...refunds,
    kind: 'local',
    keyId,
    keySecret,
    webhookSecret: keySecret,
    async createOrder({ amountPaise, receipt }) {
      const order: StoredGatewayOrder = {
        id: localId('order'),
        amountPaise,
        currency: 'INR',
        receipt,
        status: 'created',
      };
      await store.setJSON(ORDER_KEY(order.id), order, { onlyIfNew: true });
      return { id: order.id, amountPaise, currency: 'INR', receipt };
    },
    fetchPayment: payment,
    async capturePayment(paymentId, amountPaise) {
      const found = await payment(paymentId);
      if (!found.ok) return found;
      if (found.payment.status !== 'authorized' || found.payment.amountPaise !== amountPaise) {
        return failure('REFUSED', `Test payment ${paymentId} is ${found.payment.status}; it cannot be captured.`);
      }
      const captured = { ...found.payment, status: 'captured' };
      await store.setJSON(PAYMENT_KEY(paymentId), captured);
      return { ok: true, payment: captured };
    },
    async orderPayments(razorpayOrderId) {
      const order = await read<StoredGatewayOrder>(store, ORDER_KEY(razorpayOrderId));
      const payments = await Promise.all(
        (order?.payments ?? []).map((id) => read<GatewayPayment>(store, PAYMENT_KEY(id))),
      );
      return { ok: true, payments: payments.filter((found): found is GatewayPayment => found !== undefined) };
    },
  };
}

export type LocalPaymentResult =
  | { razorpay_order_id: string; razorpay_payment_id: string; razorpay_signature: string }
  | { error: { code: string; description: string } };

/**
 * What the local test dialog's buttons do: the gateway's side of a payment. `success` is a
 * captured payment (Razorpay's auto-capture), `authorized` one still to be captured by the shop.
 */
export async function payLocally(
  store: JsonStore,
  keySecret: string,
  razorpayOrderId: string,
  outcome: 'success' | 'authorized' | 'failure',
): Promise<LocalPaymentResult | undefined> {
  if (!(await read<StoredGatewayOrder>(store, ORDER_KEY(razorpayOrderId)))) return undefined;
  const paymentId = localId('pay');
  const payment: GatewayPayment = {
    id: paymentId,
    orderId: razorpayOrderId,
    amountPaise: 0,
    currency: 'INR',
    status: outcome === 'success' ? 'captured' : outcome === 'authorized' ? 'authorized' : 'failed',
    ...(outcome === 'failure' ? { errorDescription: 'Your bank declined this test payment' } : {}),
  };
  // The order lists its payments (two tabs may pay at once: the write is retried on a lost race).
  for (let attempt = 0; attempt < 8; attempt += 1) {
    const entry = await store.getWithMetadata(ORDER_KEY(razorpayOrderId), { type: 'json' });
    const order = entry?.data as StoredGatewayOrder;
    payment.amountPaise = order.amountPaise;
    const next = {
      ...order,
      status: outcome === 'success' || order.status === 'paid' ? 'paid' : 'attempted',
      payments: [...(order.payments ?? []), paymentId],
    };
    if (entry?.etag && (await store.setJSON(ORDER_KEY(order.id), next, { onlyIfMatch: entry.etag })).modified) break;
  }
  await store.setJSON(PAYMENT_KEY(paymentId), payment, { onlyIfNew: true });
  if (outcome === 'failure') {
    return { error: { code: 'BAD_REQUEST_ERROR', description: 'Your bank declined this test payment' } };
  }
  return {
    razorpay_order_id: razorpayOrderId,
    razorpay_payment_id: paymentId,
    razorpay_signature: paymentSignature(razorpayOrderId, paymentId, keySecret),
  };
}
