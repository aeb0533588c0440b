/**
 * The order's tax invoice and credit note (GET /orders/:orderId/invoice?key=, `.pdf`, and the credit
 * note's two), called as Netlify calls the function: a COD order placed through process-cod on the
 * local defaults, its documents written on its record as issuing writes them, then opened with its
 * key. A wrong key, no key, an unknown order and a malformed id get one and the same 404, whether
 * or not the order has an invoice; only the order's key hears that it has none yet.
 */

import { HttpResponse, http } from 'msw';
import { extractText, getDocumentProxy } from 'unpdf';
import { describe, expect, it, vi } from 'vitest';
import calculateShipping from '../../netlify/functions/calculate-shipping.mts';
import invoice, { config } from '../../netlify/functions/invoice.mts';
import processCod from '../../netlify/functions/process-cod.mts';
import { INVOICE_PAGE_POLICY } from '../../netlify/lib/invoices/invoice-html.ts';
import { NOT_FOUND_FLOOR_MS } from '../../netlify/lib/orders/view.ts';
import type { CreditNote, Invoice } from '../../src/shop/invoice/index.ts';

import { orderResponseSchema } from '../../src/shop/schemas/index.ts';
import { text as shopText } from '../../src/shop/texts/server.ts';
import { functionsLog } from '../support/database.ts';
import { makeCustomer } from '../support/factories.ts';
import { functionSandbox } from '../support/functions.ts';
import { makeCreditNote, makeInvoice, TINY_PNG_BASE64 } from '../support/invoices.ts';
import { server } from '../support/msw.ts';

functionSandbox('invoice', ['CONTEXT', 'DELHIVERY_TOKEN']);

const lines = [{ productId: 3, size: '120gm', quantity: 1 }];
let counter = Date.now();

