/**
 * The local carrier's tracking (docs/shop-rules.md §11): a plausible journey simulated from the
 * booking time, marked as simulated, whose ending the test pincodes choose (delivered, failed once
 * then delivered, returned, lost), so every state can be seen offline; a cancelled booking's
 * journey stops at its cancellation.
 */
import type { CarrierScan, CarrierTracking } from '#shop/parcel/index.ts';
import type { BulkTracker } from './tracking.ts';

/** Pincodes whose simulated parcel ends otherwise than delivered at the first attempt (README). */
export const JOURNEY_PINCODES = {
  /** The first delivery attempt fails ("Consignee unavailable"); delivered the next day. */
  failsOnce: '400099',
  /** Two attempts fail, then the parcel goes back to the shop (return to origin). */
  returned: '302099',
  /** The carrier reports it lost in transit. */
  lost: '700099',
} as const;

type Step = { afterDays: number } & Omit<CarrierScan, 'at'>;
const HUB = 'Uttarkashi_Hub (Uttarakhand)';
const SORTING = 'Dehradun_Sorting (Uttarakhand)';
const DESTINATION = 'Destination_Hub';

const FORWARD: Step[] = [
  { afterDays: 0, type: 'UD', status: 'Manifested', code: 'X-UCI', location: HUB, note: 'Manifest uploaded' },
  { afterDays: 0.25, type: 'UD', status: 'In Transit', code: 'X-PPOM', location: HUB, note: 'Shipment picked up' },
  { afterDays: 1, type: 'UD', status: 'In Transit', code: 'X-DLL2F', location: SORTING, note: 'Bag added to trip' },
  {
    afterDays: 2,
    type: 'UD',
    status: 'Pending',
    code: 'X-ILL1F',
    location: DESTINATION,
    note: 'Reached destination hub',
  },
  { afterDays: 3, type: 'UD', status: 'Dispatched', code: 'X-DDD3FD', location: DESTINATION, note: 'Out for delivery' },
];
const delivered = (afterDays: number): Step => ({
  afterDays,
  type: 'DL',
  status: 'Delivered',
  code: 'EOD-38',
  location: DESTINATION,
  note: 'Delivered to consignee',
});
const failed = (afterDays: number, code: string, note: string): Step => ({
  afterDays,
  type: 'UD',
  status: 'Pending',
  code,
  location: DESTINATION,
  note,
});
const outAgain = (afterDays: number): Step => ({ ...FORWARD[4], afterDays }) as Step;

/** Each ending's scans, in days after booking (a simulated day lasts LOCAL_CARRIER_DAY_SECONDS). */
const JOURNEYS: Record<'delivered' | keyof typeof JOURNEY_PINCODES, Step[]> = {
  delivered: [...FORWARD, delivered(3.25)],
  failsOnce: [...FORWARD, failed(3.4, 'EOD-74', 'Consignee unavailable'), outAgain(4), delivered(4.25)],
  returned: [
    ...FORWARD,
    failed(3.4, 'EOD-74', 'Consignee unavailable'),
    outAgain(4),
    failed(4.4, 'EOD-6', 'Consignee refused to accept'),
    { afterDays: 5, type: 'RT', status: 'In Transit', code: 'RT-101', location: DESTINATION, note: 'Return initiated' },
    { afterDays: 6, type: 'RT', status: 'Pending', code: 'RT-110', location: SORTING, note: 'Reached return hub' },
    { afterDays: 8, type: 'DL', status: 'RTO', code: 'RD-AC', location: HUB, note: 'RTO delivered to shipper' },
  ],
  lost: [
    ...FORWARD.slice(0, 3),
    { afterDays: 2.5, type: 'UD', status: 'LOST', code: 'LT-100', location: SORTING, note: 'Shipment lost in transit' },
  ],
};

/** Simulated waybills start with SIM; the local stand-in writes the delivery pincode after it. */
export const SIMULATED_WAYBILL_PREFIX = 'SIM';

