/**
 * The durable order log: one record per order id in Netlify Blobs, written before any outside
 * call. Writes are conditional (create-only, or compare-and-swap on the ETag), so a double click,
 * a retry or a webhook arriving twice can never produce two orders or lose an update. What a
 * record holds is order-record.ts.
 */

import { setTimeout as sleep } from 'node:timers/promises';
import { staffToCall } from '#shop/cod.ts';
import { parcelAttention, parcelClosed } from '#shop/parcel.ts';
import type { JsonStore } from '../platform/blobs.ts';
import { DECOY_KEY, decoyOrder } from './decoy.ts';
import { FORWARD_KINDS, forwardOf, noticeOpen, type StoredOrder } from './order-record.ts';

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
  creditNoteOwed(order) ||
  order.status === 'pending' ||
  order.status === 'paid' ||
  (order.status === 'forwarded' &&
    FORWARD_KINDS.some((kind) => ['pending', 'sending', 'failed'].includes(forwardOf(order, kind).status)));

/**
 * A forward the shop gave up on, a COD order unconfirmed for 48 hours (rule 17), or a parcel that
 * failed at the door twice or was lost (parcel.ts).
 */
const needsAttention = (order: StoredOrder) =>
  FORWARD_KINDS.some((kind) => forwardOf(order, kind).status === 'needs-attention') ||
  forwardOf(order, 'invoice').status === 'failed' ||
  (staffToCall(order.cod) && !order.cancellation) ||
  (order.parcel !== undefined && parcelAttention(order.parcel) !== undefined);

/** Cancelled after it was invoiced, and its credit note not issued yet (netlify/lib/invoices/issue.ts). */
export const creditNoteOwed = (order: Pick<StoredOrder, 'status' | 'invoice' | 'creditNote'>) =>
  order.status === 'cancelled' && order.invoice !== undefined && order.creditNote === undefined;

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

    /** The invoice and credit note counters live beside the orders (netlify/lib/invoices/serial.ts). */
    serials: store,

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
