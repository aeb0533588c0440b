// @ts-check
// `npm run probe:security` (scripts/security-probe.mjs), section 3. Razorpay webhook ids that cannot be storage keys
import { randomBytes } from 'node:crypto';
import { ask, finding, run, SECRETS, section, shown } from './probe.mjs';
import { postRazorpay, processedRefund, razorpayEvent } from './requests.mjs';

export async function probeRazorpayIds() {
  const razorpay = section('3', 'Razorpay webhook: odd ids are 200 (ignored) or 400');
  await run(razorpay, async () => {
    if (!SECRETS.razorpayWebhook) {
      razorpay.notes.push('skipped: PROBE_RAZORPAY_WEBHOOK_SECRET unset (the probe cannot sign)');
      return;
    }
    const eventId = () => `evt_probe${randomBytes(6).toString('hex')}`;
    const baseline = await postRazorpay(razorpay, razorpayEvent({}), eventId(), 'a well-formed event, unknown order');
    if (baseline.status === 503) {
      razorpay.notes.push(
        `not probed here: the webhook answers 503 ${baseline.json?.error?.code ?? ''} before reading any event (online payment is off: no Razorpay keys, no test gateway)`,
      );
      return;
    }
    if (baseline.status === 400 && baseline.json?.error?.code === 'INVALID_SIGNATURE') {
      razorpay.notes.push("skipped: PROBE_RAZORPAY_WEBHOOK_SECRET is not the server's RAZORPAY_WEBHOOK_SECRET");
      return;
    }
    const odd = ['evt:1', 'a/b', 'x'.repeat(300), '..', 'order_a/../b', 'pay_%2F', ' '];
    /** @type {[string, unknown, string | undefined][]} */
    const cases = [];
    for (const id of odd) {
      const what = JSON.stringify(id.length > 20 ? `${id.slice(0, 10)}…(${id.length})` : id);
      if (id.trim()) cases.push([`event id ${what}`, razorpayEvent({}), id]);
      cases.push([`payment order_id ${what}`, razorpayEvent({ orderId: id }), eventId()]);
      cases.push([`payment id ${what}`, razorpayEvent({ paymentId: id }), eventId()]);
      cases.push([`order.paid order_id ${what}`, razorpayEvent({ event: 'order.paid', orderId: id }), eventId()]);
      cases.push([
        `refund with ids ${what}`,
        {
          entity: 'event',
          event: 'refund.processed',
          contains: ['refund', 'payment'],
          payload: {
            refund: { entity: processedRefund(id, id, {}) },
            payment: { entity: razorpayEvent({ orderId: id, paymentId: id }).payload.payment.entity },
          },
          created_at: Math.floor(Date.now() / 1000),
        },
        eventId(),
      ]);
    }
    // A refund of a well-formed payment whose own ids (the refund's, its payment's, its receipt) are odd.
    for (const id of ['a/b', 'evt:1', 'x'.repeat(300)]) {
      const event = razorpayEvent({});
      cases.push([
        `refund ids ${JSON.stringify(id.slice(0, 10))} of a well-formed payment`,
        {
          ...event,
          event: 'refund.processed',
          contains: ['refund', 'payment'],
          payload: {
            ...event.payload,
            refund: { entity: processedRefund(id, `${id}-cancelled-1`, { order: id }) },
          },
        },
        eventId(),
      ]);
    }
    for (const [what, body, id] of cases) {
      const answer = await postRazorpay(razorpay, body, id, what);
      if (answer.status !== 200 && answer.status !== 400 && answer.status < 500)
        finding(razorpay, 'neither 200 (ignored) nor 400', shown(answer));
    }
    const unsigned = await ask(razorpay, {
      path: '/api/razorpay/webhook',
      raw: JSON.stringify(razorpayEvent({})),
      headers: { 'content-type': 'application/json', 'x-razorpay-signature': '0'.repeat(64) },
      what: 'a wrong signature',
    });
    if (unsigned.status !== 400) finding(razorpay, 'a wrong signature is not 400', shown(unsigned));
  });
  return razorpay;
}
