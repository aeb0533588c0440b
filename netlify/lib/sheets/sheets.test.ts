import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { delay, HttpResponse, http } from 'msw';
import { afterEach, beforeEach, describe, expect, it, type MockInstance, vi } from 'vitest';
import { buildOrderRecord, orderTotals, priceLines } from '../../src/shop/order.ts';
import { makeCatalogue, makeCustomer } from '../../tests/support/factories.ts';
import { server } from '../../tests/support/msw.ts';
import {
  CONTACT_HEADERS,
  CONTACT_TAB,
  createSheets,
  formatCsvRow,
  indiaToday,
  neutraliseCell,
  newSheetContact,
  newSheetReview,
  ORDER_HEADERS,
  orderRows,
  parseCsv,
  REVIEW_HEADERS,
  REVIEWS_TAB,
  readCsv,
  type SheetOrder,
  tabRows,
} from './sheets.ts';

const HSN = { 1: '07133300', 3: '040590', 5: '10061090' } as Record<number, string>;

/** A COD order priced by the shop core: white rajma 1kg × 2 and ghee 120gm × 1 unless told. */
function makeOrder(
  orderId = 'OUO_1760000000000',
  lines = [
    { productId: 1, size: '1kg', quantity: 2 },
    { productId: 3, size: '120gm', quantity: 1 },
  ],
  customer = makeCustomer(),
): SheetOrder {
  const catalogue = makeCatalogue().map((product) => ({ ...product, hsnCode: HSN[product.id] }));
  const priced = priceLines(catalogue, lines);
  if (!priced.ok) throw new Error(priced.message);
  const totals = orderTotals(priced.cart.subtotal, 0, 'cod');
  const record = buildOrderRecord({
    orderId,
    timestamp: new Date('2025-10-09T06:30:00.000Z'),
    customer,
    cart: priced.cart,
    totals,
    mode: 'cod',
  });
  return { ...record, lines: priced.cart.lines };
}

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'ouo-sheets-'));
});
afterEach(async () => {
  vi.restoreAllMocks();
  await rm(dir, { recursive: true, force: true });
});

const localEnv = () => ({ SHEETS_WEBHOOK_URL: undefined, SHEETS_WEBHOOK_SECRET: undefined, LOCAL_SHEETS_DIR: dir });

describe('orderRows', () => {
  it('writes one row per item, repeating the order-level values, in header order', () => {
    const rows = orderRows(makeOrder());
    expect(rows).toHaveLength(2);
    const asObjects = rows.map((row) => Object.fromEntries(ORDER_HEADERS.map((header, i) => [header, row[i]])));
    const orderValues = {
      'Order ID': 'OUO_1760000000000',
      Timestamp: '2025-10-09T06:30:00.000Z',
      Name: 'Asha Rawat',
      Email: 'asha@example.in',
      Phone: '98765 43210',
      Address: '12 Mall Road, Near the clock tower',
      Pincode: '248001',
      City: 'Dehradun',
      State: 'Uttarakhand',
      'Payment Mode': 'COD',
      'Payment Status': 'Pending',
      Subtotal: '1832',
      Shipping: '0',
      'COD Charge': '150',
      Total: '1982',
      'Payment ID': '',
      Waybill: '',
    };
    expect(asObjects).toEqual([
      {
        ...orderValues,
        Product: 'Himalayan White Rajma',
        Size: '1kg',
        Quantity: '2',
        'Unit Price': '691',
        'HSN Code': '07133300',
      },
      {
        ...orderValues,
        Product: 'Badri Cow Ghee',
        Size: '120gm',
        Quantity: '1',
        'Unit Price': '450',
        'HSN Code': '040590',
      },
    ]);
    for (const row of rows) expect(row).toHaveLength(ORDER_HEADERS.length);
  });

  it('fills the payment id and waybill when known and leaves an unknown HSN code empty', () => {
    const { lines: _lines, ...withoutLines } = makeOrder();
    const [row] = orderRows({ ...withoutLines, paymentId: 'pay_29QQoUBi66xm2f', waybill: '1234567890' });
    expect(row?.[ORDER_HEADERS.indexOf('HSN Code')]).toBe('');
    expect(row?.[ORDER_HEADERS.indexOf('Payment ID')]).toBe('pay_29QQoUBi66xm2f');
    expect(row?.[ORDER_HEADERS.indexOf('Waybill')]).toBe('1234567890');
  });

  it('still writes one row for an order without items, so its id is never missing', () => {
    const rows = orderRows({ ...makeOrder(), products: [], lines: [] });
    expect(rows).toHaveLength(1);
    expect(rows[0]?.[0]).toBe('OUO_1760000000000');
    expect(rows[0]?.[ORDER_HEADERS.indexOf('Product')]).toBe('');
  });

  it('neutralises what the customer typed', () => {
    const order = makeOrder(
      'OUO_1760000000000',
      undefined,
      makeCustomer({ name: '=HYPERLINK("http://x.test","win")' }),
    );
    const [row] = orderRows(order);
    expect(row?.[ORDER_HEADERS.indexOf('Name')]).toBe('\'=HYPERLINK("http://x.test","win")');
  });
});

