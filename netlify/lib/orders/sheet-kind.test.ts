/**
 * The Sheet's rows in batches (issue 48 point 2), where they wait a minute (the Apps Script): one
 * call per tab for every row due, at most one a minute in steady state; Google's refusals wait
 * without `Needs attention`; two flushes at once write once. On the test run's PostgreSQL.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { needsAttention } from '#shop/order-engine/order-flags.ts';
import { staffStatusLabel } from '#shop/order-engine/staff-status.ts';
import { yearTab } from '#shop/sheet-tab.ts';
import { startTestBlobs, type TestBlobs } from '#tests/support/blobs.ts';
import { codOrder, orderWorld, storedOrder, type TestOrderWorld } from '#tests/support/orders.ts';
import { failure } from '../platform/outcome.ts';
import { cancelOrder } from './cancel.ts';
import { flushSheet } from './sheet-kind.ts';

let blobs: TestBlobs;
beforeAll(async () => {
  blobs = await startTestBlobs();
});
afterAll(() => blobs.stop());

const MINUTE = 60_000;

/** A world whose Sheet takes batches a minute apart, as the Apps Script does in production. */
function batchedWorld(): TestOrderWorld {
  const world = orderWorld(blobs, { COD_PHONE_HISTORY: 'off' });
  world.deps.sheetBatch = { everyMs: MINUTE, maxOrders: 500 };
  return world;
}

const later = (world: TestOrderWorld, ms: number) => {
  world.clock.now = new Date(world.clock.now.getTime() + ms);
};

describe("the Sheet's rows in batches", () => {
  it("writes a minute's orders in one call to their year's tab, at most one call a minute", async () => {
    const world = batchedWorld();
    const first = await codOrder(world);
    // The gate was open: the first order's rows went at once; the next ones wait for the minute.
    expect(world.sheetWrites).toBe(1);
    const rest = [await codOrder(world), await codOrder(world), await codOrder(world)];
    expect(world.sheetWrites).toBe(1);
    expect(world.sheetRows.map((row) => row.orderId)).toEqual([first]);
    await flushSheet(world.deps);
    expect(world.sheetWrites).toBe(1); // within the minute: nothing
    later(world, MINUTE);
    await flushSheet(world.deps);
    expect(world.sheetWrites).toBe(2);
    expect(world.sheetRows.map((row) => row.orderId).sort()).toEqual([first, ...rest].sort());
    expect(new Set(world.sheetTabs.values())).toEqual(new Set([yearTab(world.clock.now.toISOString())]));
    for (const id of [first, ...rest]) expect((await storedOrder(world, id)).status).toBe('forwarded');
  });

  it('waits a minute when Google says so, without Needs attention, then writes the rows once', async () => {
    const world = batchedWorld();
    const write = world.deps.sheets.writeOrders;
    world.deps.sheets.writeOrders = vi.fn(async () =>
      failure('BUSY', 'Too many simultaneous invocations: Spreadsheets'),
    );
    const orderId = await codOrder(world);
    const waiting = await storedOrder(world, orderId);
    expect(needsAttention(waiting)).toBe(false);
    expect(world.sheetRows).toEqual([]);
    world.deps.sheets.writeOrders = write;
    later(world, MINUTE / 2);
    await flushSheet(world.deps);
    expect(world.sheetRows).toEqual([]); // the gate waits the minute Google asked for
    later(world, MINUTE / 2);
    await flushSheet(world.deps);
    expect(world.sheetRows.map((row) => row.orderId)).toEqual([orderId]);
    expect(needsAttention(await storedOrder(world, orderId))).toBe(false);
  });

  it('writes a row changed several times in the minute once, with its newest state', async () => {
    const world = batchedWorld();
    await codOrder(world); // opens and closes the minute's gate
    const orderId = await codOrder(world);
    const writes = world.sheetWrites;
    // Changed twice while its rows wait: cancelled by staff, then the cancellation done.
    await cancelOrder(world.deps, orderId, { reason: 'other', by: 'staff' });
    expect(world.sheetWrites).toBe(writes);
    later(world, MINUTE);
    await flushSheet(world.deps);
    expect(world.sheetWrites).toBe(writes + 1);
    const row = world.sheetRows.find((each) => each.orderId === orderId);
    expect(row?.status).toBe(staffStatusLabel(await storedOrder(world, orderId)));
    expect(row?.status).toMatch(/^Cancelled/);
  });

  it('writes once when two flushes run at the same moment', async () => {
    const world = batchedWorld();
    world.sheetDown = true;
    const ids = [await codOrder(world), await codOrder(world)];
    world.sheetDown = false;
    const writes = world.sheetWrites;
    later(world, 15 * MINUTE); // past the failure's back-off and the gate
    await Promise.all([flushSheet(world.deps), flushSheet(world.deps)]);
    expect(world.sheetWrites).toBe(writes + 1);
    expect(world.sheetRows.map((row) => row.orderId).sort()).toEqual([...ids].sort());
  });
});
