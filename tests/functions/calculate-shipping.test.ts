import { HttpResponse, http } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import calculateShipping, { config } from '../../netlify/functions/calculate-shipping.mts';
import * as contentModule from '../../src/content/content.server.ts';
import { errorEnvelopeSchema, shippingQuoteResponseSchema } from '../../src/shop/schemas/index.ts';
import { watchWarnings } from '../support/console.ts';
import { FREE_GHEE_QUOTE } from '../support/factories.ts';
import {
  delhiveryRateHandler,
  forbiddenRateHandler,
  DELHIVERY_TEST_RATE_URL as RATE_URL,
  stubDelhiveryEnv,
} from '../support/fake-delhivery.ts';
import { server } from '../support/msw.ts';

const ENDPOINT = 'http://localhost/api/delhivery/calculate-shipping';

function post(body: unknown, init: RequestInit = {}): Promise<Response> {
  return calculateShipping(
    new Request(ENDPOINT, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: typeof body === 'string' ? body : JSON.stringify(body),
      ...init,
    }),
  );
}

async function quoteOf(response: Response) {
  expect(response.status).toBe(200);
  return shippingQuoteResponseSchema.parse(await response.json());
}

async function errorOf(response: Response) {
  return errorEnvelopeSchema.parse(await response.json()).error;
}

const rajma500 = { productId: 1, size: '500gm', quantity: 1 };

const warn = watchWarnings();
beforeEach(() => stubDelhiveryEnv());
afterEach(() => vi.unstubAllEnvs());

