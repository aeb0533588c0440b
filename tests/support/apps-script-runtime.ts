/**
 * Runs the staff's Apps Script (apps-script/Code.gs) in Node against small fakes of the Google
 * services it calls: SpreadsheetApp (tabs as arrays of text rows), MailApp (a daily recipient
 * quota), PropertiesService, LockService, UrlFetchApp (the shop's answers to staff actions),
 * Utilities, ScriptApp and ContentService. One copy for the script's own tests
 * (apps-script/code.test.ts) and for the fake web app the shop's tests talk to
 * (tests/support/fake-apps-script.ts).
 *
 * Every range read and write is recorded (`rangeCalls`) and passed to `meter` first, so a test can
 * count them, charge simulated time for them (Google's 6-minute limit) or kill the script part-way
 * (a write that throws leaves the ones before it in place, as Google's would).
 */
import { createHmac } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';

type Table = { rows: string[][] };

/** One call on a range: a read (`getValues`, `getDisplayValues`) or a write (`setValues`). */
export interface RangeCall {
  tab: string;
  method: 'getValues' | 'getDisplayValues' | 'setValues';
  row: number;
  column: number;
  rows: number;
  columns: number;
}

export interface ScriptOptions {
  /** Called before each range read or write takes effect; a throw stops the script there. */
  meter?: (call: RangeCall) => void;
  /** Recipients MailApp sends before it refuses (Google's consumer quota: 100 a day). */
  mailQuota?: number;
}

const SOURCE = readFileSync(path.join(import.meta.dirname, '../../apps-script/Code.gs'), 'utf8');

/** The last column holding text in any row (Google's getLastColumn), 0 for an empty tab. */
function lastColumn(table: Table): number {
  return table.rows.reduce((widest, cells) => {
    let last = cells.length;
    while (last > 0 && (cells[last - 1] ?? '') === '') last -= 1;
    return Math.max(widest, last);
  }, 0);
}

function spreadsheets(record: (call: RangeCall) => void) {
  const books: Record<string, Record<string, Table>> = {};
  const validations: { tab: string; row: number; column: number; rowCount: number; rule: unknown }[] = [];
  const sheet = (table: Table, name: string) => ({
    getName: () => name,
    getMaxRows: () => Math.max(table.rows.length, 1000),
    getLastRow: () => table.rows.length,
    getLastColumn: () => lastColumn(table),
    getRange: (row: number, column: number, rowCount = 1, columnCount = 1) => {
      const call = (method: RangeCall['method']) =>
        record({ tab: name, method, row, column, rows: rowCount, columns: columnCount });
      const read = () =>
        Array.from({ length: rowCount }, (_, index) => {
          const cells = table.rows[row - 1 + index] ?? [];
          return Array.from({ length: columnCount }, (_, offset) => cells[column - 1 + offset] ?? '');
        });
      const range = {
        setNumberFormat: () => range,
        setFontWeight: () => range,
        setValues: (values: string[][]) => {
          call('setValues');
          values.forEach((cells, index) => {
            const target = table.rows[row - 1 + index] ?? [];
            cells.forEach((cell, offset) => {
              target[column - 1 + offset] = cell;
            });
            table.rows[row - 1 + index] = Array.from(target, (cell) => cell ?? '');
          });
          return range;
        },
        getValues: () => {
          call('getValues');
          return read();
        },
        getDisplayValues: () => {
          call('getDisplayValues');
          return read();
        },
        getValue: () => table.rows[row - 1]?.[column - 1] ?? '',
        setDataValidation: (rule: unknown) => {
          validations.push({ tab: name, row, column, rowCount, rule });
          return range;
        },
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
  const app = {
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
  };
  return { books, validations, book, app };
}

/** MailApp with Google's behaviour past the quota: `sendEmail` throws its daily-limit exception. */
function mailApp(quota: number) {
  const mail = {
    sent: [] as Record<string, string>[],
    quota,
    down: false,
    sendEmail(message: Record<string, string>) {
      if (mail.down) throw new Error('Service unavailable: Gmail');
      if (mail.quota < 1) throw new Error('Service invoked too many times for one day: email.');
      mail.sent.push(message);
      mail.quota -= 1;
    },
    getRemainingDailyQuota: () => mail.quota,
  };
  return mail;
}

function utilities() {
  let uuids = 0;
  return {
    getUuid: () => {
      uuids += 1;
      return `00000000-0000-4000-8000-${String(uuids).padStart(12, '0')}`;
    },
    Charset: { UTF_8: 'UTF-8' },
    // Apps Script answers signed bytes (-128…127).
    computeHmacSha256Signature: (value: string, key: string) =>
      Array.from(createHmac('sha256', key).update(value, 'utf8').digest(), (byte) => (byte > 127 ? byte - 256 : byte)),
  };
}

/** Loads Code.gs with fresh fakes; `properties` are its Script Properties (SHARED_SECRET …). */
export function loadScript(properties: Record<string, string>, options: ScriptOptions = {}) {
  const rangeCalls: RangeCall[] = [];
  const sheets = spreadsheets((call) => {
    options.meter?.(call);
    rangeCalls.push(call);
  });
  const mail = mailApp(options.mailQuota ?? 100);
  /** What the shop received from UrlFetchApp, and what it answers (`answer`). */
  const shop = {
    fetched: [] as {
      url: string;
      options: { payload: string; headers: Record<string, string>; contentType: string };
    }[],
    answer: { code: 200, body: '{"ok":true,"result":"COD received: the cash is recorded on the order."}' },
  };
  const triggers: { handler: string }[] = [];
  const services = {
    SpreadsheetApp: sheets.app,
    UrlFetchApp: {
      fetch: (url: string, fetchOptions: (typeof shop.fetched)[number]['options']) => {
        shop.fetched.push({ url, options: fetchOptions });
        return { getContentText: () => shop.answer.body, getResponseCode: () => shop.answer.code };
      },
    },
    Utilities: utilities(),
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
    // Calls here run one at a time (JavaScript), so the lock is always had at once.
    LockService: { getScriptLock: () => ({ waitLock: () => undefined, releaseLock: () => undefined }) },
    ContentService: {
      createTextOutput: (text: string) => ({ text, setMimeType: () => ({ text }) }),
      MimeType: { JSON: 'json' },
    },
  };
  const script = new Function(
    ...Object.keys(services),
    `${SOURCE}; return { doPost, onOrdersEdit, setUpStaffActions };`,
  )(...Object.values(services));
  /** The script's answer to a POST of `body`, as text (what the web app serves). */
  const postText = (body: unknown): string => script.doPost({ postData: { contents: JSON.stringify(body) } }).text;
  const post = (body: unknown) => JSON.parse(postText(body));
  /** Staff type `value` into a cell of an Orders tab (1-based row and column), as the edit trigger sees it. */
  const edit = (row: number, column: number, value: string, tab = 'Orders') => {
    const target = sheets.book('main').getSheetByName(tab);
    if (!target) throw new Error(`no tab ${tab}`);
    target.getRange(row, column).setValues([[value]]);
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
  return {
    post,
    postText,
    books: sheets.books,
    mail,
    properties,
    shop,
    edit,
    validations: sheets.validations,
    triggers,
    rangeCalls,
    setUp: () => script.setUpStaffActions(),
  };
}

export type LoadedScript = ReturnType<typeof loadScript>;
