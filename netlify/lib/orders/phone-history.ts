/**
 * Each phone's orders and what became of them, for the COD rules (src/shop/cod/cod-rules.ts,
 * docs/shop-rules.md §10 rule 17): the `phone_orders` table, one row per phone and order, the phone
 * as its 10 digits.
 *
 * An order is entered when it is placed (COD) or paid (prepaid), its outcome when its parcel is
 * delivered or comes back, or it is cancelled. Every write is one idempotent statement: the same
 * order entered twice is one row, an order's first outcome stays (a parcel sent again after a return
 * does not undo the return's two shipping legs), and two writes at once lose nothing. The history
 * never blocks an order: a history that cannot be read is decided on as empty, a write that fails
 * is logged.
 */
import type { PhoneOrder, PhoneOrderOutcome } from '#shop/cod/index.ts';
import type { StoredOrder } from '#shop/order/index.ts';
import { indianMobile } from '#shop/phone.ts';
import type { Queries } from '../platform/database.ts';
import type { OrderDeps } from './types.ts';

/** Enough for the rules (a day's orders, the returns, one delivery), and a bounded read. */
export const KEPT_ORDERS = 100;

/** The phone as its 10 digits, however it was written (an order placed before phones were stored so). */
const digits = (phone: string) => indianMobile(phone) ?? phone;

/** The phone's orders and the writes to them: the real store, or none where it is switched off. */
export interface PhoneHistory {
  /** The phone's orders, oldest first; undefined where no history is kept (COD_PHONE_HISTORY=off). */
  orders(phone: string): Promise<PhoneOrder[] | undefined>;
  /** Enters an order, or the outcome of one already entered; the same entry twice changes nothing. */
  record(phone: string, entry: PhoneOrder): Promise<void>;
}

interface Row {
  order_id: string;
  at: Date;
  total: string;
  mode: PhoneOrder['mode'];
  outcome: PhoneOrder['outcome'] | null;
}

export function phoneHistory(db: Queries): PhoneHistory {
  return {
    async orders(phone) {
      const rows = await db.query<Row>(
        `select * from (select id, order_id, at, total, mode, outcome from phone_orders where phone = $1
           order by id desc limit ${KEPT_ORDERS}) newest order by id`,
        [digits(phone)],
      );
      return rows.map((row) => ({
        orderId: row.order_id,
        at: row.at.toISOString(),
        total: Number(row.total),
        mode: row.mode,
        ...(row.outcome ? { outcome: row.outcome } : {}),
      }));
    },

    async record(phone, entry) {
      await db.query(
        `insert into phone_orders (phone, order_id, at, total, mode, outcome) values ($1, $2, $3, $4, $5, $6)
         on conflict (phone, order_id) do update set outcome = excluded.outcome
         where phone_orders.outcome is null and excluded.outcome is not null`,
        [digits(phone), entry.orderId, entry.at, entry.total, entry.mode, entry.outcome ?? null],
      );
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
