/** What a shopper sees of an order at each point of its life (the order page and /track). */
import { describe, expect, it } from 'vitest';
import { fileTestBlobs } from '#tests/support/blobs.ts';
import { makeCustomer } from '#tests/support/factories.ts';
import { codRequest, orderWorld, prepaidRequest } from '#tests/support/orders.ts';
import { failure } from '../platform/outcome.ts';
import { createPaymentOrder, processPrepaid } from './pay.ts';
import { placeCodOrder } from './place.ts';
import { reconcile } from './reconcile.ts';
import { keyMatches, NOT_FOUND_FLOOR_MS, orderForShopper, orderView, phoneMatches, trackView } from './view.ts';

const blobs = fileTestBlobs();

async function stored(world: ReturnType<typeof orderWorld>, orderId: string) {
  const order = await world.deps.log.get(orderId);
  if (!order) throw new Error(`no order ${orderId}`);
  return order;
}

const kinds = (view: { timeline: { kind: string }[] }) => view.timeline.map((step) => step.kind);

describe('a prepaid order', () => {
  it('waits for its payment, then shows it paid and handed to Delhivery', async () => {
    const world = orderWorld(blobs);
    const created = await createPaymentOrder(world.deps, prepaidRequest('OUO_1732000000501'));
    if (!created.ok) throw new Error(created.message);
    const waiting = await orderView(world.deps, await stored(world, 'OUO_1732000000501'));
    expect(waiting).toMatchObject({ paymentStatus: 'Waiting for payment', paymentMode: 'prepaid' });
    expect(kinds(waiting)).toEqual(['placed', 'awaiting-payment']);
    const payment = await world.pay(created.body.order.id);
    if (!payment || 'error' in payment) throw new Error('payment failed');
    await processPrepaid(world.deps, { orderId: 'OUO_1732000000501', ...payment });
    const paid = await orderView(world.deps, await stored(world, 'OUO_1732000000501'));
    expect(paid.paymentStatus).toBe('Paid');
    expect(kinds(paid)).toEqual(['placed', 'paid', 'booked']);
  });

  it('says "confirming" while Razorpay has the payment uncaptured, and "not paid" once expired', async () => {
    const world = orderWorld(blobs);
    const created = await createPaymentOrder(world.deps, prepaidRequest('OUO_1732000000502'));
    if (!created.ok) throw new Error(created.message);
    await world.deps.log.update('OUO_1732000000502', (order) => {
      if (order.razorpay) order.razorpay.confirming = 'pay_x';
      return order;
    });
    const confirming = await orderView(world.deps, await stored(world, 'OUO_1732000000502'));
    expect(confirming.paymentStatus).toBe('Confirming');
    expect(kinds(confirming)).toEqual(['placed', 'confirming']);

    const unpaid = orderWorld(blobs);
    const other = await createPaymentOrder(unpaid.deps, prepaidRequest('OUO_1732000000503'));
    if (!other.ok) throw new Error(other.message);
    unpaid.clock.now = new Date(unpaid.clock.now.getTime() + 16 * 60 * 1000);
    await reconcile(unpaid.deps);
    const expired = await trackView(unpaid.deps, await stored(unpaid, 'OUO_1732000000503'));
    expect(expired.paymentStatus).toBe('Not paid');
    expect(kinds(expired)).toEqual(['placed', 'expired']);
  });
});

describe('a COD order', () => {
  it('shows the booking even when the carrier cannot be asked for scans', async () => {
    const world = orderWorld(blobs);
    await placeCodOrder(world.deps, codRequest('OUO_1732000000504'));
    world.deps.carrier.trackParcels = async () => failure('UNREACHABLE', 'Delhivery answered 503');
    world.clock.now = new Date(world.clock.now.getTime() + 5 * 24 * 60 * 60 * 1000);
    const order = await trackView(world.deps, await stored(world, 'OUO_1732000000504'));
    expect(kinds(order)).toEqual(['placed', 'booked']);
    expect(order.simulatedTracking).toBe(false);
    expect(order.address).toEqual({ city: 'Dehradun', pincode: '248001' });
  });

  it('asks the carrier when its stored state is stale, stores what changed, and reads the store when fresh', async () => {
    const world = orderWorld(blobs);
    await placeCodOrder(world.deps, codRequest('OUO_1732000000506'));
    world.clock.now = new Date(world.clock.now.getTime() + 3.1 * 24 * 60 * 60 * 1000);
    const out = await orderView(world.deps, await stored(world, 'OUO_1732000000506'));
    expect(kinds(out)).toEqual(['placed', 'booked', 'picked-up', 'in-transit', 'out-for-delivery']);
    expect((await stored(world, 'OUO_1732000000506')).parcel?.state).toBe('out-for-delivery');
    expect(world.deps.carrier.trackParcels).toHaveBeenCalledTimes(1);
    // Fresh (asked a minute ago): the stored states, without asking.
    world.clock.now = new Date(world.clock.now.getTime() + 60 * 1000);
    await orderView(world.deps, await stored(world, 'OUO_1732000000506'));
    expect(world.deps.carrier.trackParcels).toHaveBeenCalledTimes(1);
    // A day on: stale, asked again, delivered.
    world.clock.now = new Date(world.clock.now.getTime() + 24 * 60 * 60 * 1000);
    const done = await orderView(world.deps, await stored(world, 'OUO_1732000000506'));
    expect(kinds(done).at(-1)).toBe('delivered');
    expect(world.deps.carrier.trackParcels).toHaveBeenCalledTimes(2);
    // Delivered: its story is over; never asked again.
    world.clock.now = new Date(world.clock.now.getTime() + 24 * 60 * 60 * 1000);
    await orderView(world.deps, await stored(world, 'OUO_1732000000506'));
    expect(world.deps.carrier.trackParcels).toHaveBeenCalledTimes(2);
  });

  it('tells the shopper our team is arranging a booking the shop gave up on', async () => {
    const world = orderWorld(blobs);
    world.carrierDown = true;
    await placeCodOrder(world.deps, codRequest('OUO_1732000000505'));
    await world.deps.log.update('OUO_1732000000505', (order) => {
      order.forwards.shipment.status = 'needs-attention';
      return order;
    });
    const order = await orderView(world.deps, await stored(world, 'OUO_1732000000505'));
    expect(kinds(order)).toEqual(['placed', 'attention']);
    expect(order.address).not.toHaveProperty('address2', undefined);
  });
});

