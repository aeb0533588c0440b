/**
 * Delhivery's tracking API as the shop reads it (contract: the documented answer shape, FACTS
 * "After the booking" and public answers — `ShipmentData[].Shipment` with `AWB`, `Status` and
 * `Scans[].ScanDetail {ScanType, Scan, ScanDateTime, ScannedLocation, StatusCode, Instructions}`),
 * many waybills per request.
 */
import { describe, expect, it, vi } from 'vitest';
import { applyScans, newParcel } from '#shop/parcel/index.ts';
import { delhiveryTracker, indiaTime, WAYBILLS_PER_REQUEST } from './tracking.ts';

const answer = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status });

/** One shipment as Delhivery answers it: failed once ("Consignee unavailable"), then delivered. */
const shipment = (awb: string) => ({
  Shipment: {
    AWB: awb,
    Status: { Status: 'Delivered', StatusType: 'DL', StatusDateTime: '2026-11-24T12:00:00.000' },
    Scans: [
      {
        ScanDetail: {
          ScanType: 'UD',
          Scan: 'In Transit',
          ScanDateTime: '2026-11-22T09:30:00.000',
          ScannedLocation: 'Dehradun_Hub (Uttarakhand)',
          StatusCode: 'X-PPOM',
          Instructions: 'Shipment picked up',
        },
      },
      {
        ScanDetail: {
          ScanType: 'UD',
          Scan: 'Manifested',
          ScanDateTime: '2026-11-21T16:00:00',
          ScanLocation: 'Uttarkashi',
          StatusCode: 'X-UCI',
          Instructions: null,
        },
      },
      {
        ScanDetail: {
          ScanType: 'UD',
          Scan: 'Pending',
          ScanDateTime: '2026-11-23T18:00:00',
          ScannedLocation: 'Delhi_Hub',
          StatusCode: 'EOD-74',
          Instructions: 'Consignee unavailable',
        },
      },
      {
        ScanDetail: {
          ScanType: 'DL',
          Scan: 'Delivered',
          ScanDateTime: '2026-11-24T12:00:00.000+05:30',
          StatusCode: 'EOD-38',
        },
      },
    ],
    ExpectedDeliveryDate: '2026-11-25T23:59:59',
  },
});
const tracker = (fetchImpl: typeof fetch, baseUrl = 'https://track.delhivery.test') =>
  delhiveryTracker({ token: 'tok', baseUrl, fetchImpl, timeoutMs: 1000 });
const one = (waybill: string) => [{ waybill, bookedAt: '' }];

