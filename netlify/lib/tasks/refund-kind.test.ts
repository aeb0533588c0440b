/**
 * The `refund` and `cancel-booking` task kinds on the test run's real PostgreSQL server (issue 47
 * point 3): Razorpay is asked for a refund in one place, once however many runners ask at once; a
 * runner stopped mid-call is taken over after its claim is stale, and Razorpay answers the same
 * refund (the key is its `X-Refund-Idempotency`); a refusal is kept in Razorpay's words; a booking
 * step that failed is run again by the reconciler.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { STALE_CLAIM_MS, staffStatusLabel } from '#shop/order-engine/index.ts';
import { fileTestBlobs } from '#tests/support/blobs.ts';
import {
  codOrder,
  gatewayRefunds,
  orderWorld,
  paidOrder,
  storedOrder,
  sweepLater,
  type TestOrderWorld,
} from '#tests/support/orders.ts';
import { cancelOrder } from '../orders/cancel.ts';
import { reconcile } from '../orders/reconcile.ts';
import { performStaffAction } from '../orders/staff-actions.ts';
import { failure } from '../platform/outcome.ts';
import { TASK_KINDS } from './kinds.ts';
import { runOrderTasks } from './runner.ts';

const blobs = fileTestBlobs();

/** The world's gateway, its refund calls counted. */
function countedGateway(world: TestOrderWorld) {
  const gateway = world.gateway();
  const refund = gateway.refundPayment.bind(gateway);
  const calls: string[] = [];
  gateway.refundPayment = async (request) => {
    calls.push(request.idempotencyKey);
    return refund(request);
  };
  world.deps.gateway = () => ({ ok: true, gateway });
  return { gateway, calls };
}

/** A staff refund of ₹100 written on the order (its task earned), Razorpay not asked yet. */
async function writtenRefund(world: TestOrderWorld, orderId: string) {
  const order = await storedOrder(world, orderId);
  const at = world.clock.now.toISOString();
  const { order: written } = await world.deps.log.apply(orderId, {
    type: 'staff-refund-asked',
    at,
    requestId: randomUUID(),
    paymentId: order.razorpay?.paymentId ?? '',
    capturedPaise: order.razorpay?.amountPaise ?? 0,
    amountPaise: 10_000,
  });
  const refund = written.issuedRefunds?.at(-1);
  if (!refund) throw new Error('no refund written');
  return refund;
}

/** A paid order in a fresh world with its staff refund written, the world's refund calls counted. */
async function paidOrderWithRefund() {
  const world = orderWorld(blobs);
  const orderId = await paidOrder(world);
  const { gateway, calls } = countedGateway(world);
  const refund = await writtenRefund(world, orderId);
  return { world, orderId, gateway, calls, refund };
}

