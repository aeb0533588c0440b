import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createOrderLog } from '../netlify/lib/orders/order-log.ts';
import type { Database } from '../netlify/lib/platform/database.ts';
import { GST_HEADERS } from '../netlify/lib/sheets/gst-tab.ts';
import { readCsv } from '../src/content/sheet-csv.server.ts';
import type { GstReport } from '../src/shop/invoice/index.ts';
import { SIGN_NOTE } from '../src/shop/invoice/index.ts';
import { freshDatabase } from '../tests/support/database.ts';
import { gstReportCreditNote, gstReportInvoice } from '../tests/support/invoices.ts';
import { bookedOrder } from '../tests/support/parcels.ts';
import { recordingAppsScript } from '../tests/support/sheets.ts';
import { DEFAULT_CSV_DIR, main, previousMonth, readOptions } from './report-gst.ts';

const DELHI = { stateName: 'Delhi', stateCode: '07' };
const MAHARASHTRA = { stateName: 'Maharashtra', stateCode: '27' };
const cancelled = gstReportInvoice({ number: 'OUO/26-27/000101', name: '=HYPERLINK("http://x")' });
const ORDERS = [
  { orderId: 'OUO_1', invoice: cancelled, creditNote: gstReportCreditNote(cancelled, 'CN/26-27/000001', '2026-11-20') },
  {
    orderId: 'OUO_2',
    invoice: gstReportInvoice({
      number: 'OUO/26-27/000102',
      date: '2026-11-05',
      place: DELHI,
      lines: [{ hsn: '07129090', rate: 5, paidPaise: 29_700, quantity: 3 }],
      ratesToConfirm: ['0712'],
    }),
  },
  {
    orderId: 'OUO_3',
    invoice: gstReportInvoice({
      number: 'OUO/26-27/000103',
      date: '2026-11-12',
      place: MAHARASHTRA,
      name: 'Meera Iyer',
      lines: [{ hsn: '040590', rate: 5, paidPaise: 1_20_000_00, quantity: 100 }],
    }),
  },
  // October's, and an order never invoiced.
  { orderId: 'OUO_4', invoice: gstReportInvoice({ number: 'OUO/26-27/000090', date: '2026-10-30' }) },
  { orderId: 'OUO_5' },
];

describe('readOptions', () => {
  it('takes the previous month in India when none is given', () => {
    // 20:00 UTC on 31 December is already 1 January in India.
    expect(readOptions([], new Date('2026-12-31T20:00:00Z'))).toEqual({ month: '2026-12', json: false, sheet: false });
    expect(previousMonth(new Date('2026-11-15T06:00:00Z'))).toBe('2026-10');
    expect(previousMonth(new Date('2027-01-15T06:00:00Z'))).toBe('2026-12');
  });

  it('takes a month, --json, --sheet and --csv with or without its folder', () => {
    expect(readOptions(['2026-11', '--json', '--sheet'])).toEqual({ month: '2026-11', json: true, sheet: true });
    expect(readOptions(['2026-11', '--csv'])).toMatchObject({ month: '2026-11', csv: DEFAULT_CSV_DIR });
    expect(readOptions(['--csv', '2026-11'])).toMatchObject({ month: '2026-11', csv: DEFAULT_CSV_DIR });
    expect(readOptions(['--csv', '--json', '2026-11'])).toMatchObject({ csv: DEFAULT_CSV_DIR, json: true });
    expect(readOptions(['2026-11', '--csv', '/tmp/gst'])).toMatchObject({ month: '2026-11', csv: '/tmp/gst' });
    expect(readOptions(['--csv=out', '2026-11'])).toMatchObject({ csv: 'out' });
  });

  it('refuses what is not one month as YYYY-MM', () => {
    for (const month of ['2026-13', 'Nov', '2026-1', '11-2026', '2026-00']) {
      expect(() => readOptions([month])).toThrow(`The month is written YYYY-MM (e.g. 2026-11), not ${month}.`);
    }
    expect(() => readOptions(['--csv', '2026-13'])).toThrow('not 2026-13');
    expect(() => readOptions(['2026-11', '2026-12'])).toThrow('One month at a time, as YYYY-MM: not 2026-11 2026-12.');
    expect(() => readOptions(['--since', '2026-11'])).toThrow();
  });
});

