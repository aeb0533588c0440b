/**
 * Runs the Apps Script (Code.gs) against small fakes of SpreadsheetApp and friends: the secret,
 * routing by type, header creation, idempotency by id, and reviews split so the public reviews
 * spreadsheet never holds an email.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

type Table = { rows: string[][] };

function loadScript(properties: Record<string, string>) {
  const books: Record<string, Record<string, Table>> = {};
  const sheet = (table: Table) => ({
    getLastRow: () => table.rows.length,
    getLastColumn: () => table.rows[0]?.length ?? 0,
    getRange: (row: number, column: number, rowCount = 1) => {
      const range = {
        setNumberFormat: () => range,
        setFontWeight: () => range,
        setValues: (values: string[][]) => {
          values.forEach((cells, index) => {
            table.rows[row - 1 + index] = cells;
          });
          return range;
        },
        getValues: () => [table.rows[row - 1] ?? []],
        getDisplayValues: () => table.rows.slice(row - 1, row - 1 + rowCount).map((cells) => [cells[column - 1]]),
      };
      return range;
    },
    setFrozenRows: () => undefined,
  });
  const book = (id: string) => {
    books[id] ??= {};
    const tabs = books[id];
    return {
      getSheetByName: (name: string) => (tabs[name] ? sheet(tabs[name]) : null),
      insertSheet: (name: string) => {
        tabs[name] = { rows: [] };
        return sheet(tabs[name]);
      },
    };
  };
  const services = {
    SpreadsheetApp: { getActiveSpreadsheet: () => book('main'), openById: (id: string) => book(id) },
    PropertiesService: { getScriptProperties: () => ({ getProperty: (key: string) => properties[key] ?? null }) },
    LockService: { getScriptLock: () => ({ waitLock: () => undefined, releaseLock: () => undefined }) },
    ContentService: {
      createTextOutput: (text: string) => ({ text, setMimeType: () => ({ text }) }),
      MimeType: { JSON: 'json' },
    },
  };
  const source = readFileSync(path.join(import.meta.dirname, 'Code.gs'), 'utf8');
  const script = new Function(...Object.keys(services), `${source}; return { doPost };`)(...Object.values(services));
  const post = (body: unknown) => JSON.parse(script.doPost({ postData: { contents: JSON.stringify(body) } }).text);
  return { post, books };
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
});
