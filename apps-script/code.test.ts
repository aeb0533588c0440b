/**
 * Runs the Apps Script (Code.gs) against small fakes of SpreadsheetApp, MailApp and friends: the
 * secret, routing by type, header creation, idempotency by id, reviews split so the public reviews
 * spreadsheet never holds an email, one confirmation email per order id, staff actions, and
 * batches: one read of a tab, few writes, staff's columns untouched, a resend harmless.
 */
import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { type LoadedScript, loadScript } from '#tests/support/apps-script-runtime.ts';
import { makeSheetOrder } from '#tests/support/sheets.ts';
import { ORDER_HEADERS, ORDERS_TAB, orderRows, type SheetOrder } from '../netlify/lib/sheets/orders-tab.ts';

const order = {
  secret: 's3cret',
  type: 'order',
  tab: 'Orders',
  orderId: 'OUO_1',
  headers: ['Order ID', 'Name'],
  rows: [['OUO_1', 'Asha']],
};
const review = {
  secret: 's3cret',
  type: 'review',
  tab: 'Reviews',
  id: 'review-1',
  headers: ['id', 'product', 'name', 'email', 'review', 'display'],
  rows: [['review-1', 'Badri Cow Ghee', 'Asha', 'asha@example.in', 'Lovely', 'No']],
};

