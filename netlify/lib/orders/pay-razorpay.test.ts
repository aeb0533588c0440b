/**
 * Prepaid orders against a fake Razorpay upstream speaking Razorpay's documented API over HTTP
 * (tests/support/fake-razorpay.ts, reached through RAZORPAY_BASE_URL): money is a captured payment,
 * whichever path — browser, webhook, reconciler — learns of it first.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { paymentStartKey, STALE_CLAIM_MS } from '#shop/order-engine/index.ts';
import { startTestBlobs, type TestBlobs } from '#tests/support/blobs.ts';
import { FAKE_KEYS, type FakeRazorpay, startFakeRazorpay } from '#tests/support/fake-razorpay.ts';
import { allowPassthrough } from '#tests/support/msw.ts';
import { orderWorld, prepaidRequest } from '#tests/support/orders.ts';
import { hmacHex, paymentSignature } from '../razorpay/signature.ts';
import { cancelOrder } from './cancel.ts';
import { createPaymentOrder, processPrepaid } from './pay.ts';
import { reconcile } from './reconcile.ts';
import { handleRazorpayWebhook } from './webhook.ts';

let blobs: TestBlobs;
let fake: FakeRazorpay;
beforeAll(async () => {
  [blobs, fake] = await Promise.all([startTestBlobs(), startFakeRazorpay()]);
});
afterAll(() => Promise.all([blobs.stop(), fake.stop()]));

const AMOUNT = 78400; // the rajma cart's prepaid total, ₹784, in paise

async function started(orderId: string) {
  const world = orderWorld(blobs, { ...FAKE_KEYS, RAZORPAY_BASE_URL: fake.baseUrl });
  const created = await createPaymentOrder(world.deps, prepaidRequest(orderId));
  if (!created.ok) throw new Error(created.message);
  return { world, rzp: created.body.order.id, created: created.body };
}

/** What Razorpay Checkout hands the browser after a payment: ids and the signature. */
const browserCallback = (orderId: string, rzp: string, paymentId: string) => ({
  orderId,
  razorpay_order_id: rzp,
  razorpay_payment_id: paymentId,
  razorpay_signature: paymentSignature(rzp, paymentId, FAKE_KEYS.RAZORPAY_KEY_SECRET),
});

const webhook = (event: string, payment: object, eventId?: string) => {
  const rawBody = JSON.stringify({ entity: 'event', event, payload: { payment: { entity: payment } } });
  return { rawBody, signature: hmacHex(FAKE_KEYS.RAZORPAY_WEBHOOK_SECRET, rawBody), eventId };
};

const later = (world: ReturnType<typeof orderWorld>, minutes: number) => {
  world.clock.now = new Date(world.clock.now.getTime() + minutes * 60 * 1000);
};

