/**
 * The one task runner on the test run's real PostgreSQL server (decision 031): claims taken with
 * `for update skip locked` hold between connections, so two sweeps at once do each task once; a
 * runner stopped mid-task leaves a claim another takes over once it is stale; a settle from a claim
 * taken over is void; one instance's pool of ten takes 200 orders at once.
 */

import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { STALE_CLAIM_MS } from '#shop/order-engine/index.ts';
import { fileTestBlobs } from '#tests/support/blobs.ts';
import { codOrder, codRequest, newOrderId, orderWorld, storedOrder } from '#tests/support/orders.ts';
import { placeCodOrder } from '../orders/place.ts';
import { reconcile } from '../orders/reconcile.ts';
import { TASK_KINDS } from './kinds.ts';
import { retryDelayMs, runOrderTasks, settledState } from './runner.ts';

const blobs = fileTestBlobs();

describe('two sweeps at once', () => {
  it('book each of 30 waiting orders once between them', async () => {
    // One phone's 30 orders: its history would ask for the COD fee up front (rule 17); not this test's subject.
    const world = orderWorld(blobs, { COD_PHONE_HISTORY: 'off' });
    world.carrierDown = true;
    const ids: string[] = [];
    for (let n = 0; n < 30; n += 1) ids.push(await codOrder(world));
    world.carrierDown = false;
    world.clock.now = new Date(world.clock.now.getTime() + retryDelayMs(1));
    const limits = { budgetMs: 60_000, concurrency: 4 };
    await Promise.all([reconcile(world.deps, limits), reconcile(world.deps, limits)]);
    expect(world.shipments.map((shipment) => shipment.order).sort()).toEqual([...ids].sort());
    for (const id of ids) expect((await storedOrder(world, id)).status).toBe('forwarded');
  }, 60_000);
});

describe('a runner stopped mid-task', () => {
  it('leaves its claim until it is stale; then another runner performs the task once, and the late settle is void', async () => {
    const world = orderWorld(blobs);
    world.carrierDown = true;
    const orderId = await codOrder(world);
    world.carrierDown = false;
    world.clock.now = new Date(world.clock.now.getTime() + retryDelayMs(1));
    // The first runner claims the booking and is stopped before it books.
    const dead = randomUUID();
    const [claimed] = await world.deps.log.claimTasks(orderId, ['shipment'], dead, world.clock.now, STALE_CLAIM_MS);
    expect(claimed).toMatchObject({ kind: 'shipment', state: 'running', claim: dead });
    await runOrderTasks(world.deps, TASK_KINDS, orderId);
    expect(world.shipments).toHaveLength(0); // its claim is fresh: nobody else books
    world.clock.now = new Date(world.clock.now.getTime() + STALE_CLAIM_MS);
    await runOrderTasks(world.deps, TASK_KINDS, orderId);
    expect(world.shipments).toHaveLength(1);
    const booked = await storedOrder(world, orderId);
    expect(booked.forwards.shipment).toMatchObject({ status: 'done', waybill: 'WB1' });
    // The stopped runner's settle, should it ever come, finds its claim gone: nothing changes.
    if (!claimed) throw new Error('nothing claimed');
    const late = settledState(TASK_KINDS.shipment, claimed, { status: 'failed', error: 'late' }, world.clock.now);
    expect(await world.deps.log.settleTask(claimed, late, TASK_KINDS.shipment.settledEvent(late))).toBe(false);
    expect((await storedOrder(world, orderId)).forwards.shipment).toEqual(booked.forwards.shipment);
  });
});

describe('a task that fails every time', () => {
  it("is given up after a day, in the provider's own words, for staff", async () => {
    const world = orderWorld(blobs);
    world.mailDown = true;
    const orderId = await codOrder(world);
    for (let hour = 0; hour < 30; hour += 1) {
      world.clock.now = new Date(world.clock.now.getTime() + 60 * 60 * 1000);
      await runOrderTasks(world.deps, TASK_KINDS, orderId);
    }
    const order = await storedOrder(world, orderId);
    expect(order.forwards.email).toMatchObject({
      status: 'needs-attention',
      lastError: 'the Apps Script answered HTTP 503',
    });
    expect(await world.deps.log.attentionOrderIds()).toContain(orderId);
  });
});

describe("one instance's pool", () => {
  it('takes 200 orders placed at the same moment, each once, with ten connections', async () => {
    const world = orderWorld(blobs, { COD_PHONE_HISTORY: 'off' });
    const ids = Array.from({ length: 200 }, () => newOrderId());
    const placed = await Promise.all(ids.map((id) => placeCodOrder(world.deps, codRequest(id))));
    expect(placed.filter((result) => !result.ok)).toEqual([]);
    expect(await world.deps.log.allOrderIds()).toHaveLength(200);
    expect(new Set(world.shipments.map((shipment) => shipment.order)).size).toBe(200);
    expect(world.shipments).toHaveLength(200);
  }, 120_000);
});