describe('an order with less to show', () => {
  it('leaves out the address lines the shopper left empty, and an HSN code the catalogue did not have', async () => {
    const world = orderWorld(blobs);
    const customer = makeCustomer({ address2: undefined, city: undefined, state: undefined });
    await placeCodOrder(world.deps, codRequest('OUO_1732000000601', { customer }));
    await world.deps.log.update('OUO_1732000000601', (order) => {
      for (const line of order.cart.lines) delete line.hsnCode;
      return order;
    });
    const order = await orderView(world.deps, await stored(world, 'OUO_1732000000601'));
    const { name, phone, email, address1, pincode } = customer;
    expect(order.address).toEqual({ name, phone, email, address1, pincode });
    expect(order.lines).toEqual([
      { name: 'Himalayan White Rajma', size: '500gm', quantity: 2, price: 347, lineTotal: 694 },
    ]);
    const tracked = await trackView(world.deps, await stored(world, 'OUO_1732000000601'));
    expect(tracked.address).toEqual({ pincode: '248001' });
  });
});

describe('a shopper proving an order (security.md finding 8)', () => {
  it('gets the order for its phone or key, at once', async () => {
    const world = orderWorld(blobs);
    await placeCodOrder(world.deps, codRequest('OUO_1732000000901'));
    const order = await stored(world, 'OUO_1732000000901');
    const byPhone = await orderForShopper(world.deps, order.orderId, (candidate) =>
      phoneMatches(candidate, '9876543210'),
    );
    expect(byPhone?.orderId).toBe(order.orderId);
    const byKey = await orderForShopper(world.deps, order.orderId, (candidate) =>
      keyMatches(candidate, order.key ?? ''),
    );
    expect(byKey?.orderId).toBe(order.orderId);
  });

  it('never opens the page with a key of another length, nor an order kept from before orders had keys', async () => {
    const world = orderWorld(blobs);
    await placeCodOrder(world.deps, codRequest('OUO_1732000000905'));
    const order = await stored(world, 'OUO_1732000000905');
    const key = order.key ?? '';
    expect(keyMatches(order, key)).toBe(true);
    expect(keyMatches(order, key.slice(1))).toBe(false);
    expect(keyMatches(order, `${key}0`)).toBe(false);
    expect(keyMatches({ ...order, key: undefined }, key)).toBe(false);
    expect(keyMatches({ ...order, key: undefined }, '')).toBe(false);
  });

  it('answers a wrong phone and an unknown id alike, neither before the floor', async () => {
    const world = orderWorld(blobs);
    await placeCodOrder(world.deps, codRequest('OUO_1732000000902'));
    for (const orderId of ['OUO_1732000000902', 'OUO_1732000000903']) {
      const started = performance.now();
      const found = await orderForShopper(
        world.deps,
        orderId,
        (candidate) => phoneMatches(candidate, '9123456789'),
        started,
      );
      expect(found).toBeUndefined();
      // A lower bound, not a speed.
      expect(performance.now() - started).toBeGreaterThanOrEqual(NOT_FOUND_FLOOR_MS);
    }
  });

  it('does not wait again when the floor has already passed', async () => {
    const world = orderWorld(blobs);
    const longAgo = performance.now() - 10 * NOT_FOUND_FLOOR_MS;
    expect(await orderForShopper(world.deps, 'OUO_1732000000904', () => true, longAgo)).toBeUndefined();
  });
});