/**
 * The delivery pincode a simulated waybill was booked for (`SIM<pin><order digits>`), undefined
 * for an older simulated waybill without one, null for a waybill the stand-in never made.
 */
export function simulatedPin(waybill: string): string | undefined | null {
  if (!waybill.startsWith(SIMULATED_WAYBILL_PREFIX)) return null;
  return /^SIM(\d{6})\d{12}$/.exec(waybill)?.[1];
}

/** The journey a parcel to this pincode makes. */
function journeyTo(pin: string | undefined): Step[] {
  const ending = (Object.keys(JOURNEY_PINCODES) as (keyof typeof JOURNEY_PINCODES)[]).find(
    (name) => JOURNEY_PINCODES[name] === pin,
  );
  return JOURNEYS[ending ?? 'delivered'];
}

/**
 * When the local carrier picks up a parcel booked at `bookedAt` for this pincode (its journey's
 * pickup scan, ¼ simulated day after booking): until then it may still be cancelled. Undefined when
 * the booking time cannot be read.
 */
export function simulatedPickupAt(pin: string | undefined, bookedAt: string, dayMs: number): number | undefined {
  const booked = Date.parse(bookedAt);
  if (Number.isNaN(booked)) return undefined;
  const pickup = journeyTo(pin).find((step) => step.code?.startsWith('X-PP')) as Step;
  return booked + pickup.afterDays * dayMs;
}

/**
 * The scan that ends a cancelled simulated journey: Delhivery's status type for a cancellation
 * (`CN`), with the words and code Delhivery's tracking shows for a seller's cancellation before
 * pickup ("Seller cancelled the order", `DTUP-210`).
 */
export const simulatedCancellationScan = (at: string): CarrierScan => ({
  at,
  type: 'CN',
  status: 'Canceled',
  code: 'DTUP-210',
  location: HUB,
  note: 'Seller cancelled the order',
});

/** When the local carrier cancelled a waybill (ISO time), undefined when it did not. */
export type CancelledAt = (waybill: string) => Promise<string | undefined>;

/**
 * Scans made up from the booking time: those whose time has come. `dayMs` is how long a simulated
 * day lasts (`LOCAL_CARRIER_DAY_SECONDS`), so a test can watch a parcel arrive in seconds.
 * `pinOf` names a waybill's delivery pincode (null: the carrier does not know the waybill).
 * `cancelledAt` names the waybills the local carrier cancelled: their journey stops there, with a
 * `CN` scan at the cancellation time.
 */
export function simulatedTracker(
  dayMs: number,
  now: () => number = Date.now,
  pinOf: (waybill: string) => string | undefined | null = simulatedPin,
  cancelledAt: CancelledAt = async () => undefined,
): BulkTracker {
  return async (queries) => {
    const found = new Map<string, CarrierTracking>();
    for (const { waybill, bookedAt } of queries) {
      const pin = pinOf(waybill);
      if (pin === null) continue; // not ours: the carrier does not know it
      const booked = Date.parse(bookedAt);
      const journey = journeyTo(pin);
      const cancelled = await cancelledAt(waybill);
      const planned = journey.map(
        ({ afterDays, ...scan }): CarrierScan => ({ ...scan, at: new Date(booked + afterDays * dayMs).toISOString() }),
      );
      const scans = (
        cancelled ? [...planned.filter((scan) => scan.at < cancelled), simulatedCancellationScan(cancelled)] : planned
      ).filter((scan) => Date.parse(scan.at) <= now());
      const last = journey.at(-1) as Step;
      found.set(waybill, {
        delivered: scans.at(-1)?.type === 'DL' && scans.at(-1)?.status === 'Delivered',
        scans,
        expectedDelivery: cancelled
          ? undefined
          : new Date(booked + (last.afterDays < 3.25 ? 3.25 : last.afterDays) * dayMs).toISOString(),
        simulated: true,
      });
    }
    return { ok: true, found };
  };
}
