/**
 * The COD fee paid now (docs/shop-rules.md §10 rule 17): a COD order whose Razorpay order is the
 * settings' COD fee, placed only once it is captured, confirmed by it, booked with the courier
 * collecting the rest; paid twice, never paid, cancelled before pickup.
 */
import { describe, expect, it } from 'vitest';
import { staffStatusLabel } from '#shop/order-engine/index.ts';
import { fileTestBlobs } from '#tests/support/blobs.ts';
import {
  advanceRequest,
  codRequest,
  gatewayRefunds,
  newOrderId,
  orderWorld,
  RAJMA_COD_TOTAL,
  RAJMA_PREPAID_TOTAL,
  storedOrder,
  type TestOrderWorld,
} from '#tests/support/orders.ts';
import { cancelOrder } from './cancel.ts';
import { createPaymentOrder, processPrepaid } from './pay.ts';
import { placeCodOrder } from './place.ts';
import { reconcile } from './reconcile.ts';
import { orderView } from './view.ts';

const blobs = fileTestBlobs();

const FEE = 150;
const CASH = RAJMA_COD_TOTAL - FEE;

/** An advance order created in `world`: its id and Razorpay order id, nothing paid yet. */
async function startAdvance(world: TestOrderWorld) {
  const orderId = newOrderId();
  const created = await createPaymentOrder(world.deps, advanceRequest(orderId));
  if (!created.ok) throw new Error(created.message);
  return { orderId, razorpayOrderId: created.body.order.id, created };
}

/** Pays the fee in the local test gateway's dialog and completes the order, as the browser does. */
async function payFee(world: TestOrderWorld, orderId: string, razorpayOrderId: string) {
  const payment = await world.pay(razorpayOrderId);
  if (!payment || 'error' in payment) throw new Error('payment failed');
  return { payment, done: await processPrepaid(world.deps, { orderId, ...payment }) };
}

