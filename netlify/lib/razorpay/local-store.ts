/** The local test gateway's records in its Blobs store (local-gateway.ts, local-refunds.ts). */
import { randomBytes } from 'node:crypto';
import type { JsonStore } from '../platform/blobs.ts';

/** A made-up Razorpay-shaped id (`pay_local…`, `rfnd_local…`): letters and digits after the prefix. */
export const localId = (prefix: string) => `${prefix}_local${randomBytes(7).toString('hex')}`;
export const PAYMENT_KEY = (id: string) => `gateway-payment-${id}`;

export async function read<T>(store: JsonStore, key: string): Promise<T | undefined> {
  return ((await store.getWithMetadata(key, { type: 'json' }))?.data as T | undefined) ?? undefined;
}
