// @ts-check
// `npm run probe:security` (scripts/security-probe.mjs), section 5. Wrong CONFIRM codes lock the order's confirmation
import { finding, run, SECRETS, section, server, shown } from './probe.mjs';
import {
  cancelByKey,
  confirmCodeIn,
  confirmedOrders,
  freshPhone,
  placeCod,
  postWhatsApp,
  timelineHas,
  viewOrder,
  whatsappMessage,
  wrongCode,
} from './requests.mjs';

export async function probeConfirmLockout() {
  const lockout = section('5', 'CONFIRM lockout after 5 wrong codes');
  await run(lockout, async () => {
    const secret = SECRETS.whatsapp;
    if (!secret) {
      lockout.notes.push('skipped: PROBE_WHATSAPP_APP_SECRET unset (the probe cannot sign as Meta)');
      return;
    }
    /**
     * A COD order awaiting its shopper's confirmation, and its code (from its own page's link).
     * @param {string} phone
     */
    async function awaiting(phone) {
      const placed = await placeCod(lockout, phone);
      if (placed.answer.status !== 201 || !placed.key) {
        if (server.production) lockout.notes.push(`skipped: COD orders refused here (${shown(placed.answer)})`);
        else finding(lockout, 'a COD order from a fresh phone is refused', shown(placed.answer));
        return undefined;
      }
      const view = await viewOrder(lockout, placed.orderId, placed.key);
      const code = confirmCodeIn(view.json);
      if (!code) {
        lockout.notes.push(
          `not probed: the order awaits no confirmation (the shop hears no WhatsApp here, or COD_CONFIRMATION=off): ${shown(view)}`,
        );
        await cancelByKey(lockout, placed.orderId, placed.key);
        return undefined;
      }
      return { orderId: placed.orderId, key: placed.key, code };
    }
    /**
     * @param {string} phone
     * @param {string} text
     */
    const write = (phone, text) =>
      postWhatsApp(lockout, whatsappMessage(phone, { type: 'text', text: { body: text } }), secret, text);

    // The lock: five wrong codes from the order's own phone, then the right one and the Confirm button.
    const phone = freshPhone();
    const order = await awaiting(phone);
    if (!order) return;
    for (let wrong = 1; wrong <= 5; wrong += 1) {
      const answer = await write(phone, `CONFIRM ${order.orderId} ${wrongCode(order.code)}`);
      if (answer.status === 401) {
        lockout.notes.push(
          `skipped: PROBE_WHATSAPP_APP_SECRET is not the server's WHATSAPP_APP_SECRET (${shown(answer)})`,
        );
        await cancelByKey(lockout, order.orderId, order.key);
        return;
      }
    }
    const right = await write(phone, `CONFIRM ${order.orderId} ${order.code}`);
    const button = await postWhatsApp(
      lockout,
      whatsappMessage(phone, {
        type: 'button',
        button: { payload: `COD_CONFIRM:${order.orderId}`, text: 'Confirm order' },
      }),
      secret,
      'the Confirm button',
    );
    const after = await viewOrder(lockout, order.orderId, order.key);
    if (timelineHas(after.json, 'confirmed')) {
      const which = JSON.stringify(right.json?.outcomes ?? []).includes('confirmed') ? right : button;
      finding(lockout, 'confirmed after 5 wrong codes (no lockout)', shown(which));
    } else if (!timelineHas(after.json, 'awaiting-confirmation'))
      finding(lockout, 'the locked order is no longer awaiting confirmation', shown(after));
    lockout.notes.push(
      `after 5 wrong codes: the right code → ${JSON.stringify(right.json?.outcomes)}, the Confirm button → ${JSON.stringify(button.json?.outcomes)}`,
    );
    await cancelByKey(lockout, order.orderId, order.key);

    // The control: another phone's five guesses count for nothing, four wrong from its own phone
    // leave room, and the right code then confirms (so the lock above is the lockout, not the probe).
    const ownPhone = freshPhone();
    const control = await awaiting(ownPhone);
    if (!control) return;
    const stranger = freshPhone();
    for (let guess = 1; guess <= 5; guess += 1)
      await write(stranger, `CONFIRM ${control.orderId} ${wrongCode(control.code)}`);
    for (let wrong = 1; wrong <= 4; wrong += 1)
      await write(ownPhone, `CONFIRM ${control.orderId} ${wrongCode(control.code)}`);
    const confirmed = await write(ownPhone, `CONFIRM ${control.orderId} ${control.code}`);
    const controlView = await viewOrder(lockout, control.orderId, control.key);
    if (!timelineHas(controlView.json, 'confirmed'))
      finding(
        lockout,
        "the right code does not confirm after 4 wrong codes and another phone's 5 (locked too early, or by a stranger)",
        shown(confirmed),
      );
    else confirmedOrders.push({ orderId: control.orderId, key: control.key });
    lockout.notes.push(
      `control: another phone's 5 and 4 wrong of its own, then the right code → ${JSON.stringify(confirmed.json?.outcomes)}`,
    );
  });
}
