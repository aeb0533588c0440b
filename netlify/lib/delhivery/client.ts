/**
 * The one client for Delhivery's B2C API (rates, pincode serviceability, shipments, tracking, the
 * day's pickup, labels, cancellations): what the shop asks of a carrier, and which carrier answers.
 * Delhivery's shapes are parsed in this folder, a module per question (`rates.ts`, `booking.ts`,
 * `pickup.ts`, `tracking.ts`, `packing-slip.ts`, `cancel.ts`), and turned into ours; nothing outside
 * this folder knows them.
 *
 * With no DELHIVERY_TOKEN the embedded local default (`local.ts`) answers instead and the network
 * is never touched (docs/shop-rules.md §11).
 */

import type { PaymentMode } from '#shop/order/index.ts';
import type { ShipmentRecord } from '#shop/parcel/index.ts';
import type { ServerEnv } from '../platform/env.ts';
import type { Outcome } from '../platform/outcome.ts';
import { delhiveryBooking } from './booking.ts';
import { type CancelQuery, type CancelShipmentResult, delhiveryCancellation } from './cancel.ts';
import { delhiveryApi } from './json-api.ts';
import { localDelhiveryWithDay, unconfiguredDelhivery } from './local.ts';
import { delhiveryReattempt, type ReattemptResult } from './ndr.ts';
import { delhiveryPackingSlip, type PackingSlipResult } from './packing-slip.ts';
import { delhiveryPickup } from './pickup.ts';
import { delhiveryRates } from './rates.ts';
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
  /** Asks Delhivery to try a failed delivery again (NDR `RE-ATTEMPT`, ndr.ts); queued, not yet applied. */
  requestReattempt(waybill: string): Promise<ReattemptResult>;
}

export type DelhiveryEnv = Pick<ServerEnv, 'DELHIVERY_TOKEN' | 'DELHIVERY_BASE_URL'> &
  Partial<Pick<ServerEnv, 'CONTEXT' | 'LOCAL_CARRIER_DAY_SECONDS'>>;

export interface DelhiveryOptions {
  quoteTimeoutMs?: number;
  shipmentTimeoutMs?: number;
  cancelTimeoutMs?: number;
}

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
  const api = delhiveryApi({ token, baseUrl: env.DELHIVERY_BASE_URL, fetchImpl });
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
    ...delhiveryRates(api, quoteTimeoutMs),
    requestPickup: delhiveryPickup(api, shipmentTimeoutMs),
    createShipment: delhiveryBooking(api, shipmentTimeoutMs),
    requestReattempt: delhiveryReattempt(api, shipmentTimeoutMs),
  };
}
