import type { SheetTab } from './tabs.ts';

/** The day's pickup request to Delhivery (docs/shop-rules.md §10): one row per day, kept up to date. */
export const PICKUP_HEADERS = ['Date', 'Time', 'Location', 'Parcels', 'Pickup ID', 'Status', 'Requested At'] as const;

export interface SheetPickup {
  /** India's day, YYYY-MM-DD: the row's key. */
  date: string;
  /** The pickup time asked of Delhivery, HH:MM:SS India time. */
  time: string;
  location: string;
  /** The parcels waiting when the request was (last) made. */
  parcels: number;
  pickupId?: string | undefined;
  /** Requested, Failed, retrying: …, Not requested: … (`pickupStatusLabel`). */
  status: string;
  /** When Delhivery took the request (ISO, UTC). */
  requestedAt?: string | undefined;
}

export const PICKUPS_TAB: SheetTab<SheetPickup> = {
  name: 'Pickups',
  type: 'pickup',
  headers: PICKUP_HEADERS,
  keyHeader: 'Date',
  keyField: 'date',
  // A retry may change the count and the outcome; the day stays.
  updatable: ['Time', 'Location', 'Parcels', 'Pickup ID', 'Status', 'Requested At'],
  key: (pickup) => pickup.date,
  rows: (pickup) => [
    [pickup.date, pickup.time, pickup.location, pickup.parcels, pickup.pickupId, pickup.status, pickup.requestedAt],
  ],
};