describe('neutraliseCell', () => {
  it.each([
    ['=HYPERLINK("http://x.test","click")', '\'=HYPERLINK("http://x.test","click")'],
    ['+91 98765 43210', "'+91 98765 43210"],
    ['-1', "'-1"],
    ['@cmd', "'@cmd"],
    ['  =x', "'  =x"],
    ['\t=x', "'\t=x"],
    ['\tplain', "'\tplain"],
    ['\rplain', "'\rplain"],
    ['\n+1', "'\n+1"],
  ])('stores %j as text', (value, expected) => {
    expect(neutraliseCell(value)).toBe(expected);
  });

  it.each(['Asha Rawat', 'a=b', '98765 43210', 'OUO_1760000000000', '2025-10-09T06:30:00.000Z', ''])(
    'leaves %j alone',
    (value) => {
      expect(neutraliseCell(value)).toBe(value);
    },
  );

  it('turns numbers and missing values into text', () => {
    expect(neutraliseCell(1982)).toBe('1982');
    expect(neutraliseCell(undefined)).toBe('');
  });
});

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
    expect(await readCsv(join(dir, 'Nothing.csv'))).toEqual([]);
  });
});

describe('createSheets without SHEETS_WEBHOOK_URL (CSV files)', () => {
  const ordersCsv = () => join(dir, 'Orders.csv');
  const local = () => createSheets(localEnv());

  it('creates the folder and the header row, then appends the order rows', async () => {
    const nested = join(dir, '.data', 'sheets');
    const sheets = createSheets({ ...localEnv(), LOCAL_SHEETS_DIR: nested });
    expect(sheets.kind).toBe('local');
    expect(await sheets.appendOrder(makeOrder())).toEqual({ ok: true, duplicate: false });
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
    await local().appendOrder(order);
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
    expect(await sheets.appendOrder(makeOrder())).toEqual({ ok: true, duplicate: false });
    const before = await readFile(ordersCsv(), 'utf8');
    expect(await sheets.appendOrder(makeOrder())).toEqual({ ok: true, duplicate: true });
    // Another client on the same folder (another function) knows it too.
    expect(await local().appendOrder(makeOrder())).toEqual({ ok: true, duplicate: true });
    expect(await readFile(ordersCsv(), 'utf8')).toBe(before);
    expect(await readCsv(ordersCsv())).toHaveLength(3);
  });

  it('keeps the same order sent twice at once to one set of rows', async () => {
    const sheets = local();
    const results = await Promise.all([sheets.appendOrder(makeOrder()), local().appendOrder(makeOrder())]);
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
      ...orders.map((order) => sheets.appendOrder(order)),
      ...orders.slice(0, 20).map((order) => local().appendOrder(order)),
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
    await local().appendOrder(makeOrder('OUO_1760000000001'));
    const saved = (await readFile(ordersCsv(), 'utf8')).replace(/\r\n$/, '');
    await writeFile(ordersCsv(), saved);
    await local().appendOrder(makeOrder('OUO_1760000000002'));
    const ids = (await readCsv(ordersCsv())).slice(1).map((row) => row[0]);
    expect(ids).toEqual(['OUO_1760000000001', 'OUO_1760000000001', 'OUO_1760000000002', 'OUO_1760000000002']);
  });

  it('answers a failure with a warning when the file cannot be written', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    // A file where the folder should be.
    await writeFile(join(dir, 'blocked'), '');
    const sheets = createSheets({ ...localEnv(), LOCAL_SHEETS_DIR: join(dir, 'blocked') });
    const result = await sheets.appendOrder(makeOrder());
    expect(result.ok).toBe(false);
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('OUO_1760000000000'));
  });
});

