import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createOrderLog } from '../netlify/lib/orders/order-log.ts';
import { type Database, markLocalEngine } from '../netlify/lib/platform/database.ts';
import { RTO_HEADERS } from '../netlify/lib/sheets/rto-tab.ts';
import { readCsv } from '../src/content/sheet-csv.server.ts';
import type { ReturnsReport } from '../src/shop/returns/index.ts';
import { freshDatabase } from '../tests/support/database.ts';
import { type BookedOrder, bookedOrder, change, parcelOf, putOrders } from '../tests/support/parcels.ts';
import { recordingAppsScript } from '../tests/support/sheets.ts';
import { main, openOrders, readOptions } from './report-returns.ts';

/** A folder no test may open: where a wrongly chosen local database would be. */
const NOT_HERE = '/nonexistent/ouo-report-db';
const noNote = () => {
  throw new Error('The local database was chosen.');
};

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

/** A database with ORDERS put in it, and its URL as the owner gives production's (NETLIFY_DB_URL). */
async function ordersDatabase(): Promise<{ db: Database; url: string }> {
  const { db, url } = await freshDatabase();
  await putOrders(createOrderLog(db), ORDERS);
  return { db, url };
}

describe("the report over production's database (NETLIFY_DB_URL)", () => {
  let db: Database;
  let env: Record<string, string>;
  beforeAll(async () => {
    let url: string;
    ({ db, url } = await ordersDatabase());
    env = { NETLIFY_DB_URL: url };
  });
  afterAll(() => db.close());

  const run = async (argv: string[]) => {
    let printed = '';
    await main(argv, env, (text) => {
      printed += text;
    });
    return printed;
  };

  it('prints a table of the figures for the period', async () => {
    const text = await run(['--from', '2026-11-01', '--to', '2026-11-30']);
    expect(text).toContain(
      'orders booked 2026-11-01 to 2026-11-30 (India), from the database at NETLIFY_DB_URL (127.0.0.1)',
    );
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
  let db: Database;
  let url: string;
  let sheetsDir: string;
  let env: Record<string, string>;
  beforeAll(async () => {
    ({ db, url } = await ordersDatabase());
  });
  afterAll(() => db.close());
  beforeEach(async () => {
    sheetsDir = await mkdtemp(path.join(tmpdir(), 'ouo-report-sheets-'));
    env = { NETLIFY_DB_URL: url, LOCAL_SHEETS_DIR: sheetsDir };
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
    const script = recordingAppsScript({ ok: true, duplicate: false, updated: false });
    const { printed } = await run([...NOVEMBER, '--sheet'], { ...env, ...script.env });
    expect(printed).toContain('Wrote 8 rows for 2026-11-01 to 2026-11-30 to the RTO tab of the Google Sheet');
    expect(script.received).toHaveLength(1);
    expect(script.received[0]).toMatchObject({ type: 'rto', period: '2026-11-01..2026-11-30' });
    expect(script.received[0]?.rows).toHaveLength(8);
  });

  it("fails with the Sheets client's own message when the rows were not written, and never says written", async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const script = recordingAppsScript({ ok: false, error: 'unknown type: rto' });
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

describe('openOrders', () => {
  it('reads the database at NETLIFY_DB_URL, naming its host and never its password', async () => {
    const { db, url } = await freshDatabase();
    await createOrderLog(db).create(bookedOrder({ orderId: 'OUO_1' }));
    await db.close();
    const source = await openOrders({ NETLIFY_DB_URL: ` ${url} ` }, NOT_HERE, noNote);
    try {
      expect(source.where).toBe('the database at NETLIFY_DB_URL (127.0.0.1)');
      expect(await source.db.query('select order_id from orders')).toEqual([{ order_id: 'OUO_1' }]);
    } finally {
      await source.close();
    }
    const withPassword = url.replace('postgres://postgres@', 'postgres://postgres:s3cret@');
    const named = await openOrders({ NETLIFY_DB_URL: withPassword }, NOT_HERE, noNote);
    expect(named.where).not.toContain('s3cret');
    await named.close();
  });

  it('refuses a NETLIFY_DB_URL that is not a connection string, without repeating it', async () => {
    const failed = openOrders({ NETLIFY_DB_URL: 'password-only' }, NOT_HERE, noNote);
    await expect(failed).rejects.toThrow('NETLIFY_DB_URL is not a connection string');
    await expect(openOrders({ NETLIFY_DB_URL: 'password-only' }, NOT_HERE, noNote)).rejects.not.toThrow(
      'password-only',
    );
  });

  it("refuses the Blobs' variables alone rather than read the local orders in production's place", async () => {
    await expect(
      openOrders({ NETLIFY_SITE_ID: 'site', NETLIFY_AUTH_TOKEN: 'token' }, NOT_HERE, noNote),
    ).rejects.toThrow(
      'The orders are in Netlify Database now: NETLIFY_SITE_ID and NETLIFY_AUTH_TOKEN no longer choose them.',
    );
  });

  it('refuses the local database while another live process (the dev server) holds its folder', async () => {
    const directory = await mkdtemp(path.join(tmpdir(), 'ouo-report-held-'));
    try {
      await writeFile(`${directory}.lock`, `${process.ppid}\n`);
      await expect(openOrders({}, directory, noNote)).rejects.toThrow(
        `is open in another process (${process.ppid}), the dev server most likely: stop it first`,
      );
    } finally {
      await rm(`${directory}.lock`, { force: true });
      await rm(directory, { recursive: true, force: true });
    }
  });
});

describe('the report over the local database of npm run dev (no NETLIFY_DB_URL)', () => {
  const ownUrl = process.env.NETLIFY_DB_URL;
  // Opening the local engine points this process's functions at it, as the dev server does.
  afterAll(() => {
    process.env.NETLIFY_DB_URL = ownUrl;
    markLocalEngine(false);
  });

  it('opens the engine on the folder for the run, migrations applied, reads its orders and says which', async () => {
    const parent = await mkdtemp(path.join(tmpdir(), 'ouo-report-db-'));
    // A folder never used: the engine makes it, and the migrations the tables.
    const directory = path.join(parent, 'db');
    try {
      const writer = await openOrders({}, directory, () => undefined);
      expect(writer.where).toContain('the local database of npm run dev');
      await putOrders(createOrderLog(writer.db), ORDERS.slice(0, 2));
      await writer.close();
      let printed = '';
      let told = '';
      await main(
        ['--from', '2026-11-01', '--to', '2026-11-30', '--json'],
        {},
        (text) => {
          printed += text;
        },
        directory,
        (text) => {
          told += text;
        },
      );
      expect(JSON.parse(printed)).toMatchObject({ orders: 2, delivered: 1, returned: 1 });
      expect(told).toContain('Reading the local database of npm run dev');
      expect(told).toContain('the dev server must not start until this ends');
      expect(told).toContain('set NETLIFY_DB_URL to the connection string copied from Netlify');
    } finally {
      await rm(parent, { recursive: true, force: true });
    }
  });
});
