import { ordersCsv } from '#tests/support/sheets.ts';
/**
 * The scheduled parcel sync at the HTTP boundary, against a fake Delhivery answering in its
 * documented shapes (tests/support/fake-delhivery.ts): the shop books through it, then the sync
 * reads its scans — picked up, out for delivery, a failed attempt, delivered — into the order log,
 * the local Sheet and the local mail; a replayed answer, a late scan, Delhivery down or answering
 * nonsense, a waybill it does not know, and a status type nobody has seen change nothing wrong.
 */

import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { StoredOrder } from '#shop/order/index.ts';
import calculateShipping from '../../netlify/functions/calculate-shipping.mts';
import processCod from '../../netlify/functions/process-cod.mts';
import syncParcelsFunction from '../../netlify/functions/sync-parcels.mts';
import { readCsv } from '../../src/content/sheet-csv.server.ts';
import { functionsLog } from '../support/database.ts';
import { makeCustomer } from '../support/factories.ts';
import { type FakeDelhivery, startFakeDelhivery } from '../support/fake-delhivery.ts';
import { functionSandbox } from '../support/functions.ts';
import { rajma } from '../support/orders.ts';

/** Delhivery's scan of the parcel picked up from the shop, the evening it was booked. */
const PICKED_UP = {
  ScanType: 'UD',
  Scan: 'In Transit',
  ScanDateTime: '2026-11-20T16:00:00',
  StatusCode: 'X-PPOM',
  Instructions: 'Shipment picked up',
};

const sandbox = functionSandbox('sync-parcels', ['CONTEXT', 'SHEETS_WEBHOOK_URL']);
let delhivery: FakeDelhivery;
let mailDir = '';
beforeAll(async () => {
  delhivery = await startFakeDelhivery();
});
afterAll(() => delhivery.stop());
beforeEach(async () => {
  mailDir = await mkdtemp(path.join(tmpdir(), 'ouo-sync-mail-'));
  vi.stubEnv('LOCAL_MAIL_DIR', mailDir);
  vi.stubEnv('DELHIVERY_TOKEN', 'fake-delhivery-token');
  vi.stubEnv('DELHIVERY_BASE_URL', delhivery.baseUrl);
  delhivery.trackingDown = false;
  delhivery.trackingGarbage = false;
  vi.useFakeTimers({ toFake: ['Date'] });
});
afterEach(async () => {
  vi.useRealTimers();
  await rm(mailDir, { recursive: true, force: true });
});