describe("the report over production's database (NETLIFY_DB_URL)", () => {
  let db: Database;
  let url: string;
  let dir: string;
  let env: Record<string, string>;
  beforeAll(async () => {
    ({ db, url } = await freshDatabase());
    const log = createOrderLog(db);
    for (const { orderId, ...documents } of ORDERS) await log.create({ ...bookedOrder({ orderId }), ...documents });
  });
  afterAll(() => db.close());
  beforeEach(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'ouo-report-gst-'));
    env = { NETLIFY_DB_URL: url, LOCAL_SHEETS_DIR: path.join(dir, 'sheets') };
  });
  afterEach(() => rm(dir, { recursive: true, force: true }));

  const run = async (argv: string[], runEnv = env) => {
    const out = { printed: '', told: '' };
    const print = (text: string) => {
      out.printed += text;
    };
    const tell = (text: string) => {
      out.told += text;
    };
    await main(argv, runEnv, { print, tell });
    return out;
  };

  it('prints the notes, the warnings and every table of the month, amounts grouped the Indian way', async () => {
    const { printed } = await run(['2026-11']);
    expect(printed).toContain(
      'GST report for November 2026: invoices and credit notes dated 2026-11-01 to 2026-11-30 (India), from the database at NETLIFY_DB_URL (127.0.0.1)\n',
    );
    expect(printed).toContain(SIGN_NOTE);
    expect(printed).toContain(
      'Warning: HSN 0712 was taxed at a rate still to confirm with the accountant: OUO/26-27/000102.',
    );
    expect(printed).not.toContain('OUO/26-27/000090');
    // Cells are set apart by two spaces or more; an empty cell leaves no trace.
    const rows = printed.split('\n').map((line) =>
      line
        .trim()
        .split(/\s{2,}/)
        .join(' | '),
    );
    const hasRow = (...cells: string[]) => rows.some((row) => row.includes(cells.join(' | ')));
    expect(hasRow('Credit note', 'CN/26-27/000001', '2026-11-20', 'OUO_2627000101', 'OUO/26-27/000101')).toBe(true);
    expect(hasRow('B2C small', 'Uttarakhand', '05', '-379.05', '-9.48', '-9.47', '0.00', '-398.00')).toBe(true);
    // B2C large, with Indian grouping.
    expect(hasRow('Meera Iyer', 'Maharashtra', '27', '1,20,000.00', '5', '1,14,285.71', '5,714.29')).toBe(true);
    // B2B: nobody gave a GSTIN.
    expect(printed).toMatch(/B2B: .+\n {2}\(none\)\n/);
    expect(hasRow('Delhi', '07', '5', '282.86', '0.00', '0.00', '14.14', '297.00')).toBe(true);
    expect(hasRow('B2C', '040590', 'PAC', '100', '5', '1,14,285.71', '5,714.29', '0.00', '0.00', '1,20,000.00')).toBe(
      true,
    );
    expect(hasRow('Invoices', 'OUO/26-27/000101', 'OUO/26-27/000103', '3', '0')).toBe(true);
    expect(hasRow('All', '1,14,568.57', '0.00', '0.00', '5,728.43', '1,20,297.00')).toBe(true);
  });

  it('prints the figures as JSON with --json, in paise', async () => {
    const { printed } = await run(['2026-10', '--json']);
    const report = JSON.parse(printed) as GstReport;
    expect(report.month).toBe('2026-10');
    expect(report.documents.map((row) => row.number)).toEqual(['OUO/26-27/000090']);
    expect(report.totals).toEqual({
      taxablePaise: 379_05,
      cgstPaise: 9_48,
      sgstPaise: 9_47,
      igstPaise: 0,
      totalPaise: 398_00,
    });
  });

  it('with --csv writes a CSV file per table, text neutralised, amounts plain with credit notes negative', async () => {
    const folder = path.join(dir, 'reports');
    const { printed } = await run(['2026-11', '--csv', folder]);
    const files = (await readdir(folder)).sort();
    expect(files).toEqual(
      ['b2b', 'b2cl', 'b2cs', 'by-rate', 'by-state', 'docs-issued', 'documents', 'hsn', 'notes'].map(
        (table) => `gst-2026-11-${table}.csv`,
      ),
    );
    expect(printed).toContain(
      `Wrote 9 CSV files for 2026-11 to ${folder}: gst-2026-11-notes.csv, gst-2026-11-documents.csv`,
    );
    const documents = await readCsv(path.join(folder, 'gst-2026-11-documents.csv'));
    expect(documents[0]).toEqual(expect.arrayContaining(['Number', 'Recipient', 'GSTIN', 'Taxable value', 'Total']));
    expect(documents.at(-1)).toEqual([
      'Credit note',
      'CN/26-27/000001',
      '2026-11-20',
      'OUO_2627000101',
      'OUO/26-27/000101',
      `'=HYPERLINK("http://x")`,
      '',
      'B2C small',
      'Uttarakhand',
      '05',
      '-379.05',
      '-9.48',
      '-9.47',
      '0.00',
      '-398.00',
    ]);
    expect(await readCsv(path.join(folder, 'gst-2026-11-hsn.csv'))).toContainEqual([
      'B2C',
      '040590',
      'PAC',
      '100',
      '5',
      '114285.71',
      '5714.29',
      '0.00',
      '0.00',
      '120000.00',
    ]);
    expect((await readCsv(path.join(folder, 'gst-2026-11-b2b.csv'))).length).toBe(1);
  });

  it('with --sheet writes the GST tab (locally GST.csv); with --json it says so on the side', async () => {
    const file = path.join(dir, 'sheets', 'GST.csv');
    const { printed } = await run(['2026-11', '--sheet']);
    expect(printed).toMatch(new RegExp(`Wrote \\d+ rows for 2026-11 to the GST tab of ${file}\\.\\n$`));
    const table = await readCsv(file);
    expect(table[0]).toEqual([...GST_HEADERS]);
    expect(table.slice(1).every((row) => row[1] === '2026-11')).toBe(true);
    const json = await run(['2026-11', '--json', '--sheet', '--csv', path.join(dir, 'reports')]);
    expect(JSON.parse(json.printed)).toMatchObject({ month: '2026-11' });
    expect(json.told).toContain('Wrote 9 CSV files for 2026-11');
    expect(json.told).toContain('to the GST tab of');
  });

  it('writes to the Apps Script when SHEETS_WEBHOOK_URL is set, and fails with its reason when refused', async () => {
    const script = recordingAppsScript({ ok: true, duplicate: false, updated: false });
    const { printed } = await run(['2026-11', '--sheet'], { ...env, ...script.env });
    expect(printed).toContain('to the GST tab of the Google Sheet');
    expect(script.received[0]).toMatchObject({ type: 'gst', month: '2026-11' });
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const refusing = recordingAppsScript({ ok: false, error: 'unknown type: gst' });
    await expect(run(['2026-11', '--sheet'], { ...env, ...refusing.env })).rejects.toThrow(
      'The GST tab was not written: the Apps Script refused the rows: unknown type: gst',
    );
    warn.mockRestore();
  });

  it('refuses a bad month before reading or writing anything', async () => {
    const folder = path.join(dir, 'reports');
    await expect(run(['2026-13', '--csv', folder, '--sheet'], {})).rejects.toThrow('not 2026-13');
    expect(await readdir(dir)).toEqual([]);
  });
});
