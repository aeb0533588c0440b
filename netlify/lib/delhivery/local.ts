/**
 * Delhivery's embedded local default: no network, ever (docs/shop-rules.md §11). No carrier rate
 * (callers use the fallback estimate); every valid pincode serviceable except the test pincodes
 * below; shipments "booked" with a simulated waybill, so an order's whole life runs offline.
 */
import { mkdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pincodeSchema } from '#shop/schemas.ts';
import { failure } from '../platform/outcome.ts';
import type { Delhivery, PincodeServiceability } from './client.ts';
import { PARCEL_STALE_MS, SIMULATED_WAYBILL_PREFIX, simulatedTracker } from './tracking.ts';

export const NOT_SERVICEABLE: PincodeServiceability = { serviceable: false, prepaid: false, cod: false };

/** Pincodes that make the carrier's other answers testable offline (listed in the README). */
export const TEST_PINCODES = {
  /** Delhivery does not deliver here. */
  notServiceable: '744301',
  /** Delivered, but only prepaid: no Cash on Delivery. */
  prepaidOnly: '737101',
  /** The first booking of each order fails (the carrier is down); the retry books it. */
  bookingFailsOnce: '560099',
} as const;

/**
 * True the first time an order is asked about, on this machine: a marker directory per order id,
 * made with `mkdir` (atomic), so every function bundle and process sees the same "first time".
 * Only the local stand-in does this; it never runs in production.
 */
async function firstAttempt(orderId: string): Promise<boolean> {
  const dir = path.join(tmpdir(), 'ouo-local-carrier');
  await mkdir(dir, { recursive: true });
  return mkdir(path.join(dir, orderId.replace(/[^\w-]/g, '_'))).then(
    () => true,
    () => false,
  );
}

export const localDelhivery: Delhivery = {
  configured: false,
  quoteRate: async () => undefined,
  async checkPincode(pin) {
    if (!pincodeSchema.safeParse(pin).success || pin === TEST_PINCODES.notServiceable) return NOT_SERVICEABLE;
    if (pin === TEST_PINCODES.prepaidOnly) return { serviceable: true, prepaid: true, cod: false };
    return { serviceable: true, prepaid: true, cod: true };
  },
  async createShipment({ shipment }) {
    if (shipment.pin === TEST_PINCODES.bookingFailsOnce && (await firstAttempt(shipment.order))) {
      return failure('UNREACHABLE', 'the local carrier is down for this test pincode (first attempt)');
    }
    // One waybill per order, as Delhivery keeps one shipment per order id. SIM so nobody mistakes
    // it for Delhivery's; the pincode after it chooses the simulated journey's ending (tracking.ts).
    const digits = shipment.order.replace(/\D/g, '').slice(-12).padStart(12, '0');
    return { ok: true, waybill: `${SIMULATED_WAYBILL_PREFIX}${shipment.pin}${digits}` };
  },
  trackParcels: simulatedTracker(24 * 60 * 60 * 1000),
  parcelStaleMs: PARCEL_STALE_MS,
  // A made-up pickup id, the same for a location and day (Delhivery keeps one request per day).
  requestPickup: async ({ location, date }) => ({
    ok: true,
    pickupId: `SIMPU${date.replace(/\D/g, '')}${location.length}`,
    duplicate: false,
  }),
};

/** The local carrier with simulated days of `dayMs` (LOCAL_CARRIER_DAY_SECONDS). */
export const localDelhiveryWithDay = (dayMs: number): Delhivery => ({
  ...localDelhivery,
  trackParcels: simulatedTracker(dayMs),
  // As fresh as a quarter hour of a real day: seconds when a simulated day lasts seconds.
  parcelStaleMs: (PARCEL_STALE_MS * dayMs) / (24 * 60 * 60 * 1000),
});

/**
 * Production without DELHIVERY_TOKEN: never pretend. No rate (the estimate is flagged), pincodes
 * unknown, and bookings refused as not configured, so orders wait (and /api/health says why).
 */
export const unconfiguredDelhivery: Delhivery = {
  configured: false,
  quoteRate: async () => undefined,
  checkPincode: async () => undefined,
  createShipment: async () => failure('NOT_CONFIGURED', 'DELHIVERY_TOKEN is not set'),
  trackParcels: async () => failure('NOT_CONFIGURED', 'DELHIVERY_TOKEN is not set'),
  parcelStaleMs: PARCEL_STALE_MS,
  requestPickup: async () => failure('NOT_CONFIGURED', 'DELHIVERY_TOKEN is not set'),
};
