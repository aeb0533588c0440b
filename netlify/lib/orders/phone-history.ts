/**
 * Each phone's orders and what became of them, for the COD rules (src/shop/cod-rules.ts,
 * docs/shop-rules.md §10 rule 17): Netlify Blobs, store `cod-history`, one record per phone under
 * `phone-<sha256 of its 10 digits>`, so no key shows a phone. (A hash of ten digits can be
 * reversed by trying them all; the key keeps the number out of listings and logs, not from
 * someone holding the store, which holds the orders themselves anyway.)
 *
 * An order is entered when it is placed (COD) or paid (prepaid), its outcome when its parcel is
 * delivered or comes back, or it is cancelled. Every write is idempotent and conditional
 * (create-only, then compare-and-swap on the ETag, as the order log does), so the same order
 * entered twice is one entry and two writes at once lose nothing. The history never blocks an
 * order: a history that cannot be read is decided on as empty, a write that fails is logged.
 */
import { createHash } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import type { PhoneOrder, PhoneOrderOutcome } from '#shop/cod-rules.ts';
import { indianMobile } from '#shop/phone.ts';
import type { JsonStore } from '../platform/blobs.ts';
import type { StoredOrder } from './order-record.ts';
import type { OrderDeps } from './types.ts';

export const PHONE_HISTORY_STORE = 'cod-history';

/** Enough for the rules (a day's orders, the returns, one delivery), and a bounded record. */
export const KEPT_ORDERS = 100;
const WRITE_ATTEMPTS = 16;

/** The phone as its 10 digits, however it was written (an order placed before phones were stored so). */
const KEY = (phone: string) =>
  `phone-${createHash('sha256')
    .update(indianMobile(phone) ?? phone)
    .digest('hex')}`;

interface PhoneRecord {
  orders: PhoneOrder[];
}

/** The phone's orders and the writes to them: the real store, or none where it is switched off. */
export interface PhoneHistory {
  /** The phone's orders, oldest first; undefined where no history is kept (COD_PHONE_HISTORY=off). */
  orders(phone: string): Promise<PhoneOrder[] | undefined>;
  /** Enters an order, or the outcome of one already entered; the same entry twice changes nothing. */
  record(phone: string, entry: PhoneOrder): Promise<void>;
}

/**
 * The entry merged in, or undefined when the record already says it. An order's first outcome
 * stays: a parcel sent again after a return does not undo the return's two shipping legs.
 */
function merged(orders: readonly PhoneOrder[], entry: PhoneOrder): PhoneOrder[] | undefined {
  const index = orders.findIndex((known) => known.orderId === entry.orderId);
  if (index < 0) return [...orders, entry].slice(-KEPT_ORDERS);
  const known = orders[index] as PhoneOrder;
  if (known.outcome || !entry.outcome) return undefined;
  return orders.map((order, at) => (at === index ? { ...known, outcome: entry.outcome } : order));
}

export function phoneHistory(store: JsonStore): PhoneHistory {
  return {
    async orders(phone) {
      const entry = await store.getWithMetadata(KEY(phone), { type: 'json' });
      return (entry?.data as PhoneRecord | undefined)?.orders ?? [];
    },

    async record(phone, entry) {
      for (let attempt = 0; attempt < WRITE_ATTEMPTS; attempt += 1) {
        // Lost races back off a little, at random, so writers that collide stop colliding.
        if (attempt > 0) await sleep(Math.random() * 10 * attempt);
        const current = await store.getWithMetadata(KEY(phone), { type: 'json' });
        const orders = merged((current?.data as PhoneRecord | undefined)?.orders ?? [], entry);
        if (!orders) return;
        const written = current?.etag
          ? await store.setJSON(KEY(phone), { orders }, { onlyIfMatch: current.etag })
          : await store.setJSON(KEY(phone), { orders }, { onlyIfNew: true });
        if (written.modified) return;
      }
      throw new Error(`the history of a phone kept changing under us (order ${entry.orderId})`);
    },
  };
}

/** Where no history is kept (COD_PHONE_HISTORY=off, for tests and the bench): nothing read or written. */
export const NO_PHONE_HISTORY: PhoneHistory = {
  orders: async () => undefined,
  record: async () => undefined,
};

/** The phone's earlier orders for the rules, this order's own left out; empty (and logged) when unreadable. */
export async function earlierOrders(
  deps: Pick<OrderDeps, 'codHistory'>,
  phone: string,
  orderId: string,
): Promise<PhoneOrder[] | undefined> {
  try {
    return (await deps.codHistory.orders(phone))?.filter((order) => order.orderId !== orderId);
  } catch (error) {
    console.warn(`cod history: unreadable, deciding with none (order ${orderId}): ${(error as Error).message}`);
    return [];
  }
}

/**
 * Enters an order in its phone's history (when placed or paid), or its outcome; a failure is
 * logged and changes nothing else: the order goes on.
 */
export async function notePhoneOrder(
  deps: Pick<OrderDeps, 'codHistory'>,
  order: Pick<StoredOrder, 'orderId' | 'createdAt' | 'mode' | 'totals' | 'customer' | 'razorpay'>,
  outcome?: PhoneOrderOutcome,
): Promise<void> {
  const entry: PhoneOrder = {
    orderId: order.orderId,
    at: order.razorpay?.paidAt ?? order.createdAt,
    total: order.totals.total,
    mode: order.mode,
    ...(outcome ? { outcome } : {}),
  };
  try {
    await deps.codHistory.record(order.customer.phone, entry);
  } catch (error) {
    console.warn(`cod history: order ${order.orderId} not entered: ${(error as Error).message}`);
  }
}
