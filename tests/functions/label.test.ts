import { HttpResponse, http } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { ordersCsv } from '#tests/support/sheets.ts';
import calculateShipping from '../../netlify/functions/calculate-shipping.mts';
import label from '../../netlify/functions/label.mts';
import processCod from '../../netlify/functions/process-cod.mts';
import { LABEL_PAGE_POLICY } from '../../netlify/lib/labels/label-html.ts';
import { labelLinkSecret, labelUrl } from '../../netlify/lib/labels/link.ts';
import { readServerEnv } from '../../netlify/lib/platform/env.ts';
import { readCsv } from '../../src/content/sheet-csv.server.ts';

import { errorEnvelopeSchema, orderResponseSchema } from '../../src/shop/schemas/index.ts';
import { text } from '../../src/shop/texts/server.ts';
import { makeCustomer } from '../support/factories.ts';
import { functionSandbox } from '../support/functions.ts';
import { server } from '../support/msw.ts';

const sandbox = functionSandbox('label', ['CONTEXT', 'DELHIVERY_TOKEN', 'LABEL_LINK_SECRET']);

const post = (url: string, body: unknown) =>
  new Request(`http://localhost${url}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });

// From the clock: the local carrier remembers on this machine which order ids it has seen (560099 fails each one's first booking).
let counter = Date.now();
const lines = [{ productId: 3, size: '495gm', quantity: 1 }];

async function placeCod(customer = makeCustomer()) {
  counter += 1;
  const quote = await calculateShipping(
    post('/api/delhivery/calculate-shipping', { lines, pincode: customer.pincode, paymentMode: 'cod' }),
  );
  const clientTotal = (await quote.json()).total as number;
  const body = { orderId: `OUO_${counter}`, customer, lines, paymentMode: 'cod', clientTotal };
  const response = await processCod(post('/api/checkout/process-cod', body));
  expect(response.status).toBe(201);
  return { ...orderResponseSchema.parse(await response.json()), total: clientTotal };
}

/** The order's rows in the local Sheet, as objects by header. */
async function sheetRows(orderId: string) {
  const [header = [], ...rows] = await readCsv(ordersCsv(sandbox.sheetsDir()));
  return rows
    .map((row) => Object.fromEntries(header.map((name, index) => [name, row[index] ?? ''])))
    .filter((row) => row['Order ID'] === orderId);
}

/** Opens a link as Netlify would route it to the function. */
function open(link: string, method = 'GET') {
  const url = new URL(link);
  const orderId = decodeURIComponent(url.pathname.replace('/api/label/', ''));
  return label(new Request(`http://localhost${url.pathname}${url.search}`, { method }), { params: { orderId } });
}

async function errorOf(response: Response) {
  return errorEnvelopeSchema.parse(await response.json()).error;
}

const secret = () => labelLinkSecret(readServerEnv()) ?? '';
const inDays = (days: number) => new Date(Date.now() + days * 86_400_000);

function expectPrivate(response: Response) {
  expect(response.headers.get('cache-control')).toBe('no-store');
  expect(response.headers.get('x-robots-tag')).toBe('noindex');
  expect(response.headers.get('referrer-policy')).toBe('no-referrer');
  expect(response.headers.get('content-security-policy')).toBe(LABEL_PAGE_POLICY);
}