describe('the COD fee paid now', () => {
  it('asks Razorpay for the fee alone and places nothing until it is paid', async () => {
    const world = orderWorld(blobs);
    const { orderId, created } = await startAdvance(world);
    expect(created.body).toMatchObject({ order: { amount: FEE * 100, currency: 'INR' }, total: RAJMA_COD_TOTAL });
    const order = await storedOrder(world, orderId);
    expect(order).toMatchObject({ mode: 'cod', status: 'pending', cod: { advance: { amount: FEE } } });
    expect(order.totals).toMatchObject({ codCharge: FEE, total: RAJMA_COD_TOTAL });
    expect(order.cod?.confirmation).toBeUndefined();
    // Not placed: no booking, no rows, no email, no WhatsApp "placed" earned.
    await reconcile(world.deps);
    expect([world.shipments, world.sheetRows, world.emails]).toEqual([[], [], []]);
    expect(order.notices).toBeUndefined();
  });

  it('is confirmed by the payment and booked once, the courier collecting the total less the fee', async () => {
    const world = orderWorld(blobs);
    const { orderId, razorpayOrderId } = await startAdvance(world);
    const { payment, done } = await payFee(world, orderId, razorpayOrderId);
    expect(done).toMatchObject({ ok: true, body: { status: 'forwarded', total: RAJMA_COD_TOTAL } });
    const order = await storedOrder(world, orderId);
    expect(order.cod).toMatchObject({
      advance: { amount: FEE },
      confirmation: { state: 'confirmed', via: 'advance', at: world.clock.now.toISOString() },
    });
    expect(order.cod?.confirmation?.code).toMatch(/^[A-Z2-9]{4}$/);
    expect(world.shipments).toEqual([
      expect.objectContaining({ payment_mode: 'COD', cod_amount: CASH, total_amount: RAJMA_COD_TOTAL }),
    ]);
    expect(world.sheetRows[0]).toMatchObject({
      paymentMode: 'COD',
      paymentStatus: `Advance ₹150 paid; ₹${CASH} on delivery`,
      paymentId: payment.razorpay_payment_id,
      status: 'Booked',
    });
    expect(world.emails[0]?.html).toContain(
      `Your COD fee of <strong>₹150</strong> has reached us, and you pay <strong>₹${CASH}</strong> in cash when it arrives.`,
    );
    expect(world.emails[0]?.html).toContain('Cash on delivery, the COD fee paid now');
    // The browser's retry, the webhook and the reconciler change nothing.
    await processPrepaid(world.deps, { orderId, ...payment });
    await reconcile(world.deps);
    expect(world.shipments).toHaveLength(1);
    expect(world.emails).toHaveLength(1);
  });

  it('shows the shopper what was paid and what is left', async () => {
    const world = orderWorld(blobs);
    const { orderId, razorpayOrderId } = await startAdvance(world);
    const waiting = await orderView(world.deps, await storedOrder(world, orderId));
    expect(waiting).toMatchObject({ paymentMode: 'cod', paymentStatus: 'Waiting for payment', advance: FEE });
    expect(waiting.timeline.map((step) => step.kind)).toEqual(['placed', 'awaiting-payment']);
    await payFee(world, orderId, razorpayOrderId);
    const view = await orderView(world.deps, await storedOrder(world, orderId));
    expect(view.paymentStatus).toBe(`₹150 paid, ₹${CASH} on delivery`);
    expect(view.timeline.slice(0, 2)).toEqual([
      expect.objectContaining({
        kind: 'placed',
        detail: `Cash on delivery, the COD fee paid online: pay ₹${CASH} when it arrives.`,
      }),
      expect.objectContaining({ kind: 'paid', title: 'COD fee of ₹150 received' }),
    ]);
  });

  it('records a second payment of the fee for refund and books once', async () => {
    const world = orderWorld(blobs);
    const { orderId, razorpayOrderId } = await startAdvance(world);
    const first = await payFee(world, orderId, razorpayOrderId);
    const second = await payFee(world, orderId, razorpayOrderId);
    expect(second.done).toMatchObject({ ok: true });
    const order = await storedOrder(world, orderId);
    expect(order.razorpay?.paymentId).toBe(first.payment.razorpay_payment_id);
    expect(order.refunds).toEqual([
      expect.objectContaining({ paymentId: second.payment.razorpay_payment_id, amountPaise: FEE * 100 }),
    ]);
    expect(staffStatusLabel(order)).toMatch(/^Needs refund: paid again by pay_/);
    expect(world.shipments).toHaveLength(1);
  });

  it('expires unpaid after 15 minutes, as a prepaid order does', async () => {
    const world = orderWorld(blobs);
    const { orderId } = await startAdvance(world);
    world.clock.now = new Date(world.clock.now.getTime() + 16 * 60 * 1000);
    const report = await reconcile(world.deps);
    expect(report.expired).toEqual([orderId]);
    expect(await storedOrder(world, orderId)).toMatchObject({ status: 'expired' });
    expect(world.shipments).toEqual([]);
    // Never placed, so nothing to cancel.
    expect(await cancelOrder(world.deps, orderId, { reason: 'other', by: 'shopper' })).toMatchObject({
      ok: false,
      refusal: 'not-placed',
    });
  });

  it('refunds the fee when cancelled before pickup; plain COD refunds nothing', async () => {
    const world = orderWorld(blobs);
    const { orderId, razorpayOrderId } = await startAdvance(world);
    const { payment } = await payFee(world, orderId, razorpayOrderId);
    // Placed first: after the shopper's cancellation below, the COD rules would ask this phone for the fee.
    const codId = newOrderId();
    await placeCodOrder(world.deps, codRequest(codId));
    const pending = await cancelOrder(world.deps, orderId, { reason: 'ordered-by-mistake', by: 'shopper' });
    expect(pending).toMatchObject({ ok: true, state: 'cancelled' });
    const order = await storedOrder(world, orderId);
    expect(order.issuedRefunds).toEqual([
      expect.objectContaining({
        key: `${orderId}-cancelled-1`,
        paymentId: payment.razorpay_payment_id,
        amountPaise: FEE * 100,
        purpose: 'cancelled',
      }),
    ]);
    expect(await gatewayRefunds(world, payment.razorpay_payment_id)).toEqual([
      expect.objectContaining({ amountPaise: FEE * 100 }),
    ]);
    expect(world.cancelledWaybills).toHaveLength(1);
    expect(world.emails.at(-1)?.html).toContain('We are refunding <strong>₹150</strong> to the account you paid from.');

    await cancelOrder(world.deps, codId, { reason: 'other', by: 'shopper' });
    const cod = await storedOrder(world, codId);
    expect(cod).toMatchObject({ status: 'cancelled', cancellation: { refund: { status: 'not-needed' } } });
    expect(cod.issuedRefunds).toBeUndefined();
  });

  it('takes the COD total only, and the fee only from the settings', async () => {
    const world = orderWorld(blobs);
    expect(
      await createPaymentOrder(world.deps, advanceRequest(newOrderId(), { clientTotal: RAJMA_PREPAID_TOTAL })),
    ).toMatchObject({ ok: false, status: 409, code: 'TOTAL_MISMATCH' });
    const settings = world.deps.settings;
    world.deps.settings = async () => ({ ...(await settings()), codCharge: 0 });
    expect(
      await createPaymentOrder(world.deps, advanceRequest(newOrderId(), { clientTotal: RAJMA_PREPAID_TOTAL })),
    ).toMatchObject({
      ok: false,
      status: 422,
      code: 'COD_ADVANCE_UNAVAILABLE',
      message: 'Paying the COD fee now is not offered for this order. Please choose another way to pay.',
    });
  });

  it('is another order than plain COD sent with the same id', async () => {
    const world = orderWorld(blobs);
    const { orderId } = await startAdvance(world);
    const cod = await placeCodOrder(world.deps, codRequest(orderId));
    expect(cod.ok && cod.body.orderId).not.toBe(orderId);
    expect(await storedOrder(world, orderId)).toMatchObject({ status: 'pending', cod: { advance: { amount: FEE } } });
  });
});

