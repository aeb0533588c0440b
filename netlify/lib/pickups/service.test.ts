import { HttpResponse } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { STALE_CLAIM_MS } from '#shop/order-engine/index.ts';
import { freshDatabase } from '#tests/support/database.ts';
import {
  DELHIVERY_TEST_BASE_URL,
  DELHIVERY_TEST_TOKEN,
  delhiveryPickupHandler,
} from '#tests/support/fake-delhivery.ts';
import { server } from '#tests/support/msw.ts';
import { change, parcelOf, putOrders } from '#tests/support/parcels.ts';
import { createDelhivery, type PickupRequest } from '../delhivery/client.ts';
import { createOrderLog } from '../orders/order-log.ts';
import { failure } from '../platform/outcome.ts';
import type { SheetPickup } from '../sheets/pickups-tab.ts';
import { retryDelayMs } from '../tasks/runner.ts';
import { claimTask, ensureTask, readTask } from '../tasks/site-tasks.ts';
import { type PickupDeps, pickupDay, pickupKey, requestDailyPickup } from './service.ts';

// India is UTC+05:30: the cut-off 14:00 is 08:30 UTC, the pickup time 16:00 is 10:30 UTC.
const BEFORE_CUTOFF = '2026-11-21T08:00:00.000Z';
const AFTER_CUTOFF = '2026-11-21T08:35:00.000Z';
const LATER_THAT_DAY = '2026-11-21T09:05:00.000Z';
const AFTER_PICKUP_TIME = '2026-11-21T10:35:00.000Z';
const NEXT_DAY = '2026-11-22T08:35:00.000Z';

interface World {
  deps: PickupDeps;
  requests: PickupRequest[];
  rows: SheetPickup[];
  clock: { now: Date };
  carrierDown: boolean;
  sheetDown: boolean;
  /** Holds each request until released, so two runs overlap. */
  hold?: Promise<void>;
}

async function world(orders: Parameters<typeof putOrders>[1] = []): Promise<World> {
  const { db } = await freshDatabase();
  const log = createOrderLog(db);
  await putOrders(log, orders);
  const w: World = {
    requests: [],
    rows: [],
    clock: { now: new Date(AFTER_CUTOFF) },
    carrierDown: false,
    sheetDown: false,
    deps: undefined as unknown as PickupDeps,
  };
  w.deps = {
    log,
    db,
    settings: async () => ({ pickup: { name: 'Delhivery Uttarkashi hub', cutoff: '14:00', time: '16:00' } }),
    carrier: {
      requestPickup: vi.fn(async (request: PickupRequest) => {
        w.requests.push(request);
        await w.hold;
        if (w.carrierDown) return failure('UNREACHABLE', 'HTTP 503');
        return { ok: true as const, pickupId: `PU${w.requests.length}`, duplicate: false };
      }),
    },
    sheets: {
      upsertPickup: vi.fn(async (row: SheetPickup) => {
        if (w.sheetDown) return failure('UNREACHABLE', 'Sheet unreachable');
        const index = w.rows.findIndex((existing) => existing.date === row.date);
        if (index < 0) w.rows.push(row);
        else w.rows[index] = row;
        return { ok: true as const, duplicate: index >= 0 };
      }),
    },
    now: () => w.clock.now,
  };
  return w;
}

const run = (w: World, at?: string) => {
  if (at) w.clock.now = new Date(at);
  return requestDailyPickup(w.deps);
};

/** The day as its task row holds it (what the Pickups tab shows). */
const stored = async (w: World, date = '2026-11-21') => {
  const task = await readTask(w.deps.db, pickupKey(date));
  return task && pickupDay(task);
};

/** Two runs at once, the first held inside its request to Delhivery until the second has run: their actions. */
/**
 * The run that did not ask: it found the other's claim, or (on a loaded machine, reaching its claim
 * only once the other had finished) the day already requested. Either way Delhivery is asked once.
 */
const LOSER = expect.stringMatching(/^(claimed-elsewhere|already-requested)$/);

async function twoAtOnce(w: World): Promise<string[]> {
  const release = await new Promise<() => void>((handOver) => {
    w.hold = new Promise<void>((resolve) => handOver(resolve));
  });
  const both = Promise.all([run(w), run(w)]);
  await vi.waitFor(() => expect(w.requests).toHaveLength(1));
  release();
  return (await both).map((report) => report.action).sort();
}

/** Delhivery (the real client, on a fake API) refuses every request: a low wallet. Answers its words. */
function lowWallet(w: World): string {
  const low = 'Client wallet balance is Rs 12.50, please recharge to continue';
  server.use(delhiveryPickupHandler(() => HttpResponse.json({ prepaid: low }, { status: 400 })));
  w.deps.carrier = createDelhivery({
    DELHIVERY_TOKEN: DELHIVERY_TEST_TOKEN,
    DELHIVERY_BASE_URL: DELHIVERY_TEST_BASE_URL,
  });
  return low;
}

