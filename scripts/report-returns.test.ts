import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { http, passthrough } from 'msw';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOrderLog } from '../netlify/lib/orders/order-log.ts';
import type { ReturnsReport } from '../src/shop/returns-report.ts';
import { startTestBlobs, type TestBlobs } from '../tests/support/blobs.ts';
import { server } from '../tests/support/msw.ts';
import { type BookedOrder, change, parcelOf, putOrders } from '../tests/support/parcels.ts';
import { main, openOrders, readOptions } from './report-returns.ts';

const BOOKED = '2026-11-02T06:00:00.000Z';
const ORDERS: BookedOrder[] = [
  {
    orderId: 'OUO_1762063200001',
    bookedAt: BOOKED,
    parcel: parcelOf(change('picked-up', '2026-11-02T12:00:00.000Z'), change('delivered', '2026-11-05T06:00:00.000Z')),
  },
  {
    orderId: 'OUO_1762063200002',
    pincode: '110001',
    bookedAt: BOOKED,
    parcel: parcelOf(
      change('delivery-failed', '2026-11-04T10:00:00.000Z', 'Consignee refused'),
      change('returning', '2026-11-05T10:00:00.000Z'),
    ),
  },
  { orderId: 'OUO_1762063200003', mode: 'prepaid', bookedAt: BOOKED },
  // Booked in October (out of the period), and never booked (not counted).
  { orderId: 'OUO_1762063200004', bookedAt: '2026-10-20T06:00:00.000Z' },
  { orderId: 'OUO_1762063200005', unbooked: true },
];

describe('readOptions', () => {
  it("takes the last 30 days, today included, on India's calendar when no date is given", () => {
    // 20:00 UTC on 30 November is already 1 December in India.
    expect(readOptions([], new Date('2026-11-30T20:00:00Z'))).toEqual({
      from: '2026-11-02',
      to: '2026-12-01',
      json: false,
    });
    expect(readOptions(['--to', '2026-11-30'])).toMatchObject({ from: '2026-11-01', to: '2026-11-30' });
  });

  it('takes a period and --json, and refuses what is not a period', () => {
    expect(readOptions(['--from', '2026-11-01', '--to', '2026-11-30', '--json'])).toEqual({
      from: '2026-11-01',
      to: '2026-11-30',
      json: true,
    });
    expect(() => readOptions(['--from', '1/11/2026'])).toThrow('--from takes a date as YYYY-MM-DD, not 1/11/2026.');
    expect(() => readOptions(['--from', '2026-12-01', '--to', '2026-11-30'])).toThrow('is after');
    expect(() => readOptions(['--since', '2026-11-01'])).toThrow();
  });
});

describe("the report over a site's Blobs (NETLIFY_SITE_ID, NETLIFY_AUTH_TOKEN)", () => {
  let blobs: TestBlobs;
  let env: Record<string, string>;
  beforeAll(async () => {
    blobs = await startTestBlobs();
    await putOrders(createOrderLog(blobs.store('orders')), ORDERS);
    env = { NETLIFY_SITE_ID: blobs.siteID, NETLIFY_AUTH_TOKEN: blobs.token, NETLIFY_API_URL: blobs.url };
  });
  afterAll(() => blobs.stop());

  const run = async (argv: string[]) => {
    let printed = '';
    await main(argv, env, (text) => {
      printed += text;
    });
    return printed;
  };

  it('prints a table of the figures for the period', async () => {
    const text = await run(['--from', '2026-11-01', '--to', '2026-11-30']);
    expect(text).toContain(`orders booked 2026-11-01 to 2026-11-30 (India), from site ${blobs.siteID}`);
    expect(text).toMatch(/Orders booked\s+3\n/);
    expect(text).toMatch(/Delivered\s+1\n/);
    expect(text).toMatch(/Returned \(RTO\)\s+1\n/);
    expect(text).toMatch(/Still on the way\s+1\n/);
    expect(text).toMatch(/RTO rate\s+50\.0 %/);
    expect(text).toMatch(/First-attempt delivery\s+100\.0 %/);
    expect(text).toContain('median 3.0, 90th percentile 3.0');
    expect(text).toMatch(/\n {2}cod\s+2\s+1\s+1\s+50\.0 %\n {2}prepaid\s+1\s+0\s+0\s+—\n/);
    expect(text).toMatch(/\n {2}110\s+1\s+0\s+1\s+100\.0 %\n {2}248\s+2\s+1\s+0\s+0\.0 %\n/);
    expect(text).toMatch(/\n {2}Consignee refused\s+1\s+0\s+1\s+100\.0 %\n {2}none given\s+1\s+1\s+0\s+0\.0 %\n/);
  });

  it('prints the figures as JSON with --json', async () => {
    const report = JSON.parse(await run(['--from', '2026-10-01', '--to', '2026-11-30', '--json'])) as ReturnsReport;
    expect(report).toMatchObject({
      period: { from: '2026-10-01', to: '2026-11-30' },
      orders: 4,
      delivered: 1,
      returned: 1,
      onTheWay: 2,
      rtoRate: 0.5,
      daysToDelivery: { median: 3, p90: 3 },
    });
  });

  it('says "(none)" under each table of an empty period', async () => {
    const text = await run(['--from', '2025-01-01', '--to', '2025-01-31']);
    expect(text).toMatch(/Orders booked\s+0\n/);
    expect(text).toMatch(/RTO rate\s+—/);
    expect(text.match(/\(none\)/g)).toHaveLength(3);
  });
});

describe('the report over the local Blobs sandbox (no site variables)', () => {
  it('serves the sandbox folder for the run and reads its orders', async () => {
    const directory = await mkdtemp(path.join(tmpdir(), 'ouo-report-sandbox-'));
    server.use(http.all(/^http:\/\/localhost:\d+\//, () => passthrough()));
    try {
      const writer = await openOrders({}, directory);
      await putOrders(createOrderLog(writer.store), ORDERS.slice(0, 2));
      await writer.close();
      let printed = '';
      await main(
        ['--from', '2026-11-01', '--to', '2026-11-30', '--json'],
        {},
        (text) => {
          printed += text;
        },
        directory,
      );
      expect(JSON.parse(printed)).toMatchObject({ orders: 2, delivered: 1, returned: 1 });
      const source = await openOrders({}, directory);
      expect(source.where).toContain('the local Blobs sandbox');
      await source.close();
    } finally {
      await rm(directory, { recursive: true, force: true });
    }
  });
});
