import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { DEFAULT_SHIPPING_RULES } from '../../src/shop/order/index.ts';
import type { ShippingQuoteRequest } from '../../src/shop/schemas/index.ts';
import { watchWarnings } from '../../tests/support/console.ts';
import { FREE_GHEE_QUOTE, makeCatalogue } from '../../tests/support/factories.ts';
import {
  DELHIVERY_TEST_BASE_URL,
  DELHIVERY_TEST_TOKEN,
  delhiveryRateHandler,
  forbiddenRateHandler,
  DELHIVERY_TEST_RATE_URL as RATE_URL,
} from '../../tests/support/fake-delhivery.ts';
import { server } from '../../tests/support/msw.ts';
import { createDelhivery } from './delhivery/client.ts';
import { quoteShipping, type ShippingQuoteDeps } from './shipping-quote.ts';

const delhivery = createDelhivery({
  DELHIVERY_TOKEN: DELHIVERY_TEST_TOKEN,
  DELHIVERY_BASE_URL: DELHIVERY_TEST_BASE_URL,
});

function deps(overrides: Partial<ShippingQuoteDeps> = {}): ShippingQuoteDeps {
  return {
    catalogue: makeCatalogue(),
    rules: DEFAULT_SHIPPING_RULES,
    originPin: '249135',
    carrier: delhivery,
    ...overrides,
  };
}

const request = (overrides: Partial<ShippingQuoteRequest> = {}): ShippingQuoteRequest => ({
  lines: [{ productId: 1, size: '500gm', quantity: 1 }],
  pincode: '110001',
  paymentMode: 'prepaid',
  ...overrides,
});

const warn = watchWarnings();

describe('quoteShipping', () => {
  it('is free from ₹1000 up without asking the carrier', async () => {
    const calls: string[] = [];
    server.use(forbiddenRateHandler(calls));

    const result = await quoteShipping(request({ lines: [{ productId: 3, size: '495gm', quantity: 1 }] }), deps());

    expect(result).toEqual({
      ok: true,
      quote: FREE_GHEE_QUOTE,
    });
    expect(calls).toEqual([]);
  });

  it('is free at exactly the threshold, and the COD charge still applies', async () => {
    const calls: string[] = [];
    server.use(forbiddenRateHandler(calls));
    // 2 × ₹347 + ₹450 = ₹1144; with a ₹1144 threshold the cart sits exactly on it.
    const lines = [
      { productId: 1, size: '500gm', quantity: 2 },
      { productId: 3, size: '120gm', quantity: 1 },
    ];

    const result = await quoteShipping(
      request({ lines, paymentMode: 'cod' }),
      deps({ rules: { freeShippingThreshold: 1144, codCharge: 150 } }),
    );

    expect(result).toMatchObject({
      ok: true,
      quote: { shippingCharge: 0, source: 'free', subtotal: 1144, codCharge: 150, total: 1294, weight: 1120 },
    });
    expect(calls).toEqual([]);
  });

  it("charges the carrier's rate below the threshold, asked from the pickup pin with the catalogue weight", async () => {
    const seen: URLSearchParams[] = [];
    server.use(delhiveryRateHandler(72.6, seen));

    const result = await quoteShipping(request({ lines: [{ productId: 1, size: '500gm', quantity: 2 }] }), deps());

    expect(result).toEqual({
      ok: true,
      quote: {
        success: true,
        shippingCharge: 73,
        source: 'carrier',
        subtotal: 694,
        codCharge: 0,
        total: 767,
        weight: 1000,
      },
    });
    expect(seen).toHaveLength(1);
    expect(seen[0]?.get('o_pin')).toBe('249135');
    expect(seen[0]?.get('d_pin')).toBe('110001');
    expect(seen[0]?.get('cgm')).toBe('1000');
    expect(seen[0]?.get('pt')).toBe('Pre-paid');
  });

  it('adds the COD charge and asks for the COD rate when paying on delivery', async () => {
    const seen: URLSearchParams[] = [];
    server.use(delhiveryRateHandler(95, seen));

    const result = await quoteShipping(request({ paymentMode: 'cod' }), deps());

    expect(result).toMatchObject({
      ok: true,
      quote: { shippingCharge: 95, source: 'carrier', subtotal: 347, codCharge: 150, total: 592 },
    });
    expect(seen[0]?.get('pt')).toBe('COD');
  });

  it('uses the COD charge and threshold from shop settings', async () => {
    server.use(delhiveryRateHandler(60));

    const result = await quoteShipping(
      request({ paymentMode: 'cod' }),
      deps({ rules: { freeShippingThreshold: 2000, codCharge: 99 } }),
    );

    expect(result).toMatchObject({ ok: true, quote: { shippingCharge: 60, codCharge: 99, total: 347 + 60 + 99 } });
  });

  it('falls back to the estimate, flagged as such, when Delhivery is down', async () => {
    server.use(http.get(RATE_URL, () => HttpResponse.json({ error: 'down' }, { status: 503 })));

    // 500 g: round(0.5 × 50 + 40) = 65.
    const result = await quoteShipping(request({ paymentMode: 'cod' }), deps());

    expect(result).toEqual({
      ok: true,
      quote: {
        success: true,
        shippingCharge: 65,
        source: 'estimate',
        subtotal: 347,
        codCharge: 150,
        total: 562,
        weight: 500,
      },
    });
    expect(warn).toHaveBeenCalledOnce();
  });

  it('uses the estimate without any call when Delhivery is not configured', async () => {
    const result = await quoteShipping(
      request({ lines: [{ productId: 5, size: '1kg', quantity: 2 }] }),
      deps({ carrier: createDelhivery({ DELHIVERY_BASE_URL: DELHIVERY_TEST_BASE_URL }) }),
    );

    // 2 kg: round(2 × 50 + 40) = 140.
    expect(result).toMatchObject({ ok: true, quote: { shippingCharge: 140, source: 'estimate', total: 694 + 140 } });
    expect(warn).not.toHaveBeenCalled();
  });

  it('prices the lines from the catalogue, merging repeats', async () => {
    server.use(delhiveryRateHandler(80));
    const lines = [
      { productId: 6, size: '23gm', quantity: 1 },
      { productId: 6, size: '23gm', quantity: 1 },
    ];

    const result = await quoteShipping(request({ lines }), deps());

    expect(result).toMatchObject({ ok: true, quote: { subtotal: 694, weight: 46, shippingCharge: 80 } });
  });

  it.each([
    ['an unknown product', { productId: 99, size: '500gm', quantity: 1 }, 'UNKNOWN_PRODUCT', /Product 99/],
    ['an unknown size', { productId: 1, size: '2kg', quantity: 1 }, 'UNKNOWN_SIZE', /not sold in size 2kg/],
    ['more than in stock', { productId: 3, size: '120gm', quantity: 51 }, 'OUT_OF_STOCK', /Only 50/],
  ])('refuses %s with 422 and no carrier call', async (_, line, code, message) => {
    const calls: string[] = [];
    server.use(forbiddenRateHandler(calls));

    const result = await quoteShipping(request({ lines: [line] }), deps());

    expect(result).toMatchObject({ ok: false, status: 422, code, message: expect.stringMatching(message) });
    expect(calls).toEqual([]);
  });
});
