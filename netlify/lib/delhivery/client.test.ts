import { delay, HttpResponse, http } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { buildOrderRecord, orderTotals, priceLines } from '#shop/order/index.ts';
import { buildShipment, type ShipmentRecord } from '#shop/parcel/index.ts';
import { watchWarnings } from '#tests/support/console.ts';
import { makeCatalogue, makeCustomer } from '#tests/support/factories.ts';
import {
  DELHIVERY_TEST_BASE_URL,
  DELHIVERY_TEST_PINCODE_URL,
  DELHIVERY_TEST_TOKEN,
  delhiveryCreateHandler,
  delhiveryPincodeHandler,
  delhiveryRateHandler,
  type ReceivedShipment,
} from '#tests/support/fake-delhivery.ts';
import { server } from '#tests/support/msw.ts';
import { createDelhivery } from './client.ts';
import { estimateDeliveryDays } from './delivery-days.ts';

const env = { DELHIVERY_TOKEN: DELHIVERY_TEST_TOKEN, DELHIVERY_BASE_URL: DELHIVERY_TEST_BASE_URL };
const PINCODE_URL = DELHIVERY_TEST_PINCODE_URL;
const CREATE_URL = `${DELHIVERY_TEST_BASE_URL}/api/cmu/create.json`;

function codShipment(): ShipmentRecord {
  const priced = priceLines(makeCatalogue(), [{ productId: 1, size: '500gm', quantity: 2 }]);
  if (!priced.ok) throw new Error(priced.message);
  const order = buildOrderRecord({
    orderId: 'OUO_1760000000000',
    timestamp: new Date('2025-10-09T10:00:00Z'),
    customer: makeCustomer(),
    cart: priced.cart,
    totals: orderTotals(priced.cart.subtotal, 65, 'cod'),
    mode: 'cod',
  });
  return buildShipment(order, priced.cart.weight);
}

const query = { originPin: '249135', destinationPin: '110001', grams: 1500, mode: 'prepaid' } as const;

const warn = watchWarnings();

function expectWarning(pattern: RegExp) {
  expect(warn).toHaveBeenCalledOnce();
  expect(String(warn.mock.calls[0]?.[0])).toMatch(pattern);
}

