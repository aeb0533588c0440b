import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it, vi } from 'vitest';
import { STALE_CLAIM_MS } from '#shop/order-engine/index.ts';
import { fileTestBlobs } from '#tests/support/blobs.ts';
import { makeCustomer } from '#tests/support/factories.ts';
import { codRequest, orderWorld } from '#tests/support/orders.ts';
import { retryDelayMs } from '../tasks/runner.ts';
import { placeCodOrder } from './place.ts';
import { reconcile } from './reconcile.ts';

const blobs = fileTestBlobs();

describe('the reconciler under a time budget', () => {
  it('works oldest first, a few at a time, and leaves the rest to the next run', async () => {
    const world = orderWorld(blobs);
    world.carrierDown = true;
    const ids = Array.from({ length: 8 }, (_, index) => `OUO_17320000003${String(index).padStart(2, '0')}`);
    // Placed newest first, so the log's listing order is not the age order by accident.
    for (const [index, id] of [...ids].reverse().entries()) {
      await placeCodOrder(world.deps, codRequest(id, { customer: makeCustomer({ name: `Shopper ${index}` }) }));
    }
    world.carrierDown = false;
    world.clock.now = new Date(world.clock.now.getTime() + 15 * 60 * 1000);
    // The carrier is slow now: each booking takes 60 ms, and at most two run at once.
    let inFlight = 0;
    let mostAtOnce = 0;
    const book = world.deps.carrier.createShipment;
    world.deps.carrier.createShipment = async (input) => {
      inFlight += 1;
      mostAtOnce = Math.max(mostAtOnce, inFlight);
      await sleep(60);
      inFlight -= 1;
      return book(input);
    };
    const first = await reconcile(world.deps, { budgetMs: 100, concurrency: 2 });
    expect(mostAtOnce).toBe(2);
    expect(first.deferred).toBeGreaterThan(0);
    expect([...first.retried].sort()).toEqual(ids.slice(0, first.retried.length)); // the oldest
    expect(first.retried.length + first.deferred).toBe(ids.length);
    // Runs go on until every order is done; none is skipped, none booked twice.
    for (let run = 0; run < 10 && (await world.deps.log.openOrderIds()).length > 0; run += 1) {
      await reconcile(world.deps, { budgetMs: 100, concurrency: 2 });
    }
    expect(await world.deps.log.openOrderIds()).toEqual([]);
    expect(world.shipments.map((shipment) => shipment.order).sort()).toEqual(ids);
  });

  it('skips an order it cannot read, and goes on with the others', async () => {
    const world = orderWorld(blobs);
    world.carrierDown = true;
    await placeCodOrder(world.deps, codRequest('OUO_1732000000381'));
    await placeCodOrder(world.deps, codRequest('OUO_1732000000382'));
    world.carrierDown = false;
    world.clock.now = new Date(world.clock.now.getTime() + 15 * 60 * 1000);
    // The sweep reads each order as it claims its due tasks (order-log.ts `claimPhase`).
    const claim = world.deps.log.claimPhase;
    world.deps.log.claimPhase = async (orderId, ...rest) => {
      if (orderId === 'OUO_1732000000381') throw new Error('Blobs answered 500');
      return claim(orderId, ...rest);
    };
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    expect(await reconcile(world.deps)).toMatchObject({ retried: ['OUO_1732000000382'] });
    expect(warn).toHaveBeenCalledWith('reconcile: order OUO_1732000000381 skipped: Blobs answered 500');
    warn.mockRestore();
  });
});

describe('the sweep runs what is due', () => {
  it('asks the task table which orders have a task due: none before its back-off, a dead runner’s after the stale-claim time', async () => {
    const world = orderWorld(blobs);
    world.carrierDown = true;
    const waiting = 'OUO_1732000000391';
    const held = 'OUO_1732000000392';
    await placeCodOrder(world.deps, codRequest(waiting));
    await placeCodOrder(world.deps, codRequest(held));
    world.carrierDown = false;
    // Failed a moment ago: not due until its back-off (15 minutes) has passed.
    expect(await world.deps.log.dueOrderIds(world.clock.now, STALE_CLAIM_MS)).toEqual([]);
    expect(await reconcile(world.deps)).toEqual({ completed: [], expired: [], retried: [], deferred: 0 });
    expect(world.shipments).toEqual([]);
    world.clock.now = new Date(world.clock.now.getTime() + retryDelayMs(1));
    // A runner claims one order's booking and is stopped before it books.
    await world.deps.log.claimTasks(held, ['shipment'], randomUUID(), world.clock.now, STALE_CLAIM_MS);
    expect(await world.deps.log.dueOrderIds(world.clock.now, STALE_CLAIM_MS)).toEqual([waiting]);
    expect(await reconcile(world.deps)).toMatchObject({ retried: [waiting] });
    world.clock.now = new Date(world.clock.now.getTime() + STALE_CLAIM_MS);
    expect(await reconcile(world.deps)).toMatchObject({ retried: [held] });
    expect(world.shipments.map((shipment) => shipment.order)).toEqual([waiting, held]);
    expect(await world.deps.log.dueOrderIds(world.clock.now, STALE_CLAIM_MS)).toEqual([]);
  });
});
