import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { http, passthrough } from 'msw';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createOrderLog } from '../netlify/lib/orders/order-log.ts';
import { RTO_HEADERS } from '../netlify/lib/sheets/rto-tab.ts';
import { readCsv } from '../src/content/sheet-csv.server.ts';
import type { ReturnsReport } from '../src/shop/returns-report.ts';
import { startTestBlobs, type TestBlobs } from '../tests/support/blobs.ts';
import { server } from '../tests/support/msw.ts';
import { type BookedOrder, change, parcelOf, putOrders } from '../tests/support/parcels.ts';
import { fakeAppsScript } from '../tests/support/sheets.ts';
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
      sheet: false,
    });
    expect(readOptions(['--to', '2026-11-30'])).toMatchObject({ from: '2026-11-01', to: '2026-11-30' });
  });

  it('takes a period, --json and --sheet, and refuses what is not a period', () => {
    expect(readOptions(['--from', '2026-11-01', '--to', '2026-11-30', '--json', '--sheet'])).toEqual({
      from: '2026-11-01',
      to: '2026-11-30',
      json: true,
      sheet: true,
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
    expect(text.match(/\(none\)/g)).toHaveLength(5);
  });
});

describe("--sheet: the report in the Sheet's RTO tab", () => {
  const NOVEMBER = ['--from', '2026-11-01', '--to', '2026-11-30'];
  let blobs: TestBlobs;
  let sheetsDir: string;
  let env: Record<string, string>;
  beforeAll(async () => {
    blobs = await startTestBlobs();
    await putOrders(createOrderLog(blobs.store('orders')), ORDERS);
  });
  afterAll(() => blobs.stop());
  beforeEach(async () => {
    sheetsDir = await mkdtemp(path.join(tmpdir(), 'ouo-report-sheets-'));
    env = {
      NETLIFY_SITE_ID: blobs.siteID,
      NETLIFY_AUTH_TOKEN: blobs.token,
      NETLIFY_API_URL: blobs.url,
      LOCAL_SHEETS_DIR: sheetsDir,
    };
  });
  afterEach(() => rm(sheetsDir, { recursive: true, force: true }));

  const run = async (argv: string[], runEnv = env) => {
    const out = { printed: '', told: '' };
    await main(
      argv,
      runEnv,
      (text) => {
        out.printed += text;
      },
      undefined,
      (text) => {
        out.told += text;
      },
    );
    return out;
  };

  it('writes one row per figure group to the local RTO.csv, and a second run for the period rewrites them', async () => {
    const file = path.join(sheetsDir, 'RTO.csv');
    const first = await run([...NOVEMBER, '--sheet']);
    expect(first.printed).toMatch(/Orders booked\s+3\n/);
    expect(first.printed).toContain(`Wrote 8 rows for 2026-11-01 to 2026-11-30 to the RTO tab of ${file}.\n`);
    await run([...NOVEMBER, '--sheet']);
    const table = await readCsv(file);
    expect(table[0]).toEqual([...RTO_HEADERS]);
    const rows = table.slice(1);
    expect(rows.map((row) => row[0])).toEqual([
      '2026-11-01..2026-11-30|All|',
      '2026-11-01..2026-11-30|Payment mode|cod',
      '2026-11-01..2026-11-30|Payment mode|prepaid',
      '2026-11-01..2026-11-30|Pincode prefix|110',
      '2026-11-01..2026-11-30|Pincode prefix|248',
      "2026-11-01..2026-11-30|Courier's reason|Consignee refused",
      "2026-11-01..2026-11-30|Courier's reason|none given",
      // The two COD orders were placed before the COD rules and their confirmation (issue 34).
      '2026-11-01..2026-11-30|COD confirmed|not asked',
    ]);
    expect(rows.every((row) => row[1] === '2026-11-01 to 2026-11-30')).toBe(true);
    // Group, Value, Orders, Delivered, Returned, RTO rate.
    expect(rows.map((row) => row.slice(2, 8).join(' | '))).toEqual([
      'All |  | 3 | 1 | 1 | 50.0%',
      'Payment mode | cod | 2 | 1 | 1 | 50.0%',
      'Payment mode | prepaid | 1 | 0 | 0 | ',
      'Pincode prefix | 110 | 1 | 0 | 1 | 100.0%',
      'Pincode prefix | 248 | 2 | 1 | 0 | 0.0%',
      "Courier's reason | Consignee refused | 1 | 0 | 1 | 100.0%",
      "Courier's reason | none given | 1 | 1 | 0 | 0.0%",
      'COD confirmed | not asked | 2 | 1 | 1 | 50.0%',
    ]);
    // The All row's own figures: lost, cancelled, still on the way, first attempt, days (median, p90).
    expect(table[1]?.slice(8, 14)).toEqual(['0', '0', '1', '100.0%', '3.0', '3.0']);
    expect(table[1]?.[14]).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
  });

  it('writes nothing to the Sheet without --sheet', async () => {
    const { printed } = await run(NOVEMBER);
    expect(printed).not.toContain('Wrote');
    await expect(readCsv(path.join(sheetsDir, 'RTO.csv'))).resolves.toEqual([]);
  });

  it('with --json keeps standard output one JSON document and says what it wrote on the side', async () => {
    const { printed, told } = await run([...NOVEMBER, '--json', '--sheet']);
    expect(JSON.parse(printed)).toMatchObject({ orders: 3, returned: 1 });
    expect(told).toContain('Wrote 8 rows for 2026-11-01 to 2026-11-30 to the RTO tab of');
  });

  it('writes to the Apps Script when SHEETS_WEBHOOK_URL and SHEETS_WEBHOOK_SECRET are set', async () => {
    const script = fakeAppsScript({ ok: true, duplicate: false, updated: false });
    const { printed } = await run([...NOVEMBER, '--sheet'], { ...env, ...script.env });
    expect(printed).toContain('Wrote 8 rows for 2026-11-01 to 2026-11-30 to the RTO tab of the Google Sheet');
    expect(script.received).toHaveLength(1);
    expect(script.received[0]).toMatchObject({ type: 'rto', period: '2026-11-01..2026-11-30' });
    expect(script.received[0]?.rows).toHaveLength(8);
  });

  it("fails with the Sheets client's own message when the rows were not written, and never says written", async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const script = fakeAppsScript({ ok: false, error: 'unknown type: rto' });
    const printed: string[] = [];
    const failed = main([...NOVEMBER, '--sheet'], { ...env, ...script.env }, (text) => printed.push(text));
    await expect(failed).rejects.toThrow(
      'The RTO tab was not written: the Apps Script refused the rows: unknown type: rto',
    );
    await expect(run([...NOVEMBER, '--sheet'], { ...env, CONTEXT: 'production' })).rejects.toThrow(
      'The RTO tab was not written: SHEETS_WEBHOOK_URL is not set',
    );
    expect(printed.join('')).not.toContain('Wrote');
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('Sheet: RTO row for 2026-11-01..2026-11-30 not written'));
    warn.mockRestore();
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