describe('createSheets with SHEETS_WEBHOOK_URL (Apps Script web app)', () => {
  const SCRIPT_URL = 'https://script.google.com/macros/s/AKfycb-test/exec';
  const ECHO_URL = 'https://script.googleusercontent.com/macros/echo';
  const env = { ...localEnv(), SHEETS_WEBHOOK_URL: SCRIPT_URL, SHEETS_WEBHOOK_SECRET: 'sheet-secret' };

  /**
   * The web app's dance: the POST runs the script, then a redirect to its output, served to a GET.
   * Google answers 302, which Node's fetch follows as a GET (checked against a local server); msw's
   * redirect emulation follows only a 303 for a request with a body, so the mock answers 303.
   */
  function scriptAnswers(reply: () => Response, received: unknown[] = []) {
    server.use(
      http.post(SCRIPT_URL, async ({ request }) => {
        received.push(await request.json());
        return new HttpResponse(null, { status: 303, headers: { Location: `${ECHO_URL}?user_content_key=abc` } });
      }),
      http.get(ECHO_URL, reply),
    );
    return received;
  }

  let warn: MockInstance<typeof console.warn>;
  beforeEach(() => {
    warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  });

  it('posts the secret, the type, the tab, the order id, the headers and the rows', async () => {
    const received = scriptAnswers(() => HttpResponse.json({ ok: true }));
    const sheets = createSheets(env);
    expect(sheets.kind).toBe('apps-script');
    const order = makeOrder();
    expect(await sheets.appendOrder(order)).toEqual({ ok: true, duplicate: false });
    expect(received).toEqual([
      {
        secret: 'sheet-secret',
        type: 'order',
        tab: 'Orders',
        orderId: 'OUO_1760000000000',
        headers: [...ORDER_HEADERS],
        rows: orderRows(order),
      },
    ]);
    expect(warn).not.toHaveBeenCalled();
    expect(await readCsv(join(dir, 'Orders.csv'))).toEqual([]);
  });

  it('passes on that the script already had the order', async () => {
    scriptAnswers(() => HttpResponse.json({ ok: true, duplicate: true }));
    expect(await createSheets(env).appendOrder(makeOrder())).toEqual({ ok: true, duplicate: true });
    expect(warn).not.toHaveBeenCalled();
  });

  it.each([
    ['a refusal', () => HttpResponse.json({ ok: false, error: 'bad secret' }), 'bad secret'],
    ['a 500', () => HttpResponse.json({ ok: true }, { status: 500 }), 'HTTP 500'],
    [
      'an HTML page',
      () => HttpResponse.html('<!DOCTYPE html><title>Error</title><p>Script function not found: doPost</p>'),
      'did not answer JSON',
    ],
    ['JSON of another shape', () => HttpResponse.json({ result: 'done' }), 'unexpected shape'],
    ['a network error', () => HttpResponse.error(), 'could not be reached'],
  ])('answers %s with a failure and a warning', async (_, reply, reason) => {
    scriptAnswers(reply);
    const result = await createSheets(env).appendOrder(makeOrder());
    expect(result).toEqual({ ok: false, reason: expect.stringContaining(reason) });
    expect(warn).toHaveBeenCalledTimes(1);
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('OUO_1760000000000'));
    expect(warn.mock.calls.join(' ')).not.toContain('sheet-secret');
  });

  it('answers a network error on the POST itself with a failure and a warning', async () => {
    server.use(http.post(SCRIPT_URL, () => HttpResponse.error()));
    const result = await createSheets(env).appendOrder(makeOrder());
    expect(result).toEqual({ ok: false, reason: expect.stringContaining('could not be reached') });
    expect(warn).toHaveBeenCalledTimes(1);
  });

  it('gives up on a script that does not answer in time', async () => {
    server.use(
      http.post(SCRIPT_URL, async () => {
        await delay('infinite');
        return HttpResponse.json({ ok: true });
      }),
    );
    const result = await createSheets(env, fetch, { timeoutMs: 50 }).appendOrder(makeOrder());
    expect(result).toEqual({ ok: false, reason: expect.stringContaining('within 50 ms') });
    expect(warn).toHaveBeenCalledTimes(1);
  });

  it('sends nothing without the shared secret', async () => {
    const fetchImpl = vi.fn<typeof fetch>();
    const sheets = createSheets({ ...env, SHEETS_WEBHOOK_SECRET: undefined }, fetchImpl);
    expect(await sheets.appendOrder(makeOrder())).toEqual({
      ok: false,
      reason: expect.stringContaining('SHEETS_WEBHOOK_SECRET'),
    });
    expect(fetchImpl).not.toHaveBeenCalled();
    expect(warn).toHaveBeenCalledTimes(1);
  });
});