describe('quoteRate', () => {
  it('asks for a surface rate from the pickup pin and reads total_amount of the first element', async () => {
    const seen: URLSearchParams[] = [];
    server.use(
      delhiveryRateHandler(
        () => HttpResponse.json([{ total_amount: 87.32, charge_DL: 60 }, { total_amount: 1 }]),
        seen,
      ),
    );

    await expect(createDelhivery(env).quoteRate(query)).resolves.toBe(87.32);

    expect(seen).toHaveLength(1);
    expect(Object.fromEntries(seen[0] ?? [])).toEqual({
      md: 'S',
      ss: 'Delivered',
      d_pin: '110001',
      o_pin: '249135',
      cgm: '1500',
      pt: 'Pre-paid',
    });
    expect(warn).not.toHaveBeenCalled();
  });

  it('asks for the COD rate when the shopper pays on delivery', async () => {
    const seen: URLSearchParams[] = [];
    server.use(delhiveryRateHandler(() => HttpResponse.json([{ total_amount: 112 }]), seen));

    await expect(createDelhivery(env).quoteRate({ ...query, mode: 'cod', grams: 523 })).resolves.toBe(112);
    expect(seen[0]?.get('pt')).toBe('COD');
    expect(seen[0]?.get('cgm')).toBe('523');
  });

  it('accepts a numeric string as the amount', async () => {
    server.use(delhiveryRateHandler(() => HttpResponse.json([{ total_amount: '95.50' }])));
    await expect(createDelhivery(env).quoteRate(query)).resolves.toBe(95.5);
  });

  it('gives no rate, with a warning, when Delhivery answers an error status', async () => {
    server.use(delhiveryRateHandler(() => HttpResponse.json({ error: 'Internal error' }, { status: 502 })));

    await expect(createDelhivery(env).quoteRate(query)).resolves.toBeUndefined();
    expectWarning(/HTTP 502 \(Internal error\)/);
  });

  it('gives no rate when the token is refused', async () => {
    server.use(delhiveryRateHandler(() => HttpResponse.json([{ total_amount: 80 }])));

    await expect(createDelhivery({ ...env, DELHIVERY_TOKEN: 'wrong' }).quoteRate(query)).resolves.toBeUndefined();
    expectWarning(/HTTP 401 \(Invalid token\)/);
  });

  it.each([
    ['an empty array', []],
    ['an object instead of an array', { total_amount: 80 }],
    ['no total_amount', [{ charge_DL: 80 }]],
    ['a negative amount', [{ total_amount: -5 }]],
    ['a word for an amount', [{ total_amount: 'free' }]],
  ])('gives no rate when the answer has %s', async (_, body) => {
    server.use(delhiveryRateHandler(() => HttpResponse.json(body)));

    await expect(createDelhivery(env).quoteRate(query)).resolves.toBeUndefined();
    expectWarning(/unexpected response shape/);
  });

  it('gives no rate when the answer is not JSON', async () => {
    server.use(delhiveryRateHandler(() => HttpResponse.text('<html>Service Unavailable</html>')));

    await expect(createDelhivery(env).quoteRate(query)).resolves.toBeUndefined();
    expectWarning(/not JSON/);
  });

  it('gives no rate when the network fails', async () => {
    server.use(delhiveryRateHandler(() => HttpResponse.error()));

    await expect(createDelhivery(env).quoteRate(query)).resolves.toBeUndefined();
    expectWarning(/network error/);
  });

  it('says why, with a warning, when the network fails with something that is not an Error', async () => {
    const rejecting = (async () => {
      throw 'socket hang up';
    }) as typeof fetch;
    await expect(createDelhivery(env, rejecting).quoteRate(query)).resolves.toBeUndefined();
    expectWarning(/no rate for 249135 → 110001: network error \(socket hang up\)/);
  });

  it('gives up waiting after the timeout', async () => {
    server.use(
      delhiveryRateHandler(async () => {
        await delay(1_000);
        return HttpResponse.json([{ total_amount: 80 }]);
      }),
    );

    const started = Date.now();
    await expect(createDelhivery(env, undefined, { quoteTimeoutMs: 50 }).quoteRate(query)).resolves.toBeUndefined();
    expect(Date.now() - started).toBeLessThan(900);
    expectWarning(/no answer within 50 ms/);
  });
});

