/**
 * The durable order log: one record per order id in Netlify Blobs, written before any outside
 * call. Writes are conditional (create-only, or compare-and-swap on the ETag), so a double click,
 * a retry or a webhook arriving twice can never produce two orders or lose an update.
 */

import { setTimeout as sleep } from 'node:timers/promises';
import type { Customer, OrderLine, OrderRecord, OrderTotals, PricedCart } from '#shop/order.ts';
import { type NoticeEvent, type Parcel, parcelAttention, parcelClosed } from '#shop/parcel.ts';
import type { IssuedRefund } from '#shop/refunds.ts';
import type { PaymentMode } from '#shop/shipping.ts';
import type { JsonStore } from '../platform/blobs.ts';
import type { Cancellation } from './cancel.ts';
import { DECOY_KEY, decoyOrder } from './decoy.ts';

export type OrderStatus = 'pending' | 'paid' | 'forwarded' | 'expired' | 'cancelled';

export interface ForwardState {
  /**
   * `failed` is retried (after `nextAttemptAt`); `needs-attention` means retries ran out and staff
   * act by hand; `not-sent` is only in records written before the local carrier booked shipments,
   * and is what a missing email forward stands for (`forwardOf`).
   */
  status: 'pending' | 'sending' | 'done' | 'failed' | 'needs-attention' | 'not-sent';
  attempts: number;
  lastError?: string;
  at?: string;
  /** When a forward was claimed by one worker; a stale claim may be taken over. */
  claimedAt?: string;
  /** The first attempt of the current round of retries: they stop a day after it. */
  firstAttemptAt?: string;
  /** A failed forward is not tried again before this time (back-off). */
  nextAttemptAt?: string;
  waybill?: string;
  /** The Sheet: the status its rows last showed, so a change of status is written there too. */
  syncedStatus?: string;
}

export type PaidVia = 'browser' | 'webhook' | 'reconciler';

export interface StoredOrder {
  orderId: string;
  /**
   * Opens the order's own page (`/orders/{orderId}?key={key}`): 128 random bits made with the
   * order, never derived from its id. Orders recorded before it existed have none: no page.
   */
  key?: string;
  status: OrderStatus;
  mode: PaymentMode;
  fingerprint: string;
  createdAt: string;
  updatedAt: string;
  customer: Customer;
  lines: OrderLine[];
  cart: PricedCart;
  totals: OrderTotals;
  record: OrderRecord;
  razorpay?: {
    orderId: string;
    amountPaise: number;
    paymentId?: string;
    paidAt?: string;
    via?: PaidVia;
    /** A payment Razorpay has but the shop could not capture yet: the shopper is told "confirming". */
    confirming?: string;
  };
  /** A worker is creating the Razorpay order: the others wait for it instead of creating more. */
  paymentStart?: { claimedAt: string };
  /**
   * Captured payments beyond the one that paid the order (two tabs, a retry): money to give back.
   * Each keeps the order `Needs refund` for staff until they refund it in Razorpay.
   */
  refunds?: { paymentId: string; amountPaise: number; at: string; via: PaidVia }[];
  /**
   * The Sheet's rows, the carrier's booking and the shopper's confirmation email. Orders recorded
   * before the email existed have no `email`: they are never mailed (`forwardOf`).
   */
  forwards: { sheet: ForwardState; shipment: ForwardState; email?: ForwardState };
  /**
   * The parcel after booking: its states from the carrier's scans (src/shop/parcel.ts). Absent on
   * an order not booked yet, and on one booked before the shop followed parcels (read as `booked`).
   */
  parcel?: Parcel;
  /**
   * Messages to the shopper about the parcel, by channel and key (`email:shipped`,
   * `email:out-for-delivery-2`): written in the same conditional write as the change that earned
   * them, so each exists once; then claimed, sent and settled (netlify/lib/notify/notices.ts).
   */
  notices?: Record<string, NoticeState>;
  /** A cancellation asked for, and how far its steps have got (netlify/lib/orders/cancel.ts). */
  cancellation?: Cancellation;
  /**
   * Money given back through Razorpay (src/shop/refunds.ts), each under the idempotency key it was
   * asked with. Not to be confused with `refunds`: extra payments still owed back.
   */
  issuedRefunds?: IssuedRefund[];
  /** A Cash on Delivery order's cash, told by staff from the Sheet (`COD received`). */
  codReceived?: { at: string; requestId: string };
  /** Parcels sent before the current one, oldest first: returned or lost, then booked again by staff (book-again.ts). */
  earlierShipments?: EarlierShipment[];
  history: { at: string; event: string }[];
}

