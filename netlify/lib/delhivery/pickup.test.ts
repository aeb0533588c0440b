/**
 * The pickup request against Delhivery's documented shape (`POST /fm/request/new/`, JSON body
 * `pickup_time`, `pickup_date`, `pickup_location`, `expected_package_count`; token auth). Its answer
 * as integrations record it: `{ pickup_id, pickup_date, pickup_time, pickup_location_name,
 * client_name, incoming_center_name, expected_package_count }`, and for a day that already has a
 * request `{ success: false, pr_exist: true, pickup_id, error: { message, code }, data: { message } }`.
 */
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { watchWarnings } from '#tests/support/console.ts';
import {
  DELHIVERY_TEST_BASE_URL,
  DELHIVERY_TEST_TOKEN,
  delhiveryPickupHandler,
} from '#tests/support/fake-delhivery.ts';
import { server } from '#tests/support/msw.ts';
import { createDelhivery, type PickupRequest } from './client.ts';

const BASE = DELHIVERY_TEST_BASE_URL;
const TOKEN = DELHIVERY_TEST_TOKEN;
const PICKUP_URL = `${BASE}/fm/request/new/`;

const REQUEST: PickupRequest = {
  location: 'Delhivery Uttarkashi hub',
  date: '2026-11-21',
  time: '16:00:00',
  expectedPackageCount: 3,
};

const MADE = {
  pickup_id: 8_123_456,
  pickup_date: '2026-11-21',
  pickup_time: '16:00:00',
  pickup_location_name: 'Delhivery Uttarkashi hub',
  client_name: 'ORANGUTANORGANICS SURFACE',
  incoming_center_name: 'Uttarkashi_Bhatwari_D (Uttarakhand)',
  expected_package_count: '3',
};

const carrier = (token = TOKEN) => createDelhivery({ DELHIVERY_TOKEN: token, DELHIVERY_BASE_URL: BASE });

const warn = watchWarnings();

describe('requestPickup', () => {
  it("posts the day's request as JSON and reads Delhivery's pickup id", async () => {
    const seen: unknown[] = [];
    server.use(delhiveryPickupHandler(() => HttpResponse.json(MADE), seen));
    expect(await carrier().requestPickup(REQUEST)).toEqual({ ok: true, pickupId: '8123456', duplicate: false });
    expect(seen).toEqual([
      {
        pickup_time: '16:00:00',
        pickup_date: '2026-11-21',
        pickup_location: 'Delhivery Uttarkashi hub',
        expected_package_count: 3,
      },
    ]);
  });

  it("takes the id of the day's existing request (pr_exist) as done, whatever the status", async () => {
    const exists = {
      status: false,
      success: false,
      pickup_id: 8_123_456,
      pr_exist: true,
      error: { message: 'Pickup request already exists for this date', code: 409 },
      data: { message: 'Pickup request already exists for this date' },
    };
    server.use(delhiveryPickupHandler(() => HttpResponse.json(exists, { status: 400 })));
    expect(await carrier().requestPickup(REQUEST)).toEqual({ ok: true, pickupId: '8123456', duplicate: true });
    server.use(delhiveryPickupHandler(() => HttpResponse.json(exists)));
    expect(await carrier().requestPickup(REQUEST)).toEqual({ ok: true, pickupId: '8123456', duplicate: true });
  });

  it("reports Delhivery's refusal in its own words", async () => {
    server.use(
      delhiveryPickupHandler(() =>
        HttpResponse.json({
          success: false,
          pr_exist: false,
          error: { message: 'ClientWarehouse matching query does not exist.' },
        }),
      ),
    );
    expect(await carrier().requestPickup(REQUEST)).toEqual({
      ok: false,
      code: 'REFUSED',
      message: 'ClientWarehouse matching query does not exist.',
    });
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('no pickup for Delhivery Uttarkashi hub on 2026-11-21'));
  });

  it('keeps the words of a refusal Delhivery sends under a key of its own: a low wallet (issue 47)', async () => {
    const low = 'Client wallet balance is Rs 12.50, please recharge to continue';
    server.use(delhiveryPickupHandler(() => HttpResponse.json({ prepaid: low }, { status: 400 })));
    expect(await carrier().requestPickup(REQUEST)).toEqual({
      ok: false,
      code: 'REFUSED',
      message: `HTTP 400 (${low})`,
    });
  });

  it('reports a refused token, a server error and a network failure as failures to retry or fix', async () => {
    server.use(delhiveryPickupHandler(() => HttpResponse.json(MADE)));
    expect(await carrier('wrong').requestPickup(REQUEST)).toMatchObject({ ok: false, code: 'REFUSED' });
    server.use(delhiveryPickupHandler(() => new HttpResponse('Bad gateway', { status: 502 })));
    expect(await carrier().requestPickup(REQUEST)).toMatchObject({ ok: false, code: 'UNREACHABLE' });
    server.use(http.post(PICKUP_URL, () => HttpResponse.error()));
    expect(await carrier().requestPickup(REQUEST)).toMatchObject({ ok: false, code: 'UNREACHABLE' });
  });

  it('says what is wrong with an answer it cannot read', async () => {
    server.use(delhiveryPickupHandler(() => HttpResponse.json({ message: 'Accepted' })));
    expect(await carrier().requestPickup(REQUEST)).toEqual({ ok: false, code: 'REFUSED', message: 'Accepted' });
    server.use(delhiveryPickupHandler(() => HttpResponse.json({})));
    expect(await carrier().requestPickup(REQUEST)).toEqual({
      ok: false,
      code: 'REFUSED',
      message: 'Delhivery answered no pickup id',
    });
    server.use(delhiveryPickupHandler(() => HttpResponse.json([1, 2])));
    expect(await carrier().requestPickup(REQUEST)).toMatchObject({
      ok: false,
      code: 'UNREACHABLE',
      message: expect.stringContaining('unexpected response shape'),
    });
  });
});

describe('requestPickup without DELHIVERY_TOKEN', () => {
  it('answers a made-up pickup id locally, the same for a location and day', async () => {
    const local = createDelhivery({ DELHIVERY_TOKEN: undefined, DELHIVERY_BASE_URL: BASE });
    const first = await local.requestPickup(REQUEST);
    expect(first).toMatchObject({ ok: true, pickupId: expect.stringMatching(/^SIMPU20261121/), duplicate: false });
    expect(await local.requestPickup(REQUEST)).toEqual(first);
  });

  it('is not configured in production, and asks nobody', async () => {
    const production = createDelhivery({
      DELHIVERY_TOKEN: undefined,
      DELHIVERY_BASE_URL: BASE,
      CONTEXT: 'production',
    });
    expect(await production.requestPickup(REQUEST)).toEqual({
      ok: false,
      code: 'NOT_CONFIGURED',
      message: 'DELHIVERY_TOKEN is not set',
    });
  });
});
