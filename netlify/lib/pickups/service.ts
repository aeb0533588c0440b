/**
 * The day's pickup request to Delhivery (docs/shop-rules.md §10, "The day's pickup"): once a day,
 * from the cut-off set in the Studio, only when booked parcels are waiting, never twice for a day.
 *
 * Each day has one row in the database (`pickups`, key `pickup-<YYYY-MM-DD>`, platform/versioned-rows.ts), claimed
 * with a create-only write BEFORE Delhivery is asked, so two runs at once can never both ask: the
 * second finds the claim and stops. The outcome is written on the record; a failed request is
 * claimed again (compare-and-swap) by the next run that day, until the pickup time passes; a made
 * request is never made again. A claim left `requesting` by a run that died is taken over after
 * `STALE_CLAIM_MS`: should Delhivery have taken that request after all, it answers the repeat with
 * the same pickup id (`pr_exist`), so the day still has one pickup.
 *
 * The Sheet's Pickups tab shows each day's row; a Sheet that is down is written on a later run
 * (`sheetStatus` is what the row last showed).
 */
import { STALE_CLAIM_MS } from '#shop/order-engine/claims.ts';
import { type PickupRequestStatus, pickupDecision, pickupStatusLabel, pickupWindow } from '#shop/pickup.ts';
import type { PickupRequest, PickupResult } from '../delhivery/client.ts';
import type { OrderLog } from '../orders/order-log.ts';
import type { JsonStore } from '../platform/blobs.ts';
import type { SheetWriteResult } from '../sheets/client.ts';
import type { SheetPickup } from '../sheets/pickups-tab.ts';

const DAY = (date: string) => `pickup-${date}`;

/** One day's request, as kept in the `pickups` store. */
export interface PickupDay {
  date: string;
  status: PickupRequestStatus;
  /** HH:MM:SS asked of Delhivery. */
  time: string;
  location: string;
  parcels: number;
  attempts: number;
  claimedAt: string;
  pickupId?: string;
  /** Delhivery already had this day's request (its answer to a repeat). */
  duplicate?: boolean;
  requestedAt?: string;
  error?: string;
  /** The Status the Sheet's row last showed; another status means the row is written again. */
  sheetStatus?: string;
}

export interface PickupDeps {
  log: Pick<OrderLog, 'parcelsWaiting'>;
  store: JsonStore;
  settings: () => Promise<{ pickup: { name: string; cutoff: string; time: string } }>;
  carrier: { requestPickup(request: PickupRequest): Promise<PickupResult> };
  sheets: { upsertPickup(pickup: SheetPickup): Promise<SheetWriteResult> };
  now: () => Date;
}

export type PickupReport =
  | { action: 'wait'; date: string; cutoff: string }
  | { action: 'none'; date: string }
  | { action: 'late'; date: string; status?: PickupRequestStatus }
  | { action: 'requested'; date: string; pickupId: string; parcels: number; duplicate: boolean }
  | { action: 'failed'; date: string; parcels: number; error: string; attempts: number }
  | { action: 'already-requested'; date: string; pickupId?: string }
  | { action: 'claimed-elsewhere'; date: string };

type Entry = { day: PickupDay; etag: string | undefined };

async function read(store: JsonStore, date: string): Promise<Entry | undefined> {
  const entry = await store.getWithMetadata(DAY(date), { type: 'json' });
  return entry?.data ? { day: entry.data as PickupDay, etag: entry.etag } : undefined;
}

