/**
 * Cancelling a booked parcel (issue 32), the carrier's side: Delhivery's `POST /api/p/edit` with
 * `{ waybill, cancellation: "true" }` against the answers Delhivery is documented and recorded to
 * give (cancel.ts says where they come from: XML `<root><status>True</status>…<remark>Shipment
 * has been cancelled.</remark></root>` captured from production, JSON `{ status, waybill, remark |
 * error }` on other accounts), the fake Delhivery upstream the function tests use, the local
 * carrier (cancels until its simulated pickup, then its tracking ends with a `CN` scan), and
 * production without a token.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { delay, HttpResponse } from 'msw';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { buildOrderRecord, orderTotals, priceLines } from '#shop/order/index.ts';
import { applyScans, buildShipment, newParcel, type ShipmentRecord } from '#shop/parcel/index.ts';
import { watchWarnings } from '#tests/support/console.ts';
import { makeCatalogue, makeCustomer } from '#tests/support/factories.ts';
import {
  DELHIVERY_TEST_BASE_URL,
  DELHIVERY_TEST_TOKEN,
  delhiveryJsonPostHandler,
  type FakeDelhivery,
  startFakeDelhivery,
} from '#tests/support/fake-delhivery.ts';
import { server } from '#tests/support/msw.ts';
import { readCancelAnswer } from './cancel.ts';
import { createDelhivery } from './client.ts';
import { localDelhiveryWithDay } from './local.ts';

const BASE = DELHIVERY_TEST_BASE_URL;
const TOKEN = DELHIVERY_TEST_TOKEN;
const WAYBILL = '57930810000066';
const BOOKED_AT = '2026-11-21T10:00:00.000Z';

/** What Delhivery expects: the waybill, and `cancellation` as the string "true". */
const cancelBodySchema = z.strictObject({ waybill: z.string().min(1), cancellation: z.literal('true') });

/** Delhivery's answer to a cancellation, as captured from its production API. */
const xmlAnswer = (status: 'True' | 'False', remark: string, waybill = WAYBILL) =>
  `<?xml version="1.0" encoding="utf-8"?>\n<root><status>${status}</status><waybill>${waybill}</waybill>` +
  `<order_id>OUO_1797000000001</order_id><remark>${remark}</remark></root>`;
const xml = (body: string, status = 200) =>
  new HttpResponse(body, { status, headers: { 'content-type': 'application/xml; charset=utf-8' } });

const editHandler = (answer: () => Response | Promise<Response>, seen: unknown[] = []) =>
  delhiveryJsonPostHandler('/api/p/edit', cancelBodySchema, answer, seen);

const carrier = (token = TOKEN, cancelTimeoutMs?: number) =>
  createDelhivery({ DELHIVERY_TOKEN: token, DELHIVERY_BASE_URL: BASE }, undefined, { cancelTimeoutMs });
const cancel = (token = TOKEN) => carrier(token).cancelShipment({ waybill: WAYBILL, bookedAt: BOOKED_AT });

const warn = watchWarnings();

