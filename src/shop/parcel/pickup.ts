/**
 * The day's pickup request to the carrier (docs/shop-rules.md §10, "The day's pickup"): asked once
 * a day, from the cut-off editors set in the Studio, for the courier to come at the pickup time,
 * and only when parcels are waiting. Pure: the scheduled function decides with these, on India's
 * clock whatever the server's time zone.
 *
 *   before the cut-off            → wait
 *   cut-off ≤ now < pickup time   → request (no parcels waiting: none)
 *   from the pickup time on       → late: today's pickup can no longer be asked for; parcels still
 *                                   waiting go with the next day's request
 */

const indiaClock = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Asia/Kolkata',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/** The day (YYYY-MM-DD) and time (HH:MM) in India at `now`. */
export function indiaDayAndTime(now: Date): { date: string; time: string } {
  const part = Object.fromEntries(indiaClock.formatToParts(now).map((piece) => [piece.type, piece.value]));
  return { date: `${part.year}-${part.month}-${part.day}`, time: `${part.hour}:${part.minute}` };
}

export interface PickupWindow {
  /** India's day at `now`: the day the request is for, and its key (one request per day). */
  date: string;
  /** The time asked of the carrier, HH:MM:SS (Delhivery's `pickup_time`). */
  time: string;
  /** Where `now` stands against the cut-off and the pickup time. */
  state: 'before-cutoff' | 'open' | 'closed';
}

/**
 * Today's window at `now` for a cut-off and a pickup time (HH:MM, India). A pickup time not after
 * the cut-off (the Studio refuses one) leaves the request open for the rest of the day, so a
 * setting entered wrong never silently stops the requests.
 */
export function pickupWindow(now: Date, cutoff: string, pickupTime: string): PickupWindow {
  const { date, time } = indiaDayAndTime(now);
  const closesAt = pickupTime > cutoff ? pickupTime : '24:00';
  const state = time < cutoff ? 'before-cutoff' : time < closesAt ? 'open' : 'closed';
  return { date, time: `${pickupTime}:00`, state };
}

export type PickupDecision =
  | { action: 'request'; parcels: number }
  | { action: 'wait' }
  | { action: 'none' }
  | { action: 'late' };

/** What to do about the day's pickup in `window`, with `parcelsWaiting` booked and not picked up. */
export function pickupDecision(window: PickupWindow, parcelsWaiting: number): PickupDecision {
  if (window.state === 'before-cutoff') return { action: 'wait' };
  if (window.state === 'closed') return { action: 'late' };
  return parcelsWaiting > 0 ? { action: 'request', parcels: parcelsWaiting } : { action: 'none' };
}

/**
 * A day's request as the shop keeps it: being asked (`requesting`), made (`requested`), failed and
 * retried on the next run (`failed`), or failed until the pickup time passed (`gave-up`).
 */
export type PickupRequestStatus = 'requesting' | 'requested' | 'failed' | 'gave-up';

/** The Status the Sheet's Pickups tab shows for a day's request (docs/staff-guide.md). */
export function pickupStatusLabel(request: { status: PickupRequestStatus; error?: string | undefined }): string {
  const reason = request.error ?? 'no reason given';
  switch (request.status) {
    case 'requesting':
      return 'Requesting';
    case 'requested':
      return 'Requested';
    case 'failed':
      return `Failed, retrying: ${reason}`;
    case 'gave-up':
      return `Not requested: ${reason}`;
  }
}
