/**
 * POST /api/orders/:orderId/cancel at the HTTP boundary (docs/shop-rules.md §10, "Cancel and
 * refund"): the order's key proves the shopper; a prepaid order placed through the functions and
 * the local test gateway is cancelled with its booking and refunded in full once, however many
 * requests arrive at once; a wrong key, a bad reason, an order never placed or a parcel already
 * gone get their own clear answers.
 */
import { HttpResponse, http } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import cancelOrderFunction from '../../netlify/functions/cancel-order.mts';
import createOrder from '../../netlify/functions/create-order.mts';
import razorpayWebhook from '../../netlify/functions/razorpay-webhook.mts';
import { LOCAL_GATEWAY_STORE } from '../../netlify/lib/orders/deps.ts';

import { cancelResponseSchema, errorEnvelopeSchema } from '../../src/shop/schemas/index.ts';
import { text } from '../../src/shop/texts/server.ts';
import { makeCustomer } from '../support/factories.ts';
import { functionSandbox } from '../support/functions.ts';
import { server } from '../support/msw.ts';
import { ordersOverHttp, postJson, rajma } from '../support/orders.ts';

const sandbox = functionSandbox('cancel-order', [
  'RAZORPAY_KEY_ID',
  'RAZORPAY_KEY_SECRET',
  'DELHIVERY_TOKEN',
  'CONTEXT',
]);

// From the clock: the local carrier remembers cancelled waybills across runs (in the OS temp folder).
const { newId, total, codOrder, paidOrder, stored } = ordersOverHttp(Date.now());

const cancel = (orderId: string, body: unknown) =>
  postJson(cancelOrderFunction, `/api/orders/${orderId}/cancel`, body, { params: { orderId } });

describe('POST /api/orders/:orderId/cancel', () => {
  it('cancels a prepaid order with its key, refunds it once for fifty requests at once, and says so', async () => {
    const { orderId, key } = await paidOrder();
    const answers = await Promise.all(
      Array.from({ length: 50 }, () => cancel(orderId, { key, reason: 'found-cheaper' })),
    );
    // Each answers the truth of its moment: cancelled, or (while another request does the steps) cancelling.
    expect(answers.every((answer) => answer.status === 200 || answer.status === 202)).toBe(true);
    expect(answers.some((answer) => answer.status === 200)).toBe(true);
    const body = cancelResponseSchema.parse(await answers.find((answer) => answer.status === 200)?.json());
    expect(body.state).toBe('cancelled');
    expect(body.order).toMatchObject({
      cancelled: true,
      cancellable: false,
      paymentStatus: expect.stringMatching(/^Refund of ₹784 on its way$|^Refunded ₹784$/),
    });
    expect(body.order.timeline.map((step) => step.title)).toContain(text('cancel.cancelledTitle'));
    const order = await stored(orderId);
    expect(order.status).toBe('cancelled');
    expect(order.cancellation).toMatchObject({ reason: 'found-cheaper', by: 'shopper' });
    expect(order.issuedRefunds).toHaveLength(1);
    // One refund at the gateway too (the local test gateway keeps each as `gateway-refund-<id>`).
    const { blobs } = await sandbox.blobs().store(LOCAL_GATEWAY_STORE).list({ prefix: 'gateway-refund-rfnd_' });
    expect(blobs.map((blob) => blob.key)).toEqual([`gateway-refund-${order.issuedRefunds?.[0]?.refundId}`]);
  });

  it('answers a wrong key, an unknown order and a made-up id alike: 404', async () => {
    const { orderId } = await codOrder();
    for (const [id, key] of [
      [orderId, '0'.repeat(32)],
      ['OUO_1798999999999', '0'.repeat(32)],
      ['not-an-order', '0'.repeat(32)],
    ] as const) {
      const answer = await cancel(id, { key, reason: 'other' });
      expect(answer.status).toBe(404);
      expect(errorEnvelopeSchema.parse(await answer.json()).error).toMatchObject({
        code: 'NOT_FOUND',
        message: text('forms.orderNotFound'),
      });
    }
    expect((await stored(orderId)).status).not.toBe('cancelled');
  });

  it('refuses a reason not offered (422) and a parcel already gone (409), in the shop’s words', async () => {
    const { orderId, key } = await codOrder();
    const bad = await cancel(orderId, { key, reason: 'because' });
    expect(bad.status).toBe(422);
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 7 * 60 * 60 * 1000); // past the local carrier's pickup (¼ day)
    try {
      const late = await cancel(orderId, { key, reason: 'too-slow' });
      expect(late.status).toBe(409);
      expect(errorEnvelopeSchema.parse(await late.json()).error).toEqual({
        code: 'TOO_LATE_TO_CANCEL',
        message: text('cancel.tooLate'),
      });
    } finally {
      vi.useRealTimers();
    }
    expect((await stored(orderId)).status).toBe('forwarded');
  });

  it('answers fifty requests at once after pickup with the truth: too late, every one, nothing refunded', async () => {
    const { orderId, key } = await paidOrder();
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 7 * 60 * 60 * 1000); // past the local carrier's pickup (¼ day)
    let answers: Response[];
    try {
      answers = await Promise.all(Array.from({ length: 50 }, () => cancel(orderId, { key, reason: 'too-slow' })));
    } finally {
      vi.useRealTimers();
    }
    // Delhivery refused the one cancellation asked for: none may say "we are cancelling your order".
    expect(answers.map((answer) => answer.status)).toEqual(Array.from({ length: 50 }, () => 409));
    for (const answer of answers)
      expect(errorEnvelopeSchema.parse(await answer.json()).error).toEqual({
        code: 'TOO_LATE_TO_CANCEL',
        message: text('cancel.tooLate'),
      });
    const order = await stored(orderId);
    expect(order.status).toBe('forwarded');
    expect(order.cancellation?.booking.status).toBe('too-late');
    expect(order.issuedRefunds).toBeUndefined();
  });

  it('has nothing to cancel in an order never paid (409)', async () => {
    const orderId = newId();
    await postJson(createOrder, '/api/razorpay/create-order', {
      orderId,
      customer: makeCustomer(),
      lines: rajma,
      clientTotal: await total('prepaid'),
    });
    const order = await stored(orderId);
    const answer = await cancel(orderId, { key: order.key, reason: 'other' });
    expect(answer.status).toBe(409);
    expect(errorEnvelopeSchema.parse(await answer.json()).error).toEqual({
      code: 'NOT_CANCELLABLE',
      message: text('cancel.notPlaced'),
    });
  });
});

