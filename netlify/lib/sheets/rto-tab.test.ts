/**
 * The RTO tab: the return-to-origin report as rows, one per figure group of a period, each keyed by
 * its own Key, written through both writers; a second run for the period rewrites its rows.
 */
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { ReturnsReport } from '#shop/returns/index.ts';
import { recordingAppsScript, tempSheetsDir } from '#tests/support/sheets.ts';
import { CRLF, formatCsvRow, readCsv } from '../../../src/content/sheet-csv.server.ts';
import { createSheets } from './client.ts';
import { RTO_HEADERS, RTO_TAB, rtoRows, type SheetRto } from './rto-tab.ts';
import { tabRows } from './tabs.ts';

const sheetsDir = tempSheetsDir();

const NOVEMBER = '2026-11-01..2026-11-30';
const WRITTEN = '2026-12-01T04:30:00.000Z';

function makeReport(overrides: Partial<ReturnsReport> = {}): ReturnsReport {
  return {
    period: { from: '2026-11-01', to: '2026-11-30' },
    orders: 4,
    delivered: 2,
    returned: 1,
    lost: 0,
    cancelled: 0,
    onTheWay: 1,
    rtoRate: 1 / 3,
    byMode: [
      { key: 'cod', orders: 3, delivered: 1, returned: 1, rtoRate: 0.5 },
      { key: 'prepaid', orders: 1, delivered: 1, returned: 0, rtoRate: 0 },
    ],
    byPincode: [{ key: '248', orders: 4, delivered: 2, returned: 1, rtoRate: 1 / 3 }],
    byReason: [
      { key: 'Consignee unavailable', orders: 1, delivered: 0, returned: 1, rtoRate: 1 },
      { key: 'none given', orders: 2, delivered: 2, returned: 0, rtoRate: 0 },
    ],
    byCodReason: [],
    byConfirmation: [],
    firstAttemptDeliveryRate: 1,
    daysToDelivery: { median: 3, p90: 4.25 },
    ...overrides,
  };
}

const rto: SheetRto = { report: makeReport(), writtenAt: WRITTEN };

