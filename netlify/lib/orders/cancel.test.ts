/**
 * Cancelling an order (docs/shop-rules.md §10, "Cancel and refund"): the booking cancelled and the
 * money given back once each, however often and however many times at once it is asked; the truth
 * when the parcel has already left; and a cancellation a system interrupted, finished by the
 * reconciler.
 */
import { describe, expect, it, vi } from 'vitest';
import { staffStatusLabel } from '#shop/order-engine/index.ts';
import { fileTestBlobs } from '#tests/support/blobs.ts';
import { heldAnswer } from '#tests/support/held-answer.ts';
import {
  codOrder,
  gatewayRefunds,
  newOrderId,
  orderWorld,
  paidOrder,
  prepaidRequest,
  storedOrder,
  sweepLater,
  type TestOrderWorld,
} from '#tests/support/orders.ts';
import { failure } from '../platform/outcome.ts';
import { cancelOrder } from './cancel.ts';
import { createPaymentOrder } from './pay.ts';
import { reconcile } from './reconcile.ts';
import { recordRefund } from './refund-state.ts';
import { orderView } from './view.ts';

const blobs = fileTestBlobs();

const refundsOf = async (world: TestOrderWorld, orderId: string) =>
  gatewayRefunds(world, (await storedOrder(world, orderId)).razorpay?.paymentId ?? '');
const mails = (world: TestOrderWorld, orderId: string) =>
  world.emails.filter((email) => email.orderId === orderId).map((email) => email.emailId ?? 'confirmation');
const request = { reason: 'ordered-by-mistake' as const, by: 'shopper' as const };

/** Holds the carrier's cancellations in `world` until the returned answer is released. */
function holdCarrierCancellations(world: TestOrderWorld) {
  const carrier = heldAnswer();
  const cancelShipment = world.deps.carrier.cancelShipment;
  world.deps.carrier.cancelShipment = vi.fn(async (query) => {
    await carrier.held;
    return cancelShipment(query);
  });
  return carrier;
}

/** A paid order in a fresh world that answers with one gateway object, which the test may patch. */
async function paidOrderWithGateway() {
  const world = orderWorld(blobs);
  const orderId = await paidOrder(world);
  const gateway = world.gateway();
  world.deps.gateway = () => ({ ok: true, gateway });
  return { world, orderId, gateway };
}

describe('cancelling before pickup', () => {
  it('cancels a COD order: the booking once, nothing to refund, one email, the Sheet says so', async () => {
    const world = orderWorld(blobs);
    const orderId = await codOrder(world);
    const outcome = await cancelOrder(world.deps, orderId, request);
    expect(outcome).toMatchObject({ ok: true, state: 'cancelled' });
    const order = await storedOrder(world, orderId);
    expect(order).toMatchObject({
      status: 'cancelled',
      cancellation: { booking: { status: 'done' }, refund: { status: 'not-needed' } },
    });
    expect(world.cancelledWaybills).toEqual([order.forwards.shipment.waybill]);
    expect(order.issuedRefunds).toBeUndefined();
    expect(mails(world, orderId)).toEqual(['confirmation', `${orderId}-cancelled`]);
    const mail = world.emails.find((email) => email.emailId === `${orderId}-cancelled`);
    expect(mail?.subject).toBe(`Your order ${orderId} is cancelled`);
    expect(mail?.html).toContain('nothing was charged and there is nothing to pay');
    expect(world.sheetRows.find((row) => row.orderId === orderId)?.status).toBe('Cancelled');
    // Asked again: the same answer, nothing done twice.
    expect(await cancelOrder(world.deps, orderId, request)).toMatchObject({ ok: true, state: 'cancelled' });
    expect(world.cancelledWaybills).toHaveLength(1);
    expect(mails(world, orderId)).toHaveLength(2);
  });

  it('cancels a prepaid order and refunds it in full, under a key made from the order', async () => {
    const world = orderWorld(blobs);
    const orderId = await paidOrder(world);
    expect(await cancelOrder(world.deps, orderId, request)).toMatchObject({ ok: true, state: 'cancelled' });
    const order = await storedOrder(world, orderId);
    expect(order.issuedRefunds).toEqual([
      expect.objectContaining({
        key: `${orderId}-cancelled-1`,
        amountPaise: order.razorpay?.amountPaise,
        purpose: 'cancelled',
        refundId: expect.stringMatching(/^rfnd_/),
      }),
    ]);
    const refunds = await refundsOf(world, orderId);
    expect(refunds).toHaveLength(1);
    expect(refunds[0]?.amountPaise).toBe(order.razorpay?.amountPaise);
    expect(staffStatusLabel(order)).toMatch(/^Cancelled, ₹784 (refund pending|refunded)$/);
    const mail = world.emails.find((email) => email.emailId === `${orderId}-cancelled`);
    expect(mail?.html).toContain('We are refunding <strong>₹784</strong>');
  });

  it('takes fifty cancellations at once as one: one carrier cancellation, one refund', async () => {
    const world = orderWorld(blobs);
    const orderId = await paidOrder(world);
    const outcomes = await Promise.all(Array.from({ length: 50 }, () => cancelOrder(world.deps, orderId, request)));
    expect(outcomes.every((outcome) => outcome.ok)).toBe(true);
    expect(world.cancelledWaybills).toHaveLength(1);
    expect(await refundsOf(world, orderId)).toHaveLength(1);
    expect((await storedOrder(world, orderId)).status).toBe('cancelled');
    expect(mails(world, orderId).filter((id) => id.endsWith('-cancelled'))).toHaveLength(1);
  });

  it('books nothing for an order cancelled before its booking went through', async () => {
    const world = orderWorld(blobs);
    world.carrierDown = true;
    const orderId = await codOrder(world);
    expect(await cancelOrder(world.deps, orderId, request)).toMatchObject({ ok: true, state: 'cancelled' });
    world.carrierDown = false;
    world.clock.now = new Date(world.clock.now.getTime() + 60 * 60 * 1000);
    await reconcile(world.deps);
    expect(world.shipments).toEqual([]);
    expect((await storedOrder(world, orderId)).cancellation?.booking.status).toBe('not-needed');
  });
});