describe('Code.gs', () => {
  it('refuses a wrong secret and an unknown type', () => {
    const { post } = loadScript({ SHARED_SECRET: 's3cret' });
    expect(post({ ...order, secret: 'guess' })).toEqual({ ok: false, error: 'bad secret' });
    expect(post({ ...order, type: 'refund' })).toMatchObject({ ok: false });
  });

  it('creates the tab with its headers and writes an order once', () => {
    const { post, books } = loadScript({ SHARED_SECRET: 's3cret' });
    expect(post(order)).toEqual({ ok: true, duplicate: false });
    expect(post(order)).toEqual({ ok: true, duplicate: true });
    expect(books.main?.Orders?.rows).toEqual([
      ['Order ID', 'Name'],
      ['OUO_1', 'Asha'],
    ]);
  });

  it('keeps reviewer emails out of the public reviews spreadsheet', () => {
    const { post, books } = loadScript({ SHARED_SECRET: 's3cret', REVIEWS_SPREADSHEET_ID: 'public-reviews' });
    expect(post(review)).toEqual({ ok: true, duplicate: false });
    expect(post(review)).toEqual({ ok: true, duplicate: true });
    expect(books['public-reviews']?.Reviews?.rows).toEqual([
      ['id', 'product', 'name', 'review', 'display'],
      ['review-1', 'Badri Cow Ghee', 'Asha', 'Lovely', 'No'],
    ]);
    expect(JSON.stringify(books['public-reviews'])).not.toContain('@');
    expect(books.main?.['Review Emails']?.rows).toEqual([
      ['id', 'email'],
      ['review-1', 'asha@example.in'],
    ]);
  });

  it('gives a Reviews tab made before the Product ID column that column at its right edge', () => {
    const { post, books } = loadScript({ SHARED_SECRET: 's3cret', REVIEWS_SPREADSHEET_ID: 'public-reviews' });
    expect(post(review)).toEqual({ ok: true, duplicate: false });
    const withId = {
      ...review,
      id: 'review-2',
      headers: [...review.headers, 'Product ID'],
      rows: [['review-2', 'Himalayan Red Rice', 'Ravi', 'ravi@example.in', 'Good', 'No', '5']],
    };
    expect(post(withId)).toEqual({ ok: true, duplicate: false });
    expect(books['public-reviews']?.Reviews?.rows).toEqual([
      ['id', 'product', 'name', 'review', 'display', 'Product ID'],
      ['review-1', 'Badri Cow Ghee', 'Asha', 'Lovely', 'No'],
      ['review-2', 'Himalayan Red Rice', 'Ravi', 'Good', 'No', '5'],
    ]);
  });

  it("upserts an order: a later status and waybill rewrite that order's rows, never add rows", () => {
    const { post, books } = loadScript({ SHARED_SECRET: 's3cret' });
    const headers = ['Order ID', 'Product', 'Waybill', 'Status'];
    const placed = {
      ...order,
      headers,
      rows: [
        ['OUO_1', 'Rajma', '', 'Placed'],
        ['OUO_1', 'Ghee', '', 'Placed'],
      ],
    };
    const upsert = { action: 'upsert', update: ['Waybill', 'Status'] };
    expect(post({ ...placed, ...upsert })).toEqual({ ok: true, duplicate: false });
    const booked = { ...placed, rows: placed.rows.map((row) => [row[0], row[1], 'SIM1', 'Booked']) };
    expect(post({ ...booked, ...upsert })).toEqual({ ok: true, duplicate: true, updated: true });
    expect(post({ ...booked, ...upsert })).toEqual({ ok: true, duplicate: true, updated: false });
    expect(post(booked)).toEqual({ ok: true, duplicate: true }); // without the action: left alone
    expect(books.main?.Orders?.rows).toEqual([
      ['Order ID', 'Product', 'Waybill', 'Status'],
      ['OUO_1', 'Rajma', 'SIM1', 'Booked'],
      ['OUO_1', 'Ghee', 'SIM1', 'Booked'],
    ]);
  });

  it('writes cells under their own headers: a column staff added, or a new Status column, shifts nothing', () => {
    const { post, books } = loadScript({ SHARED_SECRET: 's3cret' });
    expect(post({ ...order, headers: ['Order ID', 'Name'], rows: [['OUO_1', 'Asha']] })).toMatchObject({ ok: true });
    const tab = books.main?.Orders;
    tab?.rows[0]?.push('Packed by');
    tab?.rows[1]?.push('Meena');
    const next = {
      ...order,
      orderId: 'OUO_2',
      headers: ['Order ID', 'Name', 'Status'],
      rows: [['OUO_2', 'Ravi', 'Placed']],
    };
    expect(post(next)).toEqual({ ok: true, duplicate: false });
    expect(tab?.rows).toEqual([
      ['Order ID', 'Name', 'Packed by', 'Status'],
      ['OUO_1', 'Asha', 'Meena'],
      ['OUO_2', 'Ravi', '', 'Placed'],
    ]);
  });

  it("keeps one row per day in the Pickups tab, its outcome rewritten when the day's request is retried", () => {
    const { post, books } = loadScript({ SHARED_SECRET: 's3cret' });
    const headers = ['Date', 'Time', 'Location', 'Parcels', 'Pickup ID', 'Status', 'Requested At'];
    const day = (status: string, pickupId = '') => ({
      secret: 's3cret',
      type: 'pickup',
      tab: 'Pickups',
      date: '2026-11-21',
      headers,
      rows: [['2026-11-21', '16:00:00', 'Delhivery Uttarkashi hub', '2', pickupId, status, '']],
      action: 'upsert',
      update: headers.slice(1),
    });
    expect(post(day('Failed, retrying: HTTP 503'))).toEqual({ ok: true, duplicate: false });
    expect(post(day('Requested', '8123456'))).toEqual({ ok: true, duplicate: true, updated: true });
    expect(books.main?.Pickups?.rows).toEqual([
      headers,
      ['2026-11-21', '16:00:00', 'Delhivery Uttarkashi hub', '2', '8123456', 'Requested', ''],
    ]);
  });

  it('keeps one row per figure group of a period in the RTO tab: a second run rewrites them, a new group is added', () => {
    const { post, books } = loadScript({ SHARED_SECRET: 's3cret' });
    const headers = ['Key', 'Period', 'Group', 'Value', 'Orders', 'RTO rate', 'Written at'];
    const run = (rows: string[][], from = '2026-11-01', to = '2026-11-30') => ({
      secret: 's3cret',
      type: 'rto',
      tab: 'RTO',
      period: `${from}..${to}`,
      headers,
      rows: rows.map(([group = '', value = '', orders = '', rate = '', at = '']) => [
        `${from}..${to}|${group}|${value}`,
        `${from} to ${to}`,
        group,
        value,
        orders,
        rate,
        at,
      ]),
      action: 'upsert',
      update: headers.slice(1),
    });
    const first = [
      ['All', '', '3', '50.0%', 'T1'],
      ['Payment mode', 'cod', '2', '50.0%', 'T1'],
    ];
    expect(post(run(first))).toEqual({ ok: true, duplicate: false, updated: false });
    const tab = books.main?.RTO;
    tab?.rows[0]?.push('Note');
    tab?.rows[1]?.push('check');
    expect(post(run(first))).toEqual({ ok: true, duplicate: true, updated: false });
    const second = [
      ['All', '', '4', '33.3%', 'T2'],
      ['Payment mode', 'cod', '2', '50.0%', 'T2'],
      ['Payment mode', 'prepaid', '1', '0.0%', 'T2'],
    ];
    expect(post(run(second))).toEqual({ ok: true, duplicate: false, updated: true });
    expect(post(run([['All', '', '4', '', 'T2']], '2026-10-01', '2026-10-31'))).toEqual({
      ok: true,
      duplicate: false,
      updated: false,
    });
    expect(tab?.rows).toEqual([
      [...headers, 'Note'],
      ['2026-11-01..2026-11-30|All|', '2026-11-01 to 2026-11-30', 'All', '', '4', '33.3%', 'T2', 'check'],
      [
        '2026-11-01..2026-11-30|Payment mode|cod',
        '2026-11-01 to 2026-11-30',
        'Payment mode',
        'cod',
        '2',
        '50.0%',
        'T2',
      ],
      [
        '2026-11-01..2026-11-30|Payment mode|prepaid',
        '2026-11-01 to 2026-11-30',
        'Payment mode',
        'prepaid',
        '1',
        '0.0%',
        'T2',
        '',
      ],
      ['2026-10-01..2026-10-31|All|', '2026-10-01 to 2026-10-31', 'All', '', '4', '', 'T2', ''],
    ]);
    expect(post({ ...run(first), headers: headers.slice(1), rows: [] })).toEqual({
      ok: false,
      error: 'the rows need a Key column',
    });
  });

  it('keeps the GST report of a month in the GST tab, a row per table row: a second run rewrites them', () => {
    const { post, books } = loadScript({ SHARED_SECRET: 's3cret' });
    const headers = ['Key', 'Month', 'Table', 'Number', 'Total', 'Written at'];
    const run = (total: string, at: string) => ({
      secret: 's3cret',
      type: 'gst',
      tab: 'GST',
      month: '2026-11',
      headers,
      rows: [
        ['2026-11|Documents|OUO/26-27/000101', '2026-11', 'Documents', 'OUO/26-27/000101', total, at],
        ['2026-11|By rate|All', '2026-11', 'By rate', '', total, at],
      ],
      action: 'upsert',
      update: headers.slice(1),
    });
    expect(post(run('398.00', 'T1'))).toEqual({ ok: true, duplicate: false, updated: false });
    expect(post(run('398.00', 'T2'))).toEqual({ ok: true, duplicate: true, updated: true });
    expect(books.main?.GST?.rows).toEqual([
      headers,
      ['2026-11|Documents|OUO/26-27/000101', '2026-11', 'Documents', 'OUO/26-27/000101', '398.00', 'T2'],
      ['2026-11|By rate|All', '2026-11', 'By rate', '', '398.00', 'T2'],
    ]);
  });

  it("keeps a shopper's WhatsApp message once per message id in the WhatsApp tab, as text", () => {
    const { post, books } = loadScript({ SHARED_SECRET: 's3cret' });
    const headers = ['Message ID', 'Received', 'From', 'Name', 'Order ID', 'Message', 'Answered'];
    const written = {
      secret: 's3cret',
      type: 'whatsapp',
      tab: 'WhatsApp',
      messageId: 'wamid.Q1',
      headers,
      // The shop neutralised the formula already: the script writes it as it came, as plain text.
      rows: [['wamid.Q1', '2026-11-26T15:13:20.000Z', '9876543210', 'Asha', '', '\'=HYPERLINK("http://x.test")', '']],
    };
    expect(post(written)).toEqual({ ok: true, duplicate: false });
    books.main?.WhatsApp?.rows[1]?.splice(6, 1, 'Yes, Meena');
    expect(post(written)).toEqual({ ok: true, duplicate: true });
    expect(books.main?.WhatsApp?.rows).toEqual([
      headers,
      ['wamid.Q1', '2026-11-26T15:13:20.000Z', '9876543210', 'Asha', '', '\'=HYPERLINK("http://x.test")', 'Yes, Meena'],
    ]);
  });

  it('adds the WhatsApp columns after Action in an Orders tab made before them, and rewrites them', () => {
    const { post, books } = loadScript({ SHARED_SECRET: 's3cret' });
    const upsert = { action: 'upsert', update: ['Status', 'WhatsApp', 'WhatsApp Cost'] };
    expect(
      post({ ...order, headers: ['Order ID', 'Status', 'Action'], rows: [['OUO_1', 'Placed', '']] }),
    ).toMatchObject({
      ok: true,
    });
    const headers = ['Order ID', 'Status', 'WhatsApp', 'WhatsApp Cost', 'Action'];
    const row = (whatsapp: string) => [['OUO_1', 'Booked', whatsapp, 'utility 1 (billed 1)', '']];
    expect(post({ ...order, ...upsert, headers, rows: row('placed: sent') })).toMatchObject({ updated: true });
    expect(post({ ...order, ...upsert, headers, rows: row('placed: read') })).toMatchObject({ updated: true });
    expect(books.main?.Orders?.rows).toEqual([
      ['Order ID', 'Status', 'Action', 'WhatsApp', 'WhatsApp Cost'],
      ['OUO_1', 'Booked', '', 'placed: read', 'utility 1 (billed 1)'],
    ]);
  });

  describe('the confirmation email', () => {
    const email = {
      secret: 's3cret',
      action: 'email',
      orderId: 'OUO_1',
      to: 'asha@example.in',
      subject: 'Your order OUO_1 at Orang Utan Organics',
      html: '<p>Hello Asha,</p>',
      name: 'Orang Utan Organics',
      replyTo: 'hello@orangutanorganics.in',
    };

    it('is sent once per order id, from the shop, answered to its address; a resend is a duplicate', () => {
      const { post, mail, properties } = loadScript({ SHARED_SECRET: 's3cret' });
      expect(post(email)).toEqual({ ok: true, duplicate: false });
      expect(post(email)).toEqual({ ok: true, duplicate: true });
      expect(mail.sent).toEqual([
        {
          to: 'asha@example.in',
          subject: 'Your order OUO_1 at Orang Utan Organics',
          htmlBody: '<p>Hello Asha,</p>',
          name: 'Orang Utan Organics',
          replyTo: 'hello@orangutanorganics.in',
        },
      ]);
      expect(properties['email-sent-OUO_1']).toMatch(/^\d{4}-\d{2}-\d{2}T/);
      expect(post({ ...email, orderId: 'OUO_2' })).toEqual({ ok: true, duplicate: false });
      expect(mail.sent).toHaveLength(2);
    });

    it("sends each of an order's emails once by its email id: the confirmation and the parcel's news", () => {
      const { post, mail, properties } = loadScript({ SHARED_SECRET: 's3cret' });
      expect(post(email)).toEqual({ ok: true, duplicate: false });
      const shipped = { ...email, emailId: 'OUO_1-shipped', subject: 'Your order OUO_1 is on its way' };
      expect(post(shipped)).toEqual({ ok: true, duplicate: false });
      expect(post(shipped)).toEqual({ ok: true, duplicate: true });
      expect(mail.sent.map((sent) => sent.subject)).toEqual([email.subject, shipped.subject]);
      expect(Object.keys(properties).sort()).toEqual(['SHARED_SECRET', 'email-sent-OUO_1', 'email-sent-OUO_1-shipped']);
      expect(post({ ...shipped, emailId: '../x' })).toMatchObject({ ok: false });
    });

    it('refuses a wrong secret and an incomplete email, and sends nothing', () => {
      const { post, mail } = loadScript({ SHARED_SECRET: 's3cret' });
      expect(post({ ...email, secret: 'guess' })).toEqual({ ok: false, error: 'bad secret' });
      for (const missing of ['orderId', 'to', 'subject', 'html']) {
        expect(post({ ...email, [missing]: '' })).toEqual({
          ok: false,
          error: 'an email needs orderId, to, subject and html',
        });
      }
      expect(post({ ...email, orderId: '../OUO_1' })).toMatchObject({ ok: false });
      expect(mail.sent).toEqual([]);
    });

    it('forgets an id whose email MailApp did not send, so the retry sends it', () => {
      const { post, mail, properties } = loadScript({ SHARED_SECRET: 's3cret' });
      mail.down = true;
      expect(post(email)).toEqual({ ok: false, error: 'Service unavailable: Gmail' });
      expect(properties['email-sent-OUO_1']).toBeUndefined();
      mail.down = false;
      expect(post(email)).toEqual({ ok: true, duplicate: false });
      expect(mail.sent).toHaveLength(1);
    });

    it("says so when the account's daily quota is used up, and sends nothing", () => {
      const { post, mail } = loadScript({ SHARED_SECRET: 's3cret' });
      mail.quota = 0;
      expect(post(email)).toEqual({
        ok: false,
        error: "today's email quota of this Google account is used up",
        busy: true,
      });
      expect(mail.sent).toEqual([]);
    });

    it('lets go of ids sent more than 30 days ago, and sends without a name or reply-to if none is given', () => {
      const recent = new Date(Date.now() - 24 * 60 * 60 * 1000).toISOString();
      const { post, mail, properties } = loadScript({
        SHARED_SECRET: 's3cret',
        'email-sent-OUO_old': '2020-01-01T00:00:00.000Z',
        'email-sent-OUO_recent': recent,
      });
      expect(post({ ...email, name: undefined, replyTo: undefined })).toEqual({ ok: true, duplicate: false });
      expect(mail.sent[0]).toEqual({ to: email.to, subject: email.subject, htmlBody: email.html });
      expect(Object.keys(properties).sort()).toEqual(['SHARED_SECRET', 'email-sent-OUO_1', 'email-sent-OUO_recent']);
    });
  });

  describe('staff actions (the Action column)', () => {
    const headers = ['Order ID', 'Name', 'Status', 'Action'];
    const withOrders = () => {
      const script = loadScript({
        SHARED_SECRET: 's3cret',
        SHOP_URL: 'https://shop.example/',
        STAFF_ACTION_SECRET: 'staff-secret',
      });
      script.post({
        ...order,
        orderId: 'OUO_1734000000001',
        headers,
        rows: [['OUO_1734000000001', 'Asha', 'Booked', '']],
      });
      return script;
    };

    it('posts the action signed, with a fresh id and the time; writes the answer in Status; clears Action', () => {
      const { edit, shop, books } = withOrders();
      edit(2, 4, 'COD received');
      expect(shop.fetched).toHaveLength(1);
      const [sent] = shop.fetched;
      expect(sent?.url).toBe('https://shop.example/api/staff/action');
      expect(sent?.options.contentType).toBe('application/json');
      const payload = sent?.options.payload ?? '';
      expect(sent?.options.headers['X-Shop-Signature']).toBe(
        `sha256=${createHmac('sha256', 'staff-secret').update(payload).digest('hex')}`,
      );
      const body = JSON.parse(payload);
      expect(body).toEqual({
        id: '00000000-0000-4000-8000-000000000001',
        orderId: 'OUO_1734000000001',
        action: 'cod-received',
        at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      });
      expect(Math.abs(Date.parse(body.at) - Date.now())).toBeLessThan(60_000);
      expect(books.main?.Orders?.rows[1]).toEqual([
        'OUO_1734000000001',
        'Asha',
        'COD received: the cash is recorded on the order.',
        '',
      ]);
    });

    it("sends a refund with its amount in rupees, and writes a refusal in the shop's words", () => {
      const { edit, shop, books } = withOrders();
      shop.answer = {
        code: 409,
        body: JSON.stringify({ error: { code: 'STAFF_ACTION_REFUSED', message: 'Not refunded: too much.' } }),
      };
      edit(2, 4, 'Refund ₹1,250');
      expect(JSON.parse(shop.fetched[0]?.options.payload ?? '')).toMatchObject({ action: 'refund', amount: 1250 });
      expect(books.main?.Orders?.rows[1]?.[2]).toBe('Not refunded: too much.');
      edit(2, 4, 'Refund extra payment');
      edit(2, 4, 'Cancel');
      const sent = shop.fetched.map((fetched) => JSON.parse(fetched.options.payload));
      expect(sent.map((body) => body.action)).toEqual(['refund', 'refund-extra', 'cancel']);
      expect(new Set(sent.map((body) => body.id)).size).toBe(3);
    });

    it('ignores other columns, other tabs and a cleared cell; sends nothing for an unknown choice', () => {
      const { edit, shop, books, post } = withOrders();
      edit(2, 2, 'Cancel');
      edit(2, 4, '');
      post({ ...review, secret: 's3cret' });
      expect(shop.fetched).toHaveLength(0);
      edit(2, 4, 'Refund everything');
      expect(shop.fetched).toHaveLength(0);
      expect(books.main?.Orders?.rows[1]?.[2]).toMatch(/^Not sent: pick an action/);
    });

    it('sends nothing without SHOP_URL or STAFF_ACTION_SECRET, and says so in Status', () => {
      const { edit, shop, books, properties } = withOrders();
      delete properties.STAFF_ACTION_SECRET;
      edit(2, 4, 'Cancel');
      expect(shop.fetched).toHaveLength(0);
      expect(books.main?.Orders?.rows[1]?.[2]).toBe(
        'Not sent: set SHOP_URL and STAFF_ACTION_SECRET in the Script Properties.',
      );
    });

    it('sets up the dropdown on the Action column and installs the edit trigger once', () => {
      const { setUp, validations, triggers } = withOrders();
      setUp();
      setUp();
      expect(triggers).toEqual([{ handler: 'onOrdersEdit' }]);
      expect(validations[0]).toMatchObject({
        row: 2,
        column: 4,
        rule: {
          list: ['Cancel', 'Refund ₹', 'Refund extra payment', 'Book again', 'COD received', 'Confirm COD'],
          allowInvalid: true,
        },
      });
    });
  });
});