/** A run claimed the day at the cut-off and died before Delhivery answered: its claim stays running. */
async function diedAtCutoff(w: World): Promise<void> {
  const asked = { date: '2026-11-21', time: '16:00:00', location: 'Delhivery Uttarkashi hub', parcels: 2 };
  await ensureTask(w.deps.db, { key: pickupKey('2026-11-21'), kind: 'pickup', payload: asked }, new Date(AFTER_CUTOFF));
  await claimTask(w.deps.db, pickupKey('2026-11-21'), new Date(AFTER_CUTOFF));
}

/** Two parcels waiting (one booked before parcels were followed), and others that are not. */
const TODAY = [
  { orderId: 'OUO_1763700000001' },
  { orderId: 'OUO_1763700000002', parcel: parcelOf() },
  { orderId: 'OUO_1763700000003', parcel: parcelOf(change('picked-up', '2026-11-21T07:00:00.000Z')) },
  {
    orderId: 'OUO_1763700000004',
    parcel: parcelOf(change('picked-up', '2026-11-20T07:00:00.000Z'), change('delivered', '2026-11-21T05:00:00.000Z')),
  },
  { orderId: 'OUO_1763700000005', unbooked: true },
];

describe('parcelsWaiting', () => {
  it('counts booked parcels not picked up yet, an order booked before parcels were followed among them', async () => {
    const w = await world(TODAY);
    expect(await w.deps.log.parcelsWaiting()).toBe(2);
  });
});