describe('too late, or nothing to cancel', () => {
  it('tells the truth once the parcel has left, and the order goes on', async () => {
    const world = orderWorld(blobs);
    const orderId = await paidOrder(world);
    world.clock.now = new Date(world.clock.now.getTime() + 7 * 60 * 60 * 1000); // picked up at 6 h
    expect(await cancelOrder(world.deps, orderId, request)).toMatchObject({ ok: false, refusal: 'too-late' });
    const order = await storedOrder(world, orderId);
    expect(order.status).toBe('forwarded');
    expect(order.issuedRefunds).toBeUndefined();
    expect(staffStatusLabel(order)).toBe('Booked');
    expect(await cancelOrder(world.deps, orderId, request)).toMatchObject({ ok: false, refusal: 'too-late' });
    expect(await world.deps.log.openOrderIds()).not.toContain(orderId);
  });

  it('answers fifty cancellations at once after pickup alike: too late, every one, and nothing is cancelled', async () => {
    const world = orderWorld(blobs);
    const orderId = await paidOrder(world);
    world.clock.now = new Date(world.clock.now.getTime() + 7 * 60 * 60 * 1000); // picked up at 6 h
    const outcomes = await Promise.all(Array.from({ length: 50 }, () => cancelOrder(world.deps, orderId, request)));
    // Delhivery refused the one cancellation asked for: no request may say it is being cancelled.
    expect(outcomes.map((outcome) => (outcome.ok ? outcome.state : outcome.refusal))).toEqual(
      Array.from({ length: 50 }, () => 'too-late'),
    );
    expect(world.deps.carrier.cancelShipment).toHaveBeenCalledTimes(1);
    const order = await storedOrder(world, orderId);
    expect(order.status).toBe('forwarded');
    expect(order.cancellation?.booking.status).toBe('too-late');
    expect(order.issuedRefunds).toBeUndefined();
    expect(mails(world, orderId).filter((id) => id.endsWith('-cancelled'))).toEqual([]);
  });

  it('answers a request that joins while another asks Delhivery only once Delhivery has answered', async () => {
    const world = orderWorld(blobs);
    const orderId = await codOrder(world);
    world.clock.now = new Date(world.clock.now.getTime() + 7 * 60 * 60 * 1000); // picked up at 6 h
    const carrier = holdCarrierCancellations(world);
    const reads = vi.spyOn(world.deps.log, 'get');
    const first = cancelOrder(world.deps, orderId, request);
    await vi.waitFor(() => expect(world.deps.carrier.cancelShipment).toHaveBeenCalled());
    // Nine more while the first request's call to Delhivery is on its way (its claim on the order).
    const before = reads.mock.calls.length;
    let answered = 0;
    const joined = Array.from({ length: 9 }, () =>
      cancelOrder(world.deps, orderId, request).finally(() => {
        answered += 1;
      }),
    );
    // Delhivery answers once they have all answered (as they did, "cancelling", before issue 46) or
    // are waiting for it (reading the order again and again).
    await vi.waitFor(() => expect(answered === 9 || reads.mock.calls.length - before >= 90).toBe(true), {
      timeout: 5_000,
    });
    carrier.release();
    const outcomes = await Promise.all([first, ...joined]);
    expect(outcomes.map((outcome) => (outcome.ok ? outcome.state : outcome.refusal))).toEqual(
      Array.from({ length: 10 }, () => 'too-late'),
    );
    expect(world.deps.carrier.cancelShipment).toHaveBeenCalledTimes(1);
    expect((await storedOrder(world, orderId)).status).toBe('forwarded');
  });

  it('answers a request that joins while the reconciler asks Delhivery again only once Delhivery has answered', async () => {
    const world = orderWorld(blobs);
    const orderId = await codOrder(world);
    world.carrierDown = true;
    expect(await cancelOrder(world.deps, orderId, request)).toMatchObject({ ok: true, state: 'cancelling' });
    world.carrierDown = false;
    world.clock.now = new Date(world.clock.now.getTime() + 7 * 60 * 60 * 1000); // picked up at 6 h
    const carrier = holdCarrierCancellations(world);
    const sweep = reconcile(world.deps);
    await vi.waitFor(() => expect(world.deps.carrier.cancelShipment).toHaveBeenCalled());
    // The step failed before, and the reconciler's runner holds its task now: a request joining
    // must not say "cancelling" while Delhivery may still refuse (issue 46).
    const reads = vi.spyOn(world.deps.log, 'get');
    let answered = false;
    const joined = cancelOrder(world.deps, orderId, request).finally(() => {
      answered = true;
    });
    await vi.waitFor(() => expect(answered || reads.mock.calls.length >= 20).toBe(true), { timeout: 5_000 });
    expect(answered).toBe(false);
    carrier.release();
    expect(await joined).toMatchObject({ ok: false, refusal: 'too-late' });
    await sweep;
    expect(world.deps.carrier.cancelShipment).toHaveBeenCalledTimes(1);
    expect((await storedOrder(world, orderId)).status).toBe('forwarded');
  });

  it('refuses once the parcel has moved by the stored states, without asking the carrier', async () => {
    const world = orderWorld(blobs);
    const orderId = await codOrder(world);
    await world.deps.log.update(orderId, (order) => ({
      ...order,
      parcel: { state: 'in-transit', changes: [] },
    }));
    expect(await cancelOrder(world.deps, orderId, request)).toMatchObject({ ok: false, refusal: 'too-late' });
    expect(world.deps.carrier.cancelShipment).not.toHaveBeenCalled();
  });

  it('has nothing to cancel in an order never placed (unpaid, expired), or unknown', async () => {
    const world = orderWorld(blobs);
    const orderId = newOrderId();
    const created = await createPaymentOrder(world.deps, prepaidRequest(orderId));
    if (!created.ok) throw new Error(created.message);
    expect(await cancelOrder(world.deps, orderId, request)).toMatchObject({ ok: false, refusal: 'not-placed' });
    expect(await cancelOrder(world.deps, 'OUO_1734999999999', request)).toMatchObject({
      ok: false,
      refusal: 'unknown-order',
    });
  });
});