describe("cancelShipment against Delhivery's documented answers", () => {
  it('posts the waybill with cancellation "true" as JSON, with the token, and reads the XML success', async () => {
    const seen: unknown[] = [];
    server.use(editHandler(() => xml(xmlAnswer('True', 'Shipment has been cancelled.')), seen));
    expect(await cancel()).toEqual({ ok: true, alreadyCancelled: false });
    expect(seen).toEqual([{ waybill: WAYBILL, cancellation: 'true' }]);
    expect(warn).not.toHaveBeenCalled();
  });

  it('reads the JSON answers of other accounts, with real or string booleans', async () => {
    const answers = [
      { status: true, waybill: WAYBILL, remark: 'Shipment has been cancelled.' },
      { status: 'True', waybill: Number(WAYBILL), remark: 'Shipment has been cancelled.' },
      { status: 'Success' },
      { success: true, waybill: WAYBILL },
    ];
    for (const body of answers) {
      server.use(editHandler(() => HttpResponse.json(body)));
      expect(await cancel()).toEqual({ ok: true, alreadyCancelled: false });
    }
  });

  it('counts a repeat as done: the same success again, or Delhivery saying it already was', async () => {
    // Delhivery answers a second cancellation exactly like the first (captured): still done.
    server.use(editHandler(() => xml(xmlAnswer('True', 'Shipment has been cancelled.'))));
    expect(await cancel()).toEqual({ ok: true, alreadyCancelled: false });
    expect(await cancel()).toEqual({ ok: true, alreadyCancelled: false });
    for (const answer of [
      () => HttpResponse.json({ status: false, waybill: WAYBILL, error: 'Shipment is already cancelled' }),
      () => xml(xmlAnswer('False', 'Package has already been cancelled')),
      () => HttpResponse.json({ status: true, remark: 'Shipment already cancelled.' }),
    ]) {
      server.use(editHandler(answer));
      expect(await cancel()).toEqual({ ok: true, alreadyCancelled: true });
    }
    expect(warn).not.toHaveBeenCalled();
  });

  it("refuses as too late when the parcel has moved, in Delhivery's own words", async () => {
    server.use(editHandler(() => xml(xmlAnswer('False', 'Shipment cannot be cancelled as it is already In Transit'))));
    const late = await cancel();
    expect(late).toEqual({
      ok: false,
      code: 'REFUSED',
      message: 'Shipment cannot be cancelled as it is already In Transit',
      tooLate: true,
    });
    for (const words of [
      'Package already Picked Up',
      'Shipment is Dispatched',
      'Shipment Delivered',
      'Not cancellable',
    ]) {
      server.use(editHandler(() => HttpResponse.json({ status: false, waybill: WAYBILL, remark: words })));
      expect(await cancel()).toMatchObject({ ok: false, code: 'REFUSED', message: words, tooLate: true });
    }
    // Reasons given as a list are read together.
    server.use(editHandler(() => HttpResponse.json({ status: false, remarks: ['Shipment In Transit', 'try RTO'] })));
    expect(await cancel()).toMatchObject({ code: 'REFUSED', message: 'Shipment In Transit; try RTO', tooLate: true });
    expect(String(warn.mock.calls[0]?.[0])).toMatch(
      `delhivery: ${WAYBILL} not cancelled: Shipment cannot be cancelled`,
    );
  });

  it('refuses an unknown waybill, a bad request and a refused token, none of them too late', async () => {
    server.use(editHandler(() => HttpResponse.json({ status: false, error: 'Waybill not found' })));
    expect(await cancel()).toEqual({ ok: false, code: 'REFUSED', message: 'Waybill not found', tooLate: false });
    // An unknown waybill stays unknown even when the words also name a state.
    server.use(editHandler(() => xml(xmlAnswer('False', 'Waybill does not exist, cannot be cancelled'))));
    expect(await cancel()).toMatchObject({ code: 'REFUSED', tooLate: false });
    server.use(editHandler(() => HttpResponse.json({ rmk: 'Invalid waybill format' }, { status: 400 })));
    expect(await cancel()).toEqual({ ok: false, code: 'REFUSED', message: 'Invalid waybill format', tooLate: false });
    server.use(editHandler(() => new HttpResponse(null, { status: 404 })));
    expect(await cancel()).toEqual({ ok: false, code: 'REFUSED', message: 'HTTP 404', tooLate: false });
    server.use(editHandler(() => xml(xmlAnswer('False', 'Cancellation is not allowed for reverse pickups'))));
    expect(await cancel()).toMatchObject({ code: 'REFUSED', tooLate: false });
    server.use(editHandler(() => HttpResponse.json({ status: false })));
    expect(await cancel()).toMatchObject({
      code: 'REFUSED',
      tooLate: false,
      message: expect.stringMatching(/refused/),
    });
    server.use(editHandler(() => xml(xmlAnswer('True', 'Shipment has been cancelled.'))));
    expect(await cancel('wrong-token')).toEqual({
      ok: false,
      code: 'REFUSED',
      message: 'HTTP 401 (Invalid token)',
      tooLate: false,
    });
  });

  it('is unreachable on a 5xx, a 429, a network failure or an answer it cannot read, so it is retried', async () => {
    const cases: [() => Response, RegExp][] = [
      [
        () => HttpResponse.json({ error: 'Service Unavailable' }, { status: 503 }),
        /^HTTP 503 \(Service Unavailable\)$/,
      ],
      [() => new HttpResponse('<html>Bad gateway</html>', { status: 502 }), /^HTTP 502$/],
      [() => HttpResponse.json({ detail: 'Request was throttled' }, { status: 429 }), /^HTTP 429/],
      [() => new HttpResponse('<html><body>maintenance</body></html>', { status: 200 }), /neither XML nor JSON/],
      [() => new HttpResponse('Shipment has been cancelled', { status: 200 }), /neither XML nor JSON/],
      [() => xml('<root><status>Maybe</status></root>'), /neither XML nor JSON/],
      [() => HttpResponse.json({ remark: 'Request accepted' }), /no status \(Request accepted\)/],
      [() => xml(`<root><waybill>${WAYBILL}</waybill></root>`), /^the answer has no status$/],
      [() => HttpResponse.json(['cancelled']), /neither XML nor JSON/],
      [() => xml(xmlAnswer('True', 'Shipment has been cancelled.', '1490000000001')), /another waybill/],
      [() => HttpResponse.error(), /^network error$/],
    ];
    for (const [answer, message] of cases) {
      server.use(editHandler(answer));
      const result = await cancel();
      expect(result).toMatchObject({ ok: false, code: 'UNREACHABLE', tooLate: false });
      expect(result.ok ? '' : result.message).toMatch(message);
    }
    expect(warn).toHaveBeenCalledTimes(cases.length);
  });

  it('gives up waiting after its timeout', async () => {
    server.use(
      editHandler(async () => {
        await delay(500);
        return xml(xmlAnswer('True', 'Shipment has been cancelled.'));
      }),
    );
    const result = await carrier(TOKEN, 50).cancelShipment({ waybill: WAYBILL, bookedAt: BOOKED_AT });
    expect(result).toEqual({ ok: false, code: 'UNREACHABLE', message: 'no answer within 50 ms', tooLate: false });
  });

  it('reads XML entities and CDATA in the remark', () => {
    expect(
      readCancelAnswer('<root><status>False</status><remark><![CDATA[Picked up & in transit]]></remark></root>'),
    ).toEqual({ status: false, waybill: undefined, words: 'Picked up & in transit' });
    expect(readCancelAnswer('<root><remark>Shipment &amp; box &#233;t&#xE9; &lt;lost&gt;</remark></root>')).toEqual({
      status: undefined,
      waybill: undefined,
      words: 'Shipment & box été <lost>',
    });
    expect(readCancelAnswer('<root></root>')).toBeUndefined();
  });
});

