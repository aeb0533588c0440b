/** Delhivery's tracking API as the shop reads it, and the local carrier's simulated scans. */
import { describe, expect, it, vi } from 'vitest';
import { delhiveryTracker, indiaTime, simulatedTracker } from './tracking.ts';

const answer = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status });
const shipment = {
  ShipmentData: [
    {
      Shipment: {
        AWB: '1234567890',
        Status: { Status: 'Delivered', StatusDateTime: '2026-11-24T12:00:00.000' },
        Scans: [
          {
            ScanDetail: {
              Scan: 'In Transit',
              ScanDateTime: '2026-11-22T09:30:00.000',
              ScanLocation: 'Dehradun_Hub (Uttarakhand)',
              Instructions: 'Bag Received',
            },
          },
          {
            ScanDetail: {
              Scan: 'Manifested',
              ScanDateTime: '2026-11-21T16:00:00',
              ScanLocation: 'Uttarkashi',
              Instructions: null,
            },
          },
          { ScanDetail: { Scan: 'Delivered', ScanDateTime: '2026-11-24T12:00:00.000+05:30' } },
        ],
        ExpectedDeliveryDate: '2026-11-25T23:59:59',
      },
    },
  ],
};
const tracker = (fetchImpl: typeof fetch, baseUrl = 'https://track.delhivery.test') =>
  delhiveryTracker({ token: 'tok', baseUrl, fetchImpl, timeoutMs: 1000 });

describe('delhiveryTracker', () => {
  it('asks with the token, reads the scans oldest first in UTC, and Delivered', async () => {
    const fetchImpl = vi.fn(async (input: string | URL | Request, init?: RequestInit) => {
      expect(String(input)).toBe('https://track.delhivery.test/api/v1/packages/json/?waybill=1234567890');
      expect(init?.headers).toMatchObject({ Authorization: 'Token tok' });
      return answer(shipment);
    });
    const result = await tracker(fetchImpl)({ waybill: '1234567890', bookedAt: '' });
    expect(result).toEqual({
      ok: true,
      tracking: {
        delivered: true,
        simulated: false,
        expectedDelivery: '2026-11-25T18:29:59.000Z',
        scans: [
          { at: '2026-11-21T10:30:00.000Z', status: 'Manifested', location: 'Uttarkashi', note: undefined },
          {
            at: '2026-11-22T04:00:00.000Z',
            status: 'In Transit',
            location: 'Dehradun_Hub (Uttarakhand)',
            note: 'Bag Received',
          },
          { at: '2026-11-24T06:30:00.000Z', status: 'Delivered', location: '', note: undefined },
        ],
      },
    });
    // Asked again within 5 minutes: the kept answer.
    await tracker(fetchImpl)({ waybill: '1234567890', bookedAt: '' });
    expect(fetchImpl).toHaveBeenCalledOnce();
  });

  it('says why there are no scans: unreachable, refused, or an answer that is not a shipment', async () => {
    const offline = tracker(async () => {
      throw new TypeError('fetch failed');
    }, 'https://a.test');
    expect(await offline({ waybill: 'W', bookedAt: '' })).toMatchObject({ ok: false, code: 'UNREACHABLE' });
    expect(await tracker(async () => answer({}, 401), 'https://b.test')({ waybill: 'W', bookedAt: '' })).toMatchObject({
      code: 'REFUSED',
    });
    expect(await tracker(async () => answer({}, 503), 'https://c.test')({ waybill: 'W', bookedAt: '' })).toMatchObject({
      code: 'UNREACHABLE',
    });
    const empty = tracker(async () => answer({ ShipmentData: [] }), 'https://d.test');
    expect(await empty({ waybill: 'W', bookedAt: '' })).toMatchObject({ code: 'UNREACHABLE' });
    const bare = tracker(async () => answer({ ShipmentData: [{ Shipment: {} }] }), 'https://e.test');
    expect(await bare({ waybill: 'W', bookedAt: '' })).toEqual({
      ok: true,
      tracking: { delivered: false, scans: [], expectedDelivery: undefined, simulated: false },
    });
  });

  it('reads India time without a zone as +05:30, and leaves text it cannot read as it is', () => {
    expect(indiaTime('2026-11-21T16:00:00')).toBe('2026-11-21T10:30:00.000Z');
    expect(indiaTime('2026-11-21T16:00:00Z')).toBe('2026-11-21T16:00:00.000Z');
    expect(indiaTime('soon')).toBe('soon');
  });
});

describe('simulatedTracker', () => {
  it('shows the scans whose time has come, and Delivered after 3¼ simulated days', async () => {
    const bookedAt = '2026-11-21T00:00:00.000Z';
    const day = 1000;
    const at = (days: number) =>
      simulatedTracker(day, () => Date.parse(bookedAt) + days * day)({ waybill: 'SIM1', bookedAt });
    expect(await at(0)).toMatchObject({ ok: true, tracking: { scans: [], delivered: false, simulated: true } });
    const halfway = await at(1.5);
    expect(halfway.ok && halfway.tracking.scans.map((scan) => scan.status)).toEqual(['Picked up', 'In transit']);
    const done = await at(4);
    expect(done.ok && done.tracking).toMatchObject({ delivered: true, expectedDelivery: '2026-11-21T00:00:03.250Z' });
  });
});
