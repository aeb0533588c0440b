import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startTestBlobs, type TestBlobs } from '#tests/support/blobs.ts';
import { makeCustomer } from '#tests/support/factories.ts';
import { codRequest, orderWorld } from '#tests/support/orders.ts';
import { placeCodOrder } from './place.ts';
import { reconcile } from './reconcile.ts';

let blobs: TestBlobs;
beforeAll(async () => {
  blobs = await startTestBlobs();
});
afterAll(() => blobs.stop());

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
    const read = world.deps.log.get;
    world.deps.log.get = async (orderId) => {
      if (orderId === 'OUO_1732000000381') throw new Error('Blobs answered 500');
      return read(orderId);
    };
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    expect(await reconcile(world.deps)).toMatchObject({ retried: ['OUO_1732000000382'] });
    expect(warn).toHaveBeenCalledWith('reconcile: order OUO_1732000000381 skipped: Blobs answered 500');
    warn.mockRestore();
  });
});