/** A parcel that came back or was lost, kept as it ended when staff booked the order again. */
export interface EarlierShipment {
  waybill: string;
  /** Delhivery's order reference it was booked under (`shipmentReference`). */
  reference: string;
  bookedAt: string;
  parcel?: Parcel;
}

/**
 * Delhivery's order reference for the order's current shipment: the order id, then `<id>-2`, `-3`
 * for a parcel booked again, since Delhivery keeps one shipment per order reference.
 */
export function shipmentReference(order: Pick<StoredOrder, 'orderId' | 'earlierShipments'>): string {
  const sent = order.earlierShipments?.length ?? 0;
  return sent === 0 ? order.orderId : `${order.orderId}-${sent + 1}`;
}

export interface NoticeState {
  channel: 'email';
  event: NoticeEvent | OrderEvent;
  /** `skipped`: no longer true when its turn came (the parcel had moved on); `gave-up`: retries ran out. */
  status: 'pending' | 'sending' | 'sent' | 'failed' | 'skipped' | 'gave-up';
  attempts: number;
  /** When it was earned. */
  createdAt: string;
  claimedAt?: string;
  nextAttemptAt?: string;
  at?: string;
  lastError?: string;
}

/** News about the order itself, beside the parcel's (netlify/lib/notify). */
export type OrderEvent = 'cancelled' | 'refunded';

/** A notice still to send (or being sent by a worker that may have died). */
export const noticeOpen = (state: NoticeState) =>
  state.status === 'pending' || state.status === 'sending' || state.status === 'failed';

/** Everything forwarded once per order, each claimed and settled on the order record (forward.ts). */
export const FORWARD_KINDS = ['sheet', 'shipment', 'email'] as const;
export type ForwardKind = (typeof FORWARD_KINDS)[number];

/** An order's forward of one kind; a missing one (no email on an older order) is settled: `not-sent`. */
export function forwardOf(order: Pick<StoredOrder, 'forwards'>, kind: ForwardKind): ForwardState {
  return order.forwards[kind] ?? { status: 'not-sent', attempts: 0 };
}

// Flat keys (no slashes): the local Blobs sandbox lists nested keys unreliably.
const ORDER = (orderId: string) => `order-${orderId}`;
const RAZORPAY_INDEX = (razorpayOrderId: string) => `razorpay-${razorpayOrderId}`;
/** Orders that still need something done (payment, forwarding); what the reconciler scans. */
const OPEN = (orderId: string) => `open-${orderId}`;
/** Orders the shop stopped trying to forward: staff must act; counted by /api/health. */
const ATTENTION = (orderId: string) => `attention-${orderId}`;
/** Booked parcels whose story has not ended: what the parcel sync asks the carrier about. */
const PARCEL = (orderId: string) => `parcel-${orderId}`;
/** Orders paid more than once: staff refund the extra payment; counted by /api/health. */
const REFUND = (orderId: string) => `refund-${orderId}`;
/** A marker older than this with no order beside it was left by a write that failed: removed. */
const ORPHAN_MARKER_MS = 5 * 60 * 1000;

/**
 * Something is left to do: a payment to settle, or a forward to make (a later Sheet update, or the
 * email, too: an order is `forwarded` once its Sheet rows and booking are done).
 */
const isOpen = (order: StoredOrder) =>
  Object.values(order.notices ?? {}).some(noticeOpen) ||
  (order.issuedRefunds ?? []).some(
    (refund) => !refund.manual && (refund.status === 'requested' || refund.status === 'pending'),
  ) ||
  (order.cancellation !== undefined &&
    !order.cancellation.doneAt &&
    order.cancellation.booking.status !== 'too-late') ||
  order.status === 'pending' ||
  order.status === 'paid' ||
  (order.status === 'forwarded' &&
    FORWARD_KINDS.some((kind) => ['pending', 'sending', 'failed'].includes(forwardOf(order, kind).status)));

