/**
 * The Sheet's rows in batches (issue 48 point 2), where they wait a minute (the Apps Script): one
 * call per tab for every row due, at most one a minute in steady state; Google's refusals wait
 * without `Needs attention`; two flushes at once write once. On the test run's PostgreSQL.
 */
import { describe, expect, it, vi } from 'vitest';
import { yearTab } from '#shop/order/index.ts';
import { needsAttention, staffStatusLabel } from '#shop/order-engine/index.ts';
import { fileTestBlobs } from '#tests/support/blobs.ts';
import { fakeAppsScript } from '#tests/support/fake-apps-script.ts';
import { codOrder, orderWorld, storedOrder, type TestOrderWorld } from '#tests/support/orders.ts';
import { failure } from '../platform/outcome.ts';
import { createSheets } from '../sheets/client.ts';
import { ORDER_HEADERS, orderRows } from '../sheets/orders-tab.ts';
import { cancelOrder } from './cancel.ts';
import { flushSheet, sheetOrderOf } from './sheet-kind.ts';

const blobs = fileTestBlobs();

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

  it('catches up in order once the Apps Script answers after an hour down: one call per tab, nothing for staff', async () => {
    const world = batchedWorld();
    // Half an hour before a financial year ends (India time): the hour's orders fall in two tabs.
    world.clock.now = new Date('2027-03-31T18:00:00.000Z');
    world.sheetDown = true;
    const ids: string[] = [];
    for (let minute = 0; minute < 60; minute += 1) {
      if (minute % 5 === 0) ids.push(await codOrder(world));
      later(world, MINUTE);
      await flushSheet(world.deps);
    }
    expect(world.sheetRows).toEqual([]);
    const waiting = await storedOrder(world, ids[0] as string);
    expect(needsAttention(waiting)).toBe(false);
    // Tried each minute, the same failure is written in its history once.
    expect(waiting.history.filter((entry) => entry.event.startsWith('sheet: failed'))).toHaveLength(1);
    const write = vi.mocked(world.deps.sheets.writeOrders);
    write.mockClear();
    world.sheetDown = false;
    later(world, MINUTE);
    await flushSheet(world.deps);
    const calls = write.mock.calls.map(([tab, orders]) => ({ tab, ids: orders.map((order) => order.orderId) }));
    expect(calls.map((call) => call.tab).sort()).toEqual(['Orders 2026-27', 'Orders 2027-28']);
    // Oldest first in each tab, every order once.
    for (const call of calls)
      expect(call.ids).toEqual([...call.ids].sort((a, b) => a.localeCompare(b, 'en', { numeric: true })));
    expect(calls.flatMap((call) => call.ids).sort()).toEqual([...ids].sort());
    for (const id of ids) expect(needsAttention(await storedOrder(world, id))).toBe(false);
  });

  it('finishes a batch half applied by a killed script: what it wrote is not written again, the rest follow', async () => {
    const world = batchedWorld();
    const clock = () => world.clock.now.getTime();
    vi.spyOn(console, 'warn').mockImplementation(() => undefined); // the client tells of Google's refusal
    const fake = fakeAppsScript({ clock, costPerRangeCallMs: 150_000 });
    world.deps.sheets = createSheets({ ...fake.env, LOCAL_SHEETS_DIR: '/nonexistent' });
    const first = await codOrder(world); // a new tab: its header and rows, two writes (5 simulated minutes)
    const tab = yearTab(world.clock.now.toISOString());
    expect(fake.rows(tab)).toHaveLength(2);
    const rest = [await codOrder(world), await codOrder(world)];
    await cancelOrder(world.deps, first, { reason: 'other', by: 'staff' });
    later(world, MINUTE);
    const before = fake.script.rangeCalls.length;
    await flushSheet(world.deps);
    // The read and the first order's rewrite went; Google stopped the script before the append.
    expect(fake.state.killed).toBe(1);
    const killed = fake.script.rangeCalls.slice(before).filter((call) => call.method === 'setValues');
    expect(killed.length).toBeGreaterThan(0);
    expect(fake.rows(tab)).toHaveLength(2);
    expect(needsAttention(await storedOrder(world, first))).toBe(false);
    fake.limits.costPerRangeCallMs = 0;
    later(world, MINUTE);
    const resent = fake.script.rangeCalls.length;
    await flushSheet(world.deps);
    const again = fake.script.rangeCalls.slice(resent).filter((call) => call.method === 'setValues');
    // No cell written by the killed execution is written again.
    const cells = (call: (typeof again)[number]) =>
      Array.from(
        { length: call.rows * call.columns },
        (_, i) => `${call.row + Math.floor(i / call.columns)}:${call.column + (i % call.columns)}`,
      );
    const written = new Set(killed.flatMap(cells));
    expect(again.flatMap(cells).filter((cell) => written.has(cell))).toEqual([]);
    const expected = await Promise.all(
      [first, ...rest].map(async (id) => orderRows(sheetOrderOf(world.deps, await storedOrder(world, id)))),
    );
    expect(fake.rows(tab)).toEqual([[...ORDER_HEADERS], ...expected.flat()]);
  });

  it('marks the rows for staff when the Sheet fails a whole day (a real error), and still writes them once it answers', async () => {
    const world = batchedWorld();
    world.sheetDown = true;
    const orderId = await codOrder(world);
    for (let quarter = 0; quarter < 25 * 4; quarter += 1) {
      later(world, 15 * MINUTE);
      await flushSheet(world.deps);
    }
    const order = await storedOrder(world, orderId);
    expect(order.forwards.sheet).toMatchObject({ status: 'needs-attention', lastError: 'Sheet unreachable' });
    expect(needsAttention(order)).toBe(true);
    expect(order.history.filter((entry) => entry.event.startsWith('sheet: '))).toHaveLength(2);
    expect(await world.deps.log.oldestUnwrittenSheet()).toBeDefined();
    // Still tried each hour: once the Sheet answers, the order is in it and nothing is left for staff.
    world.sheetDown = false;
    later(world, 60 * MINUTE);
    await flushSheet(world.deps);
    expect(world.sheetRows.map((row) => row.orderId)).toEqual([orderId]);
    expect(needsAttention(await storedOrder(world, orderId))).toBe(false);
    expect(await world.deps.log.oldestUnwrittenSheet()).toBeUndefined();
  });
});
