/**
 * The races a probe found that cost money (issue 47), each run on the test run's real PostgreSQL
 * server: requests at the same moment, as two tabs, a shopper and staff, or Razorpay's webhook send
 * them. Each test reproduced its race on the code before the order engine moved to the database.
 */
import { describe, expect, it, vi } from 'vitest';
import type { StoredOrder } from '#shop/order/index.ts';
import { fileTestBlobs } from '#tests/support/blobs.ts';
import {
  codOrder,
  gatewayRefunds,
  newOrderId,
  orderWorld,
  paidOrder,
  prepaidRequest,
  storedOrder,
  type TestOrderWorld,
} from '#tests/support/orders.ts';
import { syncParcels } from '../parcels/sync.ts';
import { requestDailyPickup } from '../pickups/service.ts';
import { cancelOrder } from './cancel.ts';
import { createPaymentOrder, processPrepaid } from './pay.ts';
import { reconcile } from './reconcile.ts';
import { recordRefund } from './refund-state.ts';
import { performStaffAction } from './staff-actions.ts';

const blobs = fileTestBlobs();

const shopperCancel = { reason: 'ordered-by-mistake' as const, by: 'shopper' as const };
const DAY = 24 * 60 * 60 * 1000;

/** Holds every booking with Delhivery until `release()`: a booking in flight. */
function holdBookings(world: TestOrderWorld) {
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  const book = world.deps.carrier.createShipment;
  world.deps.carrier.createShipment = async (input) => {
    await held;
    return book(input);
  };
  return { release: () => release() };
}

const bookingInFlight = async (world: TestOrderWorld, orderId: string) =>
  vi.waitFor(async () => expect((await storedOrder(world, orderId)).forwards.shipment.status).toBe('sending'));

describe('a cancel that lands while the booking is in flight', () => {
  it('cancels the parcel the booking made and refunds the order: nothing ships, no "shipped" is sent', async () => {
    const world = orderWorld(blobs, { LOCAL_GATEWAY_REFUND_EVENTS: 'off' });
    const hold = holdBookings(world);
    const orderId = newOrderId();
    const created = await createPaymentOrder(world.deps, prepaidRequest(orderId));
    if (!created.ok) throw new Error(created.message);
    const payment = await world.pay(created.body.order.id);
    if (!payment || 'error' in payment) throw new Error('payment failed');
    const paying = processPrepaid(world.deps, { orderId, ...payment });
    await bookingInFlight(world, orderId);

    const cancelling = cancelOrder(world.deps, orderId, shopperCancel);
    await new Promise((resolve) => setTimeout(resolve, 50));
    hold.release();
    const [cancelled] = await Promise.all([cancelling, paying]);
    expect(cancelled).toMatchObject({ ok: true });
    await reconcile(world.deps);

    const order = await storedOrder(world, orderId);
    const waybill = order.forwards.shipment.waybill;
    expect(waybill).toBeDefined();
    expect(order.status).toBe('cancelled');
    expect(world.cancelledWaybills).toEqual([waybill]);
    expect(await gatewayRefunds(world, order.razorpay?.paymentId ?? '')).toHaveLength(1);
    // The parcel is not followed, not counted for the day's pickup, and its news never sent.
    expect(await world.deps.log.parcelOrderIds()).not.toContain(orderId);
    expect(await world.deps.log.parcelsWaiting()).toBe(0);
    world.clock.now = new Date(world.clock.now.getTime() + 2 * DAY);
    await syncParcels(world.deps);
    expect(world.emails.filter((email) => email.emailId?.includes('shipped'))).toEqual([]);
  });

  it('does the same for a COD order: its booking cancelled, no parcel followed', async () => {
    const world = orderWorld(blobs);
    const hold = holdBookings(world);
    const orderId = newOrderId();
    const placing = (async () => {
      const { placeCodOrder } = await import('./place.ts');
      const { codRequest } = await import('#tests/support/orders.ts');
      return placeCodOrder(world.deps, codRequest(orderId));
    })();
    await bookingInFlight(world, orderId);
    const cancelling = cancelOrder(world.deps, orderId, shopperCancel);
    await new Promise((resolve) => setTimeout(resolve, 50));
    hold.release();
    await Promise.all([cancelling, placing]);
    await reconcile(world.deps);
    const order = await storedOrder(world, orderId);
    expect(order.status).toBe('cancelled');
    expect(world.cancelledWaybills).toEqual([order.forwards.shipment.waybill]);
    expect(await world.deps.log.parcelOrderIds()).not.toContain(orderId);
  });
});

