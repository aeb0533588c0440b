/**
 * A parcel's life after it is booked (docs/shop-rules.md §4, "Parcel"): the states the shop keeps
 * in the order log, read from the carrier's scans. Pure: the sync, the order page and the reports
 * all apply scans through `applyScans`, so a state is decided one way.
 *
 *   booked → picked-up → in-transit → out-for-delivery → delivered
 *                                     out-for-delivery ⇄ delivery-failed (the courier retries)
 *   any of those → returning → returned          (return to origin, RTO)
 *   any open state → lost                         (the carrier's word: lost or damaged)
 *   booked or picked-up → cancelled               (the booking cancelled with Delhivery)
 *
 * A state never goes backwards: a scan no newer than the last one applied (the same scan twice, or
 * one that arrives late) changes nothing, and a newer scan that would go back (an "In Transit" at
 * the hub after a failed attempt) is kept out of the states too.
 */

/** What the carrier said in one scan (Delhivery's `ScanDetail`, or the local stand-in's). */
export interface CarrierScan {
  /** ISO time of the scan. */
  at: string;
  /** The carrier's word for it ("Manifested", "In Transit", "Dispatched", "Delivered", "RTO"). */
  status: string;
  location: string;
  /** The carrier's instructions or remark ("Consignee unavailable"), when there is one. */
  note?: string | undefined;
  /** Delhivery's status type: UD forward, PP/PU pickup, DL delivered, RT returning, CN cancelled. */
  type?: string | undefined;
  /** Delhivery's status code ("X-PPOM" picked up, "EOD-74" a failed delivery attempt). */
  code?: string | undefined;
}

export const PARCEL_STATES = [
  'booked',
  'picked-up',
  'in-transit',
  'out-for-delivery',
  'delivery-failed',
  'delivered',
  'returning',
  'returned',
  'lost',
  'cancelled',
] as const;
export type ParcelState = (typeof PARCEL_STATES)[number];

/** Where a parcel's story ends: nothing the carrier says afterwards moves it. */
export const FINAL_PARCEL_STATES: readonly ParcelState[] = ['delivered', 'returned', 'cancelled'];
/** Final, or lost: the sync stops asking (a lost parcel found again is staff's to record). */
export const parcelClosed = (state: ParcelState) => FINAL_PARCEL_STATES.includes(state) || state === 'lost';

/** One change of state, stored once, with the scan that proved it. */
export interface ParcelChange {
  state: ParcelState;
  /** The scan's time (the carrier's clock). */
  at: string;
  scan: CarrierScan;
  /** A failed delivery: the courier's reason, as the carrier wrote it. */
  reason?: string | undefined;
}

export interface Parcel {
  state: ParcelState;
  /** Oldest first: the booking is not a change, so an untouched parcel has none. */
  changes: ParcelChange[];
  /** The newest scan applied: older or equal scans are already known. */
  lastScanAt?: string | undefined;
  /** When the carrier was last asked, by the sync or a shopper's page (the shop's clock). */
  checkedAt?: string | undefined;
  /** Scans the shop could not read (an unknown status type), as the carrier sent them, for staff. */
  unknown?: CarrierScan[] | undefined;
  /** The scans were made up by the local carrier stand-in (no Delhivery token): shown as such. */
  simulated?: boolean | undefined;
}

export const newParcel = (): Parcel => ({ state: 'booked', changes: [] });

/** Failed delivery attempts so far. */
export const failedAttempts = (parcel: Pick<Parcel, 'changes'>) =>
  parcel.changes.filter((change) => change.state === 'delivery-failed').length;

/** Delhivery's codes for a delivery attempt that failed (NSL codes "EOD-…", end of the day's run). */
const FAILED_ATTEMPT_CODE = /^EOD-/i;
/** Delhivery's code for a booking the seller cancelled. */
const SELLER_CANCELLED_CODE = /^DTUP-210$/i;
/** Delhivery's codes for the pickup scan of a forward parcel ("X-PPOM": shipment picked up). */
const PICKED_UP_CODE = /^X-PP/i;

/**
 * The state one scan says, `undefined` when it says nothing new (a pickup still pending, a
 * rescheduled attempt), or `unknown` when the shop cannot read it.
 */
