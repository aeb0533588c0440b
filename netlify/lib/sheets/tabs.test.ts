import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { makeCustomer } from '#tests/support/factories.ts';
import { makeSheetOrder as makeOrder, recordingAppsScript, tempSheetsDir } from '#tests/support/sheets.ts';
import { readCsv } from '../../../src/content/sheet-csv.server.ts';
import { createSheets } from './client.ts';
import { ORDER_HEADERS, orderRows } from './orders-tab.ts';
import { newSheetContact, newSheetReview } from './records.ts';
import { CONTACT_HEADERS, CONTACT_TAB, REVIEW_HEADERS, REVIEWS_TAB } from './submission-tabs.ts';
import { neutraliseCell, tabRows } from './tabs.ts';

const sheetsDir = tempSheetsDir();
const localEnv = sheetsDir.localEnv;

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
      Status: '',
      Label: '',
      Refunded: '',
      'Refund IDs': '',
      WhatsApp: '',
      'WhatsApp Cost': '',
      Invoice: '',
      'Invoice Link': '',
      Action: '',
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
    ['\uFF1D1+1', "'\uFF1D1+1"],
    ['\uFF0B1', "'\uFF0B1"],
    ['\uFF20cmd', "'\uFF20cmd"],
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

describe('the Reviews and Contact Submissions tabs', () => {
  const NOW = new Date('2026-03-01T20:00:00.000Z'); // 1:30 on 2 March in India
  const review = (overrides: Partial<Parameters<typeof newSheetReview>[0]> = {}) =>
    newSheetReview(
      {
        submissionId: '0b6f6a1e-4a8e-4c53-9c1b-2f1f5a0f3c11',
        productId: 3,
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
        submissionId: 'contact-form-0001',
        name: 'Ravi',
        email: 'ravi@example.com',
        phone: '+91 98765 43210',
        subject: 'Bulk',
        message: 'Hi',
        ...overrides,
      },
      NOW,
    );

  it('gives a new review its submission id, display No, type review, source Website and the date in India', () => {
    const row = review();
    expect(row).toMatchObject({ display: 'No', type: 'review', source: 'Website', date: '2026-03-02' });
    expect(row.id).toBe('review-0b6f6a1e-4a8e-4c53-9c1b-2f1f5a0f3c11');
    // A resend makes the very same row, which the Sheet skips by its id.
    expect(review()).toEqual(row);
    expect(review({ submissionId: 'another-one-1' }).id).toBe('review-another-one-1');
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
        '3',
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
      'Product ID',
    ]);
  });

  it('gives a contact message an ISO timestamp and type contact', () => {
    const row = message({ phone: undefined });
    expect(row).toMatchObject({ timestamp: '2026-03-01T20:00:00.000Z', type: 'contact' });
    expect(row.id).toBe('contact-contact-form-0001');
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
    expect(await readCsv(join(sheetsDir.dir(), 'Reviews.csv'))).toEqual([
      [...REVIEW_HEADERS],
      ...tabRows(REVIEWS_TAB, row),
    ]);
    const contact = message();
    expect(await sheets.appendContact(contact)).toEqual({ ok: true, duplicate: false });
    expect(await readCsv(join(sheetsDir.dir(), 'Contact Submissions.csv'))).toEqual([
      [...CONTACT_HEADERS],
      ...tabRows(CONTACT_TAB, contact),
    ]);
  });

  it('posts reviews and contact messages to the Apps Script with their type, tab, id, headers and rows', async () => {
    const { received, env } = recordingAppsScript({ ok: true });
    const sheets = createSheets({ ...localEnv(), ...env });
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
