/**
 * The GST tab: the GST report of a month as rows, one per row of each of its tables, each keyed by
 * month, table and row, written through both writers; a second run for the month rewrites its rows.
 */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { gstReport, gstTables, SIGN_NOTE } from '#shop/invoice/index.ts';
import { gstReportCreditNote, gstReportInvoice } from '#tests/support/invoices.ts';
import { recordingAppsScript, tempSheetsDir } from '#tests/support/sheets.ts';
import { readCsv } from '../../../src/content/sheet-csv.server.ts';
import { createSheets } from './client.ts';
import { GST_HEADERS, GST_TAB, gstRows, type SheetGst } from './gst-tab.ts';
import { tabRows } from './tabs.ts';

const sheetsDir = tempSheetsDir();
const WRITTEN = '2026-12-01T04:30:00.000Z';

const invoice = gstReportInvoice({ number: 'OUO/26-27/000101', name: '=HYPERLINK("http://x")' });
const documents = [invoice, gstReportCreditNote(invoice, 'CN/26-27/000001', '2026-11-20')];
const gst: SheetGst = { report: gstReport(documents, '2026-11'), writtenAt: WRITTEN };

/** A row's cells by header. */
const cellsOf = (row: readonly string[]) =>
  Object.fromEntries(GST_HEADERS.map((header, index) => [header, row[index]]));

describe('the GST tab', () => {
  it("has a column for every header of the report's tables", () => {
    const headers = new Set(gstTables(gst.report).flatMap((table) => table.headers));
    expect([...headers].filter((header) => !(GST_HEADERS as readonly string[]).includes(header))).toEqual([]);
  });

  it('lays the report out a row per table row, keyed by month, table and row, each under its own headers', () => {
    const rows = tabRows(GST_TAB, gst);
    expect(rows.map((row) => row[0])).toEqual([
      '2026-11|Notes|1',
      '2026-11|Documents|OUO/26-27/000101',
      '2026-11|Documents|CN/26-27/000001',
      '2026-11|B2C small|05|5',
      '2026-11|HSN|B2C|07133300|PAC|5',
      '2026-11|Documents issued|OUO/26-27',
      '2026-11|Documents issued|CN/26-27',
      '2026-11|By rate|5',
      '2026-11|By rate|All',
      '2026-11|By State|05',
    ]);
    expect(rows.every((row) => row.length === GST_HEADERS.length && row.at(-1) === WRITTEN)).toBe(true);
    expect(cellsOf(rows[0] ?? [])).toMatchObject({ Month: '2026-11', Table: 'Notes', Note: SIGN_NOTE, Number: '' });
    expect(cellsOf(rows[1] ?? [])).toMatchObject({
      Kind: 'Invoice',
      Number: 'OUO/26-27/000101',
      'Taxable value': '379.05',
      CGST: '9.48',
      SGST: '9.47',
      Total: '398.00',
      Note: '',
    });
    // A credit note's amounts are negative: the Sheet shows `-398.00` as text, the CSV stand-in `'-398.00`.
    expect(cellsOf(rows[2] ?? [])).toMatchObject({
      Kind: 'Credit note',
      Reverses: 'OUO/26-27/000101',
      Total: "'-398.00",
    });
    expect(cellsOf(rows[5] ?? [])).toMatchObject({
      Series: 'Invoices',
      From: 'OUO/26-27/000101',
      Issued: '1',
      Cancelled: '0',
    });
    expect(GST_TAB.key(gst)).toBe('2026-11');
  });

  it('neutralises a recipient a spreadsheet would run as a formula; gstRows gives the raw cells', () => {
    expect(cellsOf(tabRows(GST_TAB, gst)[1] ?? []).Recipient).toBe(`'=HYPERLINK("http://x")`);
    expect(gstRows(gst)[1]?.[GST_HEADERS.indexOf('Recipient')]).toBe('=HYPERLINK("http://x")');
  });

  it('locally: GST.csv gets one set of rows per month; a second run rewrites them, another month adds its own', async () => {
    const sheets = createSheets(sheetsDir.localEnv());
    expect(await sheets.upsertGst(gst)).toEqual({ ok: true, duplicate: false, updated: false });
    const later = '2026-12-02T04:30:00.000Z';
    expect(await sheets.upsertGst({ ...gst, writtenAt: later })).toEqual({ ok: true, duplicate: true, updated: true });
    const december = gstReportInvoice({ number: 'OUO/26-27/000102', date: '2026-12-03' });
    const next = { report: gstReport([december], '2026-12'), writtenAt: later };
    expect(await sheets.upsertGst(next)).toEqual({ ok: true, duplicate: false, updated: false });
    const table = await readCsv(join(sheetsDir.dir(), 'GST.csv'));
    expect(table[0]).toEqual([...GST_HEADERS]);
    expect(table.slice(1).filter((row) => row[1] === '2026-11')).toEqual(
      tabRows(GST_TAB, { ...gst, writtenAt: later }),
    );
    expect(table.slice(1).filter((row) => row[1] === '2026-12')).toHaveLength(tabRows(GST_TAB, next).length);
  });

  it('sends the Apps Script the whole month in one upsert of type gst, each row carrying its key', async () => {
    const script = recordingAppsScript({ ok: true, duplicate: false, updated: false });
    const sheets = createSheets({ ...sheetsDir.localEnv(), ...script.env });
    expect(await sheets.upsertGst(gst)).toEqual({ ok: true, duplicate: false, updated: false });
    expect(script.received).toEqual([
      {
        secret: 's3cret',
        type: 'gst',
        tab: 'GST',
        month: '2026-11',
        headers: [...GST_HEADERS],
        rows: tabRows(GST_TAB, gst),
        action: 'upsert',
        update: GST_HEADERS.slice(1),
      },
    ]);
  });
});
