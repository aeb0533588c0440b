/**
 * The scheduled `request-pickup` function as Netlify runs it: the day's task row in the file's database,
 * the local Sheet in a temporary folder, Delhivery's local default or a fake of its pickup API.
 */

import { join } from 'node:path';
import { HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import requestPickup, { config } from '../../netlify/functions/request-pickup.mts';
import { type PickupReport, pickupDay, pickupKey } from '../../netlify/lib/pickups/service.ts';
import { database } from '../../netlify/lib/platform/database.ts';
import { readTask } from '../../netlify/lib/tasks/site-tasks.ts';
import { readCsv } from '../../src/content/sheet-csv.server.ts';
import { functionsLog } from '../support/database.ts';
import { delhiveryPickupHandler, stubDelhiveryEnv } from '../support/fake-delhivery.ts';
import { functionSandbox } from '../support/functions.ts';
import { server } from '../support/msw.ts';
import { parcelOf, putOrders } from '../support/parcels.ts';

const sandbox = functionSandbox('request-pickup', ['DELHIVERY_TOKEN', 'CONTEXT']);

const tick = async () => (await (await requestPickup()).json()) as PickupReport;
const at = (iso: string) => vi.setSystemTime(new Date(iso));

let day = 0;
beforeEach(async () => {
  // Each test on a day of its own: the day's tasks and the order log are shared by the file.
  day += 1;
  vi.useFakeTimers({ toFake: ['Date'], now: new Date(`2026-11-${String(day).padStart(2, '0')}T08:45:00Z`) });
  vi.spyOn(console, 'log').mockImplementation(() => undefined);
  await putOrders(functionsLog(), [{ orderId: `OUO_17637000${String(day).padStart(2, '0')}001`, parcel: parcelOf() }]);
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('request-pickup', () => {
  it('runs every 30 minutes, with no address and no rate limit', () => {
    expect(config).toEqual({ schedule: '*/30 * * * *' });
  });

  it("asks the local carrier once for the day's parcels and writes the Pickups tab", async () => {
    const date = `2026-11-${String(day).padStart(2, '0')}`;
    const first = await tick();
    expect(first).toMatchObject({
      action: 'requested',
      date,
      duplicate: false,
      pickupId: expect.stringMatching(/^SIMPU/),
    });
    expect(first.action === 'requested' && first.parcels).toBeGreaterThanOrEqual(1);
    expect(await tick()).toMatchObject({ action: 'already-requested', date });
    const rows = await readCsv(join(sandbox.sheetsDir(), 'Pickups.csv'));
    expect(rows[0]).toEqual(['Date', 'Time', 'Location', 'Parcels', 'Pickup ID', 'Status', 'Requested At']);
    expect(rows.slice(1)).toEqual([
      [
        date,
        '16:00:00',
        'Delhivery Uttarkashi hub',
        expect.any(String),
        expect.stringMatching(/^SIMPU/),
        'Requested',
        expect.any(String),
      ],
    ]);
    const stored = await readTask(database(), pickupKey(date));
    expect(stored && pickupDay(stored)).toMatchObject({ status: 'requested', attempts: 1 });
  });

  it('waits before the cut-off', async () => {
    at(`2026-11-${String(day).padStart(2, '0')}T08:00:00Z`);
    expect(await tick()).toMatchObject({ action: 'wait', cutoff: '14:00' });
  });

  it('with Delhivery configured: a failed request is retried by the next run, then never again', async () => {
    stubDelhiveryEnv();
    const bodies: unknown[] = [];
    let down = true;
    server.use(
      delhiveryPickupHandler(() => {
        if (down) return new HttpResponse('Service Unavailable', { status: 503 });
        return HttpResponse.json({ pickup_id: 8123456, pickup_date: '2026-11-21', pickup_time: '16:00:00' });
      }, bodies),
    );
    expect(await tick()).toMatchObject({ action: 'failed', error: 'HTTP 503', attempts: 1 });
    // A failed request is logged as an error, for Netlify's function log.
    expect(vi.mocked(console.error)).toHaveBeenCalledWith('request-pickup', expect.stringContaining('HTTP 503'));
    vi.mocked(console.error).mockClear();
    down = false;
    at(`2026-11-${String(day).padStart(2, '0')}T09:15:00Z`);
    expect(await tick()).toMatchObject({ action: 'requested', pickupId: '8123456' });
    expect(await tick()).toMatchObject({ action: 'already-requested', pickupId: '8123456' });
    expect(bodies).toHaveLength(2);
    expect(bodies[0]).toMatchObject({ pickup_location: 'Delhivery Uttarkashi hub', pickup_time: '16:00:00' });
  });
});
