/**
 * The WhatsApp channel of the order's news (docs/shop-rules.md §10, "WhatsApp"): only to a
 * shopper who agreed at checkout; at most one message per (order, event, channel) however often
 * the sync, the reconciler or a retry runs; the email goes regardless; a message WhatsApp will
 * never take is given up at once, one it cannot take now is tried again.
 */
import { describe, expect, it } from 'vitest';
import { checkoutFormSchema } from '#shop/schemas/index.ts';
import { fileTestBlobs } from '#tests/support/blobs.ts';
import { makeCustomer } from '#tests/support/factories.ts';
import { FAKE_GRAPH_URL, FAKE_WHATSAPP, fakeWhatsApp, graphError } from '#tests/support/fake-whatsapp.ts';
import { server } from '#tests/support/msw.ts';
import {
  codRequest,
  newOrderId,
  orderWorld,
  prepaidRequest,
  storedOrder,
  type TestOrderWorld,
} from '#tests/support/orders.ts';
import { JOURNEY_PINCODES } from '../delhivery/simulated-tracking.ts';
import { cancelOrder } from '../orders/cancel.ts';
import { createPaymentOrder, processPrepaid } from '../orders/pay.ts';
import { placeCodOrder } from '../orders/place.ts';
import { reconcile } from '../orders/reconcile.ts';
import { syncParcels } from '../parcels/sync.ts';
import { cloudApi } from '../whatsapp/cloud-api.ts';
import { cloudSender } from '../whatsapp/sender.ts';

const blobs = fileTestBlobs();

const DAY = 24 * 60 * 60 * 1000;
const later = (world: TestOrderWorld, days: number) => {
  world.clock.now = new Date(world.clock.now.getTime() + days * DAY);
};

async function codOrder(world: TestOrderWorld, consent: boolean, pin?: string): Promise<string> {
  const orderId = newOrderId();
  const placed = await placeCodOrder(world.deps, codRequest(orderId, consent ? { whatsappUpdates: true } : {}));
  if (!placed.ok) throw new Error(placed.message);
  const shipment = world.shipments.at(-1);
  if (shipment && pin) shipment.pin = pin;
  return orderId;
}

const sent = (world: TestOrderWorld, orderId: string) =>
  world.whatsapp.filter((message) => message.orderId === orderId).map((message) => message.template);