describe('the RTO tab', () => {
  it('lays a report out as one row per figure group, the All row first, each keyed by period, group and value', () => {
    const rows = tabRows(RTO_TAB, rto);
    expect(rows.map((row) => row[0])).toEqual([
      `${NOVEMBER}|All|`,
      `${NOVEMBER}|Payment mode|cod`,
      `${NOVEMBER}|Payment mode|prepaid`,
      `${NOVEMBER}|Pincode prefix|248`,
      `${NOVEMBER}|Courier's reason|Consignee unavailable`,
      `${NOVEMBER}|Courier's reason|none given`,
    ]);
    expect(rows.every((row) => row[1] === '2026-11-01 to 2026-11-30' && row.at(-1) === WRITTEN)).toBe(true);
    // Group, Value, Orders, Delivered, Returned, RTO rate; then the All row's own figures (Lost …
    // Days to delivery (p90)), empty on the other rows.
    expect(rows.map((row) => row.slice(2, -1).join(' | '))).toEqual([
      'All |  | 4 | 2 | 1 | 33.3% | 0 | 0 | 1 | 100.0% | 3.0 | 4.3',
      'Payment mode | cod | 3 | 1 | 1 | 50.0% |  |  |  |  |  | ',
      'Payment mode | prepaid | 1 | 1 | 0 | 0.0% |  |  |  |  |  | ',
      'Pincode prefix | 248 | 4 | 2 | 1 | 33.3% |  |  |  |  |  | ',
      "Courier's reason | Consignee unavailable | 1 | 0 | 1 | 100.0% |  |  |  |  |  | ",
      "Courier's reason | none given | 2 | 2 | 0 | 0.0% |  |  |  |  |  | ",
    ]);
    expect(RTO_TAB.key(rto)).toBe(NOVEMBER);
    expect(tabRows(RTO_TAB, rto).every((row) => row.length === RTO_HEADERS.length)).toBe(true);
  });

  it('leaves a rate or a number of days empty when there is none (an empty period: the All row alone)', () => {
    const empty = makeReport({
      orders: 0,
      delivered: 0,
      returned: 0,
      onTheWay: 0,
      rtoRate: null,
      byMode: [],
      byPincode: [],
      byReason: [],
      firstAttemptDeliveryRate: null,
      daysToDelivery: { median: null, p90: null },
    });
    expect(tabRows(RTO_TAB, { report: empty, writtenAt: WRITTEN })).toEqual([
      [
        `${NOVEMBER}|All|`,
        '2026-11-01 to 2026-11-30',
        'All',
        '',
        '0',
        '0',
        '0',
        '',
        '0',
        '0',
        '0',
        '',
        '',
        '',
        WRITTEN,
      ],
    ]);
  });

  it("neutralises a courier's reason a spreadsheet would run as a formula, in its Value (the Key starts with the date)", () => {
    const report = makeReport({
      byReason: [{ key: '=HYPERLINK("http://x")', orders: 1, delivered: 0, returned: 1, rtoRate: 1 }],
    });
    const rows = tabRows(RTO_TAB, { report, writtenAt: WRITTEN });
    const reasonRow = rows.at(-1) ?? [];
    expect(reasonRow[3]).toBe(`'=HYPERLINK("http://x")`);
    expect(reasonRow[0]).toBe(`${NOVEMBER}|Courier's reason|=HYPERLINK("http://x")`);
    // rtoRows gives the raw cells; only tabRows neutralises.
    expect(rtoRows({ report, writtenAt: WRITTEN }).at(-1)?.[3]).toBe('=HYPERLINK("http://x")');
  });

  it('locally: RTO.csv gets one set of rows per period; a second run rewrites them, a new group is added', async () => {
    const sheets = createSheets(sheetsDir.localEnv());
    expect(await sheets.upsertRto(rto)).toEqual({ ok: true, duplicate: false, updated: false });
    const later = '2026-12-02T04:30:00.000Z';
    const rerun: SheetRto = {
      report: makeReport({
        orders: 5,
        delivered: 3,
        onTheWay: 0,
        rtoRate: 0.25,
        byPincode: [
          { key: '248', orders: 4, delivered: 2, returned: 1, rtoRate: 1 / 3 },
          { key: '400', orders: 1, delivered: 1, returned: 0, rtoRate: 0 },
        ],
      }),
      writtenAt: later,
    };
    expect(await sheets.upsertRto(rerun)).toEqual({ ok: true, duplicate: false, updated: true });
    expect(await sheets.upsertRto(rerun)).toEqual({ ok: true, duplicate: true, updated: false });
    const october: SheetRto = {
      report: makeReport({ period: { from: '2026-10-01', to: '2026-10-31' } }),
      writtenAt: later,
    };
    expect(await sheets.upsertRto(october)).toEqual({ ok: true, duplicate: false, updated: false });

    const table = await readCsv(join(sheetsDir.dir(), 'RTO.csv'));
    expect(table[0]).toEqual([...RTO_HEADERS]);
    const keys = table.slice(1).map((row) => row[0]);
    expect(keys).toHaveLength(new Set(keys).size);
    const november = table.slice(1).filter((row) => row[1] === '2026-11-01 to 2026-11-30');
    expect(november).toEqual(
      // The first run's rows, rewritten where they stand, then the new pincode prefix's row.
      [...tabRows(RTO_TAB, rerun).filter((row) => !row[0]?.endsWith('|400')), tabRows(RTO_TAB, rerun)[4]],
    );
    expect(november.map((row) => row.at(-1))).toEqual(Array(7).fill(later));
    expect(table.slice(1).filter((row) => row[1] === '2026-10-01 to 2026-10-31')).toHaveLength(6);
  });

  it('locally: keeps a column staff added to the tab, and rewrites only the figures', async () => {
    const sheets = createSheets(sheetsDir.localEnv());
    await sheets.upsertRto(rto);
    const file = join(sheetsDir.dir(), 'RTO.csv');
    const table = await readCsv(file);
    // As a spreadsheet program saves it: staff's column added, no final line break.
    const noted = table.map((row, index) => [...row, index === 0 ? 'Note' : index === 1 ? 'check Nov' : '']);
    await writeFile(file, noted.map((row) => formatCsvRow(row)).join(CRLF));
    const rerun: SheetRto = { report: makeReport({ orders: 5, onTheWay: 2 }), writtenAt: '2026-12-02T04:30:00.000Z' };
    expect(await sheets.upsertRto(rerun)).toEqual({ ok: true, duplicate: true, updated: true });
    const after = await readCsv(file);
    expect(after[0]?.at(-1)).toBe('Note');
    expect(after[1]?.slice(0, 5)).toEqual([`${NOVEMBER}|All|`, '2026-11-01 to 2026-11-30', 'All', '', '5']);
    expect(after[1]?.at(-1)).toBe('check Nov');
    expect(after).toHaveLength(7);
  });

  it('sends the Apps Script the whole period in one upsert of type rto, each row carrying its key', async () => {
    const script = recordingAppsScript({ ok: true, duplicate: false, updated: false });
    const sheets = createSheets({ ...sheetsDir.localEnv(), ...script.env });
    expect(await sheets.upsertRto(rto)).toEqual({ ok: true, duplicate: false, updated: false });
    expect(script.received).toEqual([
      {
        secret: 's3cret',
        type: 'rto',
        tab: 'RTO',
        period: NOVEMBER,
        headers: [...RTO_HEADERS],
        rows: tabRows(RTO_TAB, rto),
        action: 'upsert',
        update: RTO_HEADERS.slice(1),
      },
    ]);
  });
});