describe("the day's pickup request", () => {
  let w: World;
  beforeEach(async () => {
    w = await world(TODAY);
  });

  it('waits before the cut-off: nothing asked, nothing recorded', async () => {
    expect(await run(w, BEFORE_CUTOFF)).toEqual({ action: 'wait', date: '2026-11-21', cutoff: '14:00' });
    expect(w.requests).toEqual([]);
    expect(await stored(w)).toBeUndefined();
  });

  it('asks for nothing when no parcel waits', async () => {
    const empty = await world([
      { orderId: 'OUO_1763700000011', parcel: parcelOf(change('picked-up', '2026-11-21T07:00:00.000Z')) },
    ]);
    expect(await run(empty)).toEqual({ action: 'none', date: '2026-11-21' });
    expect(empty.requests).toEqual([]);
    expect(empty.rows).toEqual([]);
    expect(await stored(empty)).toBeUndefined();
  });

  it("after the cut-off asks once for the day's waiting parcels, at the pickup time, and shows it in the Sheet", async () => {
    expect(await run(w)).toEqual({
      action: 'requested',
      date: '2026-11-21',
      pickupId: 'PU1',
      parcels: 2,
      duplicate: false,
    });
    expect(w.requests).toEqual([
      { location: 'Delhivery Uttarkashi hub', date: '2026-11-21', time: '16:00:00', expectedPackageCount: 2 },
    ]);
    expect(w.rows).toEqual([
      {
        date: '2026-11-21',
        time: '16:00:00',
        location: 'Delhivery Uttarkashi hub',
        parcels: 2,
        pickupId: 'PU1',
        status: 'Requested',
        requestedAt: AFTER_CUTOFF,
      },
    ]);
    expect(await stored(w)).toMatchObject({
      status: 'requested',
      pickupId: 'PU1',
      attempts: 1,
      sheetStatus: 'Requested',
    });
  });

  it('never asks twice for a day after a success, however often it runs; the next day asks again', async () => {
    await run(w);
    expect(await run(w, LATER_THAT_DAY)).toEqual({ action: 'already-requested', date: '2026-11-21', pickupId: 'PU1' });
    expect(await run(w, AFTER_PICKUP_TIME)).toMatchObject({ action: 'already-requested' });
    expect(w.requests).toHaveLength(1);
    expect(vi.mocked(w.deps.sheets.upsertPickup)).toHaveBeenCalledTimes(1);
    expect(await run(w, NEXT_DAY)).toMatchObject({ action: 'requested', date: '2026-11-22' });
    expect(w.requests.map((request) => request.date)).toEqual(['2026-11-21', '2026-11-22']);
  });

  it('lets only one of two runs at once ask Delhivery', async () => {
    expect(await twoAtOnce(w)).toEqual([LOSER, 'requested']);
    expect(w.requests).toHaveLength(1);
  });

  it('retries a failed request on the next run that day, and shows each outcome in the Sheet', async () => {
    w.carrierDown = true;
    expect(await run(w)).toEqual({ action: 'failed', date: '2026-11-21', parcels: 2, error: 'HTTP 503', attempts: 1 });
    expect(w.rows[0]?.status).toBe('Failed, retrying: HTTP 503');
    expect(await stored(w)).toMatchObject({ status: 'failed', error: 'HTTP 503' });

    w.carrierDown = false;
    expect(await run(w, LATER_THAT_DAY)).toMatchObject({ action: 'requested', pickupId: 'PU2' });
    expect(w.requests).toHaveLength(2);
    expect(w.rows).toHaveLength(1);
    expect(w.rows[0]).toMatchObject({ status: 'Requested', pickupId: 'PU2', requestedAt: LATER_THAT_DAY });
    const day = await stored(w);
    expect(day).toMatchObject({ status: 'requested', attempts: 2 });
    expect(day?.error).toBeUndefined();
  });

  it("shows a refusal in Delhivery's own words in the Pickups tab: a low wallet, to top up (issue 47)", async () => {
    const low = lowWallet(w);
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    expect(await run(w)).toMatchObject({ action: 'failed', error: `HTTP 400 (${low})` });
    warn.mockRestore();
    expect(w.rows[0]?.status).toBe(`Failed, retrying: HTTP 400 (${low})`);
  });

  it('gives up once the pickup time has passed with the request failed, and tells staff in the Sheet', async () => {
    w.carrierDown = true;
    await run(w);
    expect(await run(w, AFTER_PICKUP_TIME)).toEqual({ action: 'late', date: '2026-11-21', status: 'failed' });
    expect(w.requests).toHaveLength(1);
    expect(w.rows[0]?.status).toBe('Not requested: HTTP 503');
    expect(await stored(w)).toMatchObject({ status: 'gave-up', sheetStatus: 'Not requested: HTTP 503' });
    expect(await run(w)).toMatchObject({ action: 'late', status: 'gave-up' });
    expect(vi.mocked(w.deps.sheets.upsertPickup)).toHaveBeenCalledTimes(2);
  });

  it('asks nothing on a first run after the pickup time', async () => {
    expect(await run(w, AFTER_PICKUP_TIME)).toEqual({ action: 'late', date: '2026-11-21' });
    expect(w.requests).toEqual([]);
  });

  it('writes a row the Sheet missed on a later run, without asking Delhivery again', async () => {
    w.sheetDown = true;
    expect(await run(w)).toMatchObject({ action: 'requested' });
    expect(w.rows).toEqual([]);
    expect((await stored(w))?.sheetStatus).toBeUndefined();
    w.sheetDown = false;
    expect(await run(w, LATER_THAT_DAY)).toMatchObject({ action: 'already-requested' });
    expect(w.rows).toMatchObject([{ status: 'Requested', pickupId: 'PU1' }]);
    expect(w.requests).toHaveLength(1);
  });

  it('leaves a fresh claim to the run that holds it, and takes over one abandoned by a run that died', async () => {
    await diedAtCutoff(w);
    expect(await run(w, new Date(Date.parse(AFTER_CUTOFF) + 60_000).toISOString())).toEqual({
      action: 'claimed-elsewhere',
      date: '2026-11-21',
    });
    expect(w.requests).toEqual([]);
    expect(await run(w, new Date(Date.parse(AFTER_CUTOFF) + STALE_CLAIM_MS).toISOString())).toMatchObject({
      action: 'requested',
    });
    expect(await stored(w)).toMatchObject({ status: 'requested', attempts: 2 });
  });

  it('asks once and writes one row when five runs come at once, each on its own connection', async () => {
    await Promise.all(Array.from({ length: 5 }, () => run(w)));
    expect(w.requests).toHaveLength(1);
    expect(w.rows).toHaveLength(1);
    expect(await stored(w)).toMatchObject({ status: 'requested', attempts: 1, sheetStatus: 'Requested' });
  });

  it('retries a failure at the one back-off: not before its time, then once', async () => {
    w.carrierDown = true;
    await run(w);
    const due = Date.parse(AFTER_CUTOFF) + retryDelayMs(1);
    const runAt = new Date(due).toISOString();
    const early = await run(w, new Date(due - 60_000).toISOString());
    expect(early).toEqual({ action: 'retry-later', date: '2026-11-21', runAt, error: 'HTTP 503' });
    expect(w.requests).toHaveLength(1);
    w.carrierDown = false;
    expect(await run(w, new Date(due).toISOString())).toMatchObject({ action: 'requested', pickupId: 'PU2' });
    expect(w.requests).toHaveLength(2);
  });

  it("gives up a refused day at the pickup time with Delhivery's own words in the Pickups tab", async () => {
    const low = lowWallet(w);
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    await run(w);
    await run(w, LATER_THAT_DAY);
    warn.mockRestore();
    expect(await run(w, AFTER_PICKUP_TIME)).toEqual({ action: 'late', date: '2026-11-21', status: 'failed' });
    expect(w.rows).toMatchObject([{ status: `Not requested: HTTP 400 (${low})` }]);
    expect(await stored(w)).toMatchObject({ status: 'gave-up', attempts: 2, error: `HTTP 400 (${low})` });
  });

  it('asks once when two runs at once find a claim abandoned by a run that died', async () => {
    await diedAtCutoff(w);
    w.clock.now = new Date(Date.parse(AFTER_CUTOFF) + STALE_CLAIM_MS);
    expect(await twoAtOnce(w)).toEqual([LOSER, 'requested']);
    expect(w.requests).toHaveLength(1);
    expect(await stored(w)).toMatchObject({ status: 'requested', attempts: 2, parcels: 2 });
  });
});