/** One run of the scheduled function: requests the day's pickup when it is due, and says what it did. */
export async function requestDailyPickup(deps: PickupDeps): Promise<PickupReport> {
  const now = deps.now();
  const { pickup } = await deps.settings();
  const window = pickupWindow(now, pickup.cutoff, pickup.time);
  const { date } = window;
  const existing = await showInSheet(deps, await read(deps.store, date));

  if (existing?.day.status === 'requested') {
    return { action: 'already-requested', date, ...(existing.day.pickupId ? { pickupId: existing.day.pickupId } : {}) };
  }
  if (window.state === 'before-cutoff') return { action: 'wait', date, cutoff: pickup.cutoff };
  if (window.state === 'closed') {
    if (existing?.day.status === 'failed') await giveUp(deps, existing);
    return { action: 'late', date, ...(existing ? { status: existing.day.status } : {}) };
  }

  const decision = pickupDecision(window, await deps.log.parcelsWaiting());
  if (decision.action !== 'request') return { action: 'none', date };

  const claimed = await claim(deps.store, existing, {
    date,
    status: 'requesting',
    time: window.time,
    location: pickup.name,
    parcels: decision.parcels,
    attempts: (existing?.day.attempts ?? 0) + 1,
    claimedAt: now.toISOString(),
  });
  if (!claimed) return { action: 'claimed-elsewhere', date };

  const outcome = await deps.carrier.requestPickup({
    location: pickup.name,
    date,
    time: window.time,
    expectedPackageCount: decision.parcels,
  });
  const settled: PickupDay = outcome.ok
    ? {
        ...claimed.day,
        status: 'requested',
        pickupId: outcome.pickupId,
        duplicate: outcome.duplicate,
        requestedAt: deps.now().toISOString(),
      }
    : { ...claimed.day, status: 'failed', error: outcome.message };
  const recorded = await record(deps.store, claimed, settled);
  await showInSheet(deps, recorded);
  return outcome.ok
    ? { action: 'requested', date, pickupId: outcome.pickupId, parcels: decision.parcels, duplicate: outcome.duplicate }
    : { action: 'failed', date, parcels: decision.parcels, error: outcome.message, attempts: settled.attempts };
}

/**
 * Takes the day for this run: a create-only write when the day has no record, a compare-and-swap
 * over a failed request or an abandoned claim. Undefined when another run holds the day.
 */
async function claim(store: JsonStore, existing: Entry | undefined, day: PickupDay): Promise<Entry | undefined> {
  if (existing) {
    const { status, claimedAt } = existing.day;
    const abandoned = status === 'requesting' && Date.parse(day.claimedAt) - Date.parse(claimedAt) >= STALE_CLAIM_MS;
    if (status !== 'failed' && !abandoned) return undefined;
    if (!existing.etag) return undefined;
    const { error: _lastError, ...previous } = existing.day;
    const next: PickupDay = { ...previous, ...day, status: 'requesting' };
    const written = await store.setJSON(DAY(day.date), next, { onlyIfMatch: existing.etag });
    return written.modified ? read(store, day.date) : undefined;
  }
  const written = await store.setJSON(DAY(day.date), day, { onlyIfNew: true });
  return written.modified ? read(store, day.date) : undefined;
}

/** Writes the outcome over this run's own claim (nobody else may take a fresh claim). */
async function record(store: JsonStore, claimed: Entry, day: PickupDay): Promise<Entry> {
  const written = await store.setJSON(
    DAY(day.date),
    day,
    claimed.etag ? { onlyIfMatch: claimed.etag } : { onlyIfNew: true },
  );
  if (!written.modified) console.warn(`pickups: the record of ${day.date} changed under this run; kept the other`);
  return (await read(store, day.date)) ?? { day, etag: undefined };
}

/** The pickup time passed with the day's request failed: staff are told to arrange it themselves. */
async function giveUp(deps: PickupDeps, entry: Entry): Promise<void> {
  if (!entry.etag) return;
  const day: PickupDay = { ...entry.day, status: 'gave-up' };
  const written = await deps.store.setJSON(DAY(day.date), day, { onlyIfMatch: entry.etag });
  if (written.modified) await showInSheet(deps, await read(deps.store, day.date));
}

/**
 * Writes the day's row when its status changed since the row was last written (a failure waits for
 * the next run); answers the record as it now is.
 */
async function showInSheet(deps: PickupDeps, entry: Entry | undefined): Promise<Entry | undefined> {
  if (!entry || entry.day.status === 'requesting') return entry;
  const { day } = entry;
  const status = pickupStatusLabel(day);
  if (day.sheetStatus === status) return entry;
  const written = await deps.sheets.upsertPickup({
    date: day.date,
    time: day.time,
    location: day.location,
    parcels: day.parcels,
    pickupId: day.pickupId,
    status,
    requestedAt: day.requestedAt,
  });
  if (!written.ok || !entry.etag) return entry;
  // Only if the record is as read: a newer status is shown by the run that wrote it.
  await deps.store.setJSON(DAY(day.date), { ...day, sheetStatus: status }, { onlyIfMatch: entry.etag });
  return read(deps.store, day.date);
}