describe("a shopper's cancel racing a staff part refund", () => {
  it('refunds exactly what was captured between them, and the cancel is not left stuck', async () => {
    const world = orderWorld(blobs);
    const orderId = await paidOrder(world); // ₹784 captured
    // Staff's ₹500 lands at the worst moment: after the cancellation decided to refund, just
    // before it writes its refund (the probe's 1 to 2 trials in 25, made certain here).
    const update = world.deps.log.update.bind(world.deps.log);
    let staffActed = false;
    world.deps.log.update = async (id, change, settle) => {
      const current = await world.deps.log.get(id);
      const next = current && !staffActed ? change(structuredClone(current)) : undefined;
      const writesCancelRefund = (order: StoredOrder | undefined) =>
        order?.issuedRefunds?.some((refund) => refund.purpose === 'cancelled') ?? false;
      if (next && writesCancelRefund(next) && !writesCancelRefund(current)) {
        staffActed = true;
        const part = await performStaffAction(world.deps, {
          requestId: 'part',
          orderId,
          action: 'refund',
          amount: 500,
        });
        expect(part.ok).toBe(true);
      }
      return update(id, change, settle);
    };
    await cancelOrder(world.deps, orderId, shopperCancel);
    expect(staffActed).toBe(true);
    await reconcile(world.deps);
    const order = await storedOrder(world, orderId);
    const refunds = await gatewayRefunds(world, order.razorpay?.paymentId ?? '');
    expect(refunds.reduce((sum, refund) => sum + refund.amountPaise, 0)).toBe(78_400);
    expect(order.status).toBe('cancelled');
    expect(order.cancellation?.refund.status).toBe('done');
  });
});

describe('many staff refunds at once on one order', () => {
  it('takes 20 refunds of ₹1 asked at the same moment, each once, none answered with an error', async () => {
    const world = orderWorld(blobs);
    const orderId = await paidOrder(world);
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, n) =>
        performStaffAction(world.deps, { requestId: `one-rupee-${n}`, orderId, action: 'refund', amount: 1 }),
      ),
    );
    expect(answers.filter((answer) => !answer.ok)).toEqual([]);
    const order = await storedOrder(world, orderId);
    expect(order.issuedRefunds).toHaveLength(20);
    expect(new Set(order.issuedRefunds?.map((refund) => refund.key)).size).toBe(20);
    const refunds = await gatewayRefunds(world, order.razorpay?.paymentId ?? '');
    expect(refunds.reduce((sum, refund) => sum + refund.amountPaise, 0)).toBe(2_000);
  });
});

describe('a refund event that does not match its refund', () => {
  it("never rewrites the order's refund with another refund's id or amount", async () => {
    const world = orderWorld(blobs);
    const orderId = await paidOrder(world);
    await cancelOrder(world.deps, orderId, shopperCancel);
    const before = (await storedOrder(world, orderId)).issuedRefunds?.[0];
    expect(before?.refundId).toBeDefined();
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const outcome = await recordRefund(world.deps, orderId, {
      id: 'rfnd_SomeoneElse01',
      status: 'processed',
      receipt: before?.key,
      amountPaise: 100,
      paymentId: before?.paymentId ?? '',
    });
    warn.mockRestore();
    expect(outcome).toBe('unknown refund');
    expect((await storedOrder(world, orderId)).issuedRefunds?.[0]).toEqual(before);
  });
});

describe('a booking Delhivery cancelled', () => {
  it('leaves the followed parcels and the day’s pickup count at once', async () => {
    const world = orderWorld(blobs);
    const orderId = await codOrder(world);
    expect(await world.deps.log.parcelsWaiting()).toBe(1);
    await cancelOrder(world.deps, orderId, { reason: 'other', by: 'staff' });
    expect((await storedOrder(world, orderId)).cancellation?.booking.status).toBe('done');
    expect(await world.deps.log.parcelOrderIds()).not.toContain(orderId);
    expect(await world.deps.log.parcelsWaiting()).toBe(0);
    const report = await requestDailyPickup({
      log: world.deps.log,
      db: world.db,
      settings: async () => ({ pickup: { name: 'Hub', cutoff: '00:00', time: '23:59' } }),
      carrier: { requestPickup: vi.fn() },
      sheets: { upsertPickup: vi.fn() },
      now: () => world.clock.now,
    });
    expect(report).toMatchObject({ action: 'none' });
  });
});
