/**
 * A fake Delhivery upstream on loopback, answering in Delhivery's documented shapes (FACTS: the
 * B2C API; "After the booking"): the shop's real client reaches it over HTTP through
 * `DELHIVERY_BASE_URL`, so tests built on it are contract tests of our requests and of how we read
 * the answers.
 *
 * - `GET /c/api/pin-codes/json/?filter_codes=<pin>` → `{ delivery_codes: [{ postal_code: { pin, cod, pre_paid } }] }`;
 * - `GET /api/kinko/v1/invoice/charges/.json` → `[{ total_amount }]`;
 * - `POST /api/cmu/create.json` (form: `format=json&data=<JSON>`) → `{ success, packages: [{ status, waybill, refnum }] }`;
 * - `GET /api/v1/packages/json/?waybill=a,b,c` → `{ ShipmentData: [{ Shipment: { AWB, Status, Scans: [{ ScanDetail }] } }] }`
 *   for the waybills it knows (scans as a test scripts them with `scan`).
 */
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
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
  /** Adds a scan to a booked shipment (`at` is an India time, as Delhivery writes it). */
  scan(waybill: string, detail: Omit<FakeScanDetail, 'ScannedLocation'> & { ScannedLocation?: string }): void;
  stop(): Promise<void>;
}

async function formOf(request: IncomingMessage): Promise<URLSearchParams> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
}

export async function startFakeDelhivery(): Promise<FakeDelhivery> {
  let sequence = 0;
  const fake: Omit<FakeDelhivery, 'baseUrl' | 'stop'> = {
    shipments: new Map(),
    trackingRequests: [],
    trackingDown: false,
    trackingGarbage: false,
    scan(waybill, detail) {
      const shipment = fake.shipments.get(waybill);
      if (!shipment) throw new Error(`the fake Delhivery booked no ${waybill}`);
      shipment.scans.push({ ScannedLocation: 'Dehradun_Hub (Uttarakhand)', ...detail });
    },
  };
  const server = createServer(async (request, response) => {
    const url = new URL(request.url ?? '/', 'http://fake');
    const send = (status: number, body: unknown) => {
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(typeof body === 'string' ? body : JSON.stringify(body));
    };
    if (request.headers.authorization !== 'Token fake-delhivery-token') return send(401, { detail: 'Invalid token' });
    if (url.pathname === '/c/api/pin-codes/json/') {
      const pin = url.searchParams.get('filter_codes') ?? '';
      return send(200, { delivery_codes: [{ postal_code: { pin: Number(pin), cod: 'Y', pre_paid: 'Y' } }] });
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
    baseUrl,
    async stop() {
      release();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