describe('the browser path', () => {
  it('sends Razorpay the server amount in paise, and pays on a captured payment', async () => {
    const { world, rzp, created } = await started('OUO_1732000000201');
    expect(created).toMatchObject({
      gateway: 'razorpay',
      key_id: FAKE_KEYS.RAZORPAY_KEY_ID,
      order: { amount: AMOUNT },
    });
    expect(fake.orders.get(rzp)).toMatchObject({ amount: AMOUNT, currency: 'INR', receipt: 'OUO_1732000000201' });
    const payment = fake.pay(rzp);
    const done = await processPrepaid(world.deps, browserCallback('OUO_1732000000201', rzp, payment.id));
    expect(done).toMatchObject({ status: 200, body: { status: 'forwarded' } });
    expect(world.shipments).toHaveLength(1);
    expect(world.sheetRows[0]).toMatchObject({ paymentStatus: 'Completed', paymentId: payment.id, status: 'Booked' });
  });

  it('captures an authorized payment for the stored amount, then pays', async () => {
    const { world, rzp } = await started('OUO_1732000000202');
    const payment = fake.pay(rzp, { status: 'authorized', captured: false });
    const done = await processPrepaid(world.deps, browserCallback('OUO_1732000000202', rzp, payment.id));
    expect(done).toMatchObject({ status: 200, body: { status: 'forwarded' } });
    expect(fake.calls).toContain(`POST /v1/payments/${payment.id}/capture`);
    expect(fake.payments.get(payment.id)).toMatchObject({ status: 'captured', captured: true });
  });

  it('books nothing for an attempted order whose payment is authorized but cannot be captured yet', async () => {
    const { world, rzp } = await started('OUO_1732000000203');
    const payment = fake.pay(rzp, { status: 'authorized', captured: false });
    expect(fake.orders.get(rzp)?.status).toBe('attempted');
    fake.captureDown = true;
    try {
      const answer = await processPrepaid(world.deps, browserCallback('OUO_1732000000203', rzp, payment.id));
      // Neither success nor failure: the shopper is told the payment is being confirmed.
      expect(answer).toMatchObject({ ok: true, status: 202, body: { status: 'pending', confirming: true } });
      expect((await world.deps.log.get('OUO_1732000000203'))?.status).toBe('pending');
      expect(world.shipments).toEqual([]);
      expect(world.sheetRows).toEqual([]);
      // Razorpay's own payment.authorized event is not money either.
      const event = await handleRazorpayWebhook(world.deps, webhook('payment.authorized', payment, 'evt_203'));
      expect(await event.json()).toMatchObject({ outcome: expect.stringMatching(/^confirming/) });
      expect(world.shipments).toEqual([]);
      // The reconciler keeps asking while the capture fails: it never expires an authorized payment.
      later(world, 16);
      expect(await reconcile(world.deps)).toMatchObject({ completed: [], expired: [] });
      expect(world.emails).toEqual([]); // no confirmation for an order not yet paid
    } finally {
      fake.captureDown = false;
    }
    // Once Razorpay answers, the reconciler's next run captures it: booked exactly once.
    later(world, 16);
    expect(await reconcile(world.deps)).toMatchObject({ completed: ['OUO_1732000000203'] });
    expect(world.shipments).toHaveLength(1);
    expect(world.sheetRows).toHaveLength(1);
    expect(world.emails).toHaveLength(1);
  });

  it('refuses a payment that is not money (failed), and one that pays another order', async () => {
    const { world, rzp } = await started('OUO_1732000000204');
    const failed = fake.pay(rzp, { status: 'failed', captured: false });
    expect(await processPrepaid(world.deps, browserCallback('OUO_1732000000204', rzp, failed.id))).toMatchObject({
      status: 402,
      code: 'PAYMENT_NOT_CAPTURED',
    });
    const other = await started('OUO_1732000000205');
    const elsewhere = fake.pay(other.rzp);
    // Signed for our Razorpay order, but Razorpay says the payment belongs to another one.
    expect(await processPrepaid(world.deps, browserCallback('OUO_1732000000204', rzp, elsewhere.id))).toMatchObject({
      status: 409,
      code: 'PAYMENT_MISMATCH',
    });
    expect((await world.deps.log.get('OUO_1732000000204'))?.status).toBe('pending');
    expect(world.shipments).toEqual([]);
  });

  it('creates one Razorpay order for ten concurrent requests for one shop order', async () => {
    const world = orderWorld(blobs, { ...FAKE_KEYS, RAZORPAY_BASE_URL: fake.baseUrl });
    const before = fake.orders.size;
    fake.orderDelayMs = 300;
    try {
      const answers = await Promise.all(
        Array.from({ length: 10 }, () => createPaymentOrder(world.deps, prepaidRequest('OUO_1732000000206'))),
      );
      const ids = new Set(answers.map((answer) => (answer.ok ? answer.body.order.id : answer.code)));
      expect([...ids]).toEqual([expect.stringMatching(/^order_Fake/)]);
    } finally {
      fake.orderDelayMs = 0;
    }
    expect(fake.orders.size - before).toBe(1);
  });
});

