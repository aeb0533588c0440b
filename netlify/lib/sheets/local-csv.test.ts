import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { makeCustomer } from '#tests/support/factories.ts';
import { makeSheetOrder as makeOrder, tempSheetsDir } from '#tests/support/sheets.ts';
import { formatCsvRow, parseCsv, readCsv } from '../../../src/content/sheet-csv.server.ts';
import { createSheets } from './client.ts';
import { ORDER_HEADERS, orderRows } from './orders-tab.ts';
import { newSheetReview } from './records.ts';
import { REVIEW_HEADERS } from './submission-tabs.ts';

const sheetsDir = tempSheetsDir();
const localEnv = sheetsDir.localEnv;

describe('CSV', () => {
  it('quotes only fields that need it and round-trips commas, quotes and line breaks', () => {
    const row = ['plain', 'a, b', 'say "hi"', 'two\nlines', 'cr\r\nlf', ''];
    expect(formatCsvRow(row)).toBe('plain,"a, b","say ""hi""","two\nlines","cr\r\nlf",');
    expect(parseCsv(`${formatCsvRow(row)}\r\n${formatCsvRow(['x'])}\r\n`)).toEqual([row, ['x']]);
  });

  it('reads LF and CR line endings, a byte-order mark, blank lines and a missing final line break', () => {
    expect(parseCsv('\uFEFFa,b\n\nc,d\re,"f"')).toEqual([
      ['a', 'b'],
      ['c', 'd'],
      ['e', 'f'],
    ]);
  });

  it('reads a missing file as no records', async () => {
    expect(await readCsv(join(sheetsDir.dir(), 'Nothing.csv'))).toEqual([]);
  });
});