/** A forward the shop gave up on, or a parcel that failed at the door twice or was lost (parcel.ts). */
const needsAttention = (order: StoredOrder) =>
  FORWARD_KINDS.some((kind) => forwardOf(order, kind).status === 'needs-attention') ||
  (order.parcel !== undefined && parcelAttention(order.parcel) !== undefined);

export const needsRefund = (order: Pick<StoredOrder, 'refunds'>) => (order.refunds?.length ?? 0) > 0;

/** Booked with a waybill, and the parcel's story not ended (an order booked before parcels were followed counts). */
export const parcelOpen = (order: Pick<StoredOrder, 'forwards' | 'parcel'>) =>
  order.forwards.shipment.status === 'done' &&
  Boolean(order.forwards.shipment.waybill) &&
  !parcelClosed(order.parcel?.state ?? 'booked');

/** The markers an order carries beside its record: what the reconciler and /api/health list. */
const MARKERS = [
  { key: OPEN, holds: isOpen },
  { key: ATTENTION, holds: needsAttention },
  { key: REFUND, holds: needsRefund },
  { key: PARCEL, holds: parcelOpen },
];

const RANK: Record<OrderStatus, number> = { pending: 0, expired: 0, paid: 1, forwarded: 2, cancelled: 3 };

/** Status only moves forward; expired is terminal except that proof of payment revives it. */
export function canMove(from: OrderStatus, to: OrderStatus): boolean {
  if (from === to) return false;
  if (to === 'expired') return from === 'pending';
  if (from === 'expired') return to === 'paid';
  return RANK[to] > RANK[from];
}

/**
 * Tries of one compare-and-swap update before giving up. An order is written by a handful of
 * workers at most (the browser, the webhook, the reconciler, the sync, a shopper's page); with the
 * random back-off, 16 tries outlast them all (8 without a back-off ran out under load in CI).
 */
const UPDATE_ATTEMPTS = 16;

export class OrderConflictError extends Error {
  override name = 'OrderConflictError';
}

