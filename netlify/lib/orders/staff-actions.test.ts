/**
 * Staff actions from the Sheet (docs/shop-rules.md §10 rule 15): each action does what it says
 * once; a partial refund is keyed inside the order's compare-and-swap write, so two requests at
 * once never share a key nor refund more than was captured, and the same request never refunds
 * twice; a COD order's refund is made by hand; refusals change nothing.
 */
import { describe, expect, it } from 'vitest';
import { staffStatusLabel } from '#shop/order-engine/index.ts';
import { text } from '#shop/texts/server.ts';
import { fileTestBlobs } from '#tests/support/blobs.ts';
import {
  codOrder,
  gatewayRefunds,
  newOrderId as newId,
  orderWorld,
  paidOrder,
  prepaidRequest,
  storedOrder as stored,
  type TestOrderWorld,
} from '#tests/support/orders.ts';
import { syncParcels } from '../parcels/sync.ts';
import { failure } from '../platform/outcome.ts';
import { createPaymentOrder } from './pay.ts';
import { recordRefund } from './refund-state.ts';
import { performStaffAction, type StaffActionInput } from './staff-actions.ts';

const blobs = fileTestBlobs();

let requests = 0;
const act = (world: TestOrderWorld, input: Omit<StaffActionInput, 'requestId'> & { requestId?: string }) => {
  requests += 1;
  return performStaffAction(world.deps, { requestId: `req-${requests}-${Date.now()}`, ...input });
};

const DAY = 24 * 60 * 60 * 1000;

/**
 * Moves the world on `days` and has the parcel sync apply the local carrier's scans, as it stores
 * them: a parcel booked to the default pincode is in transit at 1.5 days, delivered at 3.5.
 */
async function parcelsAfter(world: TestOrderWorld, days: number): Promise<void> {
  world.clock.now = new Date(world.clock.now.getTime() + days * DAY);
  await syncParcels(world.deps);
}

/** A COD order placed, booked and delivered (its cash collected by the courier). */
async function deliveredCodOrder(world: TestOrderWorld): Promise<string> {
  const orderId = await codOrder(world);
  await parcelsAfter(world, 3.5);
  expect((await stored(world, orderId)).parcel?.state).toBe('delivered');
  return orderId;
}

describe('cancel', () => {
  it('cancels a prepaid order for staff and refunds it in full; the answer is the Status', async () => {
    const world = orderWorld(blobs);
    const orderId = await paidOrder(world);
    const result = await act(world, { orderId, action: 'cancel' });
    expect(result).toMatchObject({ ok: true, body: { result: expect.stringMatching(/^Cancelled, ₹784 refund/) } });
    const order = await stored(world, orderId);
    expect(order).toMatchObject({ status: 'cancelled', cancellation: { by: 'staff', reason: 'other' } });
    expect(result.ok && result.body.result).toBe(staffStatusLabel(order));
  });

  it('refuses an unknown order and a parcel already gone, changing nothing', async () => {
    const world = orderWorld(blobs);
    expect(await act(world, { orderId: 'OUO_1799999999999', action: 'cancel' })).toMatchObject({
      ok: false,
      status: 404,
      message: text('staff.unknownOrder', { orderId: 'OUO_1799999999999' }),
    });
    const orderId = await codOrder(world);
    world.clock.now = new Date(world.clock.now.getTime() + 7 * 60 * 60 * 1000); // picked up
    expect(await act(world, { orderId, action: 'cancel' })).toMatchObject({
      ok: false,
      status: 409,
      code: 'TOO_LATE_TO_CANCEL',
      message: text('staff.tooLate'),
    });
    expect((await stored(world, orderId)).status).not.toBe('cancelled');
  });
});