/** A booked parcel's record, as the order flow sends it. */
function shipmentFor(orderId: string): ShipmentRecord {
  const priced = priceLines(makeCatalogue(), [{ productId: 1, size: '500gm', quantity: 2 }]);
  if (!priced.ok) throw new Error(priced.message);
  const order = buildOrderRecord({
    orderId,
    timestamp: new Date(BOOKED_AT),
    customer: makeCustomer(),
    cart: priced.cart,
    totals: orderTotals(priced.cart.subtotal, 65, 'cod'),
    mode: 'cod',
  });
  return buildShipment(order, priced.cart.weight);
}

describe('cancelShipment against the fake Delhivery upstream', () => {
  let fake: FakeDelhivery;
  let orders = 1_797_100_000_000;
  beforeAll(async () => {
    fake = await startFakeDelhivery();
  });
  afterAll(() => fake.stop());
  beforeEach(() => {
    fake.cancelDown = false;
  });

  const real = () => createDelhivery({ DELHIVERY_TOKEN: 'fake-delhivery-token', DELHIVERY_BASE_URL: fake.baseUrl });
  async function book() {
    orders += 1;
    const booked = await real().createShipment({ shipment: shipmentFor(`OUO_${orders}`), pickupName: 'Hub' });
    if (!booked.ok) throw new Error(booked.message);
    fake.scan(booked.waybill, {
      ScanType: 'UD',
      Scan: 'Manifested',
      ScanDateTime: '2026-11-21T15:30:00',
      StatusCode: 'X-UCI',
      Instructions: 'Manifest uploaded',
    });
    return booked.waybill;
  }
  const stateOf = async (waybill: string) => {
    const tracked = await real().trackParcels([{ waybill, bookedAt: BOOKED_AT }]);
    const scans = tracked.ok ? (tracked.found.get(waybill)?.scans ?? []) : [];
    return { scans, state: applyScans(newParcel(), scans).parcel.state };
  };

  it('cancels a parcel not yet picked up; its tracking then ends cancelled; a repeat is still done', async () => {
    const waybill = await book();
    expect(await real().cancelShipment({ waybill, bookedAt: BOOKED_AT })).toEqual({
      ok: true,
      alreadyCancelled: false,
    });
    expect(fake.cancelRequests.at(-1)).toEqual({ waybill, cancellation: 'true' });
    const { scans, state } = await stateOf(waybill);
    expect(state).toBe('cancelled');
    expect(scans.at(-1)).toMatchObject({ type: 'CN', status: 'Canceled', note: 'Seller cancelled the order' });
    // Delhivery answers the repeat like the first time; the parcel gains no second CN scan.
    expect(await real().cancelShipment({ waybill, bookedAt: BOOKED_AT })).toEqual({
      ok: true,
      alreadyCancelled: false,
    });
    expect(fake.shipments.get(waybill)?.scans.filter((scan) => scan.ScanType === 'CN')).toHaveLength(1);
  });

  it('refuses a parcel with a pickup scan as too late, and leaves it on its way', async () => {
    const waybill = await book();
    fake.scan(waybill, {
      ScanType: 'UD',
      Scan: 'In Transit',
      ScanDateTime: '2026-11-21T18:00:00',
      StatusCode: 'X-PPOM',
      Instructions: 'Shipment picked up',
    });
    expect(await real().cancelShipment({ waybill, bookedAt: BOOKED_AT })).toEqual({
      ok: false,
      code: 'REFUSED',
      message: 'Shipment cannot be cancelled as it is already In Transit',
      tooLate: true,
    });
    expect((await stateOf(waybill)).state).toBe('picked-up');
  });

  it('refuses a waybill it never booked, and is unreachable while down', async () => {
    expect(await real().cancelShipment({ waybill: '1490999999999', bookedAt: BOOKED_AT })).toEqual({
      ok: false,
      code: 'REFUSED',
      message: 'Waybill 1490999999999 not found',
      tooLate: false,
    });
    const waybill = await book();
    fake.cancelDown = true;
    expect(await real().cancelShipment({ waybill, bookedAt: BOOKED_AT })).toEqual({
      ok: false,
      code: 'UNREACHABLE',
      message: 'HTTP 503 (Service Unavailable)',
      tooLate: false,
    });
    expect((await stateOf(waybill)).state).toBe('booked');
  });
});

