/**
 * Parcels' scans from Delhivery's tracking API (docs/shop-rules.md §4 "Parcel", §11): many waybills
 * per request (`waybill=a,b,c`), answers kept for 5 minutes. Without a token the local carrier's
 * simulated journeys answer instead (`simulated-tracking.ts`), through the same `BulkTracker`.
 */
import { z } from 'zod';
import type { CarrierScan, CarrierTracking } from '#shop/parcel/index.ts';
import { failure, type Outcome } from '../platform/outcome.ts';
import type { DelhiveryTarget } from './json-api.ts';

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

export function delhiveryTracker(options: DelhiveryTarget & { timeoutMs: number }): BulkTracker {
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
  options: DelhiveryTarget & { timeoutMs: number },
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
