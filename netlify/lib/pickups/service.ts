/**
 * The day's pickup request to Delhivery (docs/shop-rules.md §10, "The day's pickup"): once a day,
 * from the cut-off set in the Studio, only when booked parcels are waiting, never twice for a day.
 *
 * Each day is one task without an order on the one `tasks` table (tasks/site-tasks.ts), key
 * `pickup/<YYYY-MM-DD>`, kind `pickup`, claimed BEFORE Delhivery is asked, so two runs at once can
 * never both ask: the second finds the claim and stops. The row holds the whole day, so the Sheet
 * and the claim can never disagree: what was asked in `payload` (date, time, location, parcels),
 * what came of it in `result` (pickupId, duplicate, requestedAt, and `sheetStatus`, what the Sheet's
 * row last showed), Delhivery's own words on a refusal in `last_error`. A failed request is retried
 * at the runner's one back-off by a later run that day, and given up when the pickup time passes (a
 * request for a time gone means nothing); a made request is never made again. A claim left by a run
 * that died is taken over after STALE_CLAIM_MS: should Delhivery have taken that request after all,
 * it answers the repeat with the same pickup id (`pr_exist`), so the day still has one pickup.
 *
 * The Sheet's Pickups tab shows each day's row; a Sheet that is down is written on a later run.
 */
import { type PickupRequestStatus, pickupDecision, pickupStatusLabel, pickupWindow } from '#shop/parcel/index.ts';
import type { PickupRequest, PickupResult } from '../delhivery/client.ts';
import type { OrderLog } from '../orders/order-log.ts';
import type { Queries } from '../platform/database.ts';
import type { SheetWriteResult } from '../sheets/client.ts';
import type { SheetPickup } from '../sheets/pickups-tab.ts';
import { addToResult, claimTask, ensureTask, giveUpTask, readTask, settleTask } from '../tasks/site-tasks.ts';
import type { TaskRow, TaskState } from '../tasks/task-view.ts';

export const pickupKey = (date: string) => `pickup/${date}`;

/** One day's request, as its task row reads: what the Pickups tab shows. */
export interface PickupDay {
  date: string;
  status: PickupRequestStatus;
  /** HH:MM:SS asked of Delhivery. */
  time: string;
  location: string;
  parcels: number;
  attempts: number;
  claimedAt?: string;
  pickupId?: string;
  /** Delhivery already had this day's request (its answer to a repeat). */
  duplicate?: boolean;
  requestedAt?: string;
  /** Delhivery's own words on the last refusal, while the day is failed or given up. */
  error?: string;
  /** The Status the Sheet's row last showed; another status means the row is written again. */
  sheetStatus?: string;
}

/** The task's state as the day's status; a row ensured and not yet claimed is being asked. */
const STATUS: Record<TaskState, PickupRequestStatus> = {
  pending: 'requesting',
  waiting: 'requesting',
  running: 'requesting',
  skipped: 'requesting',
  done: 'requested',
  retry: 'failed',
  'given-up': 'gave-up',
};

/** The day as its task row holds it. */
export function pickupDay(task: TaskRow): PickupDay {
  const asked = task.payload as Pick<PickupDay, 'date' | 'time' | 'location' | 'parcels'>;
  const came = task.result as Pick<PickupDay, 'pickupId' | 'duplicate' | 'requestedAt' | 'sheetStatus'>;
  const status = STATUS[task.state];
  // The runner keeps the last failure's words on a done task; a day made has no error to show.
  const failed = status === 'failed' || status === 'gave-up';
  return {
    ...asked,
    ...came,
    status,
    attempts: task.attempts,
    ...(task.claimed_at ? { claimedAt: task.claimed_at } : {}),
    ...(failed && task.last_error ? { error: task.last_error } : {}),
  };
}

export interface PickupDeps {
  log: Pick<OrderLog, 'parcelsWaiting'>;
  /** The shop's database: the day's task row. */
  db: Queries;
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
  /** The last request failed; the one back-off asks again from `runAt`. */
  | { action: 'retry-later'; date: string; runAt: string; error?: string }
  | { action: 'already-requested'; date: string; pickupId?: string }
  | { action: 'claimed-elsewhere'; date: string };

/** One run of the scheduled function: requests the day's pickup when it is due, and says what it did. */
export async function requestDailyPickup(deps: PickupDeps): Promise<PickupReport> {
  const now = deps.now();
  const { pickup } = await deps.settings();
  const window = pickupWindow(now, pickup.cutoff, pickup.time);
  const { date } = window;
  const existing = await showInSheet(deps, await readTask(deps.db, pickupKey(date)));
  const day = existing && pickupDay(existing);

  if (day?.status === 'requested') {
    return { action: 'already-requested', date, ...(day.pickupId ? { pickupId: day.pickupId } : {}) };
  }
  if (window.state === 'before-cutoff') return { action: 'wait', date, cutoff: pickup.cutoff };
  if (window.state === 'closed') {
    if (day?.status === 'failed') await showInSheet(deps, await giveUpTask(deps.db, pickupKey(date), now));
    return { action: 'late', date, ...(day ? { status: day.status } : {}) };
  }
  if (existing?.state === 'retry' && Date.parse(existing.run_at) > now.getTime()) {
    return { action: 'retry-later', date, runAt: existing.run_at, ...(day?.error ? { error: day.error } : {}) };
  }

  const decision = pickupDecision(window, await deps.log.parcelsWaiting());
  if (decision.action !== 'request') return { action: 'none', date };
  const asked = { date, time: window.time, location: pickup.name, parcels: decision.parcels };
  await ensureTask(deps.db, { key: pickupKey(date), kind: 'pickup', payload: asked }, now);
  // The count of this attempt is the one asked (a retry asks for the parcels waiting now).
  const claimed = await claimTask(deps.db, pickupKey(date), now, { payload: asked });
  if (!claimed) return { action: 'claimed-elsewhere', date };

  const outcome = await deps.carrier.requestPickup({
    location: pickup.name,
    date,
    time: window.time,
    expectedPackageCount: decision.parcels,
  });
  const settled = await settleTask(
    deps.db,
    claimed,
    outcome.ok
      ? {
          status: 'done',
          result: { pickupId: outcome.pickupId, duplicate: outcome.duplicate, requestedAt: deps.now().toISOString() },
        }
      : { status: 'failed', error: outcome.message },
    deps.now(),
  );
  if (!settled) console.warn(`pickups: the claim on ${date} was taken over under this run; kept the other`);
  await showInSheet(deps, settled);
  return outcome.ok
    ? { action: 'requested', date, pickupId: outcome.pickupId, parcels: decision.parcels, duplicate: outcome.duplicate }
    : { action: 'failed', date, parcels: decision.parcels, error: outcome.message, attempts: claimed.attempts };
}

/**
 * Writes the day's row when its status changed since the row was last written (a failure waits for
 * the next run); answers the task as it now is.
 */
async function showInSheet(deps: PickupDeps, task: TaskRow | undefined): Promise<TaskRow | undefined> {
  if (!task) return task;
  const day = pickupDay(task);
  if (day.status === 'requesting') return task;
  const status = pickupStatusLabel(day);
  if (day.sheetStatus === status) return task;
  const written = await deps.sheets.upsertPickup({
    date: day.date,
    time: day.time,
    location: day.location,
    parcels: day.parcels,
    pickupId: day.pickupId,
    status,
    requestedAt: day.requestedAt,
  });
  if (!written.ok) return task;
  // Only if the row is as read: a newer status is shown by the run that wrote it.
  return (await addToResult(deps.db, task, { sheetStatus: status })) ?? (await readTask(deps.db, task.key));
}
