// @ts-check
// `npm run probe:security` (scripts/security-probe.mjs), section 9. "cancelling" (202) only while something is being cancelled
import { randomBytes } from 'node:crypto';
import { finding, NO_ORDER, run, section, shown } from './probe.mjs';
import { bookedIn, cancelByKey, confirmedOrders, sleep, viewOrder } from './requests.mjs';

export async function probeCancelling() {
  const cancelling = section('9', '"cancelling" (202) only when something is cancelled');
  await run(cancelling, async () => {
    const unknown = await cancelByKey(cancelling, NO_ORDER, randomBytes(16).toString('hex'));
    if (unknown.status !== 404) finding(cancelling, 'an unknown order is not 404', shown(unknown));
    /** @type {{ orderId: string; key: string }[]} */
    const booked = [];
    for (const order of confirmedOrders) {
      const view = await viewOrder(cancelling, order.orderId, order.key);
      if (bookedIn(view.json)) booked.push(order);
      else await cancelByKey(cancelling, order.orderId, order.key); // not booked: nothing to wait for
    }
    if (booked.length === 0) {
      cancelling.notes.push(
        'no booked parcel here (no carrier, or no order confirmed above): the 202 path cannot be reached from outside',
      );
      return;
    }
    for (const [index, order] of booked.entries()) {
      // The first order gets a burst (a double tap, eight at once); the others one request.
      const burst = index === 0 ? 8 : 1;
      const answers = await Promise.all(
        Array.from({ length: burst }, () => cancelByKey(cancelling, order.orderId, order.key)),
      );
      const statuses = new Set(answers.map((answer) => answer.status));
      const told = answers.map((answer) => answer.status).join(', ');
      const saidCancelling = answers.find((answer) => answer.status === 202);
      if (statuses.has(409) && (statuses.has(200) || statuses.has(202)))
        finding(cancelling, 'one cancellation told two stories (409 and 2xx)', answers.map(shown).join(' / '));
      let settled = await viewOrder(cancelling, order.orderId, order.key);
      for (let poll = 0; saidCancelling && !settled.json?.cancelled && poll < 24; poll += 1) {
        await sleep(500);
        settled = await viewOrder(cancelling, order.orderId, order.key);
      }
      if (saidCancelling && !settled.json?.cancelled)
        finding(cancelling, '202 "cancelling", and 12 s later the order is not cancelled', shown(saidCancelling));
      const again = await cancelByKey(cancelling, order.orderId, order.key);
      if (settled.json?.cancelled && again.status !== 200)
        finding(cancelling, 'a cancelled order is not answered 200 cancelled', shown(again));
      cancelling.notes.push(
        `booked order ${order.orderId}: ${burst} at once told ${told}; then ${settled.json?.cancelled ? 'cancelled' : 'not cancelled'}, asked again ${again.status}`,
      );
    }
  });
}