export function scanState(scan: CarrierScan): ParcelState | 'unknown' | undefined {
  const type = (scan.type ?? '').toUpperCase();
  const status = scan.status.trim().toLowerCase();
  if (/\b(lost|damaged)\b/.test(status)) return 'lost';
  switch (type) {
    case 'DL':
      return status === 'rto' || status.startsWith('rto') ? 'returned' : 'delivered';
    case 'RT':
      return 'returning';
    case 'CN':
      return 'cancelled';
    case 'PP':
      return undefined;
    case 'PU':
      return 'picked-up';
    case 'UD':
      return forwardState(scan, status);
    case '':
      return wordsOnly(status);
    default:
      return 'unknown';
  }
}

function forwardState(scan: CarrierScan, status: string): ParcelState | 'unknown' | undefined {
  // Delhivery writes a cancellation by the seller as a forward scan, not a CN one (seen in live
  // answers: `UD` / `Not Picked`, code DTUP-210, "Seller cancelled the order").
  if (SELLER_CANCELLED_CODE.test(scan.code ?? '') || /seller cancel/i.test(scan.note ?? '')) return 'cancelled';
  if (FAILED_ATTEMPT_CODE.test(scan.code ?? '')) return 'delivery-failed';
  if (PICKED_UP_CODE.test(scan.code ?? '') || /picked up/i.test(scan.note ?? '')) return 'picked-up';
  if (status === 'manifested' || status === 'not picked' || status === 'scheduled') return undefined;
  if (status === 'in transit' || status === 'pending' || status === 'reached destination') return 'in-transit';
  if (status === 'dispatched' || status === 'out for delivery') return 'out-for-delivery';
  return 'unknown';
}

/** A scan with no status type (an old record, a carrier that gives words only). */
function wordsOnly(status: string): ParcelState | 'unknown' | undefined {
  if (status === 'delivered') return 'delivered';
  if (status === 'picked up') return 'picked-up';
  if (status === 'out for delivery' || status === 'dispatched') return 'out-for-delivery';
  if (status.startsWith('in transit') || status.startsWith('reached')) return 'in-transit';
  return 'unknown';
}

/** The forward journey's order; a failed attempt stands beside "out for delivery". */
const FORWARD: readonly ParcelState[] = ['booked', 'picked-up', 'in-transit', 'out-for-delivery'];

/** May a parcel in `from` move to `to` on a newer scan? */
export function canMoveParcel(from: ParcelState, to: ParcelState): boolean {
  if (FINAL_PARCEL_STATES.includes(from)) return false;
  if (from === 'lost') return to === 'delivered' || to === 'returning' || to === 'returned';
  if (to === 'lost') return true;
  if (from === 'returning') return to === 'returned';
  if (to === 'returning' || to === 'returned') return true;
  if (to === 'cancelled') return from === 'booked' || from === 'picked-up';
  if (to === 'delivered') return true;
  // Out for delivery again after a failed attempt, and a second failed attempt, are real changes.
  if (from === 'delivery-failed') return to === 'out-for-delivery' || to === 'delivery-failed';
  const target = FORWARD.indexOf(to === 'delivery-failed' ? 'out-for-delivery' : to);
  return target > FORWARD.indexOf(from) || (from === 'out-for-delivery' && to === 'delivery-failed');
}

export interface Applied {
  parcel: Parcel;
  /** The changes these scans made, oldest first: each is new, and stored once. */
  changes: ParcelChange[];
  /** Newer scans the shop could not read. */
  unknown: CarrierScan[];
}

/**
 * Applies the carrier's scans (any order, repeats and all) to a parcel: the scans newer than the
 * last one applied, oldest first, each moving the state only where `canMoveParcel` allows.
 */
export function applyScans(parcel: Parcel, scans: readonly CarrierScan[], checkedAt?: string): Applied {
  const fresh = [...scans]
    .filter((scan) => !parcel.lastScanAt || scan.at > parcel.lastScanAt)
    .sort((a, b) => a.at.localeCompare(b.at));
  let state = parcel.state;
  const changes: ParcelChange[] = [];
  const unknown: CarrierScan[] = [];
  for (const scan of fresh) {
    const next = scanState(scan);
    if (next === 'unknown') {
      unknown.push(scan);
      continue;
    }
    if (next === undefined || !canMoveParcel(state, next)) continue;
    changes.push({ state: next, at: scan.at, scan, ...(next === 'delivery-failed' ? { reason: reasonOf(scan) } : {}) });
    state = next;
  }
  const lastScanAt = fresh.at(-1)?.at ?? parcel.lastScanAt;
  const knownUnknown = [...(parcel.unknown ?? []), ...unknown];
  return {
    parcel: {
      ...parcel,
      state,
      changes: [...parcel.changes, ...changes],
      ...(lastScanAt ? { lastScanAt } : {}),
      ...(checkedAt ? { checkedAt } : {}),
      ...(knownUnknown.length > 0 ? { unknown: knownUnknown } : {}),
    },
    changes,
    unknown,
  };
}