export function createOrderLog(store: JsonStore) {
  async function get(orderId: string): Promise<StoredOrder | undefined> {
    const entry = await store.getWithMetadata(ORDER(orderId), { type: 'json' });
    return (entry?.data as StoredOrder | undefined) ?? undefined;
  }

  /** The decoy an unknown id is checked against (decoy.ts); written once, on the first miss. */
  async function decoy(): Promise<StoredOrder> {
    const entry = await store.getWithMetadata(DECOY_KEY, { type: 'json' });
    if (entry?.data) return entry.data as StoredOrder;
    const made = decoyOrder();
    await store.setJSON(DECOY_KEY, made, { onlyIfNew: true });
    return made;
  }

  async function idsUnder(prefix: string): Promise<string[]> {
    const { blobs } = await store.list({ prefix });
    return blobs.map((blob) => blob.key.slice(prefix.length));
  }

  return {
    get,

    /**
     * The order a shopper proves with its phone or key, or undefined. An unknown id and a failed
     * proof do the same work: the same two reads at once (the order's key and the decoy's, so the
     * wait is the slower of two either way) and one comparison against a stored record; neither the
     * answer nor its time tells which ids exist (docs/security.md, finding 8).
     */
    async findForShopper(orderId: string, proves: (order: StoredOrder) => boolean): Promise<StoredOrder | undefined> {
      const [order, stand] = await Promise.all([get(orderId), decoy()]);
      const proven = proves(order ?? stand);
      return order && proven ? order : undefined;
    },

    /**
     * Creates the order unless its id exists; never overwrites. Its open marker is written first,
     * so no failure between the two writes can leave an order the reconciler does not see (a
     * marker without an order is harmless and removed by `tidyMarker`).
     */
    async create(order: StoredOrder): Promise<{ created: true } | { created: false; existing: StoredOrder }> {
      await store.setJSON(OPEN(order.orderId), { since: order.createdAt }, { onlyIfNew: true });
      const result = await store.setJSON(ORDER(order.orderId), order, { onlyIfNew: true });
      if (!result.modified) {
        const existing = await get(order.orderId);
        if (existing) return { created: false, existing };
        // An unreadable leftover under this id: the order being placed now replaces it.
        await store.setJSON(ORDER(order.orderId), order);
      }
      return { created: true };
    },

    /**
     * Applies `change` to the current record and writes it only if nobody wrote in between;
     * retries on a lost race. `change` returns undefined to leave the order as it is.
     */
    async update(
      orderId: string,
      change: (order: StoredOrder) => StoredOrder | undefined,
    ): Promise<{ order: StoredOrder; changed: boolean }> {
      for (let attempt = 0; attempt < UPDATE_ATTEMPTS; attempt += 1) {
        // Lost races back off a little, at random, so writers that collide stop colliding.
        if (attempt > 0) await sleep(Math.random() * 10 * attempt);
        const entry = await store.getWithMetadata(ORDER(orderId), { type: 'json' });
        if (!entry?.etag || !entry.data) throw new OrderConflictError(`Order ${orderId} does not exist.`);
        const current = entry.data as StoredOrder;
        const next = change(structuredClone(current));
        if (!next) return { order: current, changed: false };
        // A marker an order gains is written before the order, one it loses after: a failure in
        // between leaves a marker too many (harmless), never an order nobody looks at.
        for (const marker of MARKERS) {
          if (marker.holds(next) && !marker.holds(current)) {
            await store.setJSON(marker.key(orderId), { since: next.updatedAt });
          }
        }
        const written = await store.setJSON(ORDER(orderId), next, { onlyIfMatch: entry.etag });
        if (written.modified) {
          for (const marker of MARKERS) {
            if (!marker.holds(next) && marker.holds(current)) await store.delete(marker.key(orderId));
          }
          return { order: next, changed: true };
        }
      }
      throw new OrderConflictError(`Order ${orderId} kept changing under us; try again.`);
    },

    async linkRazorpayOrder(razorpayOrderId: string, orderId: string): Promise<void> {
      await store.setJSON(RAZORPAY_INDEX(razorpayOrderId), { orderId });
    },

    async getByRazorpayOrder(razorpayOrderId: string): Promise<StoredOrder | undefined> {
      const entry = await store.getWithMetadata(RAZORPAY_INDEX(razorpayOrderId), { type: 'json' });
      const orderId = (entry?.data as { orderId?: string } | undefined)?.orderId;
      return orderId ? get(orderId) : undefined;
    },

    /** Open orders, oldest first (order ids are `OUO_<milliseconds>`, so they sort by age). */
    async openOrderIds(): Promise<string[]> {
      return (await idsUnder('open-')).sort();
    },

    attentionOrderIds: () => idsUnder('attention-'),

    refundOrderIds: () => idsUnder('refund-'),

    /** Booked parcels still on their way (or coming back), oldest order first. */
    async parcelOrderIds(): Promise<string[]> {
      return (await idsUnder('parcel-')).sort();
    },

    /**
     * Removes an open marker that no longer means anything: its order is settled, or it was never
     * written (the order's own write failed) and the marker is old enough that none is coming.
     */
    async tidyMarker(orderId: string, now: Date): Promise<'kept' | 'removed'> {
      const order = await get(orderId);
      if (order && isOpen(order)) return 'kept';
      if (!order) {
        const marker = await store.getWithMetadata(OPEN(orderId), { type: 'json' });
        const since = Date.parse((marker?.data as { since?: string } | undefined)?.since ?? '');
        if (now.getTime() - since < ORPHAN_MARKER_MS) return 'kept';
      }
      await store.delete(OPEN(orderId));
      return 'removed';
    },

    allOrderIds: () => idsUnder('order-'),

    /** Remembers a processed webhook event; false when it was already there. */
    async rememberEvent(eventId: string): Promise<boolean> {
      const result = await store.setJSON(
        `webhook-event-${eventId}`,
        { at: new Date().toISOString() },
        { onlyIfNew: true },
      );
      return result.modified;
    },

    async hasEvent(eventId: string): Promise<boolean> {
      return (await store.getWithMetadata(`webhook-event-${eventId}`, { type: 'json' })) !== null;
    },
  };
}

export type OrderLog = ReturnType<typeof createOrderLog>;
