// @ts-check
// `npm run probe:security` (scripts/security-probe.mjs), section 6. Staff's "COD received" only on a delivered COD order
import { randomUUID } from 'node:crypto';
import { clip, finding, NO_ORDER, run, SECRETS, section, server, shown } from './probe.mjs';
import {
  bookedIn,
  confirmedOrders,
  freshPhone,
  placeCod,
  sleep,
  staffAction,
  timelineHas,
  viewOrder,
} from './requests.mjs';

export async function probeCodReceived() {
  const codReceived = section('6', 'staff "COD received" refused before delivery');
  await run(codReceived, async () => {
    if (!SECRETS.staff) {
      codReceived.notes.push('skipped: PROBE_STAFF_SECRET unset (the probe cannot sign as staff)');
      return;
    }
    // The signed request itself: unsigned, signed with another secret, stale, replayed.
    const unsigned = await staffAction(codReceived, { orderId: NO_ORDER, action: 'cod-received' }, { signature: null });
    if (unsigned.status !== 401) finding(codReceived, 'an unsigned staff action is not 401', shown(unsigned));
    const forged = await staffAction(codReceived, { orderId: NO_ORDER, action: 'cod-received' }, { secret: 'guess' });
    if (forged.status !== 401)
      finding(codReceived, 'a staff action signed with another secret is not 401', shown(forged));
    const stale = await staffAction(
      codReceived,
      { orderId: NO_ORDER, action: 'cod-received' },
      { at: new Date(Date.now() - 10 * 60_000).toISOString() },
    );
    if (stale.status !== 401) finding(codReceived, 'a staff action 10 minutes old is not 401', shown(stale));
    const id = randomUUID();
    const first = await staffAction(codReceived, { orderId: NO_ORDER, action: 'cod-received' }, { id });
    if (first.status === 401) {
      codReceived.notes.push(`skipped: PROBE_STAFF_SECRET is not the server's STAFF_ACTION_SECRET (${shown(first)})`);
      return;
    }
    const replayed = await staffAction(codReceived, { orderId: NO_ORDER, action: 'cod-received' }, { id });
    if (replayed.status !== 409) finding(codReceived, 'a replayed staff action is not 409', shown(replayed));

    const placed = await placeCod(codReceived, freshPhone());
    if (placed.answer.status !== 201 || !placed.key) {
      if (server.production)
        codReceived.notes.push(`orders not probed: COD orders refused here (${shown(placed.answer)})`);
      else finding(codReceived, 'a COD order from a fresh phone is refused', shown(placed.answer));
      return;
    }
    /** @param {string} stage */
    const notReceived = async (stage) => {
      const received = await staffAction(codReceived, { orderId: placed.orderId, action: 'cod-received' });
      if (received.status >= 200 && received.status < 300)
        finding(codReceived, `"COD received" recorded on an order never delivered (${stage})`, shown(received));
      const refund = await staffAction(codReceived, { orderId: placed.orderId, action: 'refund', amount: 100 });
      if (refund.status >= 200 && refund.status < 300)
        finding(codReceived, `a refund by hand recorded on a COD order never delivered (${stage})`, shown(refund));
    };
    /** Where the order stands, as its own page says. */
    const key = placed.key;
    const standing = async () => {
      const seen = (await viewOrder(codReceived, placed.orderId, key)).json;
      if (bookedIn(seen)) return 'booked, not delivered';
      return timelineHas(seen, 'awaiting-confirmation') ? 'awaiting confirmation' : 'confirmed, not booked';
    };
    const before = await standing();
    await notReceived(before);
    // Staff confirm it after a call (where it awaits the shopper's yes): it is booked then, where a carrier books.
    const confirm =
      before === 'awaiting confirmation'
        ? await staffAction(codReceived, { orderId: placed.orderId, action: 'confirm-cod' })
        : undefined;
    if (confirm && (confirm.status < 200 || confirm.status >= 300))
      codReceived.notes.push(`staff's confirm-cod refused (${shown(confirm)})`);
    const after = confirm ? await standing() : before;
    if (after !== before) await notReceived(after);
    const booked = after === 'booked, not delivered';
    codReceived.notes.push(`refused at: ${[...new Set([before, after])].join(', ')}`);
    if (!booked)
      codReceived.notes.push('the order was not booked here (no carrier): "booked, not delivered" not reached');
    confirmedOrders.push({ orderId: placed.orderId, key: placed.key });
    // The control, where the local carrier's simulated day is short: once delivered, it is taken.
    const day = Number(process.env.PROBE_CARRIER_DAY_SECONDS ?? 0);
    if (!booked) return;
    if (!(day > 0 && day <= 60)) {
      codReceived.notes.push(
        "the control (taken once delivered) not run: it needs PROBE_CARRIER_DAY_SECONDS, the server's LOCAL_CARRIER_DAY_SECONDS (at most 60)",
      );
      return;
    }
    let delivered = false;
    for (const until = Date.now() + (3.5 * day + 10) * 1000; !delivered && Date.now() < until; ) {
      await sleep(2_000);
      delivered = timelineHas((await viewOrder(codReceived, placed.orderId, placed.key)).json, 'delivered');
    }
    if (!delivered) {
      codReceived.notes.push(`the control not run: the parcel was not delivered within ${3.5 * day + 10} s`);
      return;
    }
    const taken = await staffAction(codReceived, { orderId: placed.orderId, action: 'cod-received' });
    if (taken.status < 200 || taken.status >= 300)
      finding(codReceived, '"COD received" refused on a delivered COD order (the control)', shown(taken));
    else codReceived.notes.push(`control: once delivered, "COD received" → ${taken.status} ${clip(taken.text, 80)}`);
  });
}
