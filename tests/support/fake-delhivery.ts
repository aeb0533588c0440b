/**
 * A fake Delhivery upstream on loopback, answering in Delhivery's documented shapes (FACTS: the
 * B2C API; "After the booking"): the shop's real client reaches it over HTTP through
 * `DELHIVERY_BASE_URL`, so tests built on it are contract tests of our requests and of how we read
 * the answers.
 *
 * - `GET /c/api/pin-codes/json/?filter_codes=<pin>` → `{ delivery_codes: [{ postal_code: { pin, cod, pre_paid } }] }`
 *   as the local carrier (netlify/lib/delhivery/local.ts) serves that pin: `[]` where it does not deliver;
 * - `GET /api/kinko/v1/invoice/charges/.json` → `[{ total_amount }]`;
 * - `POST /api/cmu/create.json` (form: `format=json&data=<JSON>`) → `{ success, packages: [{ status, waybill, refnum }] }`;
 * - `GET /api/v1/packages/json/?waybill=a,b,c` → `{ ShipmentData: [{ Shipment: { AWB, Status, Scans: [{ ScanDetail }] } }] }`
 *   for the waybills it knows (scans as a test scripts them with `scan`);
 * - `POST /api/p/edit` (JSON `{ waybill, cancellation: "true" }`) → XML, as Delhivery's production
 *   API answers it (netlify/lib/delhivery/cancel.ts says where that comes from):
 *   `<root><status>True</status><waybill/><order_id/><remark>Shipment has been cancelled.</remark></root>`
 *   for a booked parcel not yet picked up (its tracking then ends with a `CN` scan), the same answer
 *   again for one already cancelled (Delhivery does not tell them apart), `<status>False</status>`
 *   with a remark for one that has moved (a scan past "Manifested"/"Not Picked") or an unknown
 *   waybill; 503 while `cancelDown`.
 *
 * Tests that need one answer of Delhivery's rather than a running upstream use its msw handlers at
 * the end of this file instead (rates and serviceability at `DELHIVERY_TEST_BASE_URL`).
 */
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { HttpResponse, http } from 'msw';
import { vi } from 'vitest';
import { type ZodType, z } from 'zod';
import { localDelhivery } from '../../netlify/lib/delhivery/local.ts';
import { allowPassthrough } from './msw.ts';

/** One scan as Delhivery writes it (India time without a zone). */
export interface FakeScanDetail {
  ScanType: string;
  Scan: string;
  ScanDateTime: string;
  ScannedLocation: string;
  StatusCode: string;
  Instructions: string | null;
}

export interface FakeDelhivery {
  baseUrl: string;
  /** Booked shipments by waybill: the order id and delivery pincode sent. */
  shipments: Map<string, { order: string; pin: string; scans: FakeScanDetail[] }>;
  /** Every tracking request's waybills, in order. */
  trackingRequests: string[][];
  /** While set, tracking answers 503 (Delhivery down). */
  trackingDown: boolean;
  /** While set, tracking answers 200 with a body that is not JSON. */
  trackingGarbage: boolean;
  /** Every cancellation request's body, in order. */
  cancelRequests: unknown[];
  /** While set, cancellation answers 503 (Delhivery down). */
  cancelDown: boolean;
  /** Adds a scan to a booked shipment (`at` is an India time, as Delhivery writes it). */
  scan(waybill: string, detail: Omit<FakeScanDetail, 'ScannedLocation'> & { ScannedLocation?: string }): void;
  stop(): Promise<void>;
}

