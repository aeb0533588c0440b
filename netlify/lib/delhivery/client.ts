/**
 * The one client for Delhivery's B2C API (rates, pincode serviceability, shipments, tracking, the
 * day's pickup, labels, cancellations). Delhivery's shapes are parsed here and turned into ours;
 * nothing outside this folder knows them.
 *
 * With no DELHIVERY_TOKEN the embedded local default (`local.ts`) answers instead and the network
 * is never touched (docs/shop-rules.md §11).
 */
import { z } from 'zod';
import { pincodeSchema } from '#shop/schemas.ts';
import type { ShipmentRecord } from '#shop/shipment.ts';
import type { PaymentMode } from '#shop/shipping.ts';
import type { ServerEnv } from '../platform/env.ts';
import { type Failure, failure, type Outcome } from '../platform/outcome.ts';
import { type CancelQuery, type CancelShipmentResult, delhiveryCancellation } from './cancel.ts';
import { localDelhiveryWithDay, NOT_SERVICEABLE, unconfiguredDelhivery } from './local.ts';
import { delhiveryPackingSlip, type PackingSlipResult } from './packing-slip.ts';
import { type BulkTracker, delhiveryTracker, PARCEL_STALE_MS } from './tracking.ts';

export type { CancelQuery, CancelShipmentResult } from './cancel.ts';

/** A quote sits on the shopper's checkout path, so a slow carrier must not hold it up for long. */
export const QUOTE_TIMEOUT_MS = 4_000;
/** Creating a shipment runs after the order is safely logged and is retried, so it may wait longer. */
export const SHIPMENT_TIMEOUT_MS = 10_000;

export interface RateQuery {
  originPin: string;
  destinationPin: string;
  /** Chargeable weight in grams. */
  grams: number;
  mode: PaymentMode;
}

export interface PincodeServiceability {
  serviceable: boolean;
  prepaid: boolean;
  cod: boolean;
}

/** A booked shipment's waybill; `DUPLICATE` when Delhivery already has a shipment for this order. */
export type ShipmentResult = Outcome<{ waybill: string }>;

/** The day's pickup request (docs/shop-rules.md §10): where, which day and time, how many parcels. */
export interface PickupRequest {
  /** The registered pickup location (warehouse) name, as shipments are booked from it. */
  location: string;
  /** YYYY-MM-DD, India. */
  date: string;
  /** HH:MM:SS, India. */
  time: string;
  expectedPackageCount: number;
}

/**
 * Delhivery's pickup id; `duplicate` when Delhivery already had a pickup request for that location
 * and day (its `pr_exist`), whose id it answers: the day's pickup is arranged either way.
 */
export type PickupResult = Outcome<{ pickupId: string; duplicate: boolean }>;

export interface Delhivery {
  /** False when the embedded local default is answering (no DELHIVERY_TOKEN). */
  configured: boolean;
  /** Delhivery's charge in rupees, or undefined when it cannot quote (the caller falls back). */
  quoteRate(query: RateQuery): Promise<number | undefined>;
  /** Undefined when Delhivery cannot be asked right now. */
  checkPincode(pin: string): Promise<PincodeServiceability | undefined>;
  createShipment(input: { shipment: ShipmentRecord; pickupName: string }): Promise<ShipmentResult>;
  /**
   * The scans of booked parcels, many per request; `UNREACHABLE` when Delhivery cannot be asked
   * now (the parcels keep their stored states and are asked again later).
   */
  trackParcels: BulkTracker;
  /** How long a parcel's stored state stays fresh before a shopper's page asks again. */
  parcelStaleMs: number;
  /** Asks Delhivery to come for the day's parcels (`POST /fm/request/new/`). */
  requestPickup(request: PickupRequest): Promise<PickupResult>;
  /** Delhivery's own label for a booked parcel; absent on the local carrier (the shop draws one). */
  packingSlip?(waybill: string): Promise<PackingSlipResult>;
  /**
   * Cancels a booked parcel (`POST /api/p/edit`, `cancellation: "true"`); only before pickup.
   * `{ ok: true, alreadyCancelled }` when it is cancelled (a repeat counts as done); `REFUSED` with
   * `tooLate: true` when the parcel has already moved; otherwise `REFUSED`, `UNREACHABLE` (retry)
   * or `NOT_CONFIGURED`, with `tooLate: false` (cancel.ts). `bookedAt` is for the local carrier's
   * simulated pickup; Delhivery needs only the waybill.
   */
  cancelShipment(query: CancelQuery): Promise<CancelShipmentResult>;
}