describe('batches (action batch): every changed order of a tab in one call', () => {
  const update = [...(ORDERS_TAB.updatable ?? [])];
  const headers = [...ORDER_HEADERS];
  const column = (name: (typeof ORDER_HEADERS)[number]) => headers.indexOf(name);
  const one = makeSheetOrder('OUO_1760000000001');
  const two = makeSheetOrder('OUO_1760000000002', [{ productId: 5, size: '1kg', quantity: 1 }]);
  const batch = (orders: SheetOrder[], tab = 'Orders 2026-27') => ({
    secret: 's3cret',
    action: 'batch',
    type: 'order',
    tab,
    headers,
    update,
    records: orders.map((sent) => ({ key: sent.orderId, rows: orderRows(sent) })),
  });
  const booked = (sent: SheetOrder, waybill = 'SIM1'): SheetOrder => ({ ...sent, waybill, status: 'Booked' });
  const writes = (script: LoadedScript) => script.rangeCalls.filter((call) => call.method === 'setValues');
  const reads = (script: LoadedScript) => script.rangeCalls.filter((call) => call.method !== 'setValues');

  it("creates the financial year's tab with its headers and the Action dropdown, and appends in one write", () => {
    const script = loadScript({ SHARED_SECRET: 's3cret' });
    expect(script.post(batch([one, two]))).toEqual({ ok: true, written: [one.orderId, two.orderId] });
    expect(script.books.main?.['Orders 2026-27']?.rows).toEqual([headers, ...orderRows(one), ...orderRows(two)]);
    expect(script.books.main?.Orders).toBeUndefined();
    expect(reads(script)).toEqual([]);
    // The header row, then every new row in one range.
    expect(writes(script).map(({ row, rows }) => ({ row, rows }))).toEqual([
      { row: 1, rows: 1 },
      { row: 2, rows: 3 },
    ]);
    expect(script.validations).toMatchObject([
      { tab: 'Orders 2026-27', row: 2, column: column('Action') + 1, rule: { allowInvalid: true } },
    ]);
  });

  it('rewrites the updatable cells of an order there (newest state wins) and appends the new one: one read, few writes', () => {
    const script = loadScript({ SHARED_SECRET: 's3cret' });
    script.post(batch([one]));
    script.rangeCalls.length = 0;
    expect(script.post(batch([booked(one), two]))).toEqual({ ok: true, written: [one.orderId, two.orderId] });
    expect(script.books.main?.['Orders 2026-27']?.rows).toEqual([
      headers,
      ...orderRows(booked(one)),
      ...orderRows(two),
    ]);
    expect(reads(script)).toMatchObject([{ method: 'getDisplayValues', row: 1, rows: 3 }]);
    // Payment ID … Invoice Link over the order's two rows (its Payment Status did not change), the new row.
    expect(writes(script).map(({ row, column: at, rows, columns }) => [row, at, rows, columns])).toEqual([
      [2, column('Payment ID') + 1, 2, column('Action') - column('Payment ID')],
      [4, 1, 1, headers.length],
    ]);
  });

  it("never writes staff's columns: a column they added and the Action cell survive the next batch", () => {
    const script = loadScript({ SHARED_SECRET: 's3cret' });
    script.post(batch([one, two], 'Orders'));
    const tab = script.books.main?.Orders;
    tab?.rows[0]?.push('Packed by');
    tab?.rows[1]?.push('Meena');
    tab?.rows[1]?.splice(column('Action'), 1, 'Cancel');
    const sent = booked(one);
    const withAction = { ...batch([sent], 'Orders'), update: [...update, 'Action', 'Order ID'] };
    for (const row of withAction.records[0]?.rows ?? []) row.splice(column('Action'), 1, 'Refund ₹1');
    expect(script.post(withAction)).toEqual({ ok: true, written: [one.orderId] });
    expect(tab?.rows[1]?.[column('Status')]).toBe('Booked');
    expect(tab?.rows[1]?.[column('Action')]).toBe('Cancel');
    expect(tab?.rows[1]?.at(-1)).toBe('Meena');
    expect(script.post(batch([two], 'Orders'))).toMatchObject({ ok: true });
    expect(tab?.rows[0]?.at(-1)).toBe('Packed by');
    expect(tab?.rows).toHaveLength(4);
  });

  it('sent twice (its answer lost) leaves one set of rows per order and writes nothing the second time', () => {
    const script = loadScript({ SHARED_SECRET: 's3cret' });
    expect(script.post(batch([one, two]))).toMatchObject({ ok: true });
    const after = structuredClone(script.books.main?.['Orders 2026-27']?.rows);
    script.rangeCalls.length = 0;
    expect(script.post(batch([one, two]))).toEqual({ ok: true, written: [one.orderId, two.orderId] });
    expect(script.books.main?.['Orders 2026-27']?.rows).toEqual(after);
    expect(script.rangeCalls.map((call) => call.method)).toEqual(['getDisplayValues']);
  });

  it('half applied by a killed script, then sent again: every order once, with its newest state', () => {
    let allowed = Number.POSITIVE_INFINITY;
    const script = loadScript(
      { SHARED_SECRET: 's3cret' },
      {
        meter: (call) => {
          if (call.method !== 'setValues') return;
          allowed -= 1;
          if (allowed < 0) throw new Error('Exceeded maximum execution time');
        },
      },
    );
    script.post(batch([one]));
    // Killed after its first write: the order there rewritten, the new one not appended.
    allowed = 1;
    expect(script.post(batch([booked(one), two]))).toMatchObject({ ok: false, busy: true });
    const rows = script.books.main?.['Orders 2026-27']?.rows ?? [];
    expect(rows).toEqual([headers, ...orderRows(booked(one))]);
    allowed = Number.POSITIVE_INFINITY;
    expect(script.post(batch([booked(one), two]))).toEqual({ ok: true, written: [one.orderId, two.orderId] });
    expect(rows).toEqual([headers, ...orderRows(booked(one)), ...orderRows(two)]);
  });

  it("keeps an order's rows when the batch sends a different number of lines: only their cells change", () => {
    const script = loadScript({ SHARED_SECRET: 's3cret' });
    script.post(batch([one]));
    const fewer = { ...batch([booked(one)]) };
    fewer.records = fewer.records.map((record) => ({ ...record, rows: record.rows.slice(0, 1) }));
    expect(script.post(fewer)).toMatchObject({ ok: true });
    expect(script.books.main?.['Orders 2026-27']?.rows).toEqual([headers, ...orderRows(booked(one))]);
    const more = { ...batch([booked(one, 'SIM2')]) };
    more.records = more.records.map((record) => ({ ...record, rows: [...record.rows, ...record.rows] }));
    expect(script.post(more)).toMatchObject({ ok: true });
    expect(script.books.main?.['Orders 2026-27']?.rows).toEqual([headers, ...orderRows(booked(one, 'SIM2'))]);
  });

  it('writes a key sent twice in one batch once, with its last rows', () => {
    const script = loadScript({ SHARED_SECRET: 's3cret' });
    expect(script.post(batch([one, booked(one)]))).toEqual({ ok: true, written: [one.orderId] });
    expect(script.books.main?.['Orders 2026-27']?.rows).toEqual([headers, ...orderRows(booked(one))]);
  });

  it('adds a header the tab lacks at its right edge and rewrites only rows near each other in one range', () => {
    const script = loadScript({ SHARED_SECRET: 's3cret' });
    const old = headers.filter((name) => name !== 'Invoice Link');
    const many = Array.from({ length: 60 }, (_, index) =>
      makeSheetOrder(`OUO_17600000001${String(index).padStart(2, '0')}`),
    );
    script.post({
      ...batch(many),
      headers: old,
      records: many.map((sent) => ({
        key: sent.orderId,
        rows: orderRows(sent).map((row) => row.filter((_, at) => at !== column('Invoice Link'))),
      })),
    });
    script.rangeCalls.length = 0;
    const first = many[0] as SheetOrder;
    const last = many[59] as SheetOrder;
    expect(script.post(batch([booked(first), booked(last)]))).toMatchObject({ ok: true });
    const rows = script.books.main?.['Orders 2026-27']?.rows ?? [];
    expect(rows[0]?.at(-1)).toBe('Invoice Link');
    expect(rows[1]?.[old.indexOf('Status')]).toBe('Booked');
    expect(rows.at(-1)?.[old.indexOf('Status')]).toBe('Booked');
    // The header cell, then a range for each run of rows (two: 118 rows apart), each only over the
    // block of columns that changed (Payment ID … Invoice; not Payment Status, not Invoice Link).
    expect(writes(script)).toHaveLength(1 + 2);
  });

  it('refuses a batch for another tab, a type it cannot batch, and records whose rows lack their key', () => {
    const script = loadScript({ SHARED_SECRET: 's3cret' });
    expect(script.post(batch([one], 'Reviews'))).toMatchObject({ ok: false, error: expect.stringContaining('Orders') });
    expect(script.post(batch([one], 'Orderly'))).toMatchObject({ ok: false });
    expect(script.post({ ...batch([one]), type: 'rto' })).toMatchObject({ ok: false });
    expect(script.post({ ...batch([one]), update: 'Status' })).toMatchObject({ ok: false });
    expect(script.post({ ...batch([one]), headers: ['Name'] })).toMatchObject({ ok: false });
    expect(script.post({ ...batch([one]), records: undefined })).toMatchObject({ ok: false });
    expect(script.post({ ...batch([one]), records: [{ key: 'OUO_9', rows: orderRows(one) }] })).toEqual({
      ok: false,
      error: 'each record needs its key and rows carrying that key',
    });
    expect(script.post({ ...batch([one]), records: [{ key: one.orderId, rows: [] }] })).toMatchObject({ ok: false });
    expect(script.books.main).toBeUndefined();
  });

  it("answers busy for Google's refusals that heal by waiting, and not for a real error", () => {
    let thrown = 'Exception: Too many simultaneous invocations: Spreadsheets';
    const script = loadScript(
      { SHARED_SECRET: 's3cret' },
      {
        meter: () => {
          throw new Error(thrown);
        },
      },
    );
    expect(script.post(batch([two], 'Orders'))).toEqual({ ok: false, error: thrown, busy: true });
    thrown = 'Exception: Service invoked too many times for one day: urlfetch.';
    expect(script.post(batch([two], 'Orders'))).toMatchObject({ busy: true });
    thrown = 'Lock timeout: another process was holding the lock for too long.';
    expect(script.post(batch([two], 'Orders'))).toMatchObject({ busy: true });
    thrown = 'Exception: The number of rows in the data does not match the number of rows in the range.';
    expect(script.post(batch([two], 'Orders'))).toEqual({ ok: false, error: thrown });
  });

  it("lets staff act from the new year's tab as from the first", () => {
    const script = loadScript({ SHARED_SECRET: 's3cret', SHOP_URL: 'https://shop.example', STAFF_ACTION_SECRET: 'k' });
    const order = { ...makeSheetOrder('OUO_1760000000009'), status: 'Booked' };
    script.post(batch([order]));
    script.edit(2, column('Action') + 1, 'COD received', 'Orders 2026-27');
    expect(JSON.parse(script.shop.fetched[0]?.options.payload ?? '{}')).toMatchObject({
      orderId: 'OUO_1760000000009',
      action: 'cod-received',
    });
    const row = script.books.main?.['Orders 2026-27']?.rows[1];
    expect(row?.[column('Status')]).toBe('COD received: the cash is recorded on the order.');
    expect(row?.[column('Action')]).toBe('');
  });
});