async function textOf(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

const formOf = async (request: IncomingMessage) => new URLSearchParams(await textOf(request));

/** Scans before the parcel leaves the shop: a cancellation is still possible after these only. */
const BEFORE_PICKUP = new Set(['manifested', 'not picked', 'scheduled', 'open']);

/** Delhivery's answer to a cancellation: flat XML, string booleans. */
function cancelAnswer(status: boolean, waybill: string, order: string, remark: string): string {
  const xmlText = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
  return (
    '<?xml version="1.0" encoding="utf-8"?>\n' +
    `<root><status>${status ? 'True' : 'False'}</status><waybill>${xmlText(waybill)}</waybill>` +
    `<order_id>${xmlText(order)}</order_id><remark>${xmlText(remark)}</remark></root>`
  );
}

/** Now in India time without a zone, as Delhivery writes its scans. */
const indiaNow = () => new Date(Date.now() + 5.5 * 60 * 60 * 1000).toISOString().slice(0, 23);

export async function startFakeDelhivery(): Promise<FakeDelhivery> {
  let sequence = 0;
  const fake: Omit<FakeDelhivery, 'baseUrl' | 'stop'> = {
    shipments: new Map(),
    trackingRequests: [],
    trackingDown: false,
    trackingGarbage: false,
    cancelRequests: [],
    cancelDown: false,
    scan(waybill, detail) {
      const shipment = fake.shipments.get(waybill);
      if (!shipment) throw new Error(`the fake Delhivery booked no ${waybill}`);
      shipment.scans.push({ ScannedLocation: 'Dehradun_Hub (Uttarakhand)', ...detail });
    },
  };
  const server = createServer(async (request, response) => {
    const url = new URL(request.url ?? '/', 'http://fake');
    const send = (status: number, body: unknown, contentType = 'application/json') => {
      response.writeHead(status, { 'content-type': contentType });
      response.end(typeof body === 'string' ? body : JSON.stringify(body));
    };
    if (request.headers.authorization !== 'Token fake-delhivery-token') return send(401, { detail: 'Invalid token' });
    if (url.pathname === '/c/api/pin-codes/json/') {
      // Which pincodes are served is the local carrier's rule (its test pincodes included), so the
      // dev stand-in and this upstream never disagree; here it is answered in Delhivery's shape.
      const pin = url.searchParams.get('filter_codes') ?? '';
      const served = await localDelhivery.checkPincode(pin);
      const yesNo = (flag: boolean) => (flag ? 'Y' : 'N');
      return send(200, {
        delivery_codes: served?.serviceable
          ? [{ postal_code: { pin: Number(pin), cod: yesNo(served.cod), pre_paid: yesNo(served.prepaid) } }]
          : [],
      });
    }
    if (url.pathname === '/api/kinko/v1/invoice/charges/.json') return send(200, [{ total_amount: 80 }]);
    if (url.pathname === '/api/cmu/create.json' && request.method === 'POST') {
      const data = JSON.parse((await formOf(request)).get('data') ?? '{}') as {
        shipments: { order: string; pin: string }[];
      };
      const shipment = data.shipments[0];
      if (!shipment) return send(200, { success: false, rmk: 'no shipment' });
      sequence += 1;
      const waybill = String(1_490_000_000_000 + sequence);
      fake.shipments.set(waybill, { order: shipment.order, pin: String(shipment.pin), scans: [] });
      return send(200, {
        success: true,
        package_count: 1,
        packages: [{ status: 'Success', waybill, refnum: shipment.order, remarks: [] }],
      });
    }
    if (url.pathname === '/api/p/edit' && request.method === 'POST') {
      let body: unknown;
      try {
        body = JSON.parse(await textOf(request));
      } catch {
        return send(400, { status: false, error: 'JSON expected' });
      }
      fake.cancelRequests.push(body);
      const { waybill, cancellation } = (body ?? {}) as { waybill?: unknown; cancellation?: unknown };
      // Delhivery wants the string "true", not a boolean.
      if (typeof waybill !== 'string' || cancellation !== 'true') {
        return send(400, { status: false, error: 'waybill and cancellation: "true" expected' });
      }
      if (fake.cancelDown) return send(503, { error: 'Service Unavailable' });
      const xml = (status: boolean, order: string, remark: string) =>
        send(200, cancelAnswer(status, waybill, order, remark), 'application/xml; charset=utf-8');
      const shipment = fake.shipments.get(waybill);
      if (!shipment) return xml(false, '', `Waybill ${waybill} not found`);
      // A repeat gets the first answer again: Delhivery does not say "already cancelled".
      if (shipment.scans.some((scan) => scan.ScanType === 'CN')) {
        return xml(true, shipment.order, 'Shipment has been cancelled.');
      }
      const moved = shipment.scans.find(
        (scan) => scan.ScanType !== 'UD' || !BEFORE_PICKUP.has(scan.Scan.trim().toLowerCase()),
      );
      if (moved) {
        return xml(false, shipment.order, `Shipment cannot be cancelled as it is already ${moved.Scan}`);
      }
      fake.scan(waybill, {
        ScanType: 'CN',
        Scan: 'Canceled',
        ScanDateTime: indiaNow(),
        StatusCode: 'DTUP-210',
        Instructions: 'Seller cancelled the order',
      });
      return xml(true, shipment.order, 'Shipment has been cancelled.');
    }
    if (url.pathname === '/api/v1/packages/json/') {
      const waybills = (url.searchParams.get('waybill') ?? '').split(',').filter(Boolean);
      fake.trackingRequests.push(waybills);
      if (fake.trackingDown) return send(503, { error: 'Service Unavailable' });
      if (fake.trackingGarbage) return send(200, '<html>maintenance</html>');
      const known = waybills.flatMap((waybill) => {
        const shipment = fake.shipments.get(waybill);
        if (!shipment) return [];
        const last = shipment.scans.at(-1);
        return [
          {
            Shipment: {
              AWB: waybill,
              ReferenceNo: shipment.order,
              Status: last
                ? {
                    Status: last.Scan,
                    StatusType: last.ScanType,
                    StatusDateTime: last.ScanDateTime,
                    StatusLocation: last.ScannedLocation,
                    StatusCode: last.StatusCode,
                    Instructions: last.Instructions,
                  }
                : { Status: 'Manifested', StatusType: 'UD' },
              Scans: shipment.scans.map((ScanDetail) => ({
                ScanDetail: { ...ScanDetail, StatusDateTime: ScanDetail.ScanDateTime },
              })),
            },
          },
        ];
      });
      // Delhivery answers the waybills it knows; those it does not are simply not there.
      return send(200, { ShipmentData: known });
    }
    return send(404, { detail: `the fake Delhivery has no ${request.method} ${url.pathname}` });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const release = allowPassthrough(baseUrl);
  return {
    ...fake,
    get trackingDown() {
      return fake.trackingDown;
    },
    set trackingDown(value) {
      fake.trackingDown = value;
    },
    get trackingGarbage() {
      return fake.trackingGarbage;
    },
    set trackingGarbage(value) {
      fake.trackingGarbage = value;
    },
    get cancelDown() {
      return fake.cancelDown;
    },
    set cancelDown(value) {
      fake.cancelDown = value;
    },
    baseUrl,
    async stop() {
      release();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** Delhivery's address and token as the msw handlers below answer them (the upstream is msw's, not a server). */
export const DELHIVERY_TEST_BASE_URL = 'https://delhivery.test';
export const DELHIVERY_TEST_TOKEN = 'test-token';
export const DELHIVERY_TEST_RATE_URL = `${DELHIVERY_TEST_BASE_URL}/api/kinko/v1/invoice/charges/.json`;
export const DELHIVERY_TEST_PINCODE_URL = `${DELHIVERY_TEST_BASE_URL}/c/api/pin-codes/json/`;

/** Points the functions at the msw Delhivery (`DELHIVERY_TOKEN`, `DELHIVERY_BASE_URL`); undo with `vi.unstubAllEnvs()`. */
export function stubDelhiveryEnv(): void {
  vi.stubEnv('DELHIVERY_TOKEN', DELHIVERY_TEST_TOKEN);
  vi.stubEnv('DELHIVERY_BASE_URL', DELHIVERY_TEST_BASE_URL);
}

/** What Delhivery's rate API insists on; a request that differs gets a 400, as Delhivery would. */
const rateQuerySchema = z.strictObject({
  md: z.literal('S'),
  ss: z.literal('Delivered'),
  o_pin: z.literal('249135'),
  d_pin: z.string().regex(/^\d{6}$/),
  cgm: z.string().regex(/^[1-9]\d*$/),
  pt: z.enum(['COD', 'Pre-paid']),
});

const authorised = (request: Request) => request.headers.get('authorization') === `Token ${DELHIVERY_TEST_TOKEN}`;
const invalidToken = () => HttpResponse.json({ detail: 'Invalid token' }, { status: 401 });

/**
 * Delhivery's rate API: 401 without the token, 400 for a query `rateQuerySchema` refuses; else the
 * query kept in `seen` and `[{ total_amount: charge }]` given, or `charge()` when a test writes the
 * answer itself (an odd body, an outage, a slow answer).
 */
export function delhiveryRateHandler(
  charge: number | (() => Response | Promise<Response>),
  seen: URLSearchParams[] = [],
) {
  return http.get(DELHIVERY_TEST_RATE_URL, ({ request }) => {
    if (!authorised(request)) return invalidToken();
    const query = new URL(request.url).searchParams;
    seen.push(query);
    const parsed = rateQuerySchema.safeParse(Object.fromEntries(query));
    if (!parsed.success) return HttpResponse.json({ error: z.prettifyError(parsed.error) }, { status: 400 });
    return typeof charge === 'number' ? HttpResponse.json([{ total_amount: charge }]) : charge();
  });
}

/** Delhivery's rate API where it must never be reached (free shipping asks no carrier): each call kept in `calls`. */
export function forbiddenRateHandler(calls: string[]) {
  return http.get(DELHIVERY_TEST_RATE_URL, ({ request }) => {
    calls.push(request.url);
    return HttpResponse.json({ error: 'no carrier call expected' }, { status: 500 });
  });
}

/** Delhivery's serviceability API: answers the given codes only to a well-formed, authorised request; each pin asked kept in `seen`. */
export function delhiveryPincodeHandler(deliveryCodes: unknown[], seen: string[] = []) {
  return http.get(DELHIVERY_TEST_PINCODE_URL, ({ request }) => {
    if (!authorised(request)) return invalidToken();
    const pin = new URL(request.url).searchParams.get('filter_codes') ?? '';
    seen.push(pin);
    if (!/^\d{6}$/.test(pin)) return HttpResponse.json({ error: 'filter_codes' }, { status: 400 });
    return HttpResponse.json({ delivery_codes: deliveryCodes });
  });
}

/**
 * One of Delhivery's JSON `POST` endpoints (cancellation, pickup request): 401 without the token,
 * 415 for a body that is not JSON, 400 for one `bodySchema` refuses (as Delhivery would); else the
 * parsed body kept in `seen` and `answer()` given.
 */
export function delhiveryJsonPostHandler<Body>(
  path: string,
  bodySchema: ZodType<Body>,
  answer: () => Response | Promise<Response>,
  seen: unknown[] = [],
) {
  return http.post(`${DELHIVERY_TEST_BASE_URL}${path}`, async ({ request }) => {
    if (!authorised(request)) return invalidToken();
    if (!request.headers.get('content-type')?.startsWith('application/json')) {
      return HttpResponse.json({ error: 'JSON expected' }, { status: 415 });
    }
    const body = bodySchema.safeParse(await request.json());
    if (!body.success) return HttpResponse.json({ error: z.prettifyError(body.error) }, { status: 400 });
    seen.push(body.data);
    return answer();
  });
}

/** Delhivery's required shipment fields (FACTS.md) and our pickup location. */
const createDataSchema = z.strictObject({
  shipments: z
    .array(
      z.looseObject({
        name: z.string().min(1),
        add: z.string().min(1),
        pin: z.string().regex(/^\d{6}$/),
        phone: z.string().regex(/^\d{10}$/),
        order: z.string().min(1),
        payment_mode: z.enum(['COD', 'Prepaid']),
        total_amount: z.number().positive(),
      }),
    )
    .length(1),
  pickup_location: z.strictObject({ name: z.string().min(1) }),
});

/** A booking as Delhivery's create API received it. */
export interface ReceivedShipment {
  contentType: string | null;
  format: string | null;
  data: z.infer<typeof createDataSchema>;
}

/**
 * Delhivery's create API (`POST /api/cmu/create.json`): 401 without the token, 400 for anything but
 * a form `format=json&data=<one shipment>` with the required fields; else the booking kept in
 * `seen` and `answer(booking)` given.
 */
export function delhiveryCreateHandler(
  answer: (received: ReceivedShipment) => Response,
  seen: ReceivedShipment[] = [],
) {
  return http.post(`${DELHIVERY_TEST_BASE_URL}/api/cmu/create.json`, async ({ request }) => {
    if (!authorised(request)) return invalidToken();
    const form = new URLSearchParams(await request.text());
    const data = createDataSchema.safeParse(JSON.parse(form.get('data') ?? 'null'));
    const contentType = request.headers.get('content-type');
    if (!data.success || form.get('format') !== 'json' || contentType !== 'application/x-www-form-urlencoded') {
      return HttpResponse.json({ success: false, rmk: 'bad shipment data' }, { status: 400 });
    }
    const received = { contentType, format: form.get('format'), data: data.data };
    seen.push(received);
    return answer(received);
  });
}

/** What Delhivery's pickup request expects; anything else is answered 400, as Delhivery would. */
const pickupBodySchema = z.strictObject({
  pickup_time: z.string().regex(/^\d{2}:\d{2}:\d{2}$/),
  pickup_date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  pickup_location: z.string().min(1),
  expected_package_count: z.number().int().positive(),
});

/** Delhivery's pickup request (`POST /fm/request/new/`), checked as `delhiveryJsonPostHandler` checks. */
export const delhiveryPickupHandler = (answer: () => Response | Promise<Response>, seen: unknown[] = []) =>
  delhiveryJsonPostHandler('/fm/request/new/', pickupBodySchema, answer, seen);
