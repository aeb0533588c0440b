/**
 * The local CSV stand-in's batches (`writeOrders`): the Apps Script's semantics, one file write per
 * batch — new orders appended, orders there rewritten in their updatable cells, staff's cells kept.
 */
import { readFile, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { makeSheetOrder as makeOrder, tempSheetsDir } from '#tests/support/sheets.ts';
import { formatCsvRow, readCsv } from '../../../src/content/sheet-csv.server.ts';
import { createSheets } from './client.ts';
import { ORDER_HEADERS, orderRows, type SheetOrder } from './orders-tab.ts';

const sheetsDir = tempSheetsDir();
const tabCsv = (tab = 'Orders 2026-27') => join(sheetsDir.dir(), `${tab}.csv`);
const local = () => createSheets(sheetsDir.localEnv());
const one = makeOrder('OUO_1760000000001');
const two = makeOrder('OUO_1760000000002', [{ productId: 5, size: '1kg', quantity: 1 }]);
const booked = (order: SheetOrder, waybill = 'SIM1'): SheetOrder => ({ ...order, waybill, status: 'Booked' });
const column = (name: (typeof ORDER_HEADERS)[number]) => ORDER_HEADERS.indexOf(name);

describe('writeOrders without SHEETS_WEBHOOK_URL (the CSV files)', () => {
  beforeEach(() => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  });

  it("creates the year's file with its headers and appends every order", async () => {
    expect(await local().writeOrders('Orders 2026-27', [one, two])).toEqual({
      ok: true,
      written: [one.orderId, two.orderId],
    });
    expect(await readCsv(tabCsv())).toEqual([[...ORDER_HEADERS], ...orderRows(one), ...orderRows(two)]);
    expect((await readFile(tabCsv(), 'utf8')).startsWith('\uFEFFOrder ID,')).toBe(true);
  });

  it('rewrites the updatable cells of an order there and appends the new one, newest state winning', async () => {
    await local().writeOrders('Orders 2026-27', [one]);
    expect(await local().writeOrders('Orders 2026-27', [booked(one), two])).toMatchObject({ ok: true });
    expect(await local().writeOrders('Orders 2026-27', [booked(one, 'SIM2')])).toMatchObject({ ok: true });
    expect(await readCsv(tabCsv())).toEqual([[...ORDER_HEADERS], ...orderRows(booked(one, 'SIM2')), ...orderRows(two)]);
  });

  it("keeps staff's cells: a column they added at the right and the Action cell", async () => {
    await local().writeOrders('Orders', [one]);
    const [header = [], ...rows] = await readCsv(tabCsv('Orders'));
    const edited = rows.map((row, index) => {
      const cells = [...row];
      cells[column('Action')] = index === 0 ? 'Cancel' : '';
      return [...cells, index === 0 ? 'Meena' : ''];
    });
    await writeFile(
      tabCsv('Orders'),
      [[...header, 'Packed by'], ...edited].map((row) => `${formatCsvRow(row)}\r\n`).join(''),
    );
    await local().writeOrders('Orders', [booked(one), two]);
    const [after = [], first, second, third] = await readCsv(tabCsv('Orders'));
    expect(after.at(-1)).toBe('Packed by');
    expect(first?.[column('Action')]).toBe('Cancel');
    expect(first?.at(-1)).toBe('Meena');
    expect(first?.[column('Status')]).toBe('Booked');
    expect(second?.[column('Waybill')]).toBe('SIM1');
    expect(third?.[0]).toBe(two.orderId);
    expect(third).toHaveLength(after.length);
  });

  it('sent twice, leaves one set of rows per order and does not touch the file the second time', async () => {
    await local().writeOrders('Orders 2026-27', [one, two]);
    const before = await stat(tabCsv());
    const text = await readFile(tabCsv(), 'utf8');
    expect(await local().writeOrders('Orders 2026-27', [one, two])).toEqual({
      ok: true,
      written: [one.orderId, two.orderId],
    });
    expect(await readFile(tabCsv(), 'utf8')).toBe(text);
    expect((await stat(tabCsv())).mtimeMs).toBe(before.mtimeMs);
  });

  it("keeps an order's rows when a batch sends another number of lines, and a key sent twice counts once", async () => {
    await local().writeOrders('Orders 2026-27', [one]);
    const single = { ...booked(one), products: one.products.slice(0, 1) };
    expect(await local().writeOrders('Orders 2026-27', [single, booked(one, 'SIM3')])).toEqual({
      ok: true,
      written: [one.orderId],
    });
    expect(await readCsv(tabCsv())).toEqual([[...ORDER_HEADERS], ...orderRows(booked(one, 'SIM3'))]);
  });

  it('refuses a tab name that is not a file name, and writes nothing', async () => {
    for (const name of ['../Orders', 'a/b', '.hidden']) {
      expect(await local().writeOrders(name, [one])).toMatchObject({ ok: false, code: 'REFUSED' });
    }
  });

  it('answers a file it cannot write as unreachable', async () => {
    const sheets = createSheets({ ...sheetsDir.localEnv(), LOCAL_SHEETS_DIR: join(sheetsDir.dir(), 'file', 'below') });
    await writeFile(join(sheetsDir.dir(), 'file'), 'not a folder');
    expect(await sheets.writeOrders('Orders', [one])).toMatchObject({ ok: false, code: 'UNREACHABLE' });
  });

  it('in production without the web app, writes nothing and says it is not configured', async () => {
    const sheets = createSheets({ ...sheetsDir.localEnv(), CONTEXT: 'production' });
    expect(await sheets.writeOrders('Orders', [one])).toMatchObject({ ok: false, code: 'NOT_CONFIGURED' });
  });
});