describe('starting a payment', () => {
  it('lets the next request try at once after Razorpay failed to create the order', async () => {
    const world = orderWorld(blobs, { ...FAKE_KEYS, RAZORPAY_BASE_URL: fake.baseUrl });
    fake.ordersDown = true;
    try {
      await expect(createPaymentOrder(world.deps, prepaidRequest('OUO_1732000000231'))).rejects.toThrow(/answered 500/);
    } finally {
      fake.ordersDown = false;
    }
    // Its task let go (given up at once), not held: the next request asks it again and tries at once.
    expect(await world.deps.log.taskState(paymentStartKey('OUO_1732000000231'))).toBe('given-up');
    expect(await createPaymentOrder(world.deps, prepaidRequest('OUO_1732000000231'))).toMatchObject({ ok: true });
  });

  it('answers 503 when another request holds the claim past the wait, and takes over a dead claim', async () => {
    const world = orderWorld(blobs, { ...FAKE_KEYS, RAZORPAY_BASE_URL: fake.baseUrl });
    const limits = { waitMs: 200, pollMs: 50 };
    fake.ordersDown = true;
    await createPaymentOrder(world.deps, prepaidRequest('OUO_1732000000232')).catch(() => undefined);
    fake.ordersDown = false;
    // A runner claims the task and dies with its claim held.
    const key = paymentStartKey('OUO_1732000000232');
    await world.deps.log.rearmTasks('OUO_1732000000232', [{ key, kind: 'payment-start' }], world.clock.now);
    await world.deps.log.claimTasks('OUO_1732000000232', ['payment-start'], 'dead', world.clock.now, STALE_CLAIM_MS);
    expect(await createPaymentOrder(world.deps, prepaidRequest('OUO_1732000000232'), limits)).toMatchObject({
      status: 503,
      code: 'PAYMENT_STARTING',
    });
    later(world, STALE_CLAIM_MS / 60_000);
    expect(await createPaymentOrder(world.deps, prepaidRequest('OUO_1732000000232'), limits)).toMatchObject({
      ok: true,
    });
  });

  it('refuses to start a second payment for an order already paid', async () => {
    const { world, rzp } = await started('OUO_1732000000233');
    await processPrepaid(world.deps, browserCallback('OUO_1732000000233', rzp, fake.pay(rzp).id));
    expect(await createPaymentOrder(world.deps, prepaidRequest('OUO_1732000000233'))).toMatchObject({
      status: 409,
      code: 'ALREADY_PAID',
    });
  });
});

