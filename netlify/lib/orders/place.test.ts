import { describe, expect, it } from 'vitest';
import { ORDER_ID_PATTERN } from '#shop/order/index.ts';
import { text } from '#shop/texts/server.ts';
import { fileTestBlobs } from '#tests/support/blobs.ts';
import { makeCustomer } from '#tests/support/factories.ts';
import { codRequest, ghee, orderWorld, RAJMA_COD_TOTAL, type TestOrderWorld } from '#tests/support/orders.ts';
import { failure } from '../platform/outcome.ts';
import { placeCodOrder } from './place.ts';
import { reconcile } from './reconcile.ts';

const blobs = fileTestBlobs();

describe('cash on delivery', () => {
  it('prices on the server, records the order, then forwards it once to the Sheet and Delhivery', async () => {
    const world = orderWorld(blobs);
    const result = await placeCodOrder(world.deps, codRequest('OUO_1732000000001'));
    expect(result).toEqual({
      ok: true,
      status: 201,
      body: {
        success: true,
        orderId: 'OUO_1732000000001',
        total: RAJMA_COD_TOTAL,
        status: 'forwarded',
        key: expect.stringMatching(/^[0-9a-f]{32}$/),
      },
    });
    expect(world.sheetRows).toHaveLength(1);
    expect(world.sheetRows[0]).toMatchObject({
      type: 'checkout',
      orderId: 'OUO_1732000000001',
      paymentMode: 'COD',
      paymentStatus: 'Pending',
      subtotal: 694,
      shippingCharge: 90,
      codCharge: 150,
      total: RAJMA_COD_TOTAL,
      products: [{ name: 'Himalayan White Rajma', size: '500gm', quantity: 2, price: 347 }],
    });
    expect(world.shipments).toEqual([
      expect.objectContaining({
        order: 'OUO_1732000000001',
        payment_mode: 'COD',
        cod_amount: RAJMA_COD_TOTAL,
        total_amount: RAJMA_COD_TOTAL,
        weight: 1000,
        country: 'India',
        shipping_mode: 'Surface',
        pin: '248001',
      }),
    ]);
    expect(world.sheetRows[0]).toMatchObject({ waybill: 'WB1' });
    const stored = await world.deps.log.get('OUO_1732000000001');
    expect(stored?.forwards.shipment).toMatchObject({ status: 'done', waybill: 'WB1' });
  });

  it("keeps the shopper's WhatsApp consent with its words' version, time and language, only when ticked", async () => {
    const world = orderWorld(blobs);
    await placeCodOrder(world.deps, codRequest('OUO_1732000000101', { whatsappUpdates: true }));
    await placeCodOrder(
      world.deps,
      codRequest('OUO_1732000000102', { whatsappUpdates: false, whatsappLanguage: 'hi' }),
    );
    await placeCodOrder(world.deps, codRequest('OUO_1732000000103'));
    await placeCodOrder(world.deps, codRequest('OUO_1732000000104', { whatsappUpdates: true, whatsappLanguage: 'hi' }));
    const at = world.clock.now.toISOString();
    expect((await world.deps.log.get('OUO_1732000000101'))?.whatsapp).toEqual({
      consent: { version: 1, text: text('whatsapp.consent'), at, language: 'en' },
    });
    expect((await world.deps.log.get('OUO_1732000000102'))?.whatsapp).toBeUndefined();
    expect((await world.deps.log.get('OUO_1732000000103'))?.whatsapp).toBeUndefined();
    expect((await world.deps.log.get('OUO_1732000000104'))?.whatsapp).toEqual({
      consent: { version: 1, text: text('whatsapp.consent'), at, language: 'hi' },
    });
    // The placed message goes in the language chosen.
    expect(world.whatsapp.map((message) => [message.orderId, message.language])).toEqual([
      ['OUO_1732000000101', 'en'],
      ['OUO_1732000000104', 'hi'],
    ]);
  });

  it('asks the carrier below ₹1000 and never above', async () => {
    const world = orderWorld(blobs);
    world.deps.carrier.quoteRate = async () => 72;
    const cheap = await placeCodOrder(world.deps, codRequest('OUO_1732000000002', { clientTotal: 694 + 72 + 150 }));
    expect(cheap).toMatchObject({ ok: true, body: { total: 916 } });
    world.deps.carrier.quoteRate = async () => {
      throw new Error('must not be asked above the threshold');
    };
    const free = await placeCodOrder(
      world.deps,
      codRequest('OUO_1732000000003', { lines: ghee, clientTotal: 1795 + 150 }),
    );
    expect(free).toMatchObject({ ok: true, body: { total: 1945 } });
  });

  it('refuses (409) a total the server does not agree with, and records nothing', async () => {
    const world = orderWorld(blobs);
    const result = await placeCodOrder(world.deps, codRequest('OUO_1732000000004', { clientTotal: 1 }));
    expect(result).toMatchObject({ ok: false, status: 409, code: 'TOTAL_MISMATCH' });
    expect(result.ok ? '' : result.message).toContain('₹934');
    expect(await world.deps.log.allOrderIds()).toEqual([]);
    expect(world.sheetRows).toEqual([]);
  });

  it('refuses an unknown product or size with 422', async () => {
    const world = orderWorld(blobs);
    const unknown = await placeCodOrder(
      world.deps,
      codRequest('OUO_1732000000005', { lines: [{ productId: 9, size: '1kg', quantity: 1 }] }),
    );
    expect(unknown).toMatchObject({ ok: false, status: 422, code: 'UNKNOWN_PRODUCT' });
  });

  it('refuses (422) a pincode the carrier does not serve, and COD where only prepaid is offered; records nothing', async () => {
    const world = orderWorld(blobs);
    const to = (pincode: string) => ({ customer: makeCustomer({ pincode }) });
    expect(await placeCodOrder(world.deps, codRequest('OUO_1732000000401', to('744301')))).toMatchObject({
      ok: false,
      status: 422,
      code: 'NOT_SERVICEABLE',
      message: 'Sorry, we cannot deliver to pincode 744301 yet. Please check it, or contact us for other options.',
    });
    expect(await placeCodOrder(world.deps, codRequest('OUO_1732000000402', to('737101')))).toMatchObject({
      ok: false,
      status: 422,
      code: 'COD_UNAVAILABLE',
      message: 'Cash on Delivery is not available for pincode 737101. Please pay online.',
    });
    expect(await world.deps.log.allOrderIds()).toEqual([]);
    expect(world.shipments).toHaveLength(0);
  });

  it('takes the order when the carrier cannot be asked about the pincode', async () => {
    const world = orderWorld(blobs);
    world.deps.carrier.checkPincode = async () => undefined;
    const result = await placeCodOrder(world.deps, codRequest('OUO_1732000000403'));
    expect(result).toMatchObject({ ok: true, status: 201 });
  });

  it('turns a double submit into one order, one sheet row, one shipment', async () => {
    const world = orderWorld(blobs);
    const [first, second] = await Promise.all([
      placeCodOrder(world.deps, codRequest('OUO_1732000000006')),
      placeCodOrder(world.deps, codRequest('OUO_1732000000006')),
    ]);
    expect([first.ok && first.body.orderId, second.ok && second.body.orderId]).toEqual([
      'OUO_1732000000006',
      'OUO_1732000000006',
    ]);
    expect([first.status, second.status].sort()).toEqual([200, 201]);
    expect(await world.deps.log.allOrderIds()).toEqual(['OUO_1732000000006']);
    expect(world.sheetRows).toHaveLength(1);
    expect(world.shipments).toHaveLength(1);
    expect(world.emails).toHaveLength(1);
  });

  /** Asha's order placed as `orderId`, then someone else's under the same id: the second's answer. */
  async function placeTwiceUnder(world: TestOrderWorld, orderId: string) {
    await placeCodOrder(world.deps, codRequest(orderId));
    return placeCodOrder(world.deps, codRequest(orderId, { customer: makeCustomer({ name: 'Someone Else' }) }));
  }

  it('never merges two different orders that arrive under one id', async () => {
    const world = orderWorld(blobs);
    const other = await placeTwiceUnder(world, 'OUO_1732000000007');
    expect(other.ok && other.body.orderId).not.toBe('OUO_1732000000007');
    expect((await world.deps.log.allOrderIds()).sort()).toHaveLength(2);
    expect(world.sheetRows.map((row) => row.name).sort()).toEqual(['Asha Rawat', 'Someone Else']);
  });

  it('gives a second order under the last 13-digit id an id the order page accepts (issue 37 §3)', async () => {
    const world = orderWorld(blobs);
    const other = await placeTwiceUnder(world, 'OUO_9999999999999');
    expect(other).toMatchObject({ ok: true, status: 201 });
    const otherId = other.ok ? other.body.orderId : '';
    expect(otherId).not.toBe('OUO_9999999999999');
    expect(otherId).toMatch(ORDER_ID_PATTERN);
    expect(await world.deps.log.get(otherId)).toMatchObject({ orderId: otherId });
  });

  it('keeps the same cart sent from another tab to another address as a second order', async () => {
    const world = orderWorld(blobs);
    await placeCodOrder(world.deps, codRequest('OUO_1732000000012'));
    const toMother = codRequest('OUO_1732000000012', { customer: makeCustomer({ address1: '7 Rajpur Road' }) });
    const other = await placeCodOrder(world.deps, toMother);
    expect(other).toMatchObject({ ok: true, status: 201 });
    expect(other.ok && other.body.orderId).not.toBe('OUO_1732000000012');
    expect(world.shipments.map((shipment) => shipment.add).sort()).toEqual([
      expect.stringContaining('12 Mall Road'),
      expect.stringContaining('7 Rajpur Road'),
    ]);
  });

  it('keeps the order when the Sheet is down, and the retry forwards it exactly once', async () => {
    const world = orderWorld(blobs);
    world.sheetDown = true;
    const result = await placeCodOrder(world.deps, codRequest('OUO_1732000000008'));
    expect(result).toMatchObject({ ok: true, body: { status: 'pending' } });
    expect((await world.deps.log.get('OUO_1732000000008'))?.forwards.sheet).toMatchObject({
      status: 'failed',
      attempts: 1,
    });
    world.sheetDown = false;
    await reconcile(world.deps);
    expect(world.sheetRows).toHaveLength(0); // backing off: not before 15 minutes
    world.clock.now = new Date(world.clock.now.getTime() + 15 * 60 * 1000);
    await reconcile(world.deps);
    await reconcile(world.deps);
    expect(world.sheetRows).toHaveLength(1);
    expect(world.sheetRows[0]).toMatchObject({ status: 'Booked', waybill: 'WB1' });
    expect(world.shipments).toHaveLength(1);
    expect((await world.deps.log.get('OUO_1732000000008'))?.status).toBe('forwarded');
  });

  it('keeps the order when Delhivery is down, and books the shipment on retry', async () => {
    const world = orderWorld(blobs);
    world.carrierDown = true;
    await placeCodOrder(world.deps, codRequest('OUO_1732000000009'));
    expect((await world.deps.log.get('OUO_1732000000009'))?.forwards.shipment).toMatchObject({
      status: 'failed',
      lastError: 'Delhivery answered 503',
    });
    // Staff already see the order, as Placed with no waybill: the shop is still booking it.
    expect(world.sheetRows).toEqual([expect.objectContaining({ status: 'Placed' })]);
    expect(world.sheetRows[0]?.waybill).toBeUndefined();
    world.carrierDown = false;
    world.clock.now = new Date(world.clock.now.getTime() + 15 * 60 * 1000);
    await reconcile(world.deps);
    await reconcile(world.deps);
    expect(world.shipments).toHaveLength(1);
    // The same order's rows, updated: waybill filled, Status Booked.
    expect(world.sheetRows).toEqual([expect.objectContaining({ status: 'Booked', waybill: 'WB1' })]);
    expect(world.sheetWrites).toBe(2);
    expect((await world.deps.log.get('OUO_1732000000009'))?.status).toBe('forwarded');
  });

  it('backs off between retries and, after a day, leaves the order to staff as Needs attention', async () => {
    const world = orderWorld(blobs);
    world.carrierDown = true;
    const start = world.clock.now.getTime();
    await placeCodOrder(world.deps, codRequest('OUO_1732000000011'));
    const minutes = (n: number) => new Date(start + n * 60 * 1000);
    const attempts = async () => (await world.deps.log.get('OUO_1732000000011'))?.forwards.shipment.attempts;
    for (const [at, expected] of [
      [14, 1],
      [15, 2],
      [30, 2],
      [45, 3],
      [104, 3],
      [105, 4],
    ] as const) {
      world.clock.now = minutes(at);
      await reconcile(world.deps);
      expect(await attempts(), `attempts at minute ${at}`).toBe(expected);
    }
    for (let hour = 2; hour <= 25; hour += 1) {
      world.clock.now = minutes(hour * 60 + 1);
      await reconcile(world.deps);
    }
    const order = await world.deps.log.get('OUO_1732000000011');
    expect(order?.forwards.shipment).toMatchObject({ status: 'needs-attention', lastError: 'Delhivery answered 503' });
    expect(world.sheetRows).toEqual([
      expect.objectContaining({ status: 'Needs attention: shipment not booked (Delhivery answered 503)' }),
    ]);
    expect(await world.deps.log.attentionOrderIds()).toEqual(['OUO_1732000000011']);
    const tries = order?.forwards.shipment.attempts ?? 0;
    world.carrierDown = false;
    world.clock.now = minutes(30 * 60);
    await reconcile(world.deps);
    expect(world.shipments).toHaveLength(0); // staff book it by hand now: the shop never books it too
    expect((await world.deps.log.get('OUO_1732000000011'))?.forwards.shipment.attempts).toBe(tries);
  });

  it('keeps an order whose carrier is not configured (production) waiting, and books it once configured', async () => {
    const world = orderWorld(blobs);
    const book = world.deps.carrier.createShipment;
    world.deps.carrier.createShipment = async () => failure('NOT_CONFIGURED', 'DELHIVERY_TOKEN is not set');
    const result = await placeCodOrder(world.deps, codRequest('OUO_1732000000010'));
    expect(result).toMatchObject({ ok: true, body: { status: 'pending' } });
    expect((await world.deps.log.get('OUO_1732000000010'))?.forwards.shipment).toMatchObject({
      status: 'failed',
      lastError: 'DELHIVERY_TOKEN is not set',
    });
    world.deps.carrier.createShipment = book;
    world.clock.now = new Date(world.clock.now.getTime() + 15 * 60 * 1000);
    await reconcile(world.deps);
    await reconcile(world.deps);
    expect(world.shipments).toHaveLength(1);
    expect(world.sheetRows).toEqual([expect.objectContaining({ status: 'Booked' })]);
  });
});
describe('a shipment Delhivery already has', () => {
  it('is not booked twice when an earlier answer was lost', async () => {
    const world = orderWorld(blobs);
    world.deps.carrier.createShipment = async () => failure('DUPLICATE', 'Duplicate order id');
    await placeCodOrder(world.deps, codRequest('OUO_1732000000301'));
    expect((await world.deps.log.get('OUO_1732000000301'))?.forwards.shipment.status).toBe('done');
  });

  it('is decided by the outcome code, never by the words of the message', async () => {
    const world = orderWorld(blobs);
    world.deps.carrier.createShipment = async () => failure('REFUSED', 'duplicate remarks, not configured either');
    await placeCodOrder(world.deps, codRequest('OUO_1732000000302'));
    expect((await world.deps.log.get('OUO_1732000000302'))?.forwards.shipment.status).toBe('failed');
  });
});
