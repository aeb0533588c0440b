import { join } from 'node:path';
import { delay, HttpResponse, http } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { watchWarnings } from '#tests/support/console.ts';
import { googleErrorPage } from '#tests/support/fake-apps-script.ts';
import { server } from '#tests/support/msw.ts';
import { makeSheetOrder as makeOrder, tempSheetsDir } from '#tests/support/sheets.ts';
import { readCsv } from '../../../src/content/sheet-csv.server.ts';
import { createSheets } from './client.ts';
import { ORDER_HEADERS, ORDERS_TAB, orderRows } from './orders-tab.ts';

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

  const warn = watchWarnings();

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
        // Orders are upserted: a later status or waybill (or the address marked undeliverable) rewrites these cells.
        action: 'upsert',
        update: [
          'Email',
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

  describe('writeOrders: a batch in one call', () => {
    const one = makeOrder('OUO_1760000000001');
    const two = makeOrder('OUO_1760000000002');

    it('posts the batch signed: the tab, the headers, the updatable columns and each order with its rows', async () => {
      const received = scriptAnswers(() => HttpResponse.json({ ok: true, written: [one.orderId, two.orderId] }));
      expect(await createSheets(env).writeOrders('Orders 2026-27', [one, two])).toEqual({
        ok: true,
        written: [one.orderId, two.orderId],
      });
      expect(received).toEqual([
        {
          secret: 'sheet-secret',
          action: 'batch',
          type: 'order',
          tab: 'Orders 2026-27',
          headers: [...ORDER_HEADERS],
          update: [...(ORDERS_TAB.updatable ?? [])],
          records: [
            { key: one.orderId, rows: orderRows(one) },
            { key: two.orderId, rows: orderRows(two) },
          ],
        },
      ]);
      expect(warn).not.toHaveBeenCalled();
    });

    it('sends nothing for an empty batch', async () => {
      const fetchImpl = vi.fn<typeof fetch>();
      expect(await createSheets(env, fetchImpl).writeOrders('Orders 2026-27', [])).toEqual({ ok: true, written: [] });
      expect(fetchImpl).not.toHaveBeenCalled();
    });

    const page = (message: string, status = 200) =>
      new HttpResponse(googleErrorPage(message), { status, headers: { 'content-type': 'text/html' } });

    it.each([
      [
        'the script saying so',
        () => HttpResponse.json({ ok: false, error: 'Lock timeout: another process', busy: true }),
      ],
      [
        "an older script passing on Google's quota exception",
        () => HttpResponse.json({ ok: false, error: 'Exception: Service invoked too many times for one day: email.' }),
      ],
      [
        "Google's page for too many simultaneous executions",
        () => page('Exception: Too many simultaneous invocations: Spreadsheets'),
      ],
      [
        "Google's page for a daily quota",
        () => page('Exception: Service invoked too many times for one day: urlfetch.'),
      ],
      ["Google's page for the time limit", () => page('Exceeded maximum execution time')],
      [
        "Google's placeholder for an execution it stopped",
        () => HttpResponse.html('<p>The script completed but did not return anything.</p>'),
      ],
      ['HTTP 429', () => new HttpResponse('Too Many Requests', { status: 429 })],
      ["Google's refusal with a 5xx status", () => page('Too many simultaneous invocations: Spreadsheets', 503)],
    ])("answers BUSY for %s: Google's refusal heals by waiting", async (_, reply) => {
      scriptAnswers(reply);
      const result = await createSheets(env).writeOrders('Orders 2026-27', [one]);
      expect(result).toMatchObject({ ok: false, code: 'BUSY' });
      expect(warn).toHaveBeenCalledWith(expect.stringContaining('Orders 2026-27 batch of 1 not written (BUSY)'));
    });

    it("says which of Google's words refused it", async () => {
      scriptAnswers(() =>
        page('Exception: Too many simultaneous invocations: Spreadsheets (line 3, file &quot;Code&quot;)'),
      );
      expect(await createSheets(env).writeOrders('Orders', [one])).toEqual({
        ok: false,
        code: 'BUSY',
        message:
          'Google refused the call for now: Exception: Too many simultaneous invocations: Spreadsheets (line 3, file "Code")',
      });
    });

    it.each([
      ["the script's own refusal", () => HttpResponse.json({ ok: false, error: 'bad secret' }), 'REFUSED'],
      ['an unexpected shape', () => HttpResponse.json({ ok: true, duplicate: false }), 'REFUSED'],
      ['a 500 of its own', () => HttpResponse.json({ ok: true }, { status: 500 }), 'UNREACHABLE'],
      ["Google's page for a missing doPost", () => page('Script function not found: doPost'), 'UNREACHABLE'],
      ['a network error', () => HttpResponse.error(), 'UNREACHABLE'],
    ])('answers %s as a real failure, not BUSY', async (_, reply, code) => {
      scriptAnswers(reply);
      expect(await createSheets(env).writeOrders('Orders 2026-27', [one])).toMatchObject({ ok: false, code });
    });
  });
});