describe('refund ₹<amount>', () => {
  it('refunds part of a prepaid payment under <orderId>-staff-1, once for the same request', async () => {
    const world = orderWorld(blobs);
    const orderId = await paidOrder(world);
    const first = await act(world, { orderId, action: 'refund', amount: 200, requestId: 'same-request-1' });
    expect(first).toMatchObject({ ok: true, body: { result: expect.stringMatching(/^Refund of ₹200 made \(rfnd_/) } });
    const again = await act(world, { orderId, action: 'refund', amount: 200, requestId: 'same-request-1' });
    expect(again).toMatchObject({ ok: true });
    const order = await stored(world, orderId);
    expect(order.issuedRefunds).toEqual([
      expect.objectContaining({
        key: `${orderId}-staff-1`,
        amountPaise: 20_000,
        purpose: 'staff',
        requestId: 'same-request-1',
      }),
    ]);
    const refunds = await gatewayRefunds(world, order.razorpay?.paymentId ?? '');
    expect(refunds).toEqual([expect.objectContaining({ amountPaise: 20_000, receipt: `${orderId}-staff-1` })]);
    // Processed (the webhook or the reconciler tells): the Sheet's Refunded column says so, the Status unchanged.
    const [made] = refunds;
    if (!made) throw new Error('no refund');
    await recordRefund(world.deps, orderId, { ...made, status: 'processed' });
    const row = world.sheetRows.find((sheetRow) => sheetRow.orderId === orderId);
    expect(row).toMatchObject({ refunded: '200', refundIds: made.id, status: staffStatusLabel(order) });
  });

  it('makes two refunds of two requests at once when both fit, with keys 1 and 2', async () => {
    const world = orderWorld(blobs);
    const orderId = await paidOrder(world);
    const results = await Promise.all([
      act(world, { orderId, action: 'refund', amount: 100 }),
      act(world, { orderId, action: 'refund', amount: 150 }),
    ]);
    expect(results.every((result) => result.ok)).toBe(true);
    const order = await stored(world, orderId);
    expect(order.issuedRefunds?.map((refund) => refund.key).sort()).toEqual([
      `${orderId}-staff-1`,
      `${orderId}-staff-2`,
    ]);
    expect(await gatewayRefunds(world, order.razorpay?.paymentId ?? '')).toHaveLength(2);
  });

  it('makes one refund of two requests at once when only one fits; the other is refused', async () => {
    const world = orderWorld(blobs);
    const orderId = await paidOrder(world);
    const results = await Promise.all([
      act(world, { orderId, action: 'refund', amount: 500 }),
      act(world, { orderId, action: 'refund', amount: 500 }),
    ]);
    expect(results.filter((result) => result.ok)).toHaveLength(1);
    expect(results.find((result) => !result.ok)).toMatchObject({
      status: 409,
      code: 'STAFF_ACTION_REFUSED',
      message: text('staff.moreThanLeft', { amount: '₹500', left: '₹284' }),
    });
    const order = await stored(world, orderId);
    expect(order.issuedRefunds).toHaveLength(1);
    expect(await gatewayRefunds(world, order.razorpay?.paymentId ?? '')).toHaveLength(1);
  });

  it('refuses more than was captured, and an order not paid, changing nothing', async () => {
    const world = orderWorld(blobs);
    const orderId = await paidOrder(world);
    const before = await stored(world, orderId);
    expect(await act(world, { orderId, action: 'refund', amount: 785 })).toMatchObject({
      ok: false,
      message: text('staff.moreThanLeft', { amount: '₹785', left: '₹784' }),
    });
    expect(await act(world, { orderId, action: 'refund' })).toMatchObject({ ok: false, status: 422 });
    expect(await stored(world, orderId)).toEqual(before);
    const unpaid = newId();
    await createPaymentOrder(world.deps, prepaidRequest(unpaid));
    expect(await act(world, { orderId: unpaid, action: 'refund', amount: 10 })).toMatchObject({
      ok: false,
      message: text('staff.notPaid'),
    });
  });

  it('refuses a COD order whose cash has not arrived; records one whose cash has as refunded by hand', async () => {
    const world = orderWorld(blobs);
    const orderId = await codOrder(world);
    expect(await act(world, { orderId, action: 'refund', amount: 100 })).toMatchObject({
      ok: false,
      status: 409,
      message: text('staff.codNotCollected'),
    });
    expect((await stored(world, orderId)).issuedRefunds).toBeUndefined();
    // The courier collects the cash at the door: delivered, then staff record it.
    await parcelsAfter(world, 3.5);
    expect((await stored(world, orderId)).parcel?.state).toBe('delivered');
    expect(await act(world, { orderId, action: 'cod-received' })).toMatchObject({
      ok: true,
      body: { result: text('staff.codReceived') },
    });
    expect(await act(world, { orderId, action: 'refund', amount: 100 })).toMatchObject({
      ok: true,
      body: { result: text('staff.refundManual', { amount: '₹100' }) },
    });
    const order = await stored(world, orderId);
    expect(order.issuedRefunds).toEqual([
      expect.objectContaining({
        key: `${orderId}-staff-1`,
        paymentId: 'cash',
        amountPaise: 10_000,
        status: 'processed',
        manual: true,
      }),
    ]);
    expect(world.sheetRows.find((row) => row.orderId === orderId)).toMatchObject({
      refunded: '100',
      refundIds: 'by hand (UPI or bank)',
    });
    // Made by hand: never on the reconciler's list for Razorpay.
    expect(await world.deps.log.openOrderIds()).not.toContain(orderId);
  });
});

describe('refund extra payment', () => {
  it('refunds each extra payment in full; the order is no longer Needs refund; a second time refuses', async () => {
    const world = orderWorld(blobs);
    const orderId = await paidOrder(world, true);
    const before = await stored(world, orderId);
    const extra = before.refunds?.[0]?.paymentId ?? '';
    expect(staffStatusLabel(before)).toMatch(/^Needs refund/);
    const result = await act(world, { orderId, action: 'refund-extra' });
    expect(result).toMatchObject({ ok: true, body: { result: expect.stringContaining(`₹784 of ${extra}`) } });
    const order = await stored(world, orderId);
    expect(order.refunds).toBeUndefined();
    expect(staffStatusLabel(order)).not.toMatch(/^Needs refund/);
    expect(order.issuedRefunds).toEqual([
      expect.objectContaining({ key: `${orderId}-extra-payment-1`, paymentId: extra, amountPaise: 78_400 }),
    ]);
    expect(await world.deps.log.refundOrderIds()).not.toContain(orderId);
    expect(await gatewayRefunds(world, extra)).toHaveLength(1);
    expect(world.sheetRows.find((row) => row.orderId === orderId)?.status).not.toMatch(/^Needs refund/);
    expect(await act(world, { orderId, action: 'refund-extra' })).toMatchObject({
      ok: false,
      message: text('staff.noExtraPayment'),
    });
  });
});

describe('COD received', () => {
  it('records the cash of a delivered COD order once; the Sheet says COD received', async () => {
    const world = orderWorld(blobs);
    const orderId = await deliveredCodOrder(world);
    for (let pick = 0; pick < 2; pick += 1)
      expect(await act(world, { orderId, action: 'cod-received' })).toMatchObject({
        ok: true,
        body: { result: text('staff.codReceived') },
      });
    const order = await stored(world, orderId);
    expect(order.codReceived).toBeDefined();
    expect(order.history.filter((entry) => entry.event === 'COD received (staff)')).toHaveLength(1);
    expect(world.sheetRows.find((row) => row.orderId === orderId)?.paymentStatus).toBe('COD received');
  });

  it('refuses a prepaid order, changing nothing', async () => {
    const world = orderWorld(blobs);
    const prepaid = await paidOrder(world);
    const before = await stored(world, prepaid);
    expect(await act(world, { orderId: prepaid, action: 'cod-received' })).toMatchObject({
      ok: false,
      status: 409,
      code: 'STAFF_ACTION_REFUSED',
      message: text('staff.notCod'),
    });
    expect(await stored(world, prepaid)).toEqual(before);
  });

  /** A COD order at each stage before its delivery, in a world that hears WhatsApp (rule 17). */
  const stages: [string, string, (world: TestOrderWorld) => Promise<string>][] = [
    ['awaiting its confirmation', 'Awaiting confirmation', (world) => codOrder(world)],
    [
      'confirmed, not booked',
      'Confirmed',
      async (world) => {
        const orderId = await codOrder(world);
        world.carrierDown = true;
        await act(world, { orderId, action: 'confirm-cod' });
        return orderId;
      },
    ],
    [
      'booked, not picked up',
      'Booked',
      async (world) => {
        const orderId = await codOrder(world);
        await act(world, { orderId, action: 'confirm-cod' });
        return orderId;
      },
    ],
    [
      'on its way',
      'In transit',
      async (world) => {
        const orderId = await codOrder(world);
        await act(world, { orderId, action: 'confirm-cod' });
        await parcelsAfter(world, 1.5);
        return orderId;
      },
    ],
  ];

  it.each(stages)(
    'refuses a COD order %s, with its Status, changing nothing; no refund by hand follows',
    async (_stage, status, reach) => {
      const world = orderWorld(blobs);
      world.deps.hearsWhatsApp = true;
      const orderId = await reach(world);
      const before = await stored(world, orderId);
      expect(staffStatusLabel(before)).toBe(status);
      expect(await act(world, { orderId, action: 'cod-received' })).toMatchObject({
        ok: false,
        status: 409,
        code: 'STAFF_ACTION_REFUSED',
        message: text('staff.codNotDelivered', { status }),
      });
      expect(await stored(world, orderId)).toEqual(before);
      expect(world.sheetRows.find((row) => row.orderId === orderId)?.paymentStatus).not.toBe('COD received');
      // Nothing was received, so nothing can be recorded as refunded by hand against it.
      expect(await act(world, { orderId, action: 'refund', amount: 100 })).toMatchObject({
        ok: false,
        status: 409,
        message: text('staff.codNotCollected'),
      });
      expect((await stored(world, orderId)).issuedRefunds).toBeUndefined();
    },
  );
});

describe('Confirm COD', () => {
  it('confirms a COD order awaiting its shopper after a call, and books it once; refuses what waits for nothing', async () => {
    const world = orderWorld(blobs);
    world.deps.hearsWhatsApp = true;
    const orderId = await codOrder(world);
    expect(world.shipments).toEqual([]);
    expect(await act(world, { orderId, action: 'confirm-cod' })).toMatchObject({
      ok: true,
      body: { result: text('staff.codConfirmed', { status: 'Booked' }) },
    });
    expect(await act(world, { orderId, action: 'confirm-cod' })).toMatchObject({
      body: { result: text('staff.codAlreadyConfirmed') },
    });
    const booked = (id: string) => world.shipments.filter((shipment) => shipment.order === id);
    expect(booked(orderId)).toHaveLength(1);
    expect((await stored(world, orderId)).cod?.confirmation).toMatchObject({ state: 'confirmed', via: 'staff' });
    const prepaid = await paidOrder(world);
    expect(await act(world, { orderId: prepaid, action: 'confirm-cod' })).toMatchObject({
      ok: false,
      status: 409,
      message: text('staff.codNothingToConfirm'),
    });
    const cancelled = await codOrder(world);
    await act(world, { orderId: cancelled, action: 'cancel' });
    expect(await act(world, { orderId: cancelled, action: 'confirm-cod' })).toMatchObject({
      ok: false,
      message: text('staff.codCancelled'),
    });
    expect(booked(cancelled)).toEqual([]);
  });
});

describe('book again', () => {
  /** Moves the order's parcel to `state` as the sync would store it. */
  const parcelReached = (world: TestOrderWorld, orderId: string, state: 'returned' | 'lost' | 'in-transit') =>
    world.deps.log.update(orderId, (order) => {
      const scan = { at: world.clock.now.toISOString(), status: state, location: 'Jaipur_Hub' };
      order.parcel = { state, changes: [{ state, at: scan.at, scan }] };
      return order;
    });

  it('tries a booking that gave up again now, once, and answers its waybill', async () => {
    const world = orderWorld(blobs);
    world.carrierDown = true;
    const orderId = await codOrder(world);
    await world.deps.log.update(orderId, (order) => {
      order.forwards.shipment = { ...order.forwards.shipment, status: 'needs-attention' };
      return order;
    });
    world.carrierDown = false;
    const [first, second] = await Promise.all([
      act(world, { orderId, action: 'book-again' }),
      act(world, { orderId, action: 'book-again' }),
    ]);
    const order = await stored(world, orderId);
    const waybill = order.forwards.shipment.waybill ?? '';
    expect(order.forwards.shipment).toMatchObject({ status: 'done', waybill: expect.stringMatching(/^WB/) });
    expect(world.shipments.filter((shipment) => shipment.order === orderId)).toHaveLength(1);
    const answers = [first, second].map((answer) => (answer.ok ? answer.body.result : answer.message));
    expect(answers).toContain(text('staff.booked', { waybill }));
    expect(world.sheetRows.find((row) => row.orderId === orderId)?.waybill).toBe(waybill);
  });

  it('says when Delhivery still does not book it: a new day of tries has begun', async () => {
    const world = orderWorld(blobs);
    world.carrierDown = true;
    const orderId = await codOrder(world);
    expect(await act(world, { orderId, action: 'book-again' })).toMatchObject({
      ok: true,
      body: { result: text('staff.notBookedYet', { reason: 'Delhivery answered 503' }) },
    });
    expect((await stored(world, orderId)).forwards.shipment).toMatchObject({ status: 'failed', attempts: 1 });
  });

  it('answers "being booked" while another worker books it, and starts nothing', async () => {
    const world = orderWorld(blobs);
    world.carrierDown = true;
    const orderId = await codOrder(world);
    await world.deps.log.update(orderId, (order) => {
      order.forwards.shipment = { status: 'sending', attempts: 2, claimedAt: world.clock.now.toISOString() };
      return order;
    });
    expect(await act(world, { orderId, action: 'book-again' })).toMatchObject({
      ok: true,
      body: { result: text('staff.booking') },
    });
    expect((await stored(world, orderId)).forwards.shipment).toMatchObject({ status: 'sending', attempts: 2 });
  });

  it.each(['returned', 'lost'] as const)(
    'sends a %s parcel again under the next reference, keeping the first as it ended',
    async (state) => {
      const world = orderWorld(blobs);
      const orderId = await codOrder(world);
      await parcelReached(world, orderId, state);
      const first = await stored(world, orderId);
      const answers = await Promise.all(Array.from({ length: 5 }, () => act(world, { orderId, action: 'book-again' })));
      const order = await stored(world, orderId);
      expect(order.earlierShipments).toEqual([
        {
          waybill: first.forwards.shipment.waybill,
          reference: orderId,
          bookedAt: first.forwards.shipment.at,
          parcel: first.parcel,
        },
      ]);
      expect(order.parcel).toBeUndefined();
      // One new booking, under `<orderId>-2`: Delhivery keeps one shipment per reference.
      expect(world.shipments.map((shipment) => shipment.order)).toEqual([orderId, `${orderId}-2`]);
      const waybill = order.forwards.shipment.waybill ?? '';
      expect(waybill).not.toBe(first.forwards.shipment.waybill);
      // Each request is told the booking, that it is under way, or (coming after it) that it is booked.
      for (const answer of answers)
        expect([
          text('staff.booked', { waybill }),
          text('staff.booking'),
          text('staff.alreadyBooked', { waybill, state: 'Handed to Delhivery' }),
        ]).toContain(answer.ok ? answer.body.result : answer.message);
      expect(await world.deps.log.parcelOrderIds()).toContain(orderId);
    },
  );

  it('refuses a parcel on its way, a cancelled order and one never placed, changing nothing', async () => {
    const world = orderWorld(blobs);
    const moving = await codOrder(world);
    await parcelReached(world, moving, 'in-transit');
    const before = await stored(world, moving);
    expect(await act(world, { orderId: moving, action: 'book-again' })).toMatchObject({
      ok: false,
      status: 409,
      code: 'STAFF_ACTION_REFUSED',
      message: text('staff.alreadyBooked', { waybill: before.forwards.shipment.waybill ?? '', state: 'On its way' }),
    });
    expect(await stored(world, moving)).toEqual(before);

    const cancelled = await codOrder(world);
    await act(world, { orderId: cancelled, action: 'cancel' });
    expect(await act(world, { orderId: cancelled, action: 'book-again' })).toMatchObject({
      ok: false,
      message: text('staff.bookCancelled'),
    });

    const unpaid = newId();
    await createPaymentOrder(world.deps, prepaidRequest(unpaid));
    expect(await act(world, { orderId: unpaid, action: 'book-again' })).toMatchObject({
      ok: false,
      message: text('staff.bookNotPlaced'),
    });
    expect(await act(world, { orderId: 'OUO_1000000000000', action: 'book-again' })).toMatchObject({
      ok: false,
      status: 404,
    });
    expect(world.shipments.map((shipment) => shipment.order)).toEqual([moving, cancelled]);
  });
});

describe('Razorpay answering a staff refund', () => {
  it('records a refund Razorpay refused as failed, and tells staff its words; one it did not answer waits', async () => {
    const world = orderWorld(blobs);
    const orderId = await paidOrder(world);
    const gateway = world.gateway();
    gateway.refundPayment = async () => failure('REFUSED', 'The amount is more than the balance');
    world.deps.gateway = () => ({ ok: true, gateway });
    const refused = await act(world, { orderId, action: 'refund', amount: 100 });
    expect(JSON.stringify(refused)).toContain('The amount is more than the balance');
    expect((await stored(world, orderId)).issuedRefunds?.[0]).toMatchObject({
      status: 'failed',
      failure: 'The amount is more than the balance',
    });
    gateway.refundPayment = async () => failure('UNREACHABLE', 'Razorpay answered 502');
    await act(world, { orderId, action: 'refund', amount: 50 });
    const waiting = (await stored(world, orderId)).issuedRefunds?.find((refund) => refund.amountPaise === 5000);
    expect(waiting?.status).toBe('requested');
  });

  it('has staff cancel nothing in an order never paid', async () => {
    const world = orderWorld(blobs);
    const orderId = newId();
    const created = await createPaymentOrder(world.deps, prepaidRequest(orderId));
    if (!created.ok) throw new Error(created.message);
    const answer = await act(world, { orderId, action: 'cancel' });
    expect(JSON.stringify(answer)).toContain('NOT_CANCELLABLE');
  });
});