describe('the WhatsApp channel', () => {
  it('tells a COD order placed, shipped, out for delivery and delivered, once each, with the cash to keep ready', async () => {
    const world = orderWorld(blobs);
    const orderId = await codOrder(world, true);
    expect(world.whatsapp.find((message) => message.orderId === orderId)).toEqual({
      id: `${orderId}-placed`,
      orderId,
      to: '9876543210',
      template: 'order_placed',
      language: 'en',
      parameters: ['Asha', orderId, '₹934'],
    });
    later(world, 1.5);
    await syncParcels(world.deps);
    await syncParcels(world.deps);
    later(world, 1.6);
    await Promise.all([syncParcels(world.deps), syncParcels(world.deps), reconcile(world.deps)]);
    later(world, 0.4);
    await syncParcels(world.deps);
    expect(sent(world, orderId)).toEqual(['order_placed', 'order_shipped', 'out_for_delivery', 'order_delivered']);
    const find = (template: string) =>
      world.whatsapp.find((message) => message.template === template && message.orderId === orderId);
    expect(find('order_shipped')?.parameters).toEqual(['Asha', orderId, expect.stringMatching(/^WB/), 'by 25 Nov']);
    expect(find('out_for_delivery')?.parameters).toEqual(['Asha', orderId, '₹934 in cash']);
    // The email goes regardless.
    expect(
      world.emails.filter((email) => email.orderId === orderId).map((email) => email.emailId ?? 'confirmation'),
    ).toEqual(['confirmation', `${orderId}-shipped`, `${orderId}-out-for-delivery`, `${orderId}-delivered`]);
  });

  it("writes the Sheet's WhatsApp cell after the message went, in the same run: never `waiting` once it was sent (issue 47)", async () => {
    const world = orderWorld(blobs);
    const orderId = await codOrder(world, true);
    // Placed: the message and then the rows, in the runner's order (notices before the Sheet).
    expect(world.sheetRows.find((row) => row.orderId === orderId)?.whatsapp).toMatch(/^placed: sent/);
    later(world, 1.5);
    await Promise.all([syncParcels(world.deps), syncParcels(world.deps)]);
    const row = world.sheetRows.find((each) => each.orderId === orderId);
    expect(sent(world, orderId)).toContain('order_shipped');
    expect(row?.whatsapp).toMatch(/shipped: sent/);
    expect(row?.whatsapp).not.toMatch(/waiting/);
  });

  it('sends nothing on WhatsApp to a shopper who did not tick the box', async () => {
    const world = orderWorld(blobs);
    const orderId = await codOrder(world, false);
    later(world, 4);
    await syncParcels(world.deps);
    expect(sent(world, orderId)).toEqual([]);
    expect(
      Object.keys((await storedOrder(world, orderId)).notices ?? {}).every((key) => key.startsWith('email:')),
    ).toBe(true);
  });

  it('tells a prepaid order placed only once it is paid, in the language chosen', async () => {
    const world = orderWorld(blobs);
    const orderId = newOrderId();
    const created = await createPaymentOrder(
      world.deps,
      prepaidRequest(orderId, { whatsappUpdates: true, whatsappLanguage: 'hi' }),
    );
    if (!created.ok) throw new Error(created.message);
    expect(sent(world, orderId)).toEqual([]);
    const payment = await world.pay(created.body.order.id);
    if (!payment || 'error' in payment) throw new Error('payment failed');
    await processPrepaid(world.deps, { orderId, ...payment });
    await processPrepaid(world.deps, { orderId, ...payment });
    expect(sent(world, orderId)).toEqual(['order_placed']);
    expect(world.whatsapp.find((message) => message.orderId === orderId)).toMatchObject({
      language: 'hi',
      parameters: ['Asha', orderId, '₹784'],
    });
  });

  it('tells a failed delivery with what the courier said, and a cancellation', async () => {
    const world = orderWorld(blobs);
    const failing = await codOrder(world, true, JOURNEY_PINCODES.failsOnce);
    later(world, 3.45);
    await syncParcels(world.deps);
    expect(world.whatsapp.find((message) => message.template === 'delivery_failed')).toMatchObject({
      parameters: ['Asha', failing, 'Consignee unavailable'],
    });
    world.carrierDown = true; // booking fails: nothing picked up, so it can be cancelled
    const cancelled = await codOrder(world, true);
    world.carrierDown = false;
    await cancelOrder(world.deps, cancelled, { reason: 'ordered-by-mistake', by: 'shopper' });
    expect(sent(world, cancelled)).toEqual(['order_placed', 'order_cancelled']);
  });

  it('keeps a message Meta could not take now, and sends it once later; the email is not held back', async () => {
    const world = orderWorld(blobs);
    world.whatsappFault = 'down';
    const orderId = await codOrder(world, true);
    expect((await storedOrder(world, orderId)).notices?.['whatsapp:placed']).toMatchObject({ status: 'failed' });
    expect(world.emails.filter((email) => email.orderId === orderId)).toHaveLength(1);
    world.whatsappFault = undefined;
    later(world, 1 / 48); // past the first back-off (15 minutes)
    await reconcile(world.deps);
    await reconcile(world.deps);
    expect(sent(world, orderId)).toEqual(['order_placed']);
    expect((await storedOrder(world, orderId)).notices?.['whatsapp:placed']).toMatchObject({ status: 'sent' });
  });

  it('gives up at once on a message WhatsApp will never take (a number not on WhatsApp)', async () => {
    const world = orderWorld(blobs);
    world.whatsappFault = 'refuses';
    const orderId = await codOrder(world, true);
    const order = await storedOrder(world, orderId);
    expect(order.notices?.['whatsapp:placed']).toMatchObject({
      status: 'gave-up',
      lastError: '131026: message undeliverable',
    });
    expect(await world.deps.log.openOrderIds()).not.toContain(orderId);
  });

  it('sends nothing more to a phone that replied STOP, until START; remembers which order each message was', async () => {
    const world = orderWorld(blobs);
    const first = await codOrder(world, true);
    const placed = (await storedOrder(world, first)).notices?.['whatsapp:placed'];
    expect(placed).toMatchObject({ status: 'sent', messageId: `wamid.test-${first}-placed` });
    expect(await world.deps.whatsappBook.messageRef(`wamid.test-${first}-placed`)).toEqual({
      orderId: first,
      key: 'whatsapp:placed',
    });

    await world.deps.whatsappBook.setOptOut('9876543210', true, '2026-11-21T10:05:00.000Z');
    const second = await codOrder(world, true);
    expect(sent(world, second)).toEqual([]);
    expect((await storedOrder(world, second)).notices?.['whatsapp:placed']).toMatchObject({
      status: 'gave-up',
      lastError: 'the shopper replied STOP',
    });
    expect(world.emails.some((email) => email.orderId === second)).toBe(true);

    await world.deps.whatsappBook.setOptOut('9876543210', false, '2026-11-21T10:10:00.000Z');
    expect(sent(world, await codOrder(world, true))).toEqual(['order_placed']);
  });
});

describe('an invalid phone never blocks the order (issue 33, faults)', () => {
  it("places a COD order whose number Meta will not deliver to: the email goes, WhatsApp's notice is given up, never retried", async () => {
    const world = orderWorld(blobs);
    // The real Cloud API client against a fake Graph API, which refuses the number as Meta does.
    const graph = fakeWhatsApp();
    server.use(graph.handler);
    world.deps.whatsapp = cloudSender(cloudApi({ ...FAKE_WHATSAPP, baseUrl: FAKE_GRAPH_URL }));
    graph.answerNext(graphError(131026));
    // A number the checkout takes (ten digits, starting 6–9) that is on no phone with WhatsApp.
    const customer = makeCustomer({ phone: '60000 00000' });
    expect(checkoutFormSchema.safeParse(customer).success).toBe(true);

    const orderId = newOrderId();
    const placed = await placeCodOrder(world.deps, codRequest(orderId, { customer, whatsappUpdates: true }));

    expect(placed).toMatchObject({ ok: true, status: 201, body: { success: true, orderId } });
    const order = await storedOrder(world, orderId);
    expect(order.status).not.toBe('cancelled');
    expect(world.emails.filter((email) => email.orderId === orderId)).toHaveLength(1);
    expect(order.notices?.['whatsapp:placed']).toMatchObject({
      status: 'gave-up',
      attempts: 1,
      lastError: expect.stringContaining('(#131026)'),
    });
    // Given up, not waiting: runs past the first back-off (15 minutes) ask Meta nothing more,
    // though it would now take the message.
    later(world, 1 / 48);
    await reconcile(world.deps);
    await reconcile(world.deps);
    expect(graph.sent).toEqual([]);
    expect((await storedOrder(world, orderId)).notices?.['whatsapp:placed']).toMatchObject({ attempts: 1 });
  });
});