describe('checkPincode', () => {
  it('reads a payment flag Delhivery leaves out (or sends as null) as no: a COD-only and a prepaid-only pincode', async () => {
    server.use(delhiveryPincodeHandler([{ postal_code: { pin: '560001', cod: 'Y' } }]));
    await expect(createDelhivery(env).checkPincode('560001')).resolves.toEqual({
      serviceable: true,
      prepaid: false,
      cod: true,
    });
    server.use(delhiveryPincodeHandler([{ postal_code: { pin: '560002', pre_paid: 'Y', cod: null } }]));
    await expect(createDelhivery(env).checkPincode('560002')).resolves.toEqual({
      serviceable: true,
      prepaid: true,
      cod: false,
    });
  });

  it('reads the prepaid and COD flags of the pincode', async () => {
    server.use(
      delhiveryPincodeHandler([{ postal_code: { pin: 110001, district: 'New Delhi', pre_paid: 'Y', cod: 'Y' } }]),
    );
    await expect(createDelhivery(env).checkPincode('110001')).resolves.toEqual({
      serviceable: true,
      prepaid: true,
      cod: true,
    });
  });

  it('reports prepaid-only pincodes', async () => {
    server.use(delhiveryPincodeHandler([{ postal_code: { pin: '194101', pre_paid: 'Y', cod: 'N' } }]));
    await expect(createDelhivery(env).checkPincode('194101')).resolves.toEqual({
      serviceable: true,
      prepaid: true,
      cod: false,
    });
  });

  it('treats an empty list as not serviceable', async () => {
    server.use(delhiveryPincodeHandler([]));
    await expect(createDelhivery(env).checkPincode('999999')).resolves.toEqual({
      serviceable: false,
      prepaid: false,
      cod: false,
    });
  });

  it('treats a listed pincode that takes neither payment as not serviceable', async () => {
    server.use(delhiveryPincodeHandler([{ postal_code: { pin: 744301, pre_paid: 'N', cod: 'N' } }]));
    await expect(createDelhivery(env).checkPincode('744301')).resolves.toMatchObject({ serviceable: false });
  });

  it('is unknown, with a warning, when Delhivery fails', async () => {
    server.use(http.get(PINCODE_URL, () => HttpResponse.json({ detail: 'down' }, { status: 503 })));

    await expect(createDelhivery(env).checkPincode('110001')).resolves.toBeUndefined();
    expectWarning(/serviceability of 110001 unknown: HTTP 503/);
  });

  it('is unknown when the answer has an unexpected shape', async () => {
    server.use(http.get(PINCODE_URL, () => HttpResponse.json({ codes: [] })));

    await expect(createDelhivery(env).checkPincode('110001')).resolves.toBeUndefined();
    expectWarning(/unexpected response shape/);
  });

  it('does not ask about something that is not a pincode', async () => {
    await expect(createDelhivery(env).checkPincode('12345')).resolves.toEqual({
      serviceable: false,
      prepaid: false,
      cod: false,
    });
  });
});