describe("the local gateway's refund events", () => {
  it('settle a cancelled order’s refund through the webhook, signed with the local secret, as Razorpay’s would', async () => {
    vi.stubEnv('LOCAL_GATEWAY_REFUND_EVENTS', 'on');
    // Long enough for the cancellation to answer first (it also writes the Sheet and the email).
    vi.stubEnv('LOCAL_GATEWAY_REFUND_SECONDS', '1');
    const answers: number[] = [];
    const bodies: unknown[] = [];
    // The site's own webhook, where the gateway posts (URL's default here): the real function answers.
    server.use(
      http.post('http://localhost:8888/api/razorpay/webhook', async ({ request }) => {
        bodies.push(await request.clone().json());
        const answer = await razorpayWebhook(request);
        answers.push(answer.status);
        return new HttpResponse(await answer.text(), { status: answer.status });
      }),
    );
    const { orderId, key } = await paidOrder();
    expect((await cancel(orderId, { key, reason: 'found-cheaper' })).status).toBe(200);
    // Pending when made; nothing else here asks Razorpay again (no reconciler): the event settles it.
    expect((await stored(orderId)).issuedRefunds?.[0]?.status).toBe('pending');
    await vi.waitFor(() => expect(answers).toEqual([200]), { timeout: 5_000, interval: 50 });
    expect(bodies[0]).toMatchObject({
      event: 'refund.processed',
      payload: { refund: { entity: { receipt: `${orderId}-cancelled-1`, status: 'processed' } } },
    });
    const order = await stored(orderId);
    expect(order.issuedRefunds).toEqual([expect.objectContaining({ status: 'processed' })]);
    expect(order.history.map((entry) => entry.event)).toContain(
      `refund ${orderId}-cancelled-1: processed (${order.issuedRefunds?.[0]?.refundId})`,
    );
  });
});