/** A COD order as the checkout places it: its id and key. */
async function placeCod(): Promise<{ orderId: string; key: string }> {
  counter += 1;
  const customer = makeCustomer({ name: 'Asha <b>Rawat</b>' });
  const post = (url: string, body: unknown) =>
    new Request(`http://localhost${url}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  const quote = await calculateShipping(
    post('/api/delhivery/calculate-shipping', { lines, pincode: customer.pincode, paymentMode: 'cod' }),
  );
  const { total } = (await quote.json()) as { total: number };
  const body = { orderId: `OUO_${counter}`, customer, lines, paymentMode: 'cod', clientTotal: total };
  const response = await processCod(post('/api/checkout/process-cod', body));
  expect(response.status).toBe(201);
  const placed = orderResponseSchema.parse(await response.json());
  return { orderId: placed.orderId, key: placed.key ?? '' };
}

/** The order's documents as issuing leaves them: exactly these, none other. */
async function setDocuments(orderId: string, documents: { invoice?: Invoice; creditNote?: CreditNote }) {
  await functionsLog().update(orderId, ({ invoice: _i, creditNote: _c, ...order }) => ({
    ...order,
    ...documents,
  }));
}

/** Opens an address as Netlify routes it to the function. */
function open(path: string, method = 'GET') {
  const orderId = /^\/orders\/([^/]+)\//.exec(path)?.[1] ?? '';
  return invoice(new Request(`http://localhost${path}`, { method }), { params: { orderId } });
}

function expectPrivate(response: Response) {
  expect(response.headers.get('cache-control')).toBe('no-store');
  expect(response.headers.get('x-robots-tag')).toBe('noindex');
  expect(response.headers.get('referrer-policy')).toBe('no-referrer');
  expect(response.headers.get('x-content-type-options')).toBe('nosniff');
  expect(response.headers.get('content-security-policy')).toBe(INVOICE_PAGE_POLICY);
}

async function pdfText(response: Response): Promise<string> {
  const document = await getDocumentProxy(new Uint8Array(await response.arrayBuffer()));
  return (await extractText(document, { mergePages: true })).text.replace(/\s+/g, ' ');
}

describe('an order’s tax invoice', () => {
  it('opens with the order’s key as a page: the invoice, its PDF link, kept private', async () => {
    const { orderId, key } = await placeCod();
    await setDocuments(orderId, { invoice: makeInvoice({ orderId, customer: { name: 'Asha <b>Rawat</b>' } }) });
    const response = await open(`/orders/${orderId}/invoice?key=${key}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expectPrivate(response);
    const html = await response.text();
    expect(html).toContain('<title>Tax Invoice OUO/26-27/000123</title>');
    expect(html).toContain('Asha &lt;b&gt;Rawat&lt;/b&gt;');
    expect(html).toContain(`<a href="/orders/${orderId}/invoice.pdf?key=${key}">Download PDF</a>`);
    expect(html).toContain(`<a href="/orders/${orderId}?key=${key}">Back to your order</a>`);
  });

  it('opens as a PDF named by its number, whose text reads back', async () => {
    const { orderId, key } = await placeCod();
    await setDocuments(orderId, { invoice: makeInvoice({ orderId }) });
    const response = await open(`/orders/${orderId}/invoice.pdf?key=${key}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/pdf');
    expect(response.headers.get('content-disposition')).toBe('inline; filename="OUO-26-27-000123.pdf"');
    expectPrivate(response);
    const text = await pdfText(response);
    expect(text).toContain('Tax Invoice · कर बीजक');
    expect(text).toContain('OUO/26-27/000123');
    expect(text).toContain('GSTIN 05AAECO4719B1ZU');
    expect(text).toContain('Total ₹1,294.00');
  });

  it('opens the credit note of an order cancelled after its invoice, as a page and a PDF', async () => {
    const { orderId, key } = await placeCod();
    const issued = makeInvoice({ orderId });
    await setDocuments(orderId, { invoice: issued, creditNote: makeCreditNote({ invoice: issued }) });
    const page = await open(`/orders/${orderId}/credit-note?key=${key}`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('against invoice OUO/26-27/000123 of 27 Nov 2026');
    const pdf = await open(`/orders/${orderId}/credit-note.pdf?key=${key}`);
    expect(pdf.headers.get('content-disposition')).toBe('inline; filename="CN-26-27-000007.pdf"');
    expect(await pdfText(pdf)).toContain('Credit Note No. CN/26-27/000007');
  });

  it('signs with the owner’s image, brought into the page (it loads nothing itself)', async () => {
    server.use(
      http.get('https://cdn.example/sign.png', () => new HttpResponse(Buffer.from(TINY_PNG_BASE64, 'base64'))),
    );
    const { orderId, key } = await placeCod();
    const signature = { mode: 'image', imageUrl: 'https://cdn.example/sign.png', signatory: 'Meera Rawat' } as const;
    await setDocuments(orderId, { invoice: makeInvoice({ orderId, settings: { signature } }) });
    const html = await (await open(`/orders/${orderId}/invoice?key=${key}`)).text();
    expect(html).toMatch(/<img src="data:image\/png;base64,[^"]+" alt="Signature"/);
    expect(html).toContain('Authorised signatory, Meera Rawat');
  });
});

describe('what it tells nobody', () => {
  it('answers a wrong key, no key, an unknown order and a malformed id with one 404, invoice or not', async () => {
    const invoiced = await placeCod();
    await setDocuments(invoiced.orderId, { invoice: makeInvoice({ orderId: invoiced.orderId }) });
    const bare = await placeCod();
    await setDocuments(bare.orderId, {});
    const wrongKey = 'f'.repeat(32);
    const bodies: string[] = [];
    for (const path of [
      `/orders/${invoiced.orderId}/invoice?key=${wrongKey}`,
      `/orders/${bare.orderId}/invoice?key=${wrongKey}`,
      `/orders/${invoiced.orderId}/invoice.pdf?key=${wrongKey}`,
      `/orders/${invoiced.orderId}/credit-note?key=${wrongKey}`,
      `/orders/${invoiced.orderId}/invoice`,
      `/orders/OUO_1700000000000/invoice?key=${invoiced.key}`,
      `/orders/..%2Forders%2Forder-OUO_1/invoice?key=${invoiced.key}`,
      `/orders/${invoiced.orderId}/receipt?key=${invoiced.key}`,
    ]) {
      const started = performance.now();
      const response = await open(path);
      expect(response.status, path).toBe(404);
      expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
      expectPrivate(response);
      bodies.push(await response.text());
      // An order id worth looking up answers no sooner than the floor (view.ts): nothing to time.
      if (/OUO_\d{13}\/(invoice|credit)/.test(path) && path.includes('key=')) {
        expect(performance.now() - started, path).toBeGreaterThanOrEqual(NOT_FOUND_FLOOR_MS - 1);
      }
    }
    expect(new Set(bodies).size).toBe(1);
    expect(bodies[0]).toContain(shopText('invoice.notFound').replace("'", '&#39;'));
    expect(bodies[0]).not.toContain('Back to your order');
  });

  it('tells the order’s own key that no invoice is issued yet, or no credit note, with the way back', async () => {
    const { orderId, key } = await placeCod();
    await setDocuments(orderId, {});
    const none = await open(`/orders/${orderId}/invoice.pdf?key=${key}`);
    expect(none.status).toBe(404);
    expectPrivate(none);
    const html = await none.text();
    expect(html).toContain(shopText('invoice.noInvoiceYet'));
    expect(html).toContain(`<a href="/orders/${orderId}?key=${key}">Back to your order</a>`);

    await setDocuments(orderId, { invoice: makeInvoice({ orderId }) });
    const noCredit = await open(`/orders/${orderId}/credit-note?key=${key}`);
    expect(noCredit.status).toBe(404);
    expect(await noCredit.text()).toContain(shopText('invoice.noCreditNote'));
  });

  it('answers an unforeseen failure with its own page (500), logged', async () => {
    const { orderId, key } = await placeCod();
    // The database refuses every connection.
    vi.stubEnv('NETLIFY_DB_URL', 'postgres://postgres@127.0.0.1:9/postgres');
    const response = await open(`/orders/${orderId}/invoice?key=${key}`);
    expect(response.status).toBe(500);
    expectPrivate(response);
    expect(await response.text()).toContain(shopText('invoice.failed'));
    expect(vi.mocked(console.error)).toHaveBeenCalledWith('invoice: unexpected failure', expect.anything());
    vi.mocked(console.error).mockClear();
  });

  it('answers only GET (405 with Allow)', async () => {
    const response = await open('/orders/OUO_1700000000000/invoice', 'POST');
    expect(response.status).toBe(405);
    expect(response.headers.get('allow')).toBe('GET');
    expectPrivate(response);
  });

  it('is served at its four addresses under the order’s page, 60 a minute', () => {
    expect(config.path).toEqual([
      '/orders/:orderId/invoice',
      '/orders/:orderId/invoice.pdf',
      '/orders/:orderId/credit-note',
      '/orders/:orderId/credit-note.pdf',
    ]);
    expect(config.rateLimit).toEqual({ windowLimit: 60, windowSize: 60, aggregateBy: ['ip', 'domain'] });
  });
});
