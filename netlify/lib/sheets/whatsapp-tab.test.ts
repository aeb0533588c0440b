/** The WhatsApp tab: a shopper's message as a row, shown and never evaluated, written once per message id. */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { recordingAppsScript, tempSheetsDir } from '#tests/support/sheets.ts';
import { readCsv } from '../../../src/content/sheet-csv.server.ts';
import { createSheets } from './client.ts';
import { tabRows } from './tabs.ts';
import { type SheetWhatsAppMessage, WHATSAPP_HEADERS, WHATSAPP_TAB } from './whatsapp-tab.ts';

const sheetsDir = tempSheetsDir();

const message = (overrides: Partial<SheetWhatsAppMessage> = {}): SheetWhatsAppMessage => ({
  messageId: 'wamid.HBgMOTE5ODc2NTQzMjEwFQIAEhgg',
  received: '2026-11-26T15:13:20.000Z',
  from: '9876543210',
  name: 'Asha',
  orderId: 'OUO_1764170000000',
  message: 'Can it come on Sunday?',
  ...overrides,
});

describe('the WhatsApp tab', () => {
  it('writes one row per message, in header order, with Answered left to staff', () => {
    expect([...WHATSAPP_HEADERS]).toEqual([
      'Message ID',
      'Received',
      'From',
      'Name',
      'Order ID',
      'Message',
      'Answered',
    ]);
    expect(tabRows(WHATSAPP_TAB, message({ name: undefined, orderId: undefined }))).toEqual([
      [
        'wamid.HBgMOTE5ODc2NTQzMjEwFQIAEhgg',
        '2026-11-26T15:13:20.000Z',
        '9876543210',
        '',
        '',
        'Can it come on Sunday?',
        '',
      ],
    ]);
  });

  it("shows a shopper's formula as text, never evaluates it", () => {
    const [row] = tabRows(WHATSAPP_TAB, message({ name: '@admin', message: '=HYPERLINK("http://x.test","prize")' }));
    expect(row?.[WHATSAPP_HEADERS.indexOf('Name')]).toBe("'@admin");
    expect(row?.[WHATSAPP_HEADERS.indexOf('Message')]).toBe('\'=HYPERLINK("http://x.test","prize")');
  });

  it('writes WhatsApp.csv locally, once per message id', async () => {
    const sheets = createSheets(sheetsDir.localEnv());
    const row = message({ message: '+1 and =2' });
    expect(await sheets.appendWhatsApp(row)).toEqual({ ok: true, duplicate: false });
    expect(await sheets.appendWhatsApp(row)).toEqual({ ok: true, duplicate: true });
    expect(await readCsv(join(sheetsDir.dir(), 'WhatsApp.csv'))).toEqual([
      [...WHATSAPP_HEADERS],
      [row.messageId, row.received, row.from, 'Asha', row.orderId, "'+1 and =2", ''],
    ]);
  });

  it('posts the type whatsapp, the tab, the message id, the headers and the rows to the Apps Script', async () => {
    const script = recordingAppsScript({ ok: true });
    const row = message();
    expect(await createSheets({ ...sheetsDir.localEnv(), ...script.env }).appendWhatsApp(row)).toEqual({
      ok: true,
      duplicate: false,
    });
    expect(script.received).toEqual([
      {
        secret: 's3cret',
        type: 'whatsapp',
        tab: 'WhatsApp',
        messageId: row.messageId,
        headers: [...WHATSAPP_HEADERS],
        rows: tabRows(WHATSAPP_TAB, row),
      },
    ]);
  });
});