/** The courier's reason for a failed attempt, in its own words, or the scan's word when it gave none. */
const reasonOf = (scan: CarrierScan) => scan.note?.trim() || scan.status;

// ---- What the shopper is told (netlify/lib/notify) ------------------------------------------------

export const NOTICE_EVENTS = ['shipped', 'out-for-delivery', 'delivery-failed', 'delivered'] as const;
export type NoticeEvent = (typeof NOTICE_EVENTS)[number];

/** A message to send: its event, and its key (`out-for-delivery-2` for the second time out). */
export interface Notice {
  event: NoticeEvent;
  key: string;
}

/**
 * The one message a batch of changes earns: about where the parcel is now, never about a state it
 * has already left (a sync that finds a parcel delivered does not first say "out for delivery").
 * A second time out for delivery, or a second failed attempt, is news of its own (`-2`).
 * `alreadyShipped`: the shopper has been told it shipped.
 */
export function noticeFor(
  changes: readonly ParcelChange[],
  parcel: Parcel,
  alreadyShipped: boolean,
): Notice | undefined {
  if (changes.length === 0) return undefined;
  const state = parcel.state;
  if (state === 'picked-up' || state === 'in-transit')
    return alreadyShipped ? undefined : { event: 'shipped', key: 'shipped' };
  if (state === 'delivered') return { event: 'delivered', key: 'delivered' };
  if (state !== 'out-for-delivery' && state !== 'delivery-failed') return undefined;
  const times = parcel.changes.filter((change) => change.state === state).length;
  return { event: state, key: times > 1 ? `${state}-${times}` : state };
}

/** Is a message still true when its turn to be sent comes? (A late "out for delivery" is not.) */
export function noticeStillTrue(event: NoticeEvent, state: ParcelState): boolean {
  if (event === 'shipped') return state === 'picked-up' || state === 'in-transit';
  return event === state;
}

// ---- What staff see (the Sheet, src/shop/order-engine/staff-status.ts) -------------------------

/** A COD parcel's cash, as the Sheet's Payment Status says it once the parcel's story ends. */
export type CodMoney = 'Collected by courier' | 'Not collected (returned)';

export function codMoney(state: ParcelState): CodMoney | undefined {
  if (state === 'delivered') return 'Collected by courier';
  if (state === 'returning' || state === 'returned') return 'Not collected (returned)';
  return undefined;
}

/** The Sheet's Status for a parcel on its way (staff's words, docs/staff-guide.md). */
export const PARCEL_STAFF_STATUS: Record<Exclude<ParcelState, 'delivery-failed' | 'lost'>, string> = {
  booked: 'Booked',
  'picked-up': 'Picked up',
  'in-transit': 'In transit',
  'out-for-delivery': 'Out for delivery',
  delivered: 'Delivered',
  returning: 'Returning to us',
  returned: 'Returned',
  cancelled: 'Cancelled',
};

/** Why a parcel needs staff: it failed at the door twice, or the carrier lost it. */
export function parcelAttention(parcel: Pick<Parcel, 'state' | 'changes'>): string | undefined {
  const last = parcel.changes.at(-1);
  if (parcel.state === 'lost') return `lost or damaged (Delhivery: ${last?.scan.note || last?.scan.status || 'lost'})`;
  if (parcel.state === 'delivery-failed' && failedAttempts(parcel) >= 2)
    return `delivery failed twice (${last?.reason ?? 'no reason given'})`;
  return undefined;
}

/** The Status a parcel gives its order in the Sheet, when it needs no attention. */
export function parcelStaffStatus(parcel: Pick<Parcel, 'state' | 'changes' | 'unknown' | 'lastScanAt'>): string {
  const base =
    parcel.state === 'delivery-failed'
      ? `Delivery failed: ${parcel.changes.at(-1)?.reason ?? 'no reason given'}`
      : PARCEL_STAFF_STATUS[parcel.state as keyof typeof PARCEL_STAFF_STATUS];
  // The newest scan was one the shop cannot read: staff see it as the carrier wrote it.
  const odd = parcel.unknown?.at(-1);
  return odd && odd.at === parcel.lastScanAt ? `${base} (Delhivery: ${odd.status})` : base;
}