const post = (handler: (request: Request) => Promise<Response>, url: string, body: unknown) =>
  handler(
    new Request(`http://localhost${url}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    }),
  );

let ids = 1_797_000_000_000;
/** A COD order placed through the function, booked with the fake Delhivery: its id and waybill. */
async function placeOrder(): Promise<{ orderId: string; waybill: string }> {
  ids += 1;
  const orderId = `OUO_${ids}`;
  const quote = await post(calculateShipping, '/api/delhivery/calculate-shipping', {
    lines: rajma,
    pincode: '248001',
    paymentMode: 'cod',
  });
  const { total } = (await quote.json()) as { total: number };
  const placed = await post(processCod, '/api/checkout/process-cod', {
    orderId,
    customer: makeCustomer(),
    lines: rajma,
    paymentMode: 'cod',
    clientTotal: total,
  });
  expect(placed.status).toBe(201);
  const waybill = [...delhivery.shipments].find(([, shipment]) => shipment.order === orderId)?.[0];
  if (!waybill) throw new Error(`${orderId} was not booked`);
  return { orderId, waybill };
}

async function sync() {
  // Delhivery's answers are kept 5 minutes (netlify/lib/delhivery/tracking.ts); runs are 30 apart.
  vi.setSystemTime(Date.now() + 30 * 60 * 1000);
  const response = await syncParcelsFunction();
  expect(response.status).toBe(200);
  return (await response.json()) as Record<string, unknown>;
}

const stored = async (orderId: string) => (await functionsLog().get(orderId)) as StoredOrder;

async function sheetRow(orderId: string): Promise<Record<string, string>> {
  const [headers = [], ...rows] = await readCsv(ordersCsv(sandbox.sheetsDir()));
  const row = rows.find((cells) => cells[0] === orderId) ?? [];
  return Object.fromEntries(headers.map((header, index) => [header, row[index] ?? '']));
}

const mails = async () => (await readdir(mailDir)).sort();

describe('the parcel sync against Delhivery', () => {
  it('reads each documented scan into the order, the Sheet and the mail, once', async () => {
    const { orderId, waybill } = await placeOrder();
    expect(await mails()).toEqual([`${orderId}.html`]);

    delhivery.scan(waybill, {
      ScanType: 'UD',
      Scan: 'Manifested',
      ScanDateTime: '2026-11-20T10:00:00',
      StatusCode: 'X-UCI',
      Instructions: 'Manifest uploaded',
    });
    delhivery.scan(waybill, PICKED_UP);
    expect(await sync()).toMatchObject({ requests: 1, changes: 1, changed: [orderId] });
    expect(await sheetRow(orderId)).toMatchObject({ Status: 'Picked up', Waybill: waybill });
    expect(await mails()).toEqual([`${orderId}-shipped.html`, `${orderId}.html`]);

    delhivery.scan(waybill, {
      ScanType: 'UD',
      Scan: 'Dispatched',
      ScanDateTime: '2026-11-22T09:00:00',
      StatusCode: 'X-DDD3FD',
      Instructions: 'Out for delivery',
    });
    delhivery.scan(waybill, {
      ScanType: 'UD',
      Scan: 'Pending',
      ScanDateTime: '2026-11-22T18:00:00',
      StatusCode: 'EOD-74',
      Instructions: 'Consignee unavailable',
    });
    await sync();
    expect(await sheetRow(orderId)).toMatchObject({
      Status: 'Delivery failed: Consignee unavailable',
      'Payment Status': 'Pending',
    });

    // The same answer again, and a scan from before the last one arriving late: nothing changes.
    delhivery.scan(waybill, {
      ScanType: 'UD',
      Scan: 'In Transit',
      ScanDateTime: '2026-11-21T08:00:00',
      StatusCode: 'X-DLL2F',
      Instructions: 'Bag added to trip',
    });
    expect(await sync()).toMatchObject({ changes: 0 });
    expect((await stored(orderId)).parcel?.state).toBe('delivery-failed');

    delhivery.scan(waybill, {
      ScanType: 'UD',
      Scan: 'Dispatched',
      ScanDateTime: '2026-11-23T09:00:00',
      StatusCode: 'X-DDD3FD',
      Instructions: 'Out for delivery',
    });
    delhivery.scan(waybill, {
      ScanType: 'DL',
      Scan: 'Delivered',
      ScanDateTime: '2026-11-23T13:00:00',
      StatusCode: 'EOD-38',
      Instructions: 'Delivered to consignee',
    });
    await sync();
    expect(await sheetRow(orderId)).toMatchObject({ Status: 'Delivered', 'Payment Status': 'Collected by courier' });
    const order = await stored(orderId);
    expect(order.parcel?.changes.map((change) => [change.state, change.at])).toEqual([
      ['picked-up', '2026-11-20T10:30:00.000Z'],
      ['out-for-delivery', '2026-11-22T03:30:00.000Z'],
      ['delivery-failed', '2026-11-22T12:30:00.000Z'],
      ['out-for-delivery', '2026-11-23T03:30:00.000Z'],
      ['delivered', '2026-11-23T07:30:00.000Z'],
    ]);
    expect(order.parcel?.changes[2]?.scan).toMatchObject({ code: 'EOD-74', note: 'Consignee unavailable', type: 'UD' });
    expect(await mails()).toEqual([
      `${orderId}-delivered.html`,
      `${orderId}-delivery-failed.html`,
      `${orderId}-shipped.html`,
      `${orderId}.html`,
    ]);

    // Delivered: the story is over, and the next run does not ask about it.
    const before = delhivery.trackingRequests.length;
    await sync();
    expect(delhivery.trackingRequests.slice(before).flat()).not.toContain(waybill);
  });

  it('changes nothing while Delhivery is down or answers nonsense, and reports what it deferred', async () => {
    const { orderId, waybill } = await placeOrder();
    delhivery.scan(waybill, PICKED_UP);
    delhivery.trackingDown = true;
    expect(await sync()).toMatchObject({ changes: 0, carrierError: 'Delhivery tracking answered 503' });
    delhivery.trackingDown = false;
    delhivery.trackingGarbage = true;
    const garbled = await sync();
    expect(garbled).toMatchObject({ changes: 0 });
    expect(garbled.carrierError).toMatch(/not a shipment list/);
    expect(garbled.deferred).toBeGreaterThanOrEqual(1);
    expect((await stored(orderId)).parcel).toBeUndefined();
    expect(await sheetRow(orderId)).toMatchObject({ Status: 'Booked' });
    delhivery.trackingGarbage = false;
    await sync();
    expect((await stored(orderId)).parcel?.state).toBe('picked-up');
  });

  it('reports a waybill Delhivery does not know, and shows staff a status type nobody has seen', async () => {
    const lost = await placeOrder();
    const odd = await placeOrder();
    delhivery.shipments.delete(lost.waybill);
    delhivery.scan(odd.waybill, PICKED_UP);
    delhivery.scan(odd.waybill, {
      ScanType: 'QC',
      Scan: 'Held for verification',
      ScanDateTime: '2026-11-21T09:00:00',
      StatusCode: 'QC-1',
      Instructions: null,
    });
    const report = await sync();
    expect(report.unknownWaybills).toContain(lost.waybill);
    expect(report.unreadable).toContain(`${odd.orderId}: QC Held for verification`);
    expect(await sheetRow(odd.orderId)).toMatchObject({ Status: 'Picked up (Delhivery: Held for verification)' });
    expect((await stored(lost.orderId)).parcel).toBeUndefined();
  });
});