describe('createShipment', () => {
  it('posts the shipment and the pickup location as form data and returns the waybill', async () => {
    const seen: ReceivedShipment[] = [];
    server.use(
      delhiveryCreateHandler(
        () =>
          HttpResponse.json({
            success: true,
            package_count: 1,
            packages: [{ status: 'Success', waybill: '1234567890123', refnum: 'OUO_1760000000000', remarks: [] }],
          }),
        seen,
      ),
    );
    const shipment = codShipment();

    const result = await createDelhivery(env).createShipment({ shipment, pickupName: 'Delhivery Uttarkashi hub' });

    expect(result).toEqual({ ok: true, waybill: '1234567890123' });
    expect(seen).toHaveLength(1);
    expect(seen[0]?.data.pickup_location).toEqual({ name: 'Delhivery Uttarkashi hub' });
    expect(seen[0]?.data.shipments[0]).toEqual(shipment);
    expect(seen[0]?.data.shipments[0]).toMatchObject({
      name: 'Asha Rawat',
      pin: '248001',
      phone: '9876543210',
      order: 'OUO_1760000000000',
      payment_mode: 'COD',
      cod_amount: 909,
      total_amount: 909,
      weight: 1000,
      shipping_mode: 'Surface',
    });
    expect(warn).not.toHaveBeenCalled();
  });

  it('accepts a numeric waybill when the package status is Success', async () => {
    server.use(
      delhiveryCreateHandler(() => HttpResponse.json({ packages: [{ status: 'Success', waybill: 99887766 }] })),
    );
    const result = await createDelhivery(env).createShipment({ shipment: codShipment(), pickupName: 'Hub' });
    expect(result).toEqual({ ok: true, waybill: '99887766' });
  });

  it("reports Delhivery's remarks when the package is refused", async () => {
    server.use(
      delhiveryCreateHandler(() =>
        HttpResponse.json({
          success: false,
          rmk: 'An internal Error has occurred',
          packages: [{ status: 'Fail', waybill: '', remarks: ['Duplicate order id'] }],
        }),
      ),
    );

    const result = await createDelhivery(env).createShipment({ shipment: codShipment(), pickupName: 'Hub' });

    expect(result).toEqual({ ok: false, code: 'DUPLICATE', message: 'Duplicate order id' });
    expectWarning(/OUO_1760000000000 refused: Duplicate order id/);
  });

  it("names the package's status when Delhivery refuses it without a remark", async () => {
    server.use(
      delhiveryCreateHandler(() => HttpResponse.json({ success: false, packages: [{ status: 'Fail', waybill: '' }] })),
    );
    const result = await createDelhivery(env).createShipment({ shipment: codShipment(), pickupName: 'Hub' });
    expect(result).toEqual({ ok: false, code: 'REFUSED', message: 'package status Fail' });
    expectWarning(/OUO_1760000000000 refused: package status Fail/);
  });

  it('falls back to rmk when there is no package', async () => {
    server.use(
      delhiveryCreateHandler(() =>
        HttpResponse.json({ success: false, rmk: 'ClientWarehouse matching query does not exist.' }),
      ),
    );
    const result = await createDelhivery(env).createShipment({ shipment: codShipment(), pickupName: 'Nowhere' });
    expect(result).toEqual({ ok: false, code: 'REFUSED', message: 'ClientWarehouse matching query does not exist.' });
  });

  it('is not sent when Delhivery answers without a waybill', async () => {
    server.use(
      delhiveryCreateHandler(() =>
        HttpResponse.json({ success: true, rmk: null, packages: [{ status: null, waybill: null, remarks: null }] }),
      ),
    );
    const result = await createDelhivery(env).createShipment({ shipment: codShipment(), pickupName: 'Hub' });
    expect(result).toEqual({ ok: false, code: 'REFUSED', message: 'Delhivery returned no waybill' });
  });

  it('is not sent when the answer has an unexpected shape', async () => {
    server.use(delhiveryCreateHandler(() => HttpResponse.json([{ waybill: '123' }])));
    const result = await createDelhivery(env).createShipment({ shipment: codShipment(), pickupName: 'Hub' });
    expect(result).toMatchObject({
      ok: false,
      code: 'UNREACHABLE',
      message: expect.stringMatching(/^unexpected response shape/),
    });
  });

  it('reports an error status as not sent', async () => {
    server.use(
      http.post(CREATE_URL, () => HttpResponse.json({ detail: 'Login or API Key Required' }, { status: 401 })),
    );
    const result = await createDelhivery(env).createShipment({ shipment: codShipment(), pickupName: 'Hub' });
    expect(result).toEqual({ ok: false, code: 'REFUSED', message: 'HTTP 401 (Login or API Key Required)' });
  });

  it('reports a network failure as not sent', async () => {
    server.use(http.post(CREATE_URL, () => HttpResponse.error()));
    const result = await createDelhivery(env).createShipment({ shipment: codShipment(), pickupName: 'Hub' });
    expect(result).toMatchObject({ ok: false, code: 'UNREACHABLE', message: expect.stringMatching(/^network error/) });
  });
});