describe('the Reviews and Contact Submissions tabs', () => {
  const NOW = new Date('2026-03-01T20:00:00.000Z'); // 1:30 on 2 March in India
  const review = (overrides: Partial<Parameters<typeof newSheetReview>[0]> = {}) =>
    newSheetReview(
      {
        product: 'Badri Cow Ghee',
        name: 'Asha',
        email: 'asha@example.com',
        location: 'Dehradun, Uttarakhand',
        rating: 4,
        review: 'Smells like home.',
        ...overrides,
      },
      NOW,
    );
  const message = (overrides: Partial<Parameters<typeof newSheetContact>[0]> = {}) =>
    newSheetContact(
      {
        name: 'Ravi',
        email: 'ravi@example.com',
        phone: '+91 98765 43210',
        subject: 'Bulk',
        message: 'Hi',
        ...overrides,
      },
      NOW,
    );

  it('gives a new review display No, type review, source Website and the date in India', () => {
    const row = review();
    expect(row).toMatchObject({ display: 'No', type: 'review', source: 'Website', date: '2026-03-02' });
    expect(row.id).toMatch(/^review-1772395200000-[0-9a-f]{8}$/);
    expect(review().id).not.toBe(row.id);
    expect(indiaToday(new Date('2026-03-01T18:29:59Z'))).toBe('2026-03-01');
    expect(tabRows(REVIEWS_TAB, row)).toEqual([
      [
        row.id,
        'Badri Cow Ghee',
        'Asha',
        'asha@example.com',
        'Dehradun, Uttarakhand',
        '4',
        'Website',
        '2026-03-02',
        'Smells like home.',
        'No',
        'review',
      ],
    ]);
    expect([...REVIEW_HEADERS]).toEqual([
      'id',
      'product',
      'name',
      'email',
      'location',
      'rating',
      'source',
      'date',
      'review',
      'display',
      'type',
    ]);
  });

  it('gives a contact message an ISO timestamp and type contact', () => {
    const row = message({ phone: undefined });
    expect(row).toMatchObject({ timestamp: '2026-03-01T20:00:00.000Z', type: 'contact' });
    expect(row.id).toMatch(/^contact-/);
    expect(tabRows(CONTACT_TAB, row)[0]).toEqual([
      row.id,
      'Ravi',
      'ravi@example.com',
      '',
      'Bulk',
      'Hi',
      '2026-03-01T20:00:00.000Z',
      'contact',
    ]);
  });

  it('neutralises formulas in review and contact cells', () => {
    const [reviewRow] = tabRows(
      REVIEWS_TAB,
      review({ name: '=HYPERLINK("http://x","y")', review: '@SUM(A1)', location: '-1+2' }),
    );
    expect(reviewRow?.slice(2, 5)).toEqual(['\'=HYPERLINK("http://x","y")', 'asha@example.com', "'-1+2"]);
    expect(reviewRow?.[8]).toBe("'@SUM(A1)");
    const [contactRow] = tabRows(CONTACT_TAB, message({ subject: '+cmd', message: '\t=1' }));
    expect(contactRow?.slice(3, 6)).toEqual(["'+91 98765 43210", "'+cmd", "'\t=1"]);
  });

  it('writes Reviews.csv and Contact Submissions.csv with their headers locally', async () => {
    const sheets = createSheets(localEnv());
    const row = review();
    expect(await sheets.appendReview(row)).toEqual({ ok: true, duplicate: false });
    expect(await sheets.appendReview(row)).toEqual({ ok: true, duplicate: true });
    expect(await readCsv(join(dir, 'Reviews.csv'))).toEqual([[...REVIEW_HEADERS], ...tabRows(REVIEWS_TAB, row)]);
    const contact = message();
    expect(await sheets.appendContact(contact)).toEqual({ ok: true, duplicate: false });
    expect(await readCsv(join(dir, 'Contact Submissions.csv'))).toEqual([
      [...CONTACT_HEADERS],
      ...tabRows(CONTACT_TAB, contact),
    ]);
  });

  it('posts reviews and contact messages to the Apps Script with their type, tab, id, headers and rows', async () => {
    const SCRIPT_URL = 'https://script.google.com/macros/s/AKfycb-test/exec';
    const received: unknown[] = [];
    server.use(
      http.post(SCRIPT_URL, async ({ request }) => {
        received.push(await request.json());
        return HttpResponse.json({ ok: true });
      }),
    );
    const sheets = createSheets({ ...localEnv(), SHEETS_WEBHOOK_URL: SCRIPT_URL, SHEETS_WEBHOOK_SECRET: 's3cret' });
    const row = review();
    const contact = message();
    expect(await sheets.appendReview(row)).toEqual({ ok: true, duplicate: false });
    expect(await sheets.appendContact(contact)).toEqual({ ok: true, duplicate: false });
    expect(received).toEqual([
      {
        secret: 's3cret',
        type: 'review',
        tab: 'Reviews',
        id: row.id,
        headers: [...REVIEW_HEADERS],
        rows: tabRows(REVIEWS_TAB, row),
      },
      {
        secret: 's3cret',
        type: 'contact',
        tab: 'Contact Submissions',
        id: contact.id,
        headers: [...CONTACT_HEADERS],
        rows: tabRows(CONTACT_TAB, contact),
      },
    ]);
  });
});