describe('a cancellation interrupted', () => {
  it('waits while Delhivery is down, and the reconciler finishes it: one cancellation, one refund', async () => {
    const world = orderWorld(blobs);
    const orderId = await paidOrder(world);
    world.carrierDown = true;
    expect(await cancelOrder(world.deps, orderId, request)).toMatchObject({ ok: true, state: 'cancelling' });
    const waiting = await storedOrder(world, orderId);
    expect(waiting.cancellation?.booking).toMatchObject({ status: 'failed', lastError: 'Delhivery answered 503' });
    expect(waiting.issuedRefunds).toBeUndefined(); // the money waits for the booking
    expect(staffStatusLabel(waiting)).toBe('Cancelling');
    expect(await world.deps.log.openOrderIds()).toContain(orderId);
    world.carrierDown = false;
    await sweepLater(world, 15);
    await sweepLater(world, 15);
    expect((await storedOrder(world, orderId)).status).toBe('cancelled');
    expect(world.cancelledWaybills).toHaveLength(1);
    expect(await refundsOf(world, orderId)).toHaveLength(1);
  });

  it('keeps the booking cancelled when the refund call fails, and refunds once when Razorpay is back', async () => {
    const { world, orderId, gateway } = await paidOrderWithGateway();
    const refund = gateway.refundPayment.bind(gateway);
    let down = true;
    gateway.refundPayment = async (input) => (down ? failure('UNREACHABLE', 'Razorpay answered 502') : refund(input));
    expect(await cancelOrder(world.deps, orderId, request)).toMatchObject({ ok: true, state: 'cancelling' });
    const half = await storedOrder(world, orderId);
    expect(half.cancellation).toMatchObject({ booking: { status: 'done' }, refund: { status: 'failed' } });
    // Written before Razorpay was asked, under its key: the retry sends the same key.
    expect(half.issuedRefunds).toEqual([
      expect.objectContaining({ key: `${orderId}-cancelled-1`, status: 'requested' }),
    ]);
    down = false;
    await sweepLater(world, 15);
    await sweepLater(world, 15);
    const done = await storedOrder(world, orderId);
    expect(done.status).toBe('cancelled');
    expect(done.issuedRefunds).toHaveLength(1);
    expect(await refundsOf(world, orderId)).toHaveLength(1);
    expect(world.cancelledWaybills).toHaveLength(1);
  });
});

