/**
 * Cash-on-delivery orders that could not reach the server (offline, timeout, server error) wait
 * here, in browser storage, and are sent again — with the same order id, so the server takes each
 * once — until the server answers. The shopper is never told "placed" before then
 * (docs/shop-rules.md §10): what the server finally says is kept as a notice, shown as a toast on
 * whichever page of the shop is open next, and a refused order's lines go back into the cart.
 */
import type { CartItem } from '../../shop/cart/index.ts';
import type { CodOrderRequest } from '../../shop/schemas/index.ts';
import type { placeCodOrder } from './api.ts';

export const OUTBOX_KEY = 'orderOutbox';
export const OUTBOX_NOTICES_KEY = 'orderOutboxNotices';
/** Dispatched on the window whenever the outbox or its notices change. */
export const OUTBOX_UPDATED_EVENT = 'orderOutboxUpdated';

interface OutboxEntry {
  request: CodOrderRequest;
  /** The cart lines of the order, to put back in the cart if the server refuses it. */
  items: CartItem[];
  queuedAt: string;
  attempts: number;
}

export type OutboxNotice =
  | { kind: 'accepted'; orderId: string; total: number; items: CartItem[] }
  | { kind: 'refused'; orderId: string; message: string; items: CartItem[] };

function readList<T>(storage: Storage, key: string): T[] {
  try {
    const value = JSON.parse(storage.getItem(key) ?? '[]');
    return Array.isArray(value) ? (value as T[]) : [];
  } catch {
    return [];
  }
}

function writeList(storage: Storage, key: string, list: unknown[], events?: Window) {
  try {
    if (list.length === 0) storage.removeItem(key);
    else storage.setItem(key, JSON.stringify(list));
  } catch {
    // Storage blocked: nothing more we can do in this browser.
  }
  events?.dispatchEvent(new Event(OUTBOX_UPDATED_EVENT));
}

const read = (storage: Storage) => readList<OutboxEntry>(storage, OUTBOX_KEY);

/** Keeps the order for resending; the same order id queued again replaces the earlier entry. */
export function queueOrder(
  storage: Storage,
  request: CodOrderRequest,
  items: CartItem[],
  events?: Window,
  now = new Date(),
) {
  const entries = read(storage).filter((entry) => entry.request.orderId !== request.orderId);
  writeList(storage, OUTBOX_KEY, [...entries, { request, items, queuedAt: now.toISOString(), attempts: 1 }], events);
}

/** Forgets a queued order the checkout page itself got through. */
export function dequeueOrder(storage: Storage, orderId: string, events?: Window) {
  writeList(
    storage,
    OUTBOX_KEY,
    read(storage).filter((entry) => entry.request.orderId !== orderId),
    events,
  );
}

/**
 * The id of an order already waiting with exactly these lines: placing the same cart again (after
 * a reload, say) resends that order instead of making a second one.
 */
export function pendingOrderFor(storage: Storage, lines: CodOrderRequest['lines']): string | undefined {
  const key = JSON.stringify(lines);
  return read(storage).find((entry) => JSON.stringify(entry.request.lines) === key)?.request.orderId;
}

export function pendingOrders(storage: Storage): string[] {
  return read(storage).map((entry) => entry.request.orderId);
}

/** The server's answers not yet shown to the shopper; reading them clears them. */
export function takeNotices(storage: Storage): OutboxNotice[] {
  const notices = readList<OutboxNotice>(storage, OUTBOX_NOTICES_KEY);
  if (notices.length > 0) writeList(storage, OUTBOX_NOTICES_KEY, []);
  return notices;
}

let flushing: Promise<void> | undefined;

/**
 * The real sender, loaded only when an order waits: the outbox starts on every page, which need
 * not carry the checkout's calls.
 */
async function sendOrder(request: CodOrderRequest) {
  const { placeCodOrder: send } = await import('./api.ts');
  return send(request);
}

/** Sends every queued order once; keeps those that still cannot reach the server. */
export function flushOutbox(storage: Storage, send: typeof placeCodOrder = sendOrder, events?: Window): Promise<void> {
  flushing ??= (async () => {
    for (const entry of read(storage)) {
      const result = await send(entry.request);
      const remaining = read(storage).filter((other) => other.request.orderId !== entry.request.orderId);
      if (!result.ok && result.kind === 'unreachable') {
        writeList(storage, OUTBOX_KEY, [...remaining, { ...entry, attempts: entry.attempts + 1 }], events);
        continue;
      }
      // Accepted, or refused for good (e.g. out of stock): either way the shopper must hear it.
      const notice: OutboxNotice = result.ok
        ? { kind: 'accepted', orderId: result.data.orderId, total: result.data.total, items: entry.items }
        : { kind: 'refused', orderId: entry.request.orderId, message: result.message, items: entry.items };
      writeList(storage, OUTBOX_NOTICES_KEY, [...readList<OutboxNotice>(storage, OUTBOX_NOTICES_KEY), notice]);
      writeList(storage, OUTBOX_KEY, remaining, events);
    }
  })().finally(() => {
    flushing = undefined;
  });
  return flushing;
}

/** Flushes now, whenever the browser comes back online, and every minute while orders wait. */
export function startOutbox(storage: Storage, target: Window): () => void {
  const flush = () => {
    if (pendingOrders(storage).length > 0) void flushOutbox(storage, sendOrder, target);
  };
  flush();
  target.addEventListener('online', flush);
  const timer = target.setInterval(flush, 60_000);
  return () => {
    target.removeEventListener('online', flush);
    target.clearInterval(timer);
  };
}