describe('the local carrier (no DELHIVERY_TOKEN)', () => {
  const DAY = 1000;
  const bookedAt = '2026-11-21T00:00:00.000Z';
  const booked = Date.parse(bookedAt);
  let dir = '';
  let clock = booked;
  let sequence = 0;
  beforeEach(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'ouo-local-cancel-'));
    clock = booked;
  });
  afterEach(() => rm(dir, { recursive: true, force: true }));

  const local = () => localDelhiveryWithDay(DAY, { cancellationsDir: dir, now: () => clock });
  const newWaybill = (pin = '248001') => {
    sequence += 1;
    return `SIM${pin}${String(sequence).padStart(12, '0')}`;
  };
  const tracked = async (waybill: string) => {
    const answer = await local().trackParcels([{ waybill, bookedAt }]);
    const tracking = answer.ok ? answer.found.get(waybill) : undefined;
    return { tracking, state: applyScans(newParcel(), tracking?.scans ?? []).parcel.state };
  };

  it('cancels a booking before its simulated pickup; the tracker then shows it cancelled, for good', async () => {
    const waybill = newWaybill();
    clock = booked + 0.2 * DAY;
    expect(await local().cancelShipment({ waybill, bookedAt })).toEqual({ ok: true, alreadyCancelled: false });
    const now = await tracked(waybill);
    expect(now.state).toBe('cancelled');
    expect(now.tracking?.scans.map((scan) => [scan.type, scan.status, scan.at])).toEqual([
      ['UD', 'Manifested', bookedAt],
      ['CN', 'Canceled', new Date(booked + 0.2 * DAY).toISOString()],
    ]);
    // Days later the journey has not gone on: no pickup, no delivery.
    clock = booked + 9 * DAY;
    const later = await tracked(waybill);
    expect(later.state).toBe('cancelled');
    expect(later.tracking).toMatchObject({ delivered: false, simulated: true, expectedDelivery: undefined });
    expect(later.tracking?.scans).toHaveLength(2);
  });

  it('refuses once the simulated pickup has happened: too late, and the parcel goes on', async () => {
    const waybill = newWaybill();
    clock = booked + 0.25 * DAY;
    const result = await local().cancelShipment({ waybill, bookedAt });
    expect(result).toMatchObject({ ok: false, code: 'REFUSED', tooLate: true });
    expect(result.ok ? '' : result.message).toMatch(/already picked up/);
    expect((await tracked(waybill)).state).toBe('picked-up');
    clock = booked + 4 * DAY;
    expect((await tracked(waybill)).state).toBe('delivered');
  });

  it('counts a second cancellation as done, already cancelled, even after the pickup time', async () => {
    const waybill = newWaybill('400099');
    expect(await local().cancelShipment({ waybill, bookedAt })).toEqual({ ok: true, alreadyCancelled: false });
    expect(await local().cancelShipment({ waybill, bookedAt })).toEqual({ ok: true, alreadyCancelled: true });
    clock = booked + 2 * DAY;
    expect(await local().cancelShipment({ waybill, bookedAt })).toEqual({ ok: true, alreadyCancelled: true });
    expect((await tracked(waybill)).state).toBe('cancelled');
  });

  it('cancels once among many concurrent cancellations', async () => {
    const waybill = newWaybill();
    const results = await Promise.all(Array.from({ length: 20 }, () => local().cancelShipment({ waybill, bookedAt })));
    expect(results.every((result) => result.ok)).toBe(true);
    expect(results.filter((result) => result.ok && !result.alreadyCancelled)).toHaveLength(1);
  });

  it('refuses a waybill it never made, or a booking time it cannot read, as not too late', async () => {
    expect(await local().cancelShipment({ waybill: '1490000000001', bookedAt })).toEqual({
      ok: false,
      code: 'REFUSED',
      message: 'the local carrier booked no 1490000000001',
      tooLate: false,
    });
    expect(await local().cancelShipment({ waybill: newWaybill(), bookedAt: 'yesterday' })).toMatchObject({
      ok: false,
      code: 'REFUSED',
      tooLate: false,
    });
  });

  it('is what createDelhivery answers with without a token, and asks nobody', async () => {
    const fetchImpl = vi.fn<typeof fetch>();
    const delhivery = createDelhivery({ DELHIVERY_BASE_URL: BASE, LOCAL_CARRIER_DAY_SECONDS: 3600 }, fetchImpl);
    // Its cancellations are kept under the OS temp dir: a waybill no earlier run can have cancelled.
    const waybill = `SIM248001${String(Date.now()).slice(-9)}${Math.floor(Math.random() * 1000)
      .toString()
      .padStart(3, '0')}`;
    const now = new Date().toISOString();
    expect(await delhivery.cancelShipment({ waybill, bookedAt: now })).toEqual({ ok: true, alreadyCancelled: false });
    const answer = await delhivery.trackParcels([{ waybill, bookedAt: now }]);
    expect(answer.ok && answer.found.get(waybill)?.scans.at(-1)?.type).toBe('CN');
    expect(fetchImpl).not.toHaveBeenCalled();
  });
});

describe('in production with no DELHIVERY_TOKEN', () => {
  it('cancels nothing and says it is not configured', async () => {
    const fetchImpl = vi.fn<typeof fetch>();
    const delhivery = createDelhivery({ DELHIVERY_BASE_URL: BASE, CONTEXT: 'production' }, fetchImpl);
    expect(await delhivery.cancelShipment({ waybill: 'SIM248001000000000001', bookedAt: BOOKED_AT })).toEqual({
      ok: false,
      code: 'NOT_CONFIGURED',
      message: 'DELHIVERY_TOKEN is not set',
      tooLate: false,
    });
    expect(fetchImpl).not.toHaveBeenCalled();
  });
});