describe("a refund's state, from Razorpay's word", () => {
  it('is pending when made, processed when the reconciler asks, and the shopper is told once', async () => {
    const world = orderWorld(blobs, { LOCAL_GATEWAY_REFUND_SECONDS: 0 });
    const orderId = await paidOrder(world);
    await cancelOrder(world.deps, orderId, request);
    expect((await storedOrder(world, orderId)).issuedRefunds?.[0]?.status).toBe('pending');
    await sweepLater(world, 15);
    const refunded = await storedOrder(world, orderId);
    expect(refunded.issuedRefunds?.[0]).toMatchObject({ status: 'processed', settledAt: expect.any(String) });
    expect(staffStatusLabel(refunded)).toBe('Cancelled, ₹784 refunded');
    expect((await orderView(world.deps, refunded)).paymentStatus).toBe('Refunded ₹784');
    await sweepLater(world, 15);
    const sent = mails(world, orderId).filter((id) => id.includes('-refunded-'));
    expect(sent).toEqual([`${orderId}-refunded-${orderId}-cancelled-1`]);
    expect(world.emails.find((email) => email.emailId === sent[0])?.html).toContain(
      'We have refunded <strong>₹784</strong>',
    );
    expect(await world.deps.log.openOrderIds()).not.toContain(orderId);
  });

  it('takes events in any order, replayed or late, and never counts a refund twice', async () => {
    const world = orderWorld(blobs);
    const orderId = await paidOrder(world);
    await cancelOrder(world.deps, orderId, request);
    const refundId = (await storedOrder(world, orderId)).issuedRefunds?.[0]?.refundId as string;
    expect(await recordRefund(world.deps, orderId, { id: refundId, status: 'processed' })).toBe('changed');
    expect(await recordRefund(world.deps, orderId, { id: refundId, status: 'processed' })).toBe('unchanged');
    expect(await recordRefund(world.deps, orderId, { id: refundId, status: 'pending' })).toBe('unchanged'); // late refund.created
    expect(await recordRefund(world.deps, orderId, { id: 'rfnd_someoneElse', status: 'processed' })).toBe(
      'unknown refund',
    );
    const order = await storedOrder(world, orderId);
    expect(order.issuedRefunds).toHaveLength(1);
    expect(order.issuedRefunds?.[0]?.status).toBe('processed');
  });

  it('a refund Razorpay failed needs staff: the Sheet says so', async () => {
    const world = orderWorld(blobs);
    const orderId = await paidOrder(world);
    await cancelOrder(world.deps, orderId, request);
    const refund = (await storedOrder(world, orderId)).issuedRefunds?.[0];
    await recordRefund(world.deps, orderId, { id: refund?.refundId as string, status: 'failed' });
    expect(staffStatusLabel(await storedOrder(world, orderId))).toMatch(/^Needs attention: refund failed \(rfnd_/);
  });
});

describe('the reconciler and a refund whose answer was lost', () => {
  /** A world whose first refund call reaches Razorpay but whose answer never comes back. */
  async function lostAnswer(world: TestOrderWorld) {
    const gateway = world.gateway();
    const refund = gateway.refundPayment.bind(gateway);
    let lose = true;
    gateway.refundPayment = async (input) => {
      const answer = await refund(input);
      if (!lose) return answer;
      lose = false;
      return failure('UNREACHABLE', 'no answer within 10000 ms');
    };
    world.deps.gateway = () => ({ ok: true, gateway });
    return gateway;
  }

  it('finds the refund by its receipt (the key) instead of asking again', async () => {
    const world = orderWorld(blobs, { LOCAL_GATEWAY_REFUND_SECONDS: 0 });
    const orderId = await paidOrder(world);
    const gateway = await lostAnswer(world);
    await cancelOrder(world.deps, orderId, request);
    const waiting = (await storedOrder(world, orderId)).issuedRefunds?.[0];
    expect(waiting?.status).toBe('requested');
    expect(waiting?.refundId).toBeUndefined();
    const asked = { count: 0 };
    const refund = gateway.refundPayment.bind(gateway);
    gateway.refundPayment = async (input) => {
      asked.count += 1;
      return refund(input);
    };
    await sweepLater(world);
    expect(asked.count).toBe(0); // found among the payment's refunds, not asked for again
    expect((await storedOrder(world, orderId)).issuedRefunds?.[0]).toMatchObject({
      refundId: expect.stringMatching(/^rfnd_/),
    });
    expect(await refundsOf(world, orderId)).toHaveLength(1);
  });

  it('asks again with the same key when Razorpay has no such refund, and waits while it cannot be asked', async () => {
    const { world, orderId, gateway } = await paidOrderWithGateway();
    const original = gateway.refundPayment.bind(gateway);
    gateway.refundPayment = async () => failure('UNREACHABLE', 'Razorpay answered 502');
    await cancelOrder(world.deps, orderId, request);
    const listing = gateway.paymentRefunds.bind(gateway);
    gateway.paymentRefunds = async () => failure('UNREACHABLE', 'Razorpay answered 502');
    await sweepLater(world);
    expect((await storedOrder(world, orderId)).issuedRefunds?.[0]?.status).toBe('requested'); // waits
    world.deps.gateway = () => ({ ok: false, code: 'NOT_CONFIGURED', message: 'keys removed' });
    await sweepLater(world); // payments off: nothing asked
    gateway.paymentRefunds = listing;
    gateway.refundPayment = original;
    world.deps.gateway = () => ({ ok: true, gateway });
    await sweepLater(world);
    const settled = (await storedOrder(world, orderId)).issuedRefunds?.[0];
    expect(settled).toMatchObject({ key: `${orderId}-cancelled-1`, refundId: expect.stringMatching(/^rfnd_/) });
  });
});

describe('what the order page says of a cancelled order’s money', () => {
  it('nothing to pay for COD; a refund on its way, done, or being arranged when it failed', async () => {
    const world = orderWorld(blobs);
    const cod = await codOrder(world);
    await cancelOrder(world.deps, cod, request);
    expect((await orderView(world.deps, await storedOrder(world, cod))).paymentStatus).toBe('Nothing to pay');
    const paid = await paidOrder(world);
    await cancelOrder(world.deps, paid, request);
    expect((await orderView(world.deps, await storedOrder(world, paid))).paymentStatus).toBe(
      'Refund of ₹784 on its way',
    );
    const refundId = (await storedOrder(world, paid)).issuedRefunds?.[0]?.refundId as string;
    await recordRefund(world.deps, paid, { id: refundId, status: 'failed' });
    expect((await orderView(world.deps, await storedOrder(world, paid))).paymentStatus).toBe('Refund being arranged');
  });
});
