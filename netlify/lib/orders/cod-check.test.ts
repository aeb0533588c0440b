/**
 * The COD rules on the server (docs/shop-rules.md §10 rule 17): a COD order the rules do not allow
 * is refused with the checkout's sentence and recorded nowhere; an allowed one keeps the decision;
 * each phone's orders and their ends reach its history; a retry is never refused by its own try.
 */
import { describe, expect, it } from 'vitest';
import { COD_RULE_DEFAULTS, type CodRuleSettings } from '#shop/cod/index.ts';
import { text } from '#shop/texts/server.ts';
import { fileTestBlobs } from '#tests/support/blobs.ts';
import { makeCustomer } from '#tests/support/factories.ts';
import {
  codOrder,
  codRequest,
  newOrderId,
  orderWorld,
  paidOrder,
  RAJMA_COD_TOTAL,
  rajma,
  storedOrder,
  type TestOrderWorld,
} from '#tests/support/orders.ts';
import { messageBody, outcomesOf, postWebhook } from '#tests/support/whatsapp-webhook.ts';
import { syncParcels } from '../parcels/sync.ts';
import { cancelOrder } from './cancel.ts';
import { orderSettings } from './deps.ts';
import { codOptions, placeCodOrder } from './place.ts';

const blobs = fileTestBlobs();

const PHONE = '9876543210';
const DAY = 24 * 60 * 60 * 1000;

/** A world whose Studio says `codRules`. */
function worldWith(codRules: Partial<CodRuleSettings> = {}): TestOrderWorld {
  const world = orderWorld(blobs);
  world.deps.settings = async () => ({ ...(await orderSettings()), codRules: { ...COD_RULE_DEFAULTS, ...codRules } });
  return world;
}

const history = async (world: TestOrderWorld) => (await world.deps.codHistory.orders(PHONE)) ?? [];

/** The checkout's question for the usual cart, from PHONE. */
const ask = (world: TestOrderWorld, delivery = {}) =>
  codOptions(world.deps, {
    lines: rajma,
    delivery: { ...makeCustomer(), phone: PHONE, ...delivery },
  });

describe('a COD order the rules do not allow', () => {
  it('is refused with the sentence the checkout shows, and nothing is recorded', async () => {
    const world = worldWith();
    const orderId = newOrderId();
    const customer = makeCustomer({ address1: 'asdf', address2: '', state: 'Kerala' });
    expect(await placeCodOrder(world.deps, codRequest(orderId, { customer }))).toEqual({
      ok: false,
      status: 422,
      code: 'COD_NOT_ALLOWED',
      message: text('cod.stateMismatch', { pincode: '248001' }),
    });
    expect(await world.deps.log.get(orderId)).toBeUndefined();
    expect(world.sheetRows).toEqual([]);
    expect(world.shipments).toEqual([]);
    expect(await history(world)).toEqual([]);
  });

  it('a COD order the rules allow keeps their decision, and is entered in its phone’s history', async () => {
    const world = worldWith();
    const orderId = await codOrder(world);
    expect((await storedOrder(world, orderId)).cod).toEqual({
      decision: { outcome: 'allow', reasons: [], at: world.clock.now.toISOString() },
    });
    expect(await history(world)).toEqual([
      { orderId, at: world.clock.now.toISOString(), total: RAJMA_COD_TOTAL, mode: 'cod' },
    ]);
  });
});

