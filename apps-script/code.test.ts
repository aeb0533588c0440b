/**
 * Runs the Apps Script (Code.gs) against small fakes of SpreadsheetApp, MailApp and friends: the
 * secret, routing by type, header creation, idempotency by id, reviews split so the public reviews
 * spreadsheet never holds an email, and one confirmation email per order id.
 */
import { createHmac } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

type Table = { rows: string[][] };

function loadScript(properties: Record<string, string>) {
  const books: Record<string, Record<string, Table>> = {};
  const sheet = (table: Table, name = '') => ({
    getName: () => name,
    getMaxRows: () => Math.max(table.rows.length, 1000),
    getLastRow: () => table.rows.length,
    getLastColumn: () => table.rows[0]?.length ?? 0,
    getRange: (row: number, column: number, rowCount = 1, columnCount = 1) => {
      const range = {
        setNumberFormat: () => range,
        setFontWeight: () => range,
        setValues: (values: string[][]) => {
          values.forEach((cells, index) => {
            const target = table.rows[row - 1 + index] ?? [];
            cells.forEach((cell, offset) => {
              target[column - 1 + offset] = cell;
            });
            table.rows[row - 1 + index] = Array.from(target, (cell) => cell ?? '');
          });
          return range;
        },
        getValues: () => [(table.rows[row - 1] ?? []).slice(column - 1, column - 1 + columnCount)],
        getValue: () => table.rows[row - 1]?.[column - 1] ?? '',
        setDataValidation: (rule: unknown) => {
          validations.push({ row, column, rowCount, rule });
          return range;
        },
        getDisplayValues: () =>
          table.rows
            .slice(row - 1, row - 1 + rowCount)
            .map((cells) => Array.from({ length: columnCount }, (_, offset) => cells[column - 1 + offset] ?? '')),
      };
      return range;
    },
    setFrozenRows: () => undefined,
  });
  const book = (id: string) => {
    books[id] ??= {};
    const tabs = books[id];
    return {
      getSheetByName: (name: string) => (tabs[name] ? sheet(tabs[name], name) : null),
      insertSheet: (name: string) => {
        tabs[name] = { rows: [] };
        return sheet(tabs[name], name);
      },
    };
  };
  const mail = {
    sent: [] as Record<string, string>[],
    quota: 100,
    down: false,
    sendEmail(message: Record<string, string>) {
      if (mail.down) throw new Error('Service unavailable: Gmail');
      mail.sent.push(message);
      mail.quota -= 1;
    },
    getRemainingDailyQuota: () => mail.quota,
  };
  const validations: { row: number; column: number; rowCount: number; rule: unknown }[] = [];
  /** What the shop received from UrlFetchApp, and what it answers (`answer`). */
  const shop = {
    fetched: [] as {
      url: string;
      options: { payload: string; headers: Record<string, string>; contentType: string };
    }[],
    answer: { code: 200, body: '{"ok":true,"result":"COD received: the cash is recorded on the order."}' },
  };
  const triggers: { handler: string }[] = [];
  let uuids = 0;
  const services = {
    SpreadsheetApp: {
      getActiveSpreadsheet: () => book('main'),
      openById: (id: string) => book(id),
      newDataValidation: () => {
        const rule = {
          list: [] as string[],
          allowInvalid: false,
          requireValueInList: (list: string[]) => {
            rule.list = list;
            return rule;
          },
          setAllowInvalid: (allow: boolean) => {
            rule.allowInvalid = allow;
            return rule;
          },
          build: () => ({ list: rule.list, allowInvalid: rule.allowInvalid }),
        };
        return rule;
      },
    },
    UrlFetchApp: {
      fetch: (url: string, options: (typeof shop.fetched)[number]['options']) => {
        shop.fetched.push({ url, options });
        return { getContentText: () => shop.answer.body, getResponseCode: () => shop.answer.code };
      },
    },
    Utilities: {
      getUuid: () => {
        uuids += 1;
        return `00000000-0000-4000-8000-${String(uuids).padStart(12, '0')}`;
      },
      Charset: { UTF_8: 'UTF-8' },
      // Apps Script answers signed bytes (-128…127).
      computeHmacSha256Signature: (value: string, key: string) =>
        Array.from(createHmac('sha256', key).update(value, 'utf8').digest(), (byte) =>
          byte > 127 ? byte - 256 : byte,
        ),
    },
    ScriptApp: {
      getProjectTriggers: () => triggers.map((trigger) => ({ getHandlerFunction: () => trigger.handler })),
      newTrigger: (handler: string) => ({
        forSpreadsheet: () => ({ onEdit: () => ({ create: () => triggers.push({ handler }) }) }),
      }),
    },
    MailApp: mail,
    PropertiesService: {
      getScriptProperties: () => ({
        getProperty: (key: string) => properties[key] ?? null,
        setProperty: (key: string, value: string) => {
          properties[key] = value;
        },
        deleteProperty: (key: string) => {
          delete properties[key];
        },
        getProperties: () => ({ ...properties }),
      }),
    },
    LockService: { getScriptLock: () => ({ waitLock: () => undefined, releaseLock: () => undefined }) },
    ContentService: {
      createTextOutput: (text: string) => ({ text, setMimeType: () => ({ text }) }),
      MimeType: { JSON: 'json' },
    },
  };
  const source = readFileSync(path.join(import.meta.dirname, 'Code.gs'), 'utf8');
  const script = new Function(
    ...Object.keys(services),
    `${source}; return { doPost, onOrdersEdit, setUpStaffActions };`,
  )(...Object.values(services));
  const post = (body: unknown) => JSON.parse(script.doPost({ postData: { contents: JSON.stringify(body) } }).text);
  /** Staff type `value` into a cell of the Orders tab (1-based row and column), as the edit trigger sees it. */
  const edit = (row: number, column: number, value: string, tab = 'Orders') => {
    const target = book('main').getSheetByName(tab);
    if (!target) throw new Error(`no tab ${tab}`);
    const range = target.getRange(row, column);
    range.setValues([[value]]);
    script.onOrdersEdit({
      value,
      range: {
        getSheet: () => target,
        getRow: () => row,
        getColumn: () => column,
        getNumRows: () => 1,
        getNumColumns: () => 1,
        getValue: () => value,
      },
    });
  };
  return { post, books, mail, properties, shop, edit, validations, triggers, setUp: () => script.setUpStaffActions() };
}

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
      expect(post(email)).toEqual({ ok: false, error: "today's email quota of this Google account is used up" });
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