describe('the COD fee paid now and the COD rules (rule 17)', () => {
  it('is the way left where the rules ask for the fee, and refused where they say prepaid only', async () => {
    const world = orderWorld(blobs);
    const returned = (n: number) => ({
      orderId: `OUO_17000000000${String(n).padStart(2, '0')}`,
      at: '2026-11-01T10:00:00.000Z',
      total: 562,
      mode: 'cod' as const,
      outcome: 'returned' as const,
    });
    // One return: plain COD is refused, the fee paid now is taken and keeps the rules' reasons.
    await world.deps.codHistory.record('9876543210', returned(1));
    expect(await placeCodOrder(world.deps, codRequest(newOrderId()))).toMatchObject({
      ok: false,
      code: 'COD_NOT_ALLOWED',
    });
    const { orderId } = await startAdvance(world);
    expect((await storedOrder(world, orderId)).cod?.decision).toMatchObject({
      outcome: 'allow_with_advance',
      reasons: ['rto_prone_phone'],
    });
    // Three: online payment alone.
    await world.deps.codHistory.record('9876543210', returned(2));
    await world.deps.codHistory.record('9876543210', returned(3));
    expect(await createPaymentOrder(world.deps, advanceRequest(newOrderId()))).toMatchObject({
      ok: false,
      status: 422,
      code: 'COD_NOT_ALLOWED',
      message: 'For this order, cash on delivery is not available. Please pay online.',
    });
    // A retry of the fee's order already recorded is never refused by its own rules.
    expect((await createPaymentOrder(world.deps, advanceRequest(orderId))).ok).toBe(true);
  });
});