describe('the webhook path', () => {
  it('changes nothing for events that are not about money, or about no order of ours', async () => {
    const { world, rzp } = await started('OUO_1732000000216');
    const failed = fake.pay(rzp, { status: 'failed', captured: false });
    for (const [event, entity] of [
      ['payment.failed', failed],
      ['refund.created', failed],
      ['payment.captured', { ...failed, order_id: null, status: 'captured' }],
      ['payment.captured', { ...failed, order_id: 'order_not_ours', status: 'captured' }],
    ] as const) {
      const answer = await handleRazorpayWebhook(world.deps, webhook(event, entity));
      expect(await answer.json()).toMatchObject({ ok: true });
    }
    const captured = await handleRazorpayWebhook(world.deps, webhook('payment.captured', failed));
    expect(await captured.json()).toMatchObject({ outcome: expect.stringMatching(/^not-money: payment .* is failed/) });
    expect((await world.deps.log.get('OUO_1732000000216'))?.status).toBe('pending');
  });

  it('completes on payment.captured before the browser; replays and the browser change nothing', async () => {
    const { world, rzp } = await started('OUO_1732000000211');
    const payment = fake.pay(rzp);
    const first = await handleRazorpayWebhook(world.deps, webhook('payment.captured', payment, 'evt_211'));
    expect(await first.json()).toMatchObject({ ok: true, outcome: 'forwarded' });
    const replay = await handleRazorpayWebhook(world.deps, webhook('payment.captured', payment, 'evt_211'));
    expect(await replay.json()).toMatchObject({ duplicate: true });
    await handleRazorpayWebhook(world.deps, webhook('order.paid', payment, 'evt_211b'));
    await processPrepaid(world.deps, browserCallback('OUO_1732000000211', rzp, payment.id));
    expect(world.shipments).toHaveLength(1);
    expect(world.sheetRows).toHaveLength(1);
    expect(world.emails).toHaveLength(1);
    expect((await world.deps.log.get('OUO_1732000000211'))?.razorpay).toMatchObject({ via: 'webhook' });
  });

  it('decodes a base64 webhook body before checking its signature', async () => {
    const { world, rzp } = await started('OUO_1732000000212');
    const { rawBody, signature } = webhook('payment.captured', fake.pay(rzp));
    const response = await handleRazorpayWebhook(world.deps, {
      rawBody: Buffer.from(rawBody).toString('base64'),
      signature,
    });
    expect(await response.json()).toMatchObject({ outcome: 'forwarded' });
  });

  it('refuses a wrong signature, and does not pay on an event for the wrong amount', async () => {
    const { world, rzp } = await started('OUO_1732000000213');
    const payment = fake.pay(rzp);
    const { rawBody } = webhook('payment.captured', payment);
    expect((await handleRazorpayWebhook(world.deps, { rawBody, signature: hmacHex('other', rawBody) })).status).toBe(
      400,
    );
    expect((await handleRazorpayWebhook(world.deps, { rawBody, signature: 'deadbeef' })).status).toBe(400);
    const cheap = await handleRazorpayWebhook(world.deps, webhook('payment.captured', { ...payment, amount: 100 }));
    expect(await cheap.json()).toMatchObject({ outcome: expect.stringMatching(/^not-money: .*100 paise/) });
    expect(vi.mocked(console.error)).toHaveBeenCalledOnce();
    vi.mocked(console.error).mockClear();
    expect((await world.deps.log.get('OUO_1732000000213'))?.status).toBe('pending');
  });

  it('answers a signed event whose ids can be no storage key 200 and ignores it, logged (issue 46 §A)', async () => {
    const { world, rzp } = await started('OUO_1732000000217');
    const payment = fake.pay(rzp, { status: 'authorized', captured: false });
    const long = 'x'.repeat(300);
    const cases = [
      ...['evt:1', 'a/b', '../x', `evt_${long}`].map((eventId) => webhook('payment.captured', payment, eventId)),
      ...['order_a:1', 'a/b', `order_${long}`, 'x/../../site:orders/order-OUO_1732000000217'].map((orderId) =>
        webhook('payment.captured', { ...payment, order_id: orderId }, `evt_217_${orderId.length}`),
      ),
      // The local gateway keeps a payment under its id: an authorized one would be captured by it.
      ...['pay_a:1', 'a/b', `pay_${long}`].map((paymentId) =>
        webhook('payment.authorized', { ...payment, id: paymentId }, `evt_217p_${paymentId.length}`),
      ),
    ];
    const callsBefore = fake.calls.length;
    for (const event of cases) {
      const answer = await handleRazorpayWebhook(world.deps, event);
      expect(answer.status).toBe(200);
      expect(await answer.json()).toMatchObject({ ok: true, outcome: expect.stringMatching(/^ignored: its /) });
    }
    const logged = vi.mocked(console.error).mock.calls.map(([line]) => String(line));
    expect(logged).toHaveLength(cases.length);
    expect(logged.every((line) => line.startsWith('razorpay-webhook: ignored ') && line.length < 250)).toBe(true);
    vi.mocked(console.error).mockClear();
    expect((await world.deps.log.get('OUO_1732000000217'))?.status).toBe('pending');
    expect(fake.calls.slice(callsBefore)).toEqual([]); // not even asked about
    // The same payment with Razorpay's own ids is handled as ever.
    const real = await handleRazorpayWebhook(world.deps, webhook('payment.authorized', payment, 'evt_217'));
    expect(await real.json()).toMatchObject({ outcome: 'forwarded' });
    expect(world.shipments).toHaveLength(1);
  });

  it('completes an order that expired before its payment was captured (paid at minute 16)', async () => {
    const { world, rzp } = await started('OUO_1732000000214');
    later(world, 16);
    expect(await reconcile(world.deps)).toMatchObject({ expired: ['OUO_1732000000214'] });
    expect(await world.deps.log.openOrderIds()).not.toContain('OUO_1732000000214');
    const late = fake.pay(rzp);
    const event = await handleRazorpayWebhook(world.deps, webhook('payment.captured', late, 'evt_214'));
    expect(await event.json()).toMatchObject({ outcome: 'forwarded' });
    const order = await world.deps.log.get('OUO_1732000000214');
    expect(order).toMatchObject({ status: 'forwarded', razorpay: { paymentId: late.id } });
    expect(order?.history.map((entry) => entry.event)).toContain(`paid ${late.id} (webhook) after the order expired`);
    expect(world.shipments).toHaveLength(1);
  });

  it('records a second captured payment for refund: Sheet status, health count, one shipment', async () => {
    const { world, rzp } = await started('OUO_1732000000215');
    const first = fake.pay(rzp);
    const second = fake.pay(rzp); // a second tab paid too
    await processPrepaid(world.deps, browserCallback('OUO_1732000000215', rzp, first.id));
    await handleRazorpayWebhook(world.deps, webhook('payment.captured', second, 'evt_215'));
    await handleRazorpayWebhook(world.deps, webhook('payment.captured', second, 'evt_215_again'));
    const order = await world.deps.log.get('OUO_1732000000215');
    expect(order?.refunds).toEqual([expect.objectContaining({ paymentId: second.id, amountPaise: AMOUNT })]);
    expect(world.sheetRows).toHaveLength(1);
    expect(world.sheetRows[0]?.status).toBe(
      `Needs refund: paid again by ${second.id} (the order is paid by ${first.id})`,
    );
    expect(await world.deps.log.refundOrderIds()).toEqual(['OUO_1732000000215']);
    expect(world.shipments).toHaveLength(1);
  });
});