describe('the phone’s history decides', () => {
  it('the same order sent again finds itself, though its first try is in the history and the rules changed', async () => {
    const world = worldWith({ dayAmountLimit: RAJMA_COD_TOTAL });
    const orderId = newOrderId();
    expect((await placeCodOrder(world.deps, codRequest(orderId))).status).toBe(201);
    expect((await placeCodOrder(world.deps, codRequest(orderId))).status).toBe(200);
    // Another order the same day goes over the day's amount: the generic sentence, nothing of why.
    expect(await placeCodOrder(world.deps, codRequest(newOrderId()))).toMatchObject({
      status: 422,
      message: text('cod.advance'),
    });
    // Stricter rules since the first try: its retry is still the order it placed.
    world.deps.settings = async () => ({
      ...(await orderSettings()),
      codRules: { ...COD_RULE_DEFAULTS, minAddressChars: 100 },
    });
    expect(await placeCodOrder(world.deps, codRequest(orderId))).toMatchObject({ ok: true, status: 200 });
    expect(await history(world)).toHaveLength(1);
  });

  it('three cancellations with the order’s key leave the phone’s COD as it was, and its owner’s next order is taken (issue 46)', async () => {
    const world = worldWith();
    // Anyone can place a COD order with a phone and cancel it on its page with the key they were given.
    for (const reason of ['ordered-by-mistake', 'found-cheaper', 'other'] as const) {
      const orderId = newOrderId();
      const customer = makeCustomer({ name: 'Not The Owner', address1: '7 Some Other Lane' });
      expect((await placeCodOrder(world.deps, codRequest(orderId, { customer }))).status).toBe(201);
      expect(await cancelOrder(world.deps, orderId, { reason, by: 'shopper' })).toMatchObject({ ok: true });
    }
    // Kept as cancelled (out of the day's amount), never as the phone's own doing.
    expect((await history(world)).map((order) => order.outcome)).toEqual(['cancelled', 'cancelled', 'cancelled']);
    expect(await ask(world)).toMatchObject({ body: { outcome: 'allow', message: null } });
    expect(await placeCodOrder(world.deps, codRequest(newOrderId()))).toMatchObject({ ok: true, status: 201 });
  });

  it('counts what the phone’s owner did — a Cancel on WhatsApp from the phone, a parcel returned — not a cancellation by staff', async () => {
    const world = worldWith();
    // To 302099 the local carrier's parcel comes back; booked at once (the shop hears no WhatsApp yet).
    const returned = newOrderId();
    const customer = makeCustomer({ pincode: '302099' });
    expect((await placeCodOrder(world.deps, codRequest(returned, { customer }))).status).toBe(201);
    const byStaff = await codOrder(world);
    await cancelOrder(world.deps, byStaff, { reason: 'other', by: 'staff' });
    world.deps.hearsWhatsApp = true; // COD orders now wait for the shopper's answer on WhatsApp
    const byButton = await codOrder(world);
    const byReply = await codOrder(world);
    const tap = (id: string, payload: string) =>
      messageBody(id, { type: 'button', button: { payload, text: 'Cancel' } });
    expect(await outcomesOf(await postWebhook(world, tap('wamid.P1', `COD_CANCEL:${byButton}`)))).toEqual([
      'cancelled by reply',
    ]);
    expect(await outcomesOf(await postWebhook(world, tap('wamid.P2', `NDR_CANCEL:${byReply}`)))).toEqual([
      'reply recorded',
    ]);
    expect((await history(world)).map((order) => order.outcome)).toEqual([
      undefined,
      'cancelled-by-shop',
      'cancelled-from-phone',
      'cancelled-from-phone',
    ]);
    expect(await placeCodOrder(world.deps, codRequest(newOrderId()))).toMatchObject({
      status: 422,
      code: 'COD_NOT_ALLOWED',
      message: text('cod.advance'),
    });
    world.clock.now = new Date(world.clock.now.getTime() + 9 * DAY);
    await syncParcels(world.deps);
    expect((await history(world))[0]?.outcome).toBe('returned');
    expect(await placeCodOrder(world.deps, codRequest(newOrderId()))).toMatchObject({
      status: 422,
      message: text('cod.prepaidOnly'),
    });
  });

  it('a delivered parcel makes the phone known; a returned one counts against it', async () => {
    const world = worldWith({ firstOrderCap: 500 });
    // A first order above the cap from a phone never delivered to: the fee now.
    expect((await placeCodOrder(world.deps, codRequest(newOrderId()))).status).toBe(422);
    const prepaid = await paidOrder(world);
    expect((await history(world)).find((order) => order.orderId === prepaid)).toMatchObject({ mode: 'prepaid' });
    world.clock.now = new Date(world.clock.now.getTime() + 4 * DAY);
    await syncParcels(world.deps);
    expect((await history(world)).find((order) => order.orderId === prepaid)?.outcome).toBe('delivered');
    const returning = await placeCodOrder(
      world.deps,
      codRequest(newOrderId(), { customer: makeCustomer({ pincode: '302099' }) }),
    );
    expect(returning.status).toBe(201);
    world.clock.now = new Date(world.clock.now.getTime() + 9 * DAY);
    await syncParcels(world.deps);
    expect((await history(world)).map((order) => order.outcome)).toEqual(['delivered', 'returned']);
    expect((await placeCodOrder(world.deps, codRequest(newOrderId()))).status).toBe(422);
  });
});

describe('the checkout’s question (codOptions)', () => {
  it('answers the outcome and its sentence, never the reasons', async () => {
    const world = worldWith();
    expect(await ask(world)).toEqual({ ok: true, status: 200, body: { outcome: 'allow', message: null } });
    expect(await ask(world, { address1: 'Flat 3', address2: undefined })).toEqual({
      ok: true,
      status: 200,
      body: { outcome: 'allow_with_advance', message: text('cod.address') },
    });
  });

  it('speaks for the carrier where it takes no cash, and passes on a cart it cannot price', async () => {
    const world = worldWith();
    expect(await ask(world, { pincode: '737101', state: 'Sikkim' })).toMatchObject({
      body: { outcome: 'prepaid_only', message: text('delivery.codUnavailable', { pincode: '737101' }) },
    });
    const unknown = await codOptions(world.deps, {
      lines: [{ productId: 99, size: '500gm', quantity: 1 }],
      delivery: makeCustomer(),
    });
    expect(unknown).toMatchObject({ ok: false, status: 422, code: 'UNKNOWN_PRODUCT' });
  });
});