describe('the Label link', () => {
  it('is in the Sheet once the COD order is booked, and opens the shop’s label: barcode, address, COLLECT', async () => {
    const customer = makeCustomer({ name: 'Asha <b>Rawat</b>' });
    const placed = await placeCod(customer);
    const rows = await sheetRows(placed.orderId);
    expect(rows.length).toBeGreaterThan(0);
    const link = rows[0]?.Label ?? '';
    expect(link).toMatch(new RegExp(`^http://localhost:8888/api/label/${placed.orderId}\\?exp=\\d+&sig=[0-9a-f]{64}$`));
    expect(rows.every((row) => row.Label === link && row.Waybill?.startsWith('SIM'))).toBe(true);

    const response = await open(link);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expectPrivate(response);
    const html = await response.text();
    expect(html).toContain('<svg class="barcode"');
    expect(html).toContain(`<p class="waybill">${rows[0]?.Waybill}</p>`);
    expect(html).toContain('Asha &lt;b&gt;Rawat&lt;/b&gt;');
    expect(html).toContain(customer.address1);
    expect(html).toContain(customer.pincode);
    expect(html).toContain(`COLLECT ₹${placed.total.toLocaleString('en-IN')}`);
    expect(html).toContain(placed.orderId);
    expect(html).not.toContain(text('label.slipUnavailable'));
  });

  it('opens nothing when tampered with: another order, a later expiry, a changed signature, none at all (403)', async () => {
    const placed = await placeCod();
    const link = (await sheetRows(placed.orderId))[0]?.Label ?? '';
    const url = new URL(link);
    const exp = url.searchParams.get('exp') ?? '';
    const sig = url.searchParams.get('sig') ?? '';
    const other = `OUO_${counter + 1000}`;
    const tampered = [
      link.replace(placed.orderId, other),
      link.replace(`exp=${exp}`, `exp=${Number(exp) + 86_400}`),
      link.replace(sig, `${sig.slice(0, -1)}${sig.endsWith('a') ? 'b' : 'a'}`),
      link.replace(/\?.*$/, ''),
      link.replace(/&sig=.*$/, ''),
    ];
    for (const bad of tampered) {
      const response = await open(bad);
      expect(response.status, bad).toBe(403);
      expectPrivate(response);
      expect(await errorOf(response)).toEqual({ code: 'LABEL_LINK_INVALID', message: text('label.invalidLink') });
    }
  });

  it('refuses an id that is not an order id before any store is read (403)', async () => {
    vi.stubEnv(
      'NETLIFY_BLOBS_CONTEXT',
      Buffer.from(JSON.stringify({ edgeURL: 'http://127.0.0.1:9', token: 'x', siteID: 'x' })).toString('base64'),
    );
    vi.stubEnv('NETLIFY_DB_URL', 'postgres://postgres@127.0.0.1:9/postgres');
    const response = await open(labelUrl('http://localhost', '../orders/order-OUO_1', inDays(1), secret()));
    expect(response.status).toBe(403);
    expect(await errorOf(response)).toEqual({ code: 'LABEL_LINK_INVALID', message: text('label.invalidLink') });
  });

  it('opens nothing once expired (403), in the shop’s words', async () => {
    const placed = await placeCod();
    const response = await open(labelUrl('http://localhost', placed.orderId, inDays(-1), secret()));
    expect(response.status).toBe(403);
    expect(await errorOf(response)).toEqual({ code: 'LABEL_LINK_EXPIRED', message: text('label.expiredLink') });
  });

  it('has no label for an order whose parcel is not booked yet (404), and none for an unknown order', async () => {
    // The local carrier fails each order's first booking to 560099: the order waits without a waybill.
    const placed = await placeCod(makeCustomer({ pincode: '560099' }));
    expect((await sheetRows(placed.orderId)).every((row) => row.Label === '')).toBe(true);
    const notBooked = await open(labelUrl('http://localhost', placed.orderId, inDays(1), secret()));
    expect(notBooked.status).toBe(404);
    expect(await errorOf(notBooked)).toEqual({ code: 'NOT_FOUND', message: text('label.notBooked') });

    const unknown = await open(labelUrl('http://localhost', 'OUO_1700000000000', inDays(1), secret()));
    expect(unknown.status).toBe(404);
    expect(await errorOf(unknown)).toEqual({ code: 'NOT_FOUND', message: text('forms.orderNotFound') });
  });

  it('answers 503 in production without LABEL_LINK_SECRET, never a label', async () => {
    const placed = await placeCod();
    const link = (await sheetRows(placed.orderId))[0]?.Label ?? '';
    vi.stubEnv('CONTEXT', 'production');
    const response = await open(link);
    expect(response.status).toBe(503);
    expect(await errorOf(response)).toEqual({ code: 'NOT_CONFIGURED', message: text('label.notConfigured') });
  });

  it('answers only GET (405 with Allow)', async () => {
    const response = await open('http://localhost/api/label/OUO_1700000000000', 'POST');
    expect(response.status).toBe(405);
    expect(response.headers.get('allow')).toBe('GET');
  });
});

describe('with Delhivery configured', () => {
  const slip = (answer: () => Response) =>
    server.use(
      http.get('https://track.delhivery.com/api/p/packing_slip', ({ request }) => {
        const query = new URL(request.url).searchParams;
        if (request.headers.get('authorization') !== 'Token label-token' || query.get('pdf') !== 'true') {
          return HttpResponse.json({ detail: 'refused' }, { status: 401 });
        }
        return answer();
      }),
    );

  it("sends staff to Delhivery's packing slip (302)", async () => {
    const placed = await placeCod();
    const link = (await sheetRows(placed.orderId))[0]?.Label ?? '';
    const pdf = 'https://s3-ap-southeast-1.amazonaws.com/labels/slip.pdf?sig=1';
    slip(() => HttpResponse.json({ packages: [{ wbn: 'any', pdf_download_link: pdf }], packages_found: 1 }));
    vi.stubEnv('DELHIVERY_TOKEN', 'label-token');
    const response = await open(link);
    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toBe(pdf);
    expectPrivate(response);
  });

  it("draws the shop's label, saying so on it, when Delhivery cannot give its slip", async () => {
    const placed = await placeCod();
    const link = (await sheetRows(placed.orderId))[0]?.Label ?? '';
    slip(() => new HttpResponse('Bad Gateway', { status: 502 }));
    vi.stubEnv('DELHIVERY_TOKEN', 'label-token');
    const response = await open(link);
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain(text('label.slipUnavailable').replace("'", '&#39;'));
    expect(html).toContain('<svg class="barcode"');
    expect(String(sandbox.warn().mock.calls.at(-1)?.[0])).toMatch(/packing slip/);
  });
});