describe('the reconciler', () => {
  it('completes a captured payment the browser never reported, and records a second one for refund', async () => {
    const { world, rzp } = await started('OUO_1732000000221');
    fake.pay(rzp, { status: 'failed', captured: false });
    const paid = fake.pay(rzp);
    const again = fake.pay(rzp);
    later(world, 16);
    expect(await reconcile(world.deps)).toMatchObject({ completed: ['OUO_1732000000221'] });
    expect(await world.deps.log.get('OUO_1732000000221')).toMatchObject({
      razorpay: { paymentId: paid.id, via: 'reconciler' },
      refunds: [{ paymentId: again.id }],
    });
    expect(world.shipments).toHaveLength(1);
  });

  it('keeps an order pending while Razorpay cannot be reached', async () => {
    const unreachable = 'http://127.0.0.1:9';
    const release = allowPassthrough(unreachable);
    try {
      const { world } = await started('OUO_1732000000222');
      const offline = orderWorld(blobs, { ...FAKE_KEYS, RAZORPAY_BASE_URL: unreachable });
      offline.deps.log = world.deps.log;
      offline.clock.now = new Date(world.clock.now.getTime() + 16 * 60 * 1000);
      expect(await reconcile(offline.deps)).toMatchObject({ completed: [], expired: [] });
      expect((await world.deps.log.get('OUO_1732000000222'))?.status).toBe('pending');
    } finally {
      release();
    }
  });
});

describe('the confirmation email', () => {
  it('is sent once when the browser, the webhook and the reconciler complete the order at the same moment', async () => {
    const { world, rzp } = await started('OUO_1732000000241');
    const payment = fake.pay(rzp);
    later(world, 16); // old enough for the reconciler to ask Razorpay about it too
    const send = world.deps.mail.sendOrderEmail;
    world.deps.mail.sendOrderEmail = async (email) => {
      await sleep(50); // a slow mail service: the others arrive while it is sending
      return send(email);
    };
    const [browser] = await Promise.all([
      processPrepaid(world.deps, browserCallback('OUO_1732000000241', rzp, payment.id)),
      handleRazorpayWebhook(world.deps, webhook('payment.captured', payment, 'evt_241')),
      handleRazorpayWebhook(world.deps, webhook('order.paid', payment, 'evt_241b')),
      reconcile(world.deps),
    ]);
    expect(browser).toMatchObject({ ok: true, status: 200 });
    await reconcile(world.deps);
    expect(world.emails.map((email) => email.orderId)).toEqual(['OUO_1732000000241']);
    expect(world.shipments).toHaveLength(1);
    expect(world.sheetRows).toHaveLength(1);
  });
});