describe('delhiveryTracker', () => {
  it('asks with the token, reads each scan with its type and code, oldest first in UTC', async () => {
    const fetchImpl = vi.fn(async (input: string | URL | Request, init?: RequestInit) => {
      expect(String(input)).toBe('https://track.delhivery.test/api/v1/packages/json/?waybill=1234567890');
      expect(init?.headers).toMatchObject({ Authorization: 'Token tok' });
      return answer({ ShipmentData: [shipment('1234567890')] });
    });
    const result = await tracker(fetchImpl)(one('1234567890'));
    if (!result.ok) throw new Error(result.message);
    expect(result.found.get('1234567890')).toEqual({
      delivered: true,
      simulated: false,
      expectedDelivery: '2026-11-25T18:29:59.000Z',
      scans: [
        {
          at: '2026-11-21T10:30:00.000Z',
          type: 'UD',
          status: 'Manifested',
          code: 'X-UCI',
          location: 'Uttarkashi',
          note: undefined,
        },
        {
          at: '2026-11-22T04:00:00.000Z',
          type: 'UD',
          status: 'In Transit',
          code: 'X-PPOM',
          location: 'Dehradun_Hub (Uttarakhand)',
          note: 'Shipment picked up',
        },
        {
          at: '2026-11-23T12:30:00.000Z',
          type: 'UD',
          status: 'Pending',
          code: 'EOD-74',
          location: 'Delhi_Hub',
          note: 'Consignee unavailable',
        },
        {
          at: '2026-11-24T06:30:00.000Z',
          type: 'DL',
          status: 'Delivered',
          code: 'EOD-38',
          location: '',
          note: undefined,
        },
      ],
    });
    // The shop core reads it as the journey it was.
    const { changes } = applyScans(newParcel(), result.found.get('1234567890')?.scans ?? []);
    expect(changes.map((change) => change.state)).toEqual(['picked-up', 'delivery-failed', 'delivered']);
    // Asked again within 5 minutes: the kept answer.
    await tracker(fetchImpl)(one('1234567890'));
    expect(fetchImpl).toHaveBeenCalledOnce();
  });

  it(`asks about many waybills per request, ${WAYBILLS_PER_REQUEST} at most, and leaves out those Delhivery does not know`, async () => {
    const asked: string[][] = [];
    const fetchImpl = vi.fn(async (input: string | URL | Request) => {
      const waybills = (new URL(String(input)).searchParams.get('waybill') ?? '').split(',');
      asked.push(waybills);
      // Delhivery answers the waybills it knows; the last of each request it does not.
      return answer({ ShipmentData: waybills.slice(0, -1).map(shipment), Error: null });
    });
    const waybills = Array.from({ length: 120 }, (_, index) => `W${1000 + index}`);
    const result = await tracker(
      fetchImpl,
      'https://bulk.test',
    )(waybills.map((waybill) => ({ waybill, bookedAt: '' })));
    expect(asked.map((batch) => batch.length)).toEqual([50, 50, 20]);
    if (!result.ok) throw new Error(result.message);
    expect(result.found.size).toBe(117);
    expect(result.found.has('W1049')).toBe(false);
  });

  it('reads a lone answer without an AWB as the one waybill asked, and a status without scans as a scan', async () => {
    const bare = {
      ShipmentData: [
        {
          Shipment: {
            Status: {
              Status: 'Dispatched',
              StatusType: 'UD',
              StatusDateTime: '2026-11-23T09:00:00',
              StatusLocation: 'Delhi_Hub',
            },
          },
        },
      ],
    };
    const result = await tracker(async () => answer(bare), 'https://bare.test')(one('W1'));
    expect(result.ok && result.found.get('W1')?.scans).toEqual([
      {
        at: '2026-11-23T03:30:00.000Z',
        status: 'Dispatched',
        type: 'UD',
        location: 'Delhi_Hub',
        note: undefined,
        code: undefined,
      },
    ]);
    const nothing = await tracker(
      async () => answer({ ShipmentData: [{ Shipment: {} }] }),
      'https://none.test',
    )(one('W2'));
    expect(nothing.ok && nothing.found.get('W2')).toEqual({
      delivered: false,
      scans: [],
      expectedDelivery: undefined,
      simulated: false,
    });
    const numeric = { ShipmentData: [{ Shipment: { ...shipment('x').Shipment, AWB: 42 } }] };
    const byNumber = await tracker(
      async () => answer(numeric),
      'https://number.test',
    )([
      { waybill: '42', bookedAt: '' },
      { waybill: '43', bookedAt: '' },
    ]);
    expect(byNumber.ok && [...byNumber.found.keys()]).toEqual(['42']);
  });

  it('reads what Delhivery leaves out as unknown, and a Delivered status without its type as delivered', async () => {
    const sparse = {
      ShipmentData: [
        {
          Shipment: {
            AWB: 'S1',
            Status: { Status: 'Delivered', StatusDateTime: '2026-11-24T12:00:00' },
            Scans: [
              { ScanDetail: { Scan: 'Manifested', ScanDateTime: '2026-11-21T16:00:00' } },
              { ScanDetail: { Scan: 'Delivered', ScanDateTime: '2026-11-24T12:00:00', ScannedLocation: 'Delhi_Hub' } },
            ],
          },
        },
        { Shipment: { AWB: 'S2', Status: { Status: 'In Transit', StatusDateTime: '2026-11-22T09:00:00' } } },
      ],
    };
    const result = await tracker(
      async () => answer(sparse),
      'https://sparse.test',
    )([
      { waybill: 'S1', bookedAt: '' },
      { waybill: 'S2', bookedAt: '' },
    ]);
    if (!result.ok) throw new Error(result.message);
    const unknown = { type: undefined, code: undefined, note: undefined };
    expect(result.found.get('S1')).toEqual({
      delivered: true,
      scans: [
        { at: '2026-11-21T10:30:00.000Z', status: 'Manifested', location: '', ...unknown },
        { at: '2026-11-24T06:30:00.000Z', status: 'Delivered', location: 'Delhi_Hub', ...unknown },
      ],
      expectedDelivery: undefined,
      simulated: false,
    });
    expect(result.found.get('S2')).toMatchObject({
      delivered: false,
      scans: [{ at: '2026-11-22T03:30:00.000Z', status: 'In Transit', location: '', ...unknown }],
    });
  });

  it('gives an answer without an AWB to no parcel when several were asked, and finds none in an empty answer', async () => {
    const bare = {
      ShipmentData: [{ Shipment: { Status: { Status: 'Dispatched', StatusDateTime: '2026-11-23T09:00:00' } } }],
    };
    const several = await tracker(
      async () => answer(bare),
      'https://several.test',
    )([
      { waybill: 'W1', bookedAt: '' },
      { waybill: 'W2', bookedAt: '' },
    ]);
    expect(several).toEqual({ ok: true, found: new Map() });
    const empty = await tracker(async () => answer({ Error: null }), 'https://empty.test')(one('W3'));
    expect(empty).toEqual({ ok: true, found: new Map() });
  });

  it('says why there are no scans: unreachable, refused, or an answer that is not a shipment list', async () => {
    const offline = tracker(async () => {
      throw new TypeError('fetch failed');
    }, 'https://a.test');
    expect(await offline(one('W'))).toMatchObject({ ok: false, code: 'UNREACHABLE' });
    expect(await tracker(async () => answer({}, 401), 'https://b.test')(one('W'))).toMatchObject({ code: 'REFUSED' });
    expect(await tracker(async () => answer({}, 503), 'https://c.test')(one('W'))).toMatchObject({
      code: 'UNREACHABLE',
    });
    const odd = tracker(async () => answer({ ShipmentData: 'none' }), 'https://d.test');
    expect(await odd(one('W'))).toMatchObject({ code: 'UNREACHABLE' });
    const html = tracker(async () => new Response('<html>', { status: 200 }), 'https://e.test');
    expect(await html(one('W'))).toMatchObject({ code: 'UNREACHABLE' });
    const unknown = tracker(async () => answer({ ShipmentData: [] }), 'https://f.test');
    expect(await unknown(one('W'))).toEqual({ ok: true, found: new Map() });
  });

  it('reads India time without a zone as +05:30, and leaves text it cannot read as it is', () => {
    expect(indiaTime('2026-11-21T16:00:00')).toBe('2026-11-21T10:30:00.000Z');
    expect(indiaTime('2026-11-21T16:00:00Z')).toBe('2026-11-21T16:00:00.000Z');
    expect(indiaTime('soon')).toBe('soon');
  });
});
