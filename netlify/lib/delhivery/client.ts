/**
 * The one client for Delhivery's B2C API (rates, pincode serviceability, shipments). Delhivery's
 * shapes are parsed here and turned into ours; nothing outside this file knows them.
 *
 * With no DELHIVERY_TOKEN the embedded local default answers instead and the network is never
 * touched (DESIGN.md, principle 4): no carrier rate (callers use the fallback estimate), every
 * valid pincode serviceable, shipments recorded as not sent.
 */
import { z } from 'zod';
import { pincodeSchema } from '../../src/shop/schemas.ts';
import type { ShipmentRecord } from '../../src/shop/shipment.ts';
import type { PaymentMode } from '../../src/shop/shipping.ts';
import type { ServerEnv } from './env.ts';

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

export type ShipmentResult = { sent: true; waybill: string } | { sent: false; reason: string };

export interface Delhivery {
  /** False when the embedded local default is answering (no DELHIVERY_TOKEN). */
  configured: boolean;
  /** Delhivery's charge in rupees, or undefined when it cannot quote (the caller falls back). */
  quoteRate(query: RateQuery): Promise<number | undefined>;
  /** Undefined when Delhivery cannot be asked right now. */
  checkPincode(pin: string): Promise<PincodeServiceability | undefined>;
  createShipment(input: { shipment: ShipmentRecord; pickupName: string }): Promise<ShipmentResult>;
}

export type DelhiveryEnv = Pick<ServerEnv, 'DELHIVERY_TOKEN' | 'DELHIVERY_BASE_URL'>;

export interface DelhiveryOptions {
  quoteTimeoutMs?: number;
  shipmentTimeoutMs?: number;
}

const NOT_SERVICEABLE: PincodeServiceability = { serviceable: false, prepaid: false, cod: false };

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

// ---- The client --------------------------------------------------------------------------------

export function createDelhivery(
  env: DelhiveryEnv,
  fetchImpl: typeof fetch = (input, init) => fetch(input, init),
  options: DelhiveryOptions = {},
): Delhivery {
  const token = env.DELHIVERY_TOKEN;
  if (!token) return localDelhivery;

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
  ): Promise<{ ok: true; data: z.output<T> } | { ok: false; reason: string }> {
    let response: Response;
    let body: string;
    try {
      response = await fetchImpl(target, { ...init, signal: AbortSignal.timeout(timeoutMs) });
      body = await response.text();
    } catch (error) {
      const timedOut = error instanceof Error && error.name === 'TimeoutError';
      return {
        ok: false,
        reason: timedOut ? `no answer within ${timeoutMs} ms` : `network error (${describe(error)})`,
      };
    }
    const json = parseJson(body);
    if (!response.ok) return { ok: false, reason: `HTTP ${response.status}${remark(json)}` };
    if (json === undefined) return { ok: false, reason: 'response is not JSON' };
    const parsed = schema.safeParse(json);
    if (!parsed.success) return { ok: false, reason: `unexpected response shape: ${z.prettifyError(parsed.error)}` };
    return { ok: true, data: parsed.data };
  }

  return {
    configured: true,

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
        return { sent: false, reason: result.reason };
      }
      const first = result.data.packages?.[0];
      const accepted = result.data.success === true || first?.status?.toLowerCase() === 'success';
      if (first?.waybill && accepted) return { sent: true, waybill: first.waybill };
      const reason = rejectionReason(first?.remarks, result.data.rmk, first?.status);
      console.warn(`delhivery: shipment for ${shipment.order} refused: ${reason}`);
      return { sent: false, reason };
    },
  };
}

export interface DeliveryWindow {
  min: number;
  max: number;
}

/**
 * Days from pickup to the door, by how far apart the two pincodes are: same sorting district
 * (first two digits), same postal region (first digit), a neighbouring region, or further. From
 * the Uttarkashi pickup (249135) that is 24xxxx 2–4 days; UP and Uttarakhand 3–5; Delhi, Punjab,
 * Haryana, HP, J&K (1xxxxx), Rajasthan and Gujarat (3xxxxx) 4–6; the rest of India 5–8.
 * An estimate until Delhivery's TAT (expected delivery date) API is wired in.
 */
export function estimateDeliveryDays(originPin: string, destinationPin: string): DeliveryWindow {
  if (originPin.slice(0, 2) === destinationPin.slice(0, 2)) return { min: 2, max: 4 };
  const originRegion = Number(originPin[0]);
  const destinationRegion = Number(destinationPin[0]);
  if (originRegion === destinationRegion) return { min: 3, max: 5 };
  if (Math.abs(originRegion - destinationRegion) === 1) return { min: 4, max: 6 };
  return { min: 5, max: 8 };
}

/** The embedded local default: no network, ever. */
const localDelhivery: Delhivery = {
  configured: false,
  quoteRate: async () => undefined,
  checkPincode: async (pin) =>
    pincodeSchema.safeParse(pin).success ? { serviceable: true, prepaid: true, cod: true } : NOT_SERVICEABLE,
  createShipment: async () => ({ sent: false, reason: 'Delhivery is not configured' }),
};

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
