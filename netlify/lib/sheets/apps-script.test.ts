import { join } from 'node:path';
import { delay, HttpResponse, http } from 'msw';
import { beforeEach, describe, expect, it, type MockInstance, vi } from 'vitest';
import { server } from '#tests/support/msw.ts';
import { makeSheetOrder as makeOrder, tempSheetsDir } from '#tests/support/sheets.ts';
import { readCsv } from '../../../src/content/sheet-csv.server.ts';
import { createSheets } from './client.ts';
import { ORDER_HEADERS, orderRows } from './orders-tab.ts';

const sheetsDir = tempSheetsDir();
const localEnv = sheetsDir.localEnv;

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
    expect(await sheets.upsertOrder(order)).toEqual({ ok: true, duplicate: false });
    expect(received).toEqual([
      {
        secret: 'sheet-secret',
        type: 'order',
        tab: 'Orders',
        orderId: 'OUO_1760000000000',
        headers: [...ORDER_HEADERS],
        rows: orderRows(order),
        // Orders are upserted: a later status or waybill rewrites these cells of the order's rows.
        action: 'upsert',
        update: [
          'Payment Status',
          'Payment ID',
          'Waybill',
          'Status',
          'Label',
          'Refunded',
          'Refund IDs',
          'WhatsApp',
          'WhatsApp Cost',
          'Invoice',
          'Invoice Link',
        ],
      },
    ]);
    expect(warn).not.toHaveBeenCalled();
    expect(await readCsv(join(sheetsDir.dir(), 'Orders.csv'))).toEqual([]);
  });

  it('passes on that the script already had the order', async () => {
    scriptAnswers(() => HttpResponse.json({ ok: true, duplicate: true }));
    expect(await createSheets(env).upsertOrder(makeOrder())).toEqual({ ok: true, duplicate: true });
    expect(warn).not.toHaveBeenCalled();
  });

  it.each([
    ['a refusal', () => HttpResponse.json({ ok: false, error: 'bad secret' }), 'REFUSED', 'bad secret'],
    [
      'a refusal without a reason',
      () => HttpResponse.json({ ok: false }),
      'REFUSED',
      'refused the rows: no reason given',
    ],
    ['a 500', () => HttpResponse.json({ ok: true }, { status: 500 }), 'UNREACHABLE', 'HTTP 500'],
    [
      'an HTML page',
      () => HttpResponse.html('<!DOCTYPE html><title>Error</title><p>Script function not found: doPost</p>'),
      'UNREACHABLE',
      'did not answer JSON',
    ],
    ['JSON of another shape', () => HttpResponse.json({ result: 'done' }), 'REFUSED', 'unexpected shape'],
    ['a network error', () => HttpResponse.error(), 'UNREACHABLE', 'could not be reached'],
  ])('answers %s with a failure and a warning', async (_, reply, code, reason) => {
    scriptAnswers(reply);
    const result = await createSheets(env).upsertOrder(makeOrder());
    expect(result).toEqual({ ok: false, code, message: expect.stringContaining(reason) });
    expect(warn).toHaveBeenCalledTimes(1);
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('OUO_1760000000000'));
    expect(warn.mock.calls.join(' ')).not.toContain('sheet-secret');
  });

  it('answers a network error on the POST itself with a failure and a warning', async () => {
    server.use(http.post(SCRIPT_URL, () => HttpResponse.error()));
    const result = await createSheets(env).upsertOrder(makeOrder());
    expect(result).toEqual({
      ok: false,
      code: 'UNREACHABLE',
      message: expect.stringContaining('could not be reached'),
    });
    expect(warn).toHaveBeenCalledTimes(1);
  });

  it('gives up on a script that does not answer in time', async () => {
    server.use(
      http.post(SCRIPT_URL, async () => {
        await delay('infinite');
        return HttpResponse.json({ ok: true });
      }),
    );
    const result = await createSheets(env, fetch, { timeoutMs: 50 }).upsertOrder(makeOrder());
    expect(result).toEqual({ ok: false, code: 'UNREACHABLE', message: expect.stringContaining('within 50 ms') });
    expect(warn).toHaveBeenCalledTimes(1);
  });

  it('sends nothing without the shared secret', async () => {
    const fetchImpl = vi.fn<typeof fetch>();
    const sheets = createSheets({ ...env, SHEETS_WEBHOOK_SECRET: undefined }, fetchImpl);
    expect(await sheets.upsertOrder(makeOrder())).toEqual({
      ok: false,
      code: 'NOT_CONFIGURED',
      message: expect.stringContaining('SHEETS_WEBHOOK_SECRET'),
    });
    expect(fetchImpl).not.toHaveBeenCalled();
    expect(warn).toHaveBeenCalledTimes(1);
  });
});