describe('with no DELHIVERY_TOKEN (the embedded local default)', () => {
  // No msw handler is installed: any request would be an unhandled-request error.
  const local = () => {
    const fetchImpl = vi.fn<typeof fetch>();
    return { fetchImpl, delhivery: createDelhivery({ DELHIVERY_BASE_URL: DELHIVERY_TEST_BASE_URL }, fetchImpl) };
  };

  it('gives no carrier rate, so callers use the flagged estimate', async () => {
    const { fetchImpl, delhivery } = local();
    expect(delhivery.configured).toBe(false);
    await expect(delhivery.quoteRate(query)).resolves.toBeUndefined();
    expect(fetchImpl).not.toHaveBeenCalled();
  });

  it('serves every valid pincode, prepaid and COD, except the test pincodes', async () => {
    const { fetchImpl, delhivery } = local();
    await expect(delhivery.checkPincode('682001')).resolves.toEqual({ serviceable: true, prepaid: true, cod: true });
    await expect(delhivery.checkPincode('012345')).resolves.toEqual({ serviceable: false, prepaid: false, cod: false });
    await expect(delhivery.checkPincode('744301')).resolves.toEqual({ serviceable: false, prepaid: false, cod: false });
    await expect(delhivery.checkPincode('737101')).resolves.toEqual({ serviceable: true, prepaid: true, cod: false });
    expect(fetchImpl).not.toHaveBeenCalled();
  });

  it('books shipments with a simulated waybill, one per order', async () => {
    const { fetchImpl, delhivery } = local();
    const booked = await delhivery.createShipment({ shipment: codShipment(), pickupName: 'Hub' });
    expect(booked).toEqual({ ok: true, waybill: expect.stringMatching(/^SIM\d+$/) });
    await expect(delhivery.createShipment({ shipment: codShipment(), pickupName: 'Hub' })).resolves.toEqual(booked);
    expect(fetchImpl).not.toHaveBeenCalled();
    expect(warn).not.toHaveBeenCalled();
  });

  it('fails the first booking of an order to test pincode 560099, then books it', async () => {
    const { delhivery } = local();
    const shipment = { ...codShipment(), pin: '560099', order: `OUO_${Date.now()}${Math.floor(Math.random() * 1000)}` };
    await expect(delhivery.createShipment({ shipment, pickupName: 'Hub' })).resolves.toMatchObject({
      ok: false,
      code: 'UNREACHABLE',
    });
    await expect(delhivery.createShipment({ shipment, pickupName: 'Hub' })).resolves.toMatchObject({ ok: true });
  });
});

describe('in production with no DELHIVERY_TOKEN', () => {
  it('never pretends: no rate, pincodes unknown, bookings refused as not configured', async () => {
    const fetchImpl = vi.fn<typeof fetch>();
    const delhivery = createDelhivery(
      { DELHIVERY_BASE_URL: DELHIVERY_TEST_BASE_URL, DELHIVERY_TOKEN: undefined, CONTEXT: 'production' },
      fetchImpl,
    );
    expect(delhivery.configured).toBe(false);
    await expect(delhivery.quoteRate(query)).resolves.toBeUndefined();
    await expect(delhivery.checkPincode('682001')).resolves.toBeUndefined();
    await expect(delhivery.createShipment({ shipment: codShipment(), pickupName: 'Hub' })).resolves.toEqual({
      ok: false,
      code: 'NOT_CONFIGURED',
      message: 'DELHIVERY_TOKEN is not set',
    });
    await expect(
      delhivery.trackParcels([{ waybill: 'W', bookedAt: '2026-11-21T10:00:00.000Z' }]),
    ).resolves.toMatchObject({
      code: 'NOT_CONFIGURED',
    });
    expect(fetchImpl).not.toHaveBeenCalled();
  });

  it('also runs on the global fetch without touching it', async () => {
    const delhivery = createDelhivery({ DELHIVERY_BASE_URL: DELHIVERY_TEST_BASE_URL, DELHIVERY_TOKEN: undefined });
    await expect(delhivery.quoteRate(query)).resolves.toBeUndefined();
    await expect(delhivery.checkPincode('110001')).resolves.toMatchObject({ serviceable: true });
    // The local carrier's scans, on the real clock: a parcel booked a week ago has arrived.
    const weekAgo = new Date(Date.now() - 7 * 24 * 60 * 60 * 1000).toISOString();
    const answer = await delhivery.trackParcels([{ waybill: 'SIM1', bookedAt: weekAgo }]);
    expect(answer.ok && answer.found.get('SIM1')).toMatchObject({ delivered: true, simulated: true });
  });
});

describe('estimateDeliveryDays from the Uttarkashi pickup', () => {
  it.each([
    ['249001', { min: 2, max: 4 }],
    ['248001', { min: 2, max: 4 }],
    ['263001', { min: 3, max: 5 }],
    ['226001', { min: 3, max: 5 }],
    ['110001', { min: 4, max: 6 }],
    ['302001', { min: 4, max: 6 }],
    ['400001', { min: 5, max: 8 }],
    ['682001', { min: 5, max: 8 }],
  ])('to %s', (pin, window) => {
    expect(estimateDeliveryDays('249135', pin)).toEqual(window);
  });
});
