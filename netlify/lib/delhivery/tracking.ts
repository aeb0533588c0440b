/**
 * Parcels' scans (docs/shop-rules.md §4 "Parcel", §11): Delhivery's tracking API when a token is
 * set — many waybills per request (`waybill=a,b,c`), answers kept for 5 minutes — otherwise a
 * plausible journey simulated from the booking time, marked as simulated, whose ending the test
 * pincodes choose (delivered, failed once then delivered, returned, lost), so every state can be
 * seen offline.
 */
import { z } from 'zod';
import type { CarrierScan } from '#shop/parcel.ts';
import type { CarrierTracking } from '#shop/tracking.ts';
import { failure, type Outcome } from '../platform/outcome.ts';

/** One parcel the carrier is asked about. `bookedAt` lets the local stand-in simulate from it. */
export interface TrackQuery {
  waybill: string;
  bookedAt: string;
}

/** The carrier's answers by waybill; a waybill it does not know is simply absent. */
export type BulkTrackingResult = Outcome<{ found: Map<string, CarrierTracking> }>;
export type BulkTracker = (queries: readonly TrackQuery[]) => Promise<BulkTrackingResult>;

/**
 * A parcel's stored state is stale after this long (a shopper's page then asks the carrier). The
 * sync runs every 30 minutes; Delhivery's answers are kept 5.
 */
export const PARCEL_STALE_MS = 15 * 60 * 1000;

/** Waybills per request: Delhivery's tracking API takes a comma-separated list; 50 keeps the URL short. */
export const WAYBILLS_PER_REQUEST = 50;

// ---- Delhivery ---------------------------------------------------------------------------------

const scanDetailSchema = z.object({
  Scan: z.string(),
  ScanDateTime: z.string(),
  ScanType: z.string().nullish(),
  StatusCode: z.string().nullish(),
  // FACTS names it ScanLocation; Delhivery's answers carry ScannedLocation. Either is read.
  ScanLocation: z.string().nullish(),
  ScannedLocation: z.string().nullish(),
  Instructions: z.string().nullish(),
});
const statusSchema = z
  .object({
    Status: z.string(),
    StatusType: z.string().nullish(),
    StatusDateTime: z.string().nullish(),
    StatusLocation: z.string().nullish(),
    StatusCode: z.string().nullish(),
    Instructions: z.string().nullish(),
  })
  .partial();
const shipmentSchema = z.object({
  AWB: z.union([z.string(), z.number().transform(String)]).optional(),
  Status: statusSchema.nullish(),
  Scans: z.array(z.object({ ScanDetail: scanDetailSchema })).nullish(),
  ExpectedDeliveryDate: z.string().nullish(),
});
const trackingSchema = z.object({ ShipmentData: z.array(z.object({ Shipment: shipmentSchema })).nullish() });

/** Delhivery writes India time without a zone ("2026-11-20T10:15:00.123"): it is read as +05:30. */
export function indiaTime(text: string): string {
  const zoned = /(?:Z|[+-]\d{2}:?\d{2})$/.test(text) ? text : `${text}+05:30`;
  const time = Date.parse(zoned);
  return Number.isNaN(time) ? text : new Date(time).toISOString();
}

/** One Delhivery shipment as the shop reads it: its scans oldest first, in UTC. */
export function readShipment(shipment: z.output<typeof shipmentSchema>): CarrierTracking {
  const scans: CarrierScan[] = (shipment.Scans ?? []).map(({ ScanDetail: scan }) => ({
    at: indiaTime(scan.ScanDateTime),
    status: scan.Scan,
    location: scan.ScannedLocation ?? scan.ScanLocation ?? '',
    note: scan.Instructions ?? undefined,
    type: scan.ScanType ?? undefined,
    code: scan.StatusCode ?? undefined,
  }));
  const status = shipment.Status;
  // An answer with a current status but no scans (seen right after booking) still says where it is.
  if (scans.length === 0 && status?.Status && status.StatusDateTime) {
    scans.push({
      at: indiaTime(status.StatusDateTime),
      status: status.Status,
      location: status.StatusLocation ?? '',
      note: status.Instructions ?? undefined,
      type: status.StatusType ?? undefined,
      code: status.StatusCode ?? undefined,
    });
  }
  scans.sort((a, b) => a.at.localeCompare(b.at));
  return {
    delivered: /^delivered$/i.test(status?.Status ?? '') && (status?.StatusType ?? 'DL').toUpperCase() === 'DL',
    scans,
    expectedDelivery: shipment.ExpectedDeliveryDate ? indiaTime(shipment.ExpectedDeliveryDate) : undefined,
    simulated: false,
  };
}

const CACHE_MS = 5 * 60 * 1000;
const cache = new Map<string, { until: number; tracking: CarrierTracking }>();

export function delhiveryTracker(options: {
  token: string;
  baseUrl: string;
  fetchImpl: typeof fetch;
  timeoutMs: number;
}): BulkTracker {
  return async (queries) => {
    const found = new Map<string, CarrierTracking>();
    const asked: string[] = [];
    for (const { waybill } of queries) {
      const cached = cache.get(`${options.baseUrl} ${waybill}`);
      if (cached && cached.until > Date.now()) found.set(waybill, cached.tracking);
      else asked.push(waybill);
    }
    for (let start = 0; start < asked.length; start += WAYBILLS_PER_REQUEST) {
      const batch = asked.slice(start, start + WAYBILLS_PER_REQUEST);
      const answer = await askDelhivery(options, batch);
      if (!answer.ok) return answer;
      for (const [waybill, tracking] of answer.found) {
        found.set(waybill, tracking);
        cache.set(`${options.baseUrl} ${waybill}`, { until: Date.now() + CACHE_MS, tracking });
      }
    }
    return { ok: true, found };
  };
}

async function askDelhivery(
  options: { token: string; baseUrl: string; fetchImpl: typeof fetch; timeoutMs: number },
  waybills: string[],
): Promise<BulkTrackingResult> {
  const target = new URL('/api/v1/packages/json/', options.baseUrl);
  target.searchParams.set('waybill', waybills.join(','));
  let response: Response;
  let body: unknown;
  try {
    response = await options.fetchImpl(target, {
      headers: { Authorization: `Token ${options.token}`, Accept: 'application/json' },
      signal: AbortSignal.timeout(options.timeoutMs),
    });
    body = await response.json().catch(() => undefined);
  } catch (error) {
    return failure('UNREACHABLE', `Delhivery tracking could not be reached: ${(error as Error).message}`);
  }
  if (!response.ok)
    return failure(response.status < 500 ? 'REFUSED' : 'UNREACHABLE', `Delhivery tracking answered ${response.status}`);
  const parsed = trackingSchema.safeParse(body);
  if (!parsed.success)
    return failure('UNREACHABLE', 'Delhivery tracking answered something that is not a shipment list');
  const found = new Map<string, CarrierTracking>();
  const shipments = parsed.data.ShipmentData ?? [];
  for (const [index, { Shipment: shipment }] of shipments.entries()) {
    // Each shipment names its waybill; a lone answer to a lone question needs no name.
    const waybill = shipment.AWB ?? (waybills.length === 1 && index === 0 ? waybills[0] : undefined);
    if (waybill && waybills.includes(waybill)) found.set(waybill, readShipment(shipment));
  }
  return { ok: true, found };
}

// ---- The local stand-in ------------------------------------------------------------------------

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