export type DelhiveryEnv = Pick<ServerEnv, 'DELHIVERY_TOKEN' | 'DELHIVERY_BASE_URL'> &
  Partial<Pick<ServerEnv, 'CONTEXT' | 'LOCAL_CARRIER_DAY_SECONDS'>>;

export interface DelhiveryOptions {
  quoteTimeoutMs?: number;
  shipmentTimeoutMs?: number;
  cancelTimeoutMs?: number;
}

// ---- Delhivery's shapes ------------------------------------------------------------------------

const amountSchema = z.union([
  z.number(),
  z
    .string()
    .trim()
    .regex(/^\d+(\.\d+)?$/)
    .transform(Number),
]);

/** Rate: a JSON array whose first element carries the total charge. */
const rateResponseSchema = z.array(z.object({ total_amount: amountSchema.pipe(z.number().nonnegative()) })).min(1);

const yesNo = z.string().transform((flag) => flag.trim().toUpperCase() === 'Y');

const pincodeResponseSchema = z.object({
  delivery_codes: z.array(
    z.object({
      postal_code: z.object({
        pin: z.union([z.number(), z.string()]).transform(String),
        cod: yesNo.nullish(),
        pre_paid: yesNo.nullish(),
      }),
    }),
  ),
});

const createResponseSchema = z.object({
  success: z.boolean().nullish(),
  rmk: z.string().nullish(),
  packages: z
    .array(
      z.object({
        waybill: z.union([z.string(), z.number()]).transform(String).nullish(),
        status: z.string().nullish(),
        remarks: z.union([z.array(z.string()), z.string()]).nullish(),
      }),
    )
    .nullish(),
});

/**
 * Pickup request: `{ pickup_id, pickup_date, pickup_time, pickup_location_name, client_name,
 * incoming_center_name, expected_package_count }` when made; `{ success: false, pr_exist: true,
 * pickup_id, error: { message } }` when the location already has one for that day. Delhivery sends
 * the id as a number; a string is taken too.
 */
const pickupIdSchema = z.union([z.number().int().nonnegative(), z.string().trim().min(1)]).transform(String);
const pickupResponseSchema = z.object({
  pickup_id: pickupIdSchema.nullish(),
  pr_exist: z.boolean().nullish(),
  success: z.boolean().nullish(),
  error: z.object({ message: z.string().nullish() }).nullish(),
  data: z.object({ message: z.string().nullish() }).nullish(),
  message: z.string().nullish(),
});

// ---- The client --------------------------------------------------------------------------------

