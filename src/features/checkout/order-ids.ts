import { createOrderId } from '../../shop/order/index.ts';

const LAST_ORDER_ID_KEY = 'lastOrderId';

/** A fresh order id that this browser has never used, even twice within one millisecond. */
export function nextOrderId(storage: Storage | undefined, now = Date.now()): string {
  let last: string | undefined;
  try {
    last = storage?.getItem(LAST_ORDER_ID_KEY) ?? undefined;
  } catch {
    last = undefined;
  }
  const id = createOrderId(now, last);
  try {
    storage?.setItem(LAST_ORDER_ID_KEY, id);
  } catch {
    // Storage blocked: the timestamp alone still makes a new id.
  }
  return id;
}
