/** Test data for the Sheet's tabs and writers: an order priced by the shop core, a temporary folder. */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path, { join } from 'node:path';
import { HttpResponse, http } from 'msw';
import { afterEach, beforeEach, vi } from 'vitest';
import { yearTab } from '#shop/order/index.ts';
import type { SheetOrder } from '../../netlify/lib/sheets/orders-tab.ts';
import { buildOrderRecord, orderTotals, priceLines } from '../../src/shop/order/index.ts';
import { makeCatalogue, makeCustomer } from './factories.ts';
import { server } from './msw.ts';

const HSN = { 1: '07133300', 3: '040590', 5: '10061090' } as Record<number, string>;

/** A COD order priced by the shop core: white rajma 1kg × 2 and ghee 120gm × 1 unless told. */
export function makeSheetOrder(
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

/** A fresh folder for the local CSV tabs per test; `dir()` names it, `localEnv()` points the client at it. */
export function tempSheetsDir() {
  let dir = '';
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'ouo-sheets-'));
  });
  afterEach(async () => {
    vi.restoreAllMocks();
    await rm(dir, { recursive: true, force: true });
  });
  return {
    dir: () => dir,
    localEnv: () => ({ SHEETS_WEBHOOK_URL: undefined, SHEETS_WEBHOOK_SECRET: undefined, LOCAL_SHEETS_DIR: dir }),
  };
}

/**
 * The staff's Apps Script web app for one test, as a recorder: it keeps every body it is sent
 * (`received`) and answers each with `answer` (the script's JSON, or a whole response for an
 * outage); `env` points the Sheets client at it with `secret`. For the real Code.gs under Google's
 * limits, `fakeAppsScript` (tests/support/fake-apps-script.ts).
 */
export function recordingAppsScript(
  answer: Record<string, unknown> | (() => Response),
  url = 'https://script.google.com/macros/s/AKfycb-fake/exec',
  secret = 's3cret',
) {
  const received: Record<string, unknown>[] = [];
  server.use(
    http.post(url, async ({ request }) => {
      received.push((await request.json()) as Record<string, unknown>);
      return typeof answer === 'function' ? answer() : HttpResponse.json(answer);
    }),
  );
  return { received, env: { SHEETS_WEBHOOK_URL: url, SHEETS_WEBHOOK_SECRET: secret } };
}

/** Points the functions at the Apps Script web app `url` signed with `secret`; undo with `vi.unstubAllEnvs()`. */
export function stubAppsScriptEnv(url: string, secret: string): void {
  vi.stubEnv('SHEETS_WEBHOOK_URL', url);
  vi.stubEnv('SHEETS_WEBHOOK_SECRET', secret);
}

/**
 * The local Sheet's Orders file an order placed now is written to: its financial year's tab
 * (`Orders 2026-27.csv`, src/shop/order/sheet-tab.ts), as the Apps Script keeps one tab per year.
 */
export const ordersCsv = (dir: string, now: Date = new Date()) => path.join(dir, `${yearTab(now.toISOString())}.csv`);
