/**
 * Following every booked parcel to its end (docs/shop-rules.md §4 "Parcel", §10): the scheduled
 * sync asks the carrier about every open parcel, oldest order first, many waybills per request,
 * and stops starting new requests when its time budget is spent (the rest wait for the next run,
 * and since the oldest come first none waits for ever). The order page and /track ask about their
 * one parcel the same way when its stored state is stale.
 *
 * Each parcel's scans are applied in one conditional write of its order (`recordTracking`, the
 * engine's `scans-read`): the changes, the notice they earn, the Sheet's rows marked for
 * rewriting — so a scan seen twice, a sync run twice or two runs at once store each change once
 * and earn each message once. Only
 * then are the Sheet and the shopper told; if either is down, the order stays open for the
 * reconciler, and nothing is lost.
 */
import type { PhoneOrderOutcome } from '#shop/cod/index.ts';
import type { StoredOrder } from '#shop/order/index.ts';
import { parcelOpen } from '#shop/order-engine/index.ts';
import type { CarrierScan, CarrierTracking, ParcelChange } from '#shop/parcel/index.ts';
import { WAYBILLS_PER_REQUEST } from '../delhivery/tracking.ts';
import { deliverNotices } from '../notify/notices.ts';
import { syncSheetRows } from '../orders/forward.ts';
import { notePhoneOrder } from '../orders/phone-history.ts';
import type { OrderDeps } from '../orders/types.ts';

export interface ParcelSyncLimits {
  /**
   * No new request is started after this long. Netlify stops a scheduled function after 30 s; a
   * request in flight gives up after 10 s, and its orders' writes then have the rest.
   */
  budgetMs: number;
  /** Waybills per request to the carrier. */
  batchSize: number;
  /** Orders written at once after an answer. */
  concurrency: number;
}

export const PARCEL_SYNC_LIMITS: ParcelSyncLimits = {
  budgetMs: 15_000,
  batchSize: WAYBILLS_PER_REQUEST,
  concurrency: 8,
};

export interface ParcelSyncReport {
  /** Open parcels asked about. */
  asked: number;
  /** Requests made to the carrier. */
  requests: number;
  /** State changes stored, and the orders they belong to. */
  changes: number;
  changed: string[];
  /** Waybills the carrier did not know (logged; staff see the order as it was). */
  unknownWaybills: string[];
  /** Scans the shop could not read, as `<orderId>: <status type> <status>`. */
  unreadable: string[];
  /** Open parcels not asked about because the budget ran out or the carrier could not be asked. */
  deferred: number;
  /** Why the carrier could not be asked, when it could not. */
  carrierError?: string;
}

/** One run over every open parcel, oldest order first. */
export async function syncParcels(
  deps: OrderDeps,
  limits: ParcelSyncLimits = PARCEL_SYNC_LIMITS,
): Promise<ParcelSyncReport> {
  const report: ParcelSyncReport = {
    asked: 0,
    requests: 0,
    changes: 0,
    changed: [],
    unknownWaybills: [],
    unreadable: [],
    deferred: 0,
  };
  const queue = await deps.log.parcelOrderIds();
  const stopAt = Date.now() + limits.budgetMs;
  while (queue.length > 0) {
    if (Date.now() >= stopAt) {
      report.deferred = queue.length;
      break;
    }
    const ids = queue.splice(0, limits.batchSize);
    const orders = (await Promise.all(ids.map((orderId) => deps.log.get(orderId)))).filter(
      (order): order is StoredOrder => order !== undefined && parcelOpen(order),
    );
    if (orders.length === 0) continue;
    report.requests += 1;
    const answer = await deps.carrier.trackParcels(orders.map(query));
    if (!answer.ok) {
      // The carrier is down or refusing: nothing changes; the next run asks again, oldest first.
      report.carrierError = answer.message;
      report.deferred = queue.length + orders.length;
      console.warn(`parcel sync: the carrier could not be asked: ${answer.message}`);
      break;
    }
    report.asked += orders.length;
    await inParallel(orders, limits.concurrency, async (order) => {
      const waybill = order.forwards.shipment.waybill as string;
      const tracking = answer.found.get(waybill);
      if (!tracking) {
        report.unknownWaybills.push(waybill);
        console.warn(`parcel sync: the carrier does not know waybill ${waybill} (order ${order.orderId})`);
        return;
      }
      try {
        const recorded = await recordTracking(deps, order, tracking);
        report.changes += recorded.changes.length;
        if (recorded.changes.length > 0) report.changed.push(order.orderId);
        for (const scan of recorded.unknown)
          report.unreadable.push(`${order.orderId}: ${scan.type ?? ''} ${scan.status}`.trim());
      } catch (error) {
        // One order that cannot be written never stops the others; its scans come again next run.
        console.warn(`parcel sync: order ${order.orderId} skipped: ${(error as Error).message}`);
      }
    });
  }
  return report;
}