describe('POST /api/delhivery/calculate-shipping', () => {
  it('is configured for its path, every method routed to it (POST only: 405 for others), rate limited', () => {
    expect(config).toEqual({
      path: '/api/delhivery/calculate-shipping',
      rateLimit: { windowLimit: 60, windowSize: 60, aggregateBy: ['ip', 'domain'] },
    });
  });

  it('ships free from ₹1000 without asking Delhivery', async () => {
    const calls: string[] = [];
    server.use(forbiddenRateHandler(calls));

    const quote = await quoteOf(
      await post({ lines: [{ productId: 3, size: '495gm', quantity: 1 }], pincode: '110001', paymentMode: 'prepaid' }),
    );

    expect(quote).toEqual(FREE_GHEE_QUOTE);
    expect(calls).toEqual([]);
  });

  it("charges Delhivery's rate below ₹1000", async () => {
    const seen: URLSearchParams[] = [];
    server.use(delhiveryRateHandler(81.4, seen));

    const quote = await quoteOf(await post({ lines: [rajma500], pincode: '560001', paymentMode: 'prepaid' }));

    expect(quote).toEqual({
      success: true,
      shippingCharge: 81,
      source: 'carrier',
      subtotal: 347,
      codCharge: 0,
      total: 428,
      weight: 500,
    });
    expect(Object.fromEntries(seen[0] ?? [])).toEqual({
      md: 'S',
      ss: 'Delivered',
      d_pin: '560001',
      o_pin: '249135',
      cgm: '500',
      pt: 'Pre-paid',
    });
  });

  it('adds the ₹150 COD charge and asks for the COD rate for cash on delivery', async () => {
    const seen: URLSearchParams[] = [];
    server.use(delhiveryRateHandler(90, seen));

    const prepaid = await quoteOf(await post({ lines: [rajma500], pincode: '560001', paymentMode: 'prepaid' }));
    const cod = await quoteOf(await post({ lines: [rajma500], pincode: '560001', paymentMode: 'cod' }));

    expect(prepaid).toMatchObject({ shippingCharge: 90, codCharge: 0, total: 437 });
    expect(cod).toMatchObject({ shippingCharge: 90, codCharge: 150, total: 587 });
    expect(seen.map((query) => query.get('pt'))).toEqual(['Pre-paid', 'COD']);
  });

  it('keeps the COD charge on a free-shipping order', async () => {
    server.use(forbiddenRateHandler([]));
    const quote = await quoteOf(
      await post({ lines: [{ productId: 1, size: '1kg', quantity: 2 }], pincode: '110001', paymentMode: 'cod' }),
    );
    expect(quote).toMatchObject({ shippingCharge: 0, source: 'free', subtotal: 1382, codCharge: 150, total: 1532 });
  });

  it('falls back to the estimate, flagged as such, when Delhivery is down', async () => {
    server.use(http.get(RATE_URL, () => HttpResponse.error()));

    const quote = await quoteOf(
      await post({ lines: [{ productId: 1, size: '500gm', quantity: 2 }], pincode: '110001', paymentMode: 'cod' }),
    );

    // 1 kg: round(1 × 50 + 40) = 90.
    expect(quote).toEqual({
      success: true,
      shippingCharge: 90,
      source: 'estimate',
      subtotal: 694,
      codCharge: 150,
      total: 934,
      weight: 1000,
    });
    expect(warn).toHaveBeenCalledOnce();
    expect(String(warn.mock.calls[0]?.[0])).toMatch(/network error/);
  });

  it('estimates without any network call when Delhivery is not configured', async () => {
    vi.stubEnv('DELHIVERY_TOKEN', '');
    // No handler: a call to Delhivery would be an unhandled request and fail the test.

    const quote = await quoteOf(await post({ lines: [rajma500], pincode: '110001', paymentMode: 'prepaid' }));

    expect(quote).toMatchObject({ shippingCharge: 65, source: 'estimate', total: 412 });
    expect(warn).not.toHaveBeenCalled();
  });

  it("ignores the browser's weight, prices and totals: only lines are read", async () => {
    const seen: URLSearchParams[] = [];
    server.use(delhiveryRateHandler(70, seen));

    const quote = await quoteOf(
      await post({
        lines: [{ ...rajma500, quantity: 2, price: 1, weight: 1, lineTotal: 2 }],
        pincode: '110001',
        paymentMode: 'cod',
        weight: 10,
        subtotal: 5000,
        shippingCharge: 0,
        codCharge: 0,
        total: 1,
      }),
    );

    expect(quote).toEqual({
      success: true,
      shippingCharge: 70,
      source: 'carrier',
      subtotal: 694,
      codCharge: 150,
      total: 914,
      weight: 1000,
    });
    expect(seen[0]?.get('cgm')).toBe('1000');
  });

  it("refuses the old body that sent only the browser's weight", async () => {
    const response = await post({ pincode: '110001', weight: 500, paymentMode: 'prepaid' });

    expect(response.status).toBe(422);
    expect(await errorOf(response)).toMatchObject({
      code: 'VALIDATION_FAILED',
      issues: [expect.objectContaining({ path: 'lines' })],
    });
  });

  it('refuses an unknown product with 422', async () => {
    const response = await post({
      lines: [{ productId: 42, size: '500gm', quantity: 1 }],
      pincode: '110001',
      paymentMode: 'prepaid',
    });

    expect(response.status).toBe(422);
    expect(await errorOf(response)).toEqual({
      code: 'UNKNOWN_PRODUCT',
      message: 'Product 42 is not in our catalogue.',
    });
  });

  it.each(['11001', '1100011', '011001', 'abcdef', ''])('refuses the pincode %j with 422', async (pincode) => {
    const response = await post({ lines: [rajma500], pincode, paymentMode: 'prepaid' });

    expect(response.status).toBe(422);
    expect(await errorOf(response)).toMatchObject({
      code: 'VALIDATION_FAILED',
      message: 'Please enter a valid 6-digit pincode',
    });
  });

  it('refuses an unknown payment mode with 422', async () => {
    const response = await post({ lines: [rajma500], pincode: '110001', paymentMode: 'upi' });
    expect(response.status).toBe(422);
  });

  it('refuses a 64 KB body with 413', async () => {
    const response = await post({
      lines: [rajma500],
      pincode: '110001',
      paymentMode: 'prepaid',
      note: 'x'.repeat(64 * 1024),
    });

    expect(response.status).toBe(413);
    expect(await errorOf(response)).toMatchObject({ code: 'BODY_TOO_LARGE' });
  });

  it('refuses a body that is not JSON with 400', async () => {
    const response = await post('pincode=110001');
    expect(response.status).toBe(400);
    expect(await errorOf(response)).toMatchObject({ code: 'INVALID_JSON' });
  });

  it('answers GET with 405 and the allowed method', async () => {
    const response = await calculateShipping(new Request(ENDPOINT));

    expect(response.status).toBe(405);
    expect(response.headers.get('Allow')).toBe('POST');
    expect(await errorOf(response)).toMatchObject({ code: 'METHOD_NOT_ALLOWED' });
  });

  it('answers 503 when the catalogue cannot be read', async () => {
    const failing = contentModule.createContent({ kind: 'sanity', fetch: () => Promise.reject(new Error('offline')) });
    const spy = vi.spyOn(contentModule, 'content').mockReturnValue(failing);

    const response = await post({ lines: [rajma500], pincode: '110001', paymentMode: 'prepaid' });

    expect(response.status).toBe(503);
    expect(await errorOf(response)).toMatchObject({ code: 'CONTENT_UNAVAILABLE' });
    expect(vi.mocked(console.error)).toHaveBeenCalledOnce();
    vi.mocked(console.error).mockClear();
    spy.mockRestore();
  });
});
