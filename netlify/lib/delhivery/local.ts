/**
 * Delhivery's embedded local default: no network, ever (docs/shop-rules.md §11). No carrier rate
 * (callers use the fallback estimate); every valid pincode serviceable except the test pincodes
 * below; shipments "booked" with a simulated waybill, so an order's whole life runs offline.
 * A simulated booking can be cancelled until its simulated pickup, and its journey then ends there.
 */
import { randomUUID } from 'node:crypto';
import { link, mkdir, readFile, unlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { ShipmentRecord } from '#shop/parcel/index.ts';
import { pincodeSchema } from '#shop/schemas/index.ts';
import { failure } from '../platform/outcome.ts';
import { type CancelShipmentResult, cancelFailure, tooLate } from './cancel.ts';
import type { Delhivery, PincodeServiceability } from './client.ts';
import { simulatedReattempt } from './ndr.ts';
import {
  type CancelledAt,
  SIMULATED_WAYBILL_PREFIX,
  simulatedPickupAt,
  simulatedPin,
  simulatedTracker,
} from './simulated-tracking.ts';
import { PARCEL_STALE_MS, type TrackQuery } from './tracking.ts';

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

const DAY_MS = 24 * 60 * 60 * 1000;

/** Where the local carrier keeps its cancellations (one file per waybill), unless told otherwise. */
export const LOCAL_CANCELLATIONS_DIR = path.join(tmpdir(), 'ouo-local-carrier', 'cancelled');

/**
 * The local carrier's cancellations: a file per waybill holding the cancellation time, under the
 * OS temp dir like `firstAttempt`, so every function bundle and process on this machine (the
 * cancellation, the sync, a shopper's page) sees the same ones. Written whole under a temporary
 * name and then linked into place, which fails if the name exists: of concurrent cancellations one
 * records its time and the others read it.
 */
export function localCancellations(dir: string = LOCAL_CANCELLATIONS_DIR) {
  const fileOf = (waybill: string) => path.join(dir, waybill.replace(/[^\w-]/g, '_'));
  const cancelledAt: CancelledAt = async (waybill) => {
    const written = await readFile(fileOf(waybill), 'utf8').catch(() => undefined);
    const at = written?.trim();
    return at && !Number.isNaN(Date.parse(at)) ? at : undefined;
  };
  return {
    cancelledAt,
    /** Records the cancellation; false when the waybill was already cancelled. */
    async record(waybill: string, at: string): Promise<boolean> {
      await mkdir(dir, { recursive: true });
      const draft = path.join(dir, `.${randomUUID()}`);
      await writeFile(draft, at, { flag: 'wx' });
      try {
        await link(draft, fileOf(waybill));
        return true;
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
        throw error;
      } finally {
        await unlink(draft).catch(() => undefined);
      }
    },
  };
}

/** Where the local carrier keeps what each booking asked for (one file per order reference). */
export const LOCAL_BOOKINGS_DIR = path.join(tmpdir(), 'ouo-local-carrier', 'bookings');

/**
 * The shipments the local carrier booked, as Delhivery would have received them (its `cod_amount`
 * above all: docs/shop-rules.md §10 rule 17), a JSON file per order reference. The first booking
 * of a reference is kept, as Delhivery keeps one shipment per order id.
 */
export function localBookings(dir: string = LOCAL_BOOKINGS_DIR) {
  const fileOf = (reference: string) => path.join(dir, `${reference.replace(/[^\w-]/g, '_')}.json`);
  return {
    async record(shipment: ShipmentRecord): Promise<void> {
      await mkdir(dir, { recursive: true });
      await writeFile(fileOf(shipment.order), JSON.stringify(shipment), { flag: 'wx' }).catch((error) => {
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      });
    },
    async read(reference: string): Promise<ShipmentRecord | undefined> {
      const written = await readFile(fileOf(reference), 'utf8').catch(() => undefined);
      return written === undefined ? undefined : (JSON.parse(written) as ShipmentRecord);
    },
  };
}

export interface LocalCarrierOptions {
  /** Where the cancellations are kept (tests use their own directory). */
  cancellationsDir?: string;
  /** Where the bookings are kept. */
  bookingsDir?: string;
  /** The carrier's clock (tests move it). */
  now?: () => number;
}

/**
 * The local carrier with simulated days of `dayMs` (LOCAL_CARRIER_DAY_SECONDS). A simulated booking
 * (`SIM…`) can be cancelled until its simulated pickup (¼ simulated day after booking); after it
 * the carrier refuses, too late. A cancelled waybill stays cancelled (asking again is done, already
 * cancelled), and its simulated journey ends with a `CN` scan at the cancellation time.
 */
export function localDelhiveryWithDay(dayMs: number, options: LocalCarrierOptions = {}): Delhivery {
  const now = options.now ?? (() => Date.now());
  const cancellations = localCancellations(options.cancellationsDir);
  const bookings = localBookings(options.bookingsDir);
  return {
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
      // it for Delhivery's; the pincode after it chooses the simulated journey's ending (simulated-tracking.ts).
      await bookings.record(shipment);
      const digits = shipment.order.replace(/\D/g, '').slice(-12).padStart(12, '0');
      return { ok: true, waybill: `${SIMULATED_WAYBILL_PREFIX}${shipment.pin}${digits}` };
    },
    trackParcels: simulatedTracker(dayMs, now, simulatedPin, cancellations.cancelledAt),
    // As fresh as a quarter hour of a real day: seconds when a simulated day lasts seconds.
    parcelStaleMs: (PARCEL_STALE_MS * dayMs) / DAY_MS,
    // A made-up pickup id, the same for a location and day (Delhivery keeps one request per day).
    requestPickup: async ({ location, date }) => ({
      ok: true,
      pickupId: `SIMPU${date.replace(/\D/g, '')}${location.length}`,
      duplicate: false,
    }),
    cancelShipment: (query) => cancelSimulated(query, dayMs, now, cancellations),
    requestReattempt: simulatedReattempt,
  };
}

async function cancelSimulated(
  { waybill, bookedAt }: TrackQuery,
  dayMs: number,
  now: () => number,
  cancellations: ReturnType<typeof localCancellations>,
): Promise<CancelShipmentResult> {
  const pin = simulatedPin(waybill);
  if (pin === null) return cancelFailure('REFUSED', `the local carrier booked no ${waybill}`);
  // A retry after a lost answer, even once the pickup time has passed: the parcel never left.
  if (await cancellations.cancelledAt(waybill)) return { ok: true, alreadyCancelled: true };
  const pickupAt = simulatedPickupAt(pin, bookedAt, dayMs);
  if (pickupAt === undefined) return cancelFailure('REFUSED', `unreadable booking time ${JSON.stringify(bookedAt)}`);
  const time = now();
  if (time >= pickupAt) {
    return tooLate(
      `Shipment already picked up (local carrier, ${new Date(pickupAt).toISOString()}): it can no longer be cancelled`,
    );
  }
  const first = await cancellations.record(waybill, new Date(time).toISOString());
  return { ok: true, alreadyCancelled: !first };
}

/** The local carrier on real days. */
export const localDelhivery: Delhivery = localDelhiveryWithDay(DAY_MS);

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
  cancelShipment: async () => cancelFailure('NOT_CONFIGURED', 'DELHIVERY_TOKEN is not set'),
  requestReattempt: async () => failure('NOT_CONFIGURED', 'DELHIVERY_TOKEN is not set'),
};