const query = (order: StoredOrder) => ({
  waybill: order.forwards.shipment.waybill as string,
  bookedAt: order.forwards.shipment.at ?? order.createdAt,
});

/**
 * Applies one parcel's scans to its order in one conditional write, then tells the Sheet and the
 * shopper about what changed. `had` is the order as the caller read it; returns the changes stored
 * now (none for scans already known, or stored by another sync first).
 */
export async function recordTracking(
  deps: OrderDeps,
  had: StoredOrder,
  tracking: CarrierTracking,
): Promise<{ order: StoredOrder; changes: ParcelChange[]; unknown: CarrierScan[] }> {
  const orderId = had.orderId;
  const { order, changed } = await deps.log.apply(orderId, {
    type: 'scans-read',
    at: deps.now().toISOString(),
    scans: tracking.scans,
    ...(tracking.simulated ? { simulated: true } : {}),
  });
  if (!changed) return { order, changes: [], unknown: [] };
  // What this write added to the parcel: the changes and unread scans beyond those the order had.
  const changes = (order.parcel?.changes ?? []).slice(had.parcel?.changes.length ?? 0);
  const unknown = (order.parcel?.unknown ?? []).slice(had.parcel?.unknown?.length ?? 0);
  for (const scan of unknown)
    console.warn(`parcel sync: order ${orderId}: a scan the shop cannot read: ${JSON.stringify(scan)}`);
  // The Sheet and the shopper, each once; a failure stays on the order for the reconciler.
  await Promise.all([syncSheetRows(deps, orderId), deliverNotices(deps, orderId)]);
  const outcome = phoneOutcome(changes);
  if (outcome) await notePhoneOrder(deps, order, outcome);
  return { order: (await deps.log.get(orderId)) ?? order, changes, unknown };
}

/** What the phone's history keeps of a parcel's end (the COD rules): returned once it turns back, as the returns report counts it. */
function phoneOutcome(changes: readonly ParcelChange[]): PhoneOrderOutcome | undefined {
  if (changes.some((change) => change.state === 'returning' || change.state === 'returned')) return 'returned';
  return changes.some((change) => change.state === 'delivered') ? 'delivered' : undefined;
}

/**
 * The order as the shopper's page shows it: an open parcel whose state is stale is asked about
 * first (its changes stored as the sync stores them). The carrier down: the stored state is shown.
 */
export async function freshOrder(deps: OrderDeps, order: StoredOrder): Promise<StoredOrder> {
  if (!parcelOpen(order)) return order;
  const checked = Date.parse(order.parcel?.checkedAt ?? '');
  if (deps.now().getTime() - checked < deps.carrier.parcelStaleMs) return order;
  const answer = await deps.carrier.trackParcels([query(order)]);
  if (!answer.ok) {
    console.warn(`order view: parcel of ${order.orderId} not refreshed: ${answer.message}`);
    return order;
  }
  const tracking = answer.found.get(order.forwards.shipment.waybill as string);
  if (!tracking) return order;
  return (await recordTracking(deps, order, tracking)).order;
}

async function inParallel<T>(
  items: readonly T[],
  concurrency: number,
  work: (item: T) => Promise<void>,
): Promise<void> {
  const queue = [...items];
  const worker = async () => {
    for (let item = queue.shift(); item !== undefined; item = queue.shift()) await work(item);
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, items.length) }, worker));
}
