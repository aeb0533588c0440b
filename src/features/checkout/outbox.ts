/**
 * Cash-on-delivery orders whose request failed (offline, timeout, server error) wait here, in
 * browser storage, and are sent again — with the same order id, so the server takes each once —
 * until the server has them. The shopper's order is never lost to a failed request.
 */
import type { CodOrderRequest } from '../../shop/schemas.ts';
import type { placeCodOrder } from './api.ts';

export const OUTBOX_KEY = 'orderOutbox';

interface OutboxEntry {
  request: CodOrderRequest;
  queuedAt: string;
  attempts: number;
}

function read(storage: Storage): OutboxEntry[] {
  try {
    const value = JSON.parse(storage.getItem(OUTBOX_KEY) ?? '[]');
    return Array.isArray(value) ? (value as OutboxEntry[]) : [];
  } catch {
    return [];
  }
}

function write(storage: Storage, entries: OutboxEntry[]) {
  try {
    if (entries.length === 0) storage.removeItem(OUTBOX_KEY);
    else storage.setItem(OUTBOX_KEY, JSON.stringify(entries));
  } catch {
    // Storage blocked: nothing more we can do in this browser.
  }
}

export function queueOrder(storage: Storage, request: CodOrderRequest, now = new Date()) {
  const entries = read(storage).filter((entry) => entry.request.orderId !== request.orderId);
  write(storage, [...entries, { request, queuedAt: now.toISOString(), attempts: 1 }]);
}

export function pendingOrders(storage: Storage): string[] {
  return read(storage).map((entry) => entry.request.orderId);
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
export function flushOutbox(storage: Storage, send: typeof placeCodOrder = sendOrder): Promise<void> {
  flushing ??= (async () => {
    for (const entry of read(storage)) {
      const result = await send(entry.request);
      const remaining = read(storage).filter((other) => other.request.orderId !== entry.request.orderId);
      if (result.ok || result.kind === 'refused') {
        // Accepted, or refused for good (e.g. prices changed): either way, resending cannot help.
        if (!result.ok) console.warn(`Queued order ${entry.request.orderId} was refused: ${result.message}`);
        write(storage, remaining);
      } else {
        write(storage, [...remaining, { ...entry, attempts: entry.attempts + 1 }]);
      }
    }
  })().finally(() => {
    flushing = undefined;
  });
  return flushing;
}

/** Flushes now, whenever the browser comes back online, and every minute while orders wait. */
export function startOutbox(storage: Storage, target: Window): () => void {
  const flush = () => {
    if (pendingOrders(storage).length > 0) void flushOutbox(storage);
  };
  flush();
  target.addEventListener('online', flush);
  const timer = target.setInterval(flush, 60_000);
  return () => {
    target.removeEventListener('online', flush);
    target.clearInterval(timer);
  };
}