describe('createSheets without SHEETS_WEBHOOK_URL (CSV files)', () => {
  const ordersCsv = () => join(sheetsDir.dir(), 'Orders.csv');
  const local = () => createSheets(localEnv());

  it('creates the folder and the header row, then appends the order rows', async () => {
    const nested = join(sheetsDir.dir(), '.data', 'sheets');
    const sheets = createSheets({ ...localEnv(), LOCAL_SHEETS_DIR: nested });
    expect(sheets.kind).toBe('local');
    expect(await sheets.upsertOrder(makeOrder())).toEqual({ ok: true, duplicate: false });
    const table = await readCsv(join(nested, 'Orders.csv'));
    expect(table[0]).toEqual([...ORDER_HEADERS]);
    expect(table.slice(1)).toEqual(orderRows(makeOrder()));
    const raw = await readFile(join(nested, 'Orders.csv'), 'utf8');
    expect(raw.startsWith('\uFEFFOrder ID,Timestamp,')).toBe(true);
    expect(raw.endsWith('\r\n')).toBe(true);
  });

  it('round-trips commas, quotes, line breaks and neutralised cells through the file', async () => {
    const customer = makeCustomer({
      name: 'Asha "Didi" Rawat',
      address1: 'House 12, Mall Road',
      address2: 'Flat 3\nSecond floor',
      phone: '+91 98765 43210',
      city: '=1+1',
    });
    const order = makeOrder('OUO_1760000000001', undefined, customer);
    await local().upsertOrder(order);
    const [, first] = await readCsv(ordersCsv());
    const cell = (header: (typeof ORDER_HEADERS)[number]) => first?.[ORDER_HEADERS.indexOf(header)];
    expect(cell('Name')).toBe('Asha "Didi" Rawat');
    expect(cell('Address')).toBe('House 12, Mall Road, Flat 3\nSecond floor');
    expect(cell('Phone')).toBe("'+91 98765 43210");
    expect(cell('City')).toBe("'=1+1");
    expect(first).toHaveLength(ORDER_HEADERS.length);
  });

  it('appends nothing for an order id it already has', async () => {
    const sheets = local();
    expect(await sheets.upsertOrder(makeOrder())).toEqual({ ok: true, duplicate: false });
    const before = await readFile(ordersCsv(), 'utf8');
    expect(await sheets.upsertOrder(makeOrder())).toEqual({ ok: true, duplicate: true, updated: false });
    // Another client on the same folder (another function) knows it too.
    expect(await local().upsertOrder(makeOrder())).toEqual({ ok: true, duplicate: true, updated: false });
    expect(await readFile(ordersCsv(), 'utf8')).toBe(before);
    expect(await readCsv(ordersCsv())).toHaveLength(3);
  });

  it("updates the order's status, waybill and payment cells in place, never adding rows", async () => {
    const sheets = local();
    await sheets.upsertOrder({ ...makeOrder(), status: 'Placed' });
    expect(await sheets.upsertOrder({ ...makeOrder(), status: 'Booked', waybill: 'SIM123' })).toEqual({
      ok: true,
      duplicate: true,
      updated: true,
    });
    const [header, ...rows] = await readCsv(ordersCsv());
    expect(rows).toHaveLength(2);
    const cell = (row: string[] | undefined, name: string) => row?.[header?.indexOf(name) ?? -1];
    for (const row of rows) {
      expect(cell(row, 'Status')).toBe('Booked');
      expect(cell(row, 'Waybill')).toBe('SIM123');
      expect(cell(row, 'Name')).toBe('Asha Rawat');
    }
  });

  /** The Orders columns added after the first files were made, in their order. */
  const ADDED_LATER = [
    'Status',
    'Label',
    'Refunded',
    'Refund IDs',
    'WhatsApp',
    'WhatsApp Cost',
    'Invoice',
    'Invoice Link',
    'Action',
  ];

  it('adds the Status and Label columns to a file made before they existed', async () => {
    const oldHeaders = ORDER_HEADERS.filter((header) => !ADDED_LATER.includes(header));
    const oldRows = orderRows(makeOrder()).map((row) => row.slice(0, oldHeaders.length));
    await writeFile(ordersCsv(), [oldHeaders, ...oldRows].map((row) => `${formatCsvRow(row)}\r\n`).join(''));
    const labelUrl = 'http://localhost:8888/api/label/OUO_1?exp=1&sig=ab';
    await local().upsertOrder({ ...makeOrder(), status: 'Booked', waybill: 'SIM9', labelUrl, whatsapp: 'off' });
    const [header, ...rows] = await readCsv(ordersCsv());
    expect(header).toEqual([...ORDER_HEADERS]);
    expect(rows.map((row) => row.slice(-9))).toEqual([
      ['Booked', labelUrl, '', '', 'off', '', '', '', ''],
      ['Booked', labelUrl, '', '', 'off', '', '', '', ''],
    ]);
  });

  it('adds the Label column at the right edge of a file that has Status, and renews the link on each rewrite', async () => {
    const oldHeaders = ORDER_HEADERS.filter(
      (header) =>
        !['Label', 'Refunded', 'Refund IDs', 'WhatsApp', 'WhatsApp Cost', 'Invoice', 'Invoice Link', 'Action'].includes(
          header,
        ),
    );
    const oldRows = orderRows(makeOrder()).map((row) => row.slice(0, oldHeaders.length));
    await writeFile(ordersCsv(), [oldHeaders, ...oldRows].map((row) => `${formatCsvRow(row)}\r\n`).join(''));
    await local().upsertOrder({ ...makeOrder(), status: 'Booked', waybill: 'SIM9', labelUrl: 'https://x.test/a' });
    await local().upsertOrder({ ...makeOrder(), status: 'Booked', waybill: 'SIM9', labelUrl: 'https://x.test/b' });
    const [header, ...rows] = await readCsv(ordersCsv());
    expect(header).toEqual([...ORDER_HEADERS]);
    // The newer columns at the end, in their order: every one after Status.
    expect(header?.slice(-8)).toEqual(ADDED_LATER.slice(1));
    expect(rows.map((row) => row.at(-8))).toEqual(['https://x.test/b', 'https://x.test/b']);
  });

  it('adds the WhatsApp columns after Action in a file made before them, and fills them on the next rewrite', async () => {
    const oldHeaders = ORDER_HEADERS.filter(
      (header) => !header.startsWith('WhatsApp') && !header.startsWith('Invoice'),
    );
    const oldRows = orderRows(makeOrder()).map((row) =>
      oldHeaders.map((name) => row[ORDER_HEADERS.indexOf(name)] ?? ''),
    );
    await writeFile(ordersCsv(), [oldHeaders, ...oldRows].map((row) => `${formatCsvRow(row)}\r\n`).join(''));
    await local().upsertOrder({ ...makeOrder(), whatsapp: 'shipped: read', whatsappCost: 'utility 2 (billed 2)' });
    const [header, ...rows] = await readCsv(ordersCsv());
    expect(header?.slice(-6)).toEqual(['Refund IDs', 'Action', 'WhatsApp', 'WhatsApp Cost', 'Invoice', 'Invoice Link']);
    expect(rows.map((row) => row.slice(-5))).toEqual([
      ['', 'shipped: read', 'utility 2 (billed 2)', '', ''],
      ['', 'shipped: read', 'utility 2 (billed 2)', '', ''],
    ]);
  });

  it('adds the Product ID column to a Reviews.csv made before it, and writes new rows under their headers', async () => {
    const reviewsCsv = join(sheetsDir.dir(), 'Reviews.csv');
    // An older file, a column staff added ('note') and one they moved ('display' first).
    const oldHeader = [
      'display',
      'id',
      'product',
      'name',
      'email',
      'location',
      'rating',
      'source',
      'date',
      'review',
      'type',
      'note',
    ];
    const oldRow = [
      'Yes',
      'review-1',
      'Badri Cow Ghee',
      'Asha',
      'a@example.com',
      '',
      '5',
      'Website',
      '2026-01-01',
      'Good',
      'review',
      'ok',
    ];
    await writeFile(reviewsCsv, `${formatCsvRow(oldHeader)}\r\n${formatCsvRow(oldRow)}`);
    const review = newSheetReview({
      submissionId: 'csv-widen-0001',
      productId: 5,
      product: 'Himalayan Red Rice',
      name: 'Ravi',
      email: 'r@example.com',
      rating: 4,
      review: 'Fine',
    });
    expect(await local().appendReview(review)).toEqual({ ok: true, duplicate: false });
    const [header, first, added, ...rest] = await readCsv(reviewsCsv);
    expect(header).toEqual([...oldHeader, 'Product ID']);
    expect(first).toEqual(oldRow);
    expect(rest).toEqual([]);
    const cell = (name: string) => added?.[header?.indexOf(name) ?? -1];
    expect([cell('id'), cell('display'), cell('product'), cell('Product ID'), cell('note')]).toEqual([
      'review-csv-widen-0001',
      'No',
      'Himalayan Red Rice',
      '5',
      '',
    ]);
    expect(await local().appendReview(review)).toEqual({ ok: true, duplicate: true });
    expect(await readCsv(reviewsCsv)).toHaveLength(3);
    expect(REVIEW_HEADERS.at(-1)).toBe('Product ID');
  });

  it('keeps the same order sent twice at once to one set of rows', async () => {
    const sheets = local();
    const results = await Promise.all([sheets.upsertOrder(makeOrder()), local().upsertOrder(makeOrder())]);
    expect(results.map((result) => result.ok && result.duplicate).sort()).toEqual([false, true]);
    expect(await readCsv(ordersCsv())).toHaveLength(3);
  });

  it('writes 200 concurrent orders whole, once each, without interleaving', async () => {
    const sheets = local();
    const orders = Array.from({ length: 200 }, (_, i) => {
      const lines = [
        { productId: 1, size: '500gm', quantity: 1 },
        { productId: 3, size: '120gm', quantity: 1 },
        { productId: 5, size: '1kg', quantity: 1 },
      ].slice(0, (i % 3) + 1);
      return makeOrder(`OUO_${1760000000000 + i}`, lines, makeCustomer({ name: `Customer, "${i}"` }));
    });
    // The first 20 are also retried at once, by another client of the same folder.
    const results = await Promise.all([
      ...orders.map((order) => sheets.upsertOrder(order)),
      ...orders.slice(0, 20).map((order) => local().upsertOrder(order)),
    ]);
    expect(results.filter((result) => result.ok && !result.duplicate)).toHaveLength(200);
    expect(results.filter((result) => result.ok && result.duplicate)).toHaveLength(20);

    const [header, ...rows] = await readCsv(ordersCsv());
    expect(header).toEqual([...ORDER_HEADERS]);
    expect(rows).toHaveLength(orders.reduce((sum, order) => sum + order.products.length, 0));
    const ids = rows.map((row) => row[0]);
    expect(new Set(ids).size).toBe(200);
    for (const order of orders) {
      const first = ids.indexOf(order.orderId);
      // An order's rows sit together, exactly as orderRows made them.
      expect(rows.slice(first, first + order.products.length)).toEqual(orderRows(order));
      expect(ids.filter((id) => id === order.orderId)).toHaveLength(order.products.length);
    }
  });

  it('adds a line break before appending to a file saved without one', async () => {
    await local().upsertOrder(makeOrder('OUO_1760000000001'));
    const saved = (await readFile(ordersCsv(), 'utf8')).replace(/\r\n$/, '');
    await writeFile(ordersCsv(), saved);
    await local().upsertOrder(makeOrder('OUO_1760000000002'));
    const ids = (await readCsv(ordersCsv())).slice(1).map((row) => row[0]);
    expect(ids).toEqual(['OUO_1760000000001', 'OUO_1760000000001', 'OUO_1760000000002', 'OUO_1760000000002']);
  });

  it('answers a failure with a warning when the file cannot be written', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    // A file where the folder should be.
    await writeFile(join(sheetsDir.dir(), 'blocked'), '');
    const sheets = createSheets({ ...localEnv(), LOCAL_SHEETS_DIR: join(sheetsDir.dir(), 'blocked') });
    const result = await sheets.upsertOrder(makeOrder());
    expect(result.ok).toBe(false);
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('OUO_1760000000000'));
  });
});

describe('createSheets in production without SHEETS_WEBHOOK_URL', () => {
  it('writes nothing to the function disk: the order waits, and the failure says what is missing', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const sheets = createSheets({ ...localEnv(), CONTEXT: 'production' });
    expect(await sheets.upsertOrder(makeOrder())).toEqual({
      ok: false,
      code: 'NOT_CONFIGURED',
      message: 'SHEETS_WEBHOOK_URL is not set',
    });
    expect(await readdir(sheetsDir.dir())).toEqual([]);
  });
});