describe('refunds told by Razorpay’s webhook (docs/shop-rules.md §10, rule 15)', () => {
  const refundEvent = (event: string, refund: object, payment: object, eventId: string) => {
    const rawBody = JSON.stringify({
      entity: 'event',
      event,
      payload: { refund: { entity: refund }, payment: { entity: payment } },
    });
    return { rawBody, signature: hmacHex(FAKE_KEYS.RAZORPAY_WEBHOOK_SECRET, rawBody), eventId };
  };

  it('settles a cancellation’s refund from refund.processed, once, replays and late events changing nothing', async () => {
    const { world, rzp } = await started('OUO_1732000000290');
    const payment = fake.pay(rzp);
    await processPrepaid(world.deps, browserCallback('OUO_1732000000290', rzp, payment.id));
    const cancelled = await cancelOrder(world.deps, 'OUO_1732000000290', { reason: 'other', by: 'shopper' });
    expect(cancelled).toMatchObject({ ok: true });
    const issued = (await world.deps.log.get('OUO_1732000000290'))?.issuedRefunds?.[0];
    expect(issued).toMatchObject({ status: 'pending', key: 'OUO_1732000000290-cancelled-1' });
    const settled = fake.settleRefund(issued?.refundId as string, 'processed');

    const first = await handleRazorpayWebhook(world.deps, refundEvent('refund.processed', settled, payment, 'evt_rf1'));
    expect(await first.json()).toMatchObject({ ok: true, outcome: 'changed' });
    const replay = await handleRazorpayWebhook(
      world.deps,
      refundEvent('refund.processed', settled, payment, 'evt_rf1'),
    );
    expect(await replay.json()).toMatchObject({ duplicate: true });
    const late = await handleRazorpayWebhook(
      world.deps,
      refundEvent('refund.created', { ...settled, status: 'pending' }, payment, 'evt_rf0'),
    );
    expect(await late.json()).toMatchObject({ outcome: 'unchanged' });

    const order = await world.deps.log.get('OUO_1732000000290');
    expect(order?.issuedRefunds).toEqual([expect.objectContaining({ status: 'processed', refundId: settled.id })]);
    expect(world.emails.filter((email) => email.emailId?.includes('-refunded-'))).toHaveLength(1);
    // One refund of this payment at Razorpay, carrying the shop's key as its receipt.
    const atRazorpay = [...fake.refunds.values()].filter((refund) => refund.payment_id === payment.id);
    expect(atRazorpay.map((refund) => refund.receipt)).toEqual(['OUO_1732000000290-cancelled-1']);
  });

  it('finds the order by the payment’s Razorpay order when the refund has no receipt of ours, and says an unknown one', async () => {
    const { world, rzp } = await started('OUO_1732000000291');
    const payment = fake.pay(rzp);
    await processPrepaid(world.deps, browserCallback('OUO_1732000000291', rzp, payment.id));
    await cancelOrder(world.deps, 'OUO_1732000000291', { reason: 'other', by: 'shopper' });
    const issued = (await world.deps.log.get('OUO_1732000000291'))?.issuedRefunds?.[0];
    const settled = { ...fake.settleRefund(issued?.refundId as string, 'processed'), receipt: null };
    const byOrder = await handleRazorpayWebhook(
      world.deps,
      refundEvent('refund.processed', settled, payment, 'evt_rf2'),
    );
    expect(await byOrder.json()).toMatchObject({ outcome: 'changed' });
    const stranger = { ...payment, order_id: 'order_NotOurs12345' };
    const unknown = await handleRazorpayWebhook(
      world.deps,
      refundEvent('refund.failed', { ...settled, status: 'failed' }, stranger, 'evt_rf3'),
    );
    expect(await unknown.json()).toMatchObject({ outcome: 'unknown order' });
  });
});