export function createDelhivery(
  env: DelhiveryEnv,
  fetchImpl: typeof fetch = (input, init) => fetch(input, init),
  options: DelhiveryOptions = {},
): Delhivery {
  const token = env.DELHIVERY_TOKEN;
  if (!token) {
    if (env.CONTEXT === 'production') return unconfiguredDelhivery;
    return localDelhiveryWithDay((env.LOCAL_CARRIER_DAY_SECONDS ?? 24 * 60 * 60) * 1000);
  }

  const quoteTimeoutMs = options.quoteTimeoutMs ?? QUOTE_TIMEOUT_MS;
  const shipmentTimeoutMs = options.shipmentTimeoutMs ?? SHIPMENT_TIMEOUT_MS;
  const url = (path: string, query?: Record<string, string>) => {
    const target = new URL(path, env.DELHIVERY_BASE_URL);
    for (const [name, value] of Object.entries(query ?? {})) target.searchParams.set(name, value);
    return target;
  };
  const headers = { Authorization: `Token ${token}`, Accept: 'application/json' };

  /** Delhivery's parsed JSON, or the reason it could not be had. Never throws. */
  async function call<T extends z.ZodType>(
    target: URL,
    init: RequestInit,
    schema: T,
    timeoutMs: number,
  ): Promise<
    { ok: true; data: z.output<T> } | { ok: false; code: 'UNREACHABLE' | 'REFUSED'; reason: string; body?: unknown }
  > {
    let response: Response;
    let body: string;
    try {
      response = await fetchImpl(target, { ...init, signal: AbortSignal.timeout(timeoutMs) });
      body = await response.text();
    } catch (error) {
      const timedOut = error instanceof Error && error.name === 'TimeoutError';
      return {
        ok: false,
        code: 'UNREACHABLE',
        reason: timedOut ? `no answer within ${timeoutMs} ms` : `network error (${describe(error)})`,
      };
    }
    const json = parseJson(body);
    if (!response.ok) {
      // A 4xx is Delhivery saying no (a refused token, a bad field); anything else may pass.
      const code = response.status >= 400 && response.status < 500 ? 'REFUSED' : 'UNREACHABLE';
      return { ok: false, code, reason: `HTTP ${response.status}${remark(json)}`, body: json };
    }
    if (json === undefined) return { ok: false, code: 'UNREACHABLE', reason: 'response is not JSON' };
    const parsed = schema.safeParse(json);
    if (!parsed.success) {
      return { ok: false, code: 'UNREACHABLE', reason: `unexpected response shape: ${z.prettifyError(parsed.error)}` };
    }
    return { ok: true, data: parsed.data };
  }

  return {
    configured: true,
    parcelStaleMs: PARCEL_STALE_MS,
    trackParcels: delhiveryTracker({
      token,
      baseUrl: env.DELHIVERY_BASE_URL,
      fetchImpl,
      timeoutMs: quoteTimeoutMs,
    }),
    packingSlip: delhiveryPackingSlip({ token, baseUrl: env.DELHIVERY_BASE_URL, fetchImpl }),
    cancelShipment: delhiveryCancellation({
      token,
      baseUrl: env.DELHIVERY_BASE_URL,
      fetchImpl,
      timeoutMs: options.cancelTimeoutMs,
    }),

    async quoteRate({ originPin, destinationPin, grams, mode }) {
      const target = url('/api/kinko/v1/invoice/charges/.json', {
        md: 'S',
        ss: 'Delivered',
        d_pin: destinationPin,
        o_pin: originPin,
        cgm: String(Math.max(1, Math.round(grams))),
        pt: mode === 'cod' ? 'COD' : 'Pre-paid',
      });
      const result = await call(target, { headers }, rateResponseSchema, quoteTimeoutMs);
      if (!result.ok) {
        console.warn(`delhivery: no rate for ${originPin} → ${destinationPin}: ${result.reason}`);
        return undefined;
      }
      return result.data[0]?.total_amount;
    },

    async checkPincode(pin) {
      if (!pincodeSchema.safeParse(pin).success) return NOT_SERVICEABLE;
      const target = url('/c/api/pin-codes/json/', { filter_codes: pin });
      const result = await call(target, { headers }, pincodeResponseSchema, quoteTimeoutMs);
      if (!result.ok) {
        console.warn(`delhivery: serviceability of ${pin} unknown: ${result.reason}`);
        return undefined;
      }
      // Delhivery answers an empty list for a pincode it does not serve.
      const entry = result.data.delivery_codes.find((code) => code.postal_code.pin === pin)?.postal_code;
      if (!entry) return NOT_SERVICEABLE;
      const prepaid = entry.pre_paid ?? false;
      const cod = entry.cod ?? false;
      return { serviceable: prepaid || cod, prepaid, cod };
    },

    async requestPickup({ location, date, time, expectedPackageCount }) {
      const result = await call(
        url('/fm/request/new/'),
        {
          method: 'POST',
          headers: { ...headers, 'Content-Type': 'application/json' },
          body: JSON.stringify({
            pickup_time: time,
            pickup_date: date,
            pickup_location: location,
            expected_package_count: expectedPackageCount,
          }),
        },
        z.unknown(),
        shipmentTimeoutMs,
      );
      const outcome = result.ok
        ? pickupOutcome(result.data, undefined)
        : pickupOutcome(result.body, failure(result.code, result.reason));
      if (!outcome.ok) console.warn(`delhivery: no pickup for ${location} on ${date}: ${outcome.message}`);
      return outcome;
    },

    async createShipment({ shipment, pickupName }) {
      const data = JSON.stringify({ shipments: [shipment], pickup_location: { name: pickupName } });
      const result = await call(
        url('/api/cmu/create.json'),
        {
          method: 'POST',
          headers: { ...headers, 'Content-Type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams({ format: 'json', data }).toString(),
        },
        createResponseSchema,
        shipmentTimeoutMs,
      );
      if (!result.ok) {
        console.warn(`delhivery: shipment for ${shipment.order} not created: ${result.reason}`);
        return failure(result.code, result.reason);
      }
      const first = result.data.packages?.[0];
      const accepted = result.data.success === true || first?.status?.toLowerCase() === 'success';
      if (first?.waybill && accepted) return { ok: true, waybill: first.waybill };
      const reason = rejectionReason(first?.remarks, result.data.rmk, first?.status);
      console.warn(`delhivery: shipment for ${shipment.order} refused: ${reason}`);
      // Delhivery says a repeated order id only in its remarks ("Duplicate order id"): this is the
      // one place its words are read, so the order flow can decide on the code.
      return failure(/duplicate/i.test(reason) ? 'DUPLICATE' : 'REFUSED', reason);
    },
  };
}

/**
 * The pickup id Delhivery answered, or why there is none. A pickup request the location already has
 * for that day (`pr_exist`) is Delhivery's "already done", whatever status it came with.
 */
function pickupOutcome(json: unknown, fallback: Failure | undefined): PickupResult {
  const parsed = pickupResponseSchema.safeParse(json);
  const answer = parsed.success ? parsed.data : undefined;
  if (answer?.pickup_id && answer.pr_exist) return { ok: true, pickupId: answer.pickup_id, duplicate: true };
  if (fallback) return fallback;
  if (answer?.pickup_id && answer.success !== false) return { ok: true, pickupId: answer.pickup_id, duplicate: false };
  const reason =
    [answer?.error?.message, answer?.data?.message, answer?.message].find((text) => text?.trim())?.trim() ??
    (parsed.success
      ? 'Delhivery answered no pickup id'
      : `unexpected response shape: ${z.prettifyError(parsed.error)}`);
  return failure(parsed.success ? 'REFUSED' : 'UNREACHABLE', reason);
}

function rejectionReason(
  remarks: string | string[] | null | undefined,
  rmk: string | null | undefined,
  status: string | null | undefined,
) {
  const fromRemarks = (Array.isArray(remarks) ? remarks : [remarks ?? '']).filter((text) => text.trim()).join('; ');
  return fromRemarks || rmk?.trim() || (status ? `package status ${status}` : 'Delhivery returned no waybill');
}

/** Delhivery's error bodies often say why (`rmk`, `error`, `detail`); keep that in the reason. */
function remark(json: unknown): string {
  if (typeof json !== 'object' || json === null) return '';
  const record = json as Record<string, unknown>;
  const text = [record.rmk, record.error, record.detail].find((value) => typeof value === 'string' && value.trim());
  return typeof text === 'string' ? ` (${text.trim().slice(0, 200)})` : '';
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
