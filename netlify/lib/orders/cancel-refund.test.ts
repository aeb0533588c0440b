/**
 * A cancellation whose money cannot go back at once (docs/shop-rules.md §10, "Cancel and refund"):
 * payments switched off when the refund is due, and a refund Razorpay refuses. The booking stays
 * cancelled either way; the order waits as "cancelling" until the money is settled or staff act.
 */
import { describe, expect, it } from 'vitest';
import { staffStatusLabel } from '#shop/order-engine/index.ts';
import { fileTestBlobs } from '#tests/support/blobs.ts';
import { gatewayRefunds, orderWorld, paidOrder, storedOrder, sweepLater } from '#tests/support/orders.ts';
import { failure } from '../platform/outcome.ts';
import { cancelOrder } from './cancel.ts';

const blobs = fileTestBlobs();

const request = { reason: 'ordered-by-mistake' as const, by: 'shopper' as const };

describe('cancelling a paid order when the money cannot go back at once', () => {
  it('waits with the booking cancelled while payments are switched off, and refunds once they are back', async () => {
    const world = orderWorld(blobs);
    const orderId = await paidOrder(world);
    const gateway = world.deps.gateway;
    world.deps.gateway = () => ({ ok: false, code: 'NOT_CONFIGURED', message: 'Razorpay keys are not set' });
    expect(await cancelOrder(world.deps, orderId, request)).toMatchObject({ ok: true, state: 'cancelling' });
    const waiting = await storedOrder(world, orderId);
    expect(waiting.cancellation).toMatchObject({
      booking: { status: 'done' },
      refund: { status: 'failed', lastError: 'Razorpay keys are not set' },
    });
    // Nothing was asked of Razorpay, so nothing is on record to be sent again.
    expect(waiting.issuedRefunds).toBeUndefined();
    expect(world.cancelledWaybills).toEqual([waiting.forwards.shipment.waybill]);

    world.deps.gateway = gateway;
    await sweepLater(world, 15);
    const done = await storedOrder(world, orderId);
    expect(done.status).toBe('cancelled');
    expect(await gatewayRefunds(world, done.razorpay?.paymentId ?? '')).toHaveLength(1);
    expect(world.cancelledWaybills).toHaveLength(1);
  });

  it('keeps a refund Razorpay refuses as failed, in its words, and tells staff in the Status', async () => {
    const world = orderWorld(blobs);
    const orderId = await paidOrder(world);
    const gateway = world.gateway();
    const refused = 'The refund amount provided is greater than amount captured';
    gateway.refundPayment = async () => failure('REFUSED', refused);
    world.deps.gateway = () => ({ ok: true, gateway });
    expect(await cancelOrder(world.deps, orderId, request)).toMatchObject({ ok: true, state: 'cancelling' });
    const order = await storedOrder(world, orderId);
    expect(order.cancellation).toMatchObject({ booking: { status: 'done' }, refund: { status: 'failed' } });
    expect(order.issuedRefunds).toEqual([
      expect.objectContaining({ key: `${orderId}-cancelled-1`, status: 'failed', failure: refused }),
    ]);
    expect(staffStatusLabel(order)).toBe(`Needs attention: refund failed (${refused})`);
  });
});
