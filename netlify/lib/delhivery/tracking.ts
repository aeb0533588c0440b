/**
 * A shipment's scans, for the order page and /track (docs/shop-rules.md §11): Delhivery's tracking
 * API when a token is set, answers kept for 5 minutes; otherwise a plausible history simulated from
 * the booking time, marked as simulated, so the whole journey can be seen offline.
 */
import { z } from 'zod';
import type { CarrierScan, CarrierTracking } from '#shop/tracking.ts';
import { failure } from '../platform/outcome.ts';
import type { TrackingResult } from './client.ts';

export type Tracker = (input: { waybill: string; bookedAt: string }) => Promise<TrackingResult>;

// ---- Delhivery ---------------------------------------------------------------------------------

const scanDetailSchema = z.object({
  Scan: z.string(),
  ScanDateTime: z.string(),
  ScanLocation: z.string().nullish(),
  Instructions: z.string().nullish(),
});
const trackingSchema = z.object({
  ShipmentData: z
    .array(
      z.object({
        Shipment: z.object({
          AWB: z.string().optional(),
          Status: z.object({ Status: z.string() }).partial().nullish(),
          Scans: z.array(z.object({ ScanDetail: scanDetailSchema })).nullish(),
          ExpectedDeliveryDate: z.string().nullish(),
        }),
      }),
    )
    .min(1),
});

/** Delhivery writes India time without a zone ("2026-11-20T10:15:00.123"): it is read as +05:30. */
export function indiaTime(text: string): string {
  const zoned = /(?:Z|[+-]\d{2}:?\d{2})$/.test(text) ? text : `${text}+05:30`;
  const time = Date.parse(zoned);
  return Number.isNaN(time) ? text : new Date(time).toISOString();
}

const CACHE_MS = 5 * 60 * 1000;
const cache = new Map<string, { until: number; result: TrackingResult }>();

export function delhiveryTracker(options: {
  token: string;
  baseUrl: string;
  fetchImpl: typeof fetch;
  timeoutMs: number;
}): Tracker {
  return async ({ waybill }) => {
    const key = `${options.baseUrl} ${waybill}`;
    const cached = cache.get(key);
    if (cached && cached.until > Date.now()) return cached.result;
    const target = new URL('/api/v1/packages/json/', options.baseUrl);
    target.searchParams.set('waybill', waybill);
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
      return failure(
        response.status < 500 ? 'REFUSED' : 'UNREACHABLE',
        `Delhivery tracking answered ${response.status}`,
      );
    const parsed = trackingSchema.safeParse(body);
    if (!parsed.success) return failure('UNREACHABLE', 'Delhivery tracking answered something that is not a shipment');
    const shipment = parsed.data.ShipmentData[0]?.Shipment;
    const scans: CarrierScan[] = (shipment?.Scans ?? [])
      .map(({ ScanDetail: scan }) => ({
        at: indiaTime(scan.ScanDateTime),
        status: scan.Scan,
        location: scan.ScanLocation ?? '',
        note: scan.Instructions ?? undefined,
      }))
      .sort((a, b) => a.at.localeCompare(b.at));
    const tracking: CarrierTracking = {
      delivered: /^delivered$/i.test(shipment?.Status?.Status ?? ''),
      scans,
      expectedDelivery: shipment?.ExpectedDeliveryDate ? indiaTime(shipment.ExpectedDeliveryDate) : undefined,
      simulated: false,
    };
    const result: TrackingResult = { ok: true, tracking };
    cache.set(key, { until: Date.now() + CACHE_MS, result });
    return result;
  };
}

// ---- The local stand-in ------------------------------------------------------------------------

/** A parcel's usual journey from the Uttarkashi hub, in days after booking. */
const JOURNEY: { afterDays: number; status: string; location: string }[] = [
  { afterDays: 0.25, status: 'Picked up', location: 'Uttarkashi hub' },
  { afterDays: 1, status: 'In transit', location: 'Dehradun sorting centre' },
  { afterDays: 2, status: 'Reached the destination hub', location: 'Destination city hub' },
  { afterDays: 3, status: 'Out for delivery', location: 'Destination city hub' },
  { afterDays: 3.25, status: 'Delivered', location: 'Delivery address' },
];

/**
 * Scans made up from the booking time: those whose time has come. `dayMs` is how long a simulated
 * day lasts (`LOCAL_CARRIER_DAY_SECONDS`), so a test can watch a parcel arrive in seconds.
 */
export function simulatedTracker(dayMs: number, now: () => number = Date.now): Tracker {
  return async ({ bookedAt }) => {
    const booked = Date.parse(bookedAt);
    const scans = JOURNEY.map((step) => ({
      at: new Date(booked + step.afterDays * dayMs).toISOString(),
      status: step.status,
      location: step.location,
    })).filter((scan) => Date.parse(scan.at) <= now());
    const last = JOURNEY.at(-1)?.afterDays ?? 0;
    return {
      ok: true,
      tracking: {
        delivered: scans.length === JOURNEY.length,
        scans,
        expectedDelivery: new Date(booked + last * dayMs).toISOString(),
        simulated: true,
      },
    };
  };
}