describe('a refund asked of Razorpay', () => {
  it('reaches Razorpay once when two runners and the reconciler ask at the same moment', async () => {
    const { world, orderId, calls, refund } = await paidOrderWithRefund();
    await Promise.all([
      runOrderTasks(world.deps, TASK_KINDS, orderId, ['refund']),
      runOrderTasks(world.deps, TASK_KINDS, orderId, ['refund']),
      reconcile(world.deps),
    ]);
    await runOrderTasks(world.deps, TASK_KINDS, orderId, ['refund']); // asked again: done already
    expect(calls).toEqual([refund.key]);
    const order = await storedOrder(world, orderId);
    expect(order.issuedRefunds?.[0]).toMatchObject({ key: refund.key, refundId: expect.stringMatching(/^rfnd_/) });
    expect(await gatewayRefunds(world, refund.paymentId)).toHaveLength(1);
  });

  it('is taken over after a runner stopped mid-call, and Razorpay answers the same refund', async () => {
    const { world, orderId, gateway, calls, refund } = await paidOrderWithRefund();
    // The first runner claims the task and reaches Razorpay, then is stopped before it settles.
    const dead = randomUUID();
    const claimed = await world.deps.log.claimTasks(orderId, ['refund'], dead, world.clock.now, STALE_CLAIM_MS);
    expect(claimed).toHaveLength(1);
    const first = await gateway.refundPayment({
      paymentId: refund.paymentId,
      amountPaise: refund.amountPaise,
      receipt: refund.key,
      notes: { orderId, purpose: 'staff' },
      idempotencyKey: refund.key,
    });
    if (!first.ok) throw new Error(first.message);
    await runOrderTasks(world.deps, TASK_KINDS, orderId, ['refund']);
    expect(calls).toHaveLength(1); // its claim is fresh: nobody else asks
    // Stale now; the payment's listing misses it (not there yet), so the task asks again, same key.
    world.clock.now = new Date(world.clock.now.getTime() + STALE_CLAIM_MS);
    const listing = gateway.paymentRefunds.bind(gateway);
    gateway.paymentRefunds = async () => ({ ok: true, refunds: [] });
    await runOrderTasks(world.deps, TASK_KINDS, orderId, ['refund']);
    expect(calls).toEqual([refund.key, refund.key]);
    expect((await storedOrder(world, orderId)).issuedRefunds?.[0]?.refundId).toBe(first.refund.id);
    gateway.paymentRefunds = listing;
    expect(await gatewayRefunds(world, refund.paymentId)).toHaveLength(1);
  });

  it("keeps a refusal in Razorpay's words: the request, the refund and staff's Status say them", async () => {
    const world = orderWorld(blobs);
    const orderId = await paidOrder(world);
    const { gateway } = countedGateway(world);
    const words = 'The refund amount provided is greater than amount captured';
    gateway.refundPayment = async () => failure('REFUSED', words);
    const answer = await performStaffAction(world.deps, { requestId: 'r1', orderId, action: 'refund', amount: 100 });
    expect(answer).toMatchObject({ ok: true, body: { result: expect.stringContaining(words) } });
    const order = await storedOrder(world, orderId);
    expect(order.issuedRefunds?.[0]).toMatchObject({ status: 'failed', failure: words });
    expect(staffStatusLabel(order)).toBe(`Needs attention: refund failed (${words})`);
  });
});

describe('an order moved from Blobs, its steps written before their tasks existed', () => {
  it('gets a task for its open refund and its cancellation step when written whole, which the sweep runs', async () => {
    const { world, orderId, calls, refund } = await paidOrderWithRefund();
    await world.deps.log.apply(orderId, {
      type: 'cancel-asked',
      at: world.clock.now.toISOString(),
      reason: 'other',
      by: 'staff',
    });
    // Written whole, as `migrate:orders` writes an order whose steps Blobs held (the log's `create`).
    const moved = await storedOrder(world, orderId);
    await world.db.query('delete from orders where order_id = $1', [orderId]);
    expect(await world.deps.log.create(moved)).toEqual({ created: true });
    world.carrierDown = false;
    await reconcile(world.deps);
    const order = await storedOrder(world, orderId);
    expect(calls).toContain(refund.key);
    expect(order.issuedRefunds?.find((issued) => issued.key === refund.key)?.refundId).toMatch(/^rfnd_/);
    expect(order.cancellation?.booking.status).toBe('done');
    expect(order.status).toBe('cancelled');
    const total = (await gatewayRefunds(world, refund.paymentId)).reduce((sum, made) => sum + made.amountPaise, 0);
    expect(total).toBe(order.razorpay?.amountPaise);
  });
});

describe("a cancellation's booking step", () => {
  it('that fails is run again by the sweep once its back-off has passed, until Delhivery is back', async () => {
    const world = orderWorld(blobs);
    const orderId = await codOrder(world);
    world.carrierDown = true;
    expect(await cancelOrder(world.deps, orderId, { reason: 'other', by: 'staff' })).toMatchObject({
      ok: true,
      state: 'cancelling',
    });
    expect((await storedOrder(world, orderId)).cancellation?.booking).toMatchObject({ status: 'failed' });
    // Still down: the sweep runs it again, and it fails again (no cancellation made).
    await sweepLater(world, 30);
    expect(world.cancelledWaybills).toEqual([]);
    expect((await storedOrder(world, orderId)).cancellation?.booking).toMatchObject({ status: 'failed', attempts: 2 });
    world.carrierDown = false;
    await sweepLater(world, 30);
    const order = await storedOrder(world, orderId);
    expect(order.status).toBe('cancelled');
    expect(order.cancellation?.booking).toMatchObject({ status: 'done', attempts: 3 });
    expect(world.cancelledWaybills).toEqual([order.forwards.shipment.waybill]);
  });
});
