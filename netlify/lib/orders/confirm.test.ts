/**
 * A COD order confirmed before it ships (docs/shop-rules.md §10 rule 17): asked where the shop
 * hears WhatsApp, confirmed by the order's own phone with its code, by the template's button, or by
 * staff; booked once however often and however many at once; a wrong phone, a wrong code or a
 * cancelled order books nothing.
 */
import { describe, expect, it } from 'vitest';
import { WRONG_CODES_ALLOWED } from '#shop/cod/index.ts';

import { staffStatusLabel } from '#shop/order-engine/index.ts';
import { LANGUAGES, text as shopText } from '#shop/texts/server.ts';
import { fileTestBlobs } from '#tests/support/blobs.ts';
import { chaseConfirmation } from '#tests/support/chase.ts';
import { codRequest, newOrderId, orderWorld, storedOrder, type TestOrderWorld } from '#tests/support/orders.ts';
import { messageBody, outcomesOf, postWebhook } from '#tests/support/whatsapp-webhook.ts';
import { cancelOrder } from './cancel.ts';
import { confirmCod } from './confirm.ts';
import { placeCodOrder } from './place.ts';
import { orderView, trackView } from './view.ts';

const blobs = fileTestBlobs();

/** A world that hears WhatsApp, and a COD order placed in it (with consent unless told). */
async function awaitingOrder(
  consent = true,
  overrides: Record<string, unknown> = {},
): Promise<{ world: TestOrderWorld; orderId: string; code: string }> {
  const world = orderWorld(blobs);
  world.deps.hearsWhatsApp = true;
  const orderId = newOrderId();
  const placed = await placeCodOrder(world.deps, codRequest(orderId, { whatsappUpdates: consent, ...overrides }));
  if (!placed.ok) throw new Error(placed.message);
  const code = (await storedOrder(world, orderId)).cod?.confirmation?.code ?? '';
  return { world, orderId, code };
}

const text = (id: string, body: string, from?: string) => messageBody(id, { type: 'text', text: { body } }, from);
const tap = (id: string, payload: string, from?: string) =>
  messageBody(id, { type: 'button', button: { payload, text: 'Confirm order' } }, from);

describe('a COD order awaiting confirmation', () => {
  it('is recorded, in the Sheet as Awaiting confirmation, and not booked', async () => {
    const { world, orderId, code } = await awaitingOrder();
    const order = await storedOrder(world, orderId);
    expect(code).toMatch(/^[A-HJKMNP-Z2-9]{4}$/);
    expect(order.cod?.confirmation).toEqual({ state: 'awaiting', code });
    expect(world.shipments).toEqual([]);
    expect(staffStatusLabel(order)).toBe('Awaiting confirmation');
    expect(world.sheetRows.at(-1)).toMatchObject({ orderId, status: 'Awaiting confirmation' });
  });

  it('shows its own page a link to confirm on WhatsApp; /track the question without the code', async () => {
    const { world, orderId, code } = await awaitingOrder();
    const order = await storedOrder(world, orderId);
    const page = (await orderView(world.deps, order)).timeline.at(-1);
    const { shop } = await world.deps.settings();
    expect(page).toMatchObject({
      kind: 'awaiting-confirmation',
      link: {
        text: 'Confirm on WhatsApp',
        href: `https://wa.me/${shop.whatsappNumber.replace(/\D/g, '')}?text=${encodeURIComponent(`CONFIRM ${orderId} ${code}`)}`,
      },
    });
    const tracked = await trackView(world.deps, order);
    expect(tracked.timeline.at(-1)).toMatchObject({ kind: 'awaiting-confirmation' });
    expect(JSON.stringify(tracked)).not.toContain(code);
    await confirmCod(world.deps, orderId, { via: 'staff' });
    const confirmed = await orderView(world.deps, await storedOrder(world, orderId));
    expect(confirmed.timeline.map((step) => step.title)).toEqual([
      'Order placed',
      'Order confirmed',
      'Handed to Delhivery',
    ]);
  });

  it('is booked at once where the shop hears no WhatsApp (nobody could answer)', async () => {
    const world = orderWorld(blobs);
    const orderId = newOrderId();
    await placeCodOrder(world.deps, codRequest(orderId));
    expect((await storedOrder(world, orderId)).cod?.confirmation).toBeUndefined();
    expect(world.shipments).toHaveLength(1);
  });

  it("is confirmed by CONFIRM <id> <code> from the order's phone, then booked once", async () => {
    const { world, orderId, code } = await awaitingOrder();
    const answer = await postWebhook(world, text('wamid.C1', `confirm ${orderId} ${code.toLowerCase()}`));
    expect(await outcomesOf(answer)).toEqual(['confirmation: confirmed']);
    const order = await storedOrder(world, orderId);
    expect(order.cod?.confirmation).toMatchObject({ state: 'confirmed', via: 'whatsapp-message' });
    expect(order.history.map((entry) => entry.event)).toContainEqual(
      expect.stringMatching(/^COD confirmed \(whatsapp-message\) after \d+ min$/),
    );
    expect(world.shipments).toHaveLength(1);
    expect(staffStatusLabel(order)).toBe('Booked');
    // Sent again (Meta's retry), and tapped again: known, nothing more booked.
    expect(await outcomesOf(await postWebhook(world, text('wamid.C1', `CONFIRM ${orderId} ${code}`)))).toEqual([
      'confirmation: already confirmed',
    ]);
    expect(await outcomesOf(await postWebhook(world, tap('wamid.C2', `COD_CONFIRM:${orderId}`)))).toEqual([
      'confirmation: already confirmed',
    ]);
    expect(world.shipments).toHaveLength(1);
  });

  it('changes nothing for a confirmation from another number or with a wrong code, and says so in its history', async () => {
    const { world, orderId, code } = await awaitingOrder();
    const other = await postWebhook(world, text('wamid.X1', `CONFIRM ${orderId} ${code}`, '919812345678'));
    expect(await outcomesOf(other)).toEqual(['confirmation: another phone']);
    const wrong = code === 'AAAA' ? 'BBBB' : 'AAAA';
    expect(await outcomesOf(await postWebhook(world, text('wamid.X2', `CONFIRM ${orderId} ${wrong}`)))).toEqual([
      'confirmation: wrong code',
    ]);
    expect(
      await outcomesOf(await postWebhook(world, tap('wamid.X3', `COD_CONFIRM:${orderId}`, '919812345678'))),
    ).toEqual(['confirmation: another phone']);
    const order = await storedOrder(world, orderId);
    expect(order.cod?.confirmation?.state).toBe('awaiting');
    expect(order.history.map((entry) => entry.event)).toEqual(
      expect.arrayContaining([
        'COD confirmation refused (whatsapp-message): another phone',
        'COD confirmation refused (whatsapp-message): wrong code',
        'COD confirmation refused (whatsapp-button): another phone',
      ]),
    );
    expect(world.shipments).toEqual([]);
  });

  it('writes at most ten refusals into the history, however many come', async () => {
    const { world, orderId } = await awaitingOrder();
    for (let attempt = 0; attempt < 15; attempt += 1)
      await confirmCod(world.deps, orderId, { via: 'whatsapp-button', phone: '9812345678' });
    const refused = (await storedOrder(world, orderId)).history.filter((entry) =>
      entry.event.startsWith('COD confirmation refused'),
    );
    expect(refused).toHaveLength(10);
  });

  it("is confirmed by the template's Confirm button, and cancelled by its Cancel button, from the order's phone", async () => {
    const confirmed = await awaitingOrder();
    const yes = await postWebhook(confirmed.world, tap('wamid.B1', `COD_CONFIRM:${confirmed.orderId}`));
    expect(await outcomesOf(yes)).toEqual(['confirmation: confirmed']);
    expect((await storedOrder(confirmed.world, confirmed.orderId)).cod?.confirmation?.via).toBe('whatsapp-button');

    const { world, orderId, code } = await awaitingOrder();
    expect(
      await outcomesOf(await postWebhook(world, tap('wamid.B2', `COD_CANCEL:${orderId}`, '919812345678'))),
    ).toEqual(['reply from another phone']);
    expect(await outcomesOf(await postWebhook(world, tap('wamid.B3', `COD_CANCEL:${orderId}`)))).toEqual([
      'cancelled by reply',
    ]);
    expect((await storedOrder(world, orderId)).status).toBe('cancelled');
    // Confirm after Cancel: nothing is booked.
    expect(await outcomesOf(await postWebhook(world, text('wamid.B4', `CONFIRM ${orderId} ${code}`)))).toEqual([
      'confirmation: cancelled',
    ]);
    expect(world.shipments).toEqual([]);
  });

  it('books once when fifty confirmations arrive at once', async () => {
    const { world, orderId, code } = await awaitingOrder();
    const outcomes = await Promise.all(
      Array.from({ length: 50 }, (_, index) =>
        index % 2 === 0
          ? confirmCod(world.deps, orderId, { via: 'whatsapp-message', phone: '9876543210', code })
          : confirmCod(world.deps, orderId, { via: 'staff' }),
      ),
    );
    expect(outcomes.filter((outcome) => outcome === 'confirmed')).toHaveLength(1);
    expect(outcomes.filter((outcome) => outcome === 'already confirmed')).toHaveLength(49);
    expect(world.shipments).toHaveLength(1);
  });

  it('is confirmed by staff without a phone or a code; an order cancelled first is not', async () => {
    const { world, orderId } = await awaitingOrder(false);
    expect(await confirmCod(world.deps, orderId, { via: 'staff' })).toBe('confirmed');
    expect(world.shipments).toHaveLength(1);
    const cancelled = await awaitingOrder(false);
    await cancelOrder(cancelled.world.deps, cancelled.orderId, { reason: 'other', by: 'staff' });
    expect(await confirmCod(cancelled.world.deps, cancelled.orderId, { via: 'staff' })).toBe('cancelled');
    expect(cancelled.world.shipments).toEqual([]);
    expect(await confirmCod(world.deps, 'OUO_1700000000000', { via: 'staff' })).toBe('unknown order');
  });

  it('needs no confirmation when it was placed before confirmation existed', async () => {
    const world = orderWorld(blobs);
    const orderId = newOrderId();
    await placeCodOrder(world.deps, codRequest(orderId));
    expect(await confirmCod(world.deps, orderId, { via: 'staff' })).toBe('not awaiting confirmation');
  });
});

describe('wrong codes on WhatsApp', () => {
  /** A code that is not the order's. */
  const wrongFor = (code: string) => (code === 'AAAA' ? 'BBBB' : 'AAAA');
  let sent = 0;
  /** `CONFIRM <id> <code>` from the order's own phone, under a message id of its own. */
  const confirmWith = (world: TestOrderWorld, orderId: string, code: string, from?: string) => {
    sent += 1;
    return postWebhook(world, text(`wamid.WRONG${sent}`, `CONFIRM ${orderId} ${code}`, from));
  };
  const replies = (world: TestOrderWorld) => world.whatsappReplies.map((reply) => reply.body);

  it('lock the order after five: the right code no longer confirms it, the sender is told, staff see it', async () => {
    const { world, orderId, code } = await awaitingOrder();
    for (let attempt = 1; attempt < WRONG_CODES_ALLOWED; attempt += 1)
      expect(await outcomesOf(await confirmWith(world, orderId, wrongFor(code)))).toEqual(['confirmation: wrong code']);
    expect(replies(world)).toEqual(Array(4).fill(shopText('codReply.wrongCode', { orderId })));
    expect(world.whatsappReplies.every((reply) => reply.to === '9876543210' && reply.orderId === orderId)).toBe(true);
    expect(staffStatusLabel(await storedOrder(world, orderId))).toBe('Awaiting confirmation');
    expect(await world.deps.log.attentionOrderIds()).not.toContain(orderId);

    // The fifth locks it, and says so.
    expect(await outcomesOf(await confirmWith(world, orderId, wrongFor(code)))).toEqual(['confirmation: locked']);
    expect(replies(world).at(-1)).toBe(shopText('codReply.locked', { orderId }));
    // The right code, and the template's Confirm button, confirm nothing now; the sender is told again.
    expect(await outcomesOf(await confirmWith(world, orderId, code))).toEqual(['confirmation: locked']);
    expect(await outcomesOf(await postWebhook(world, tap('wamid.LOCKED-TAP', `COD_CONFIRM:${orderId}`)))).toEqual([
      'confirmation: locked',
    ]);
    expect(replies(world).slice(-2)).toEqual(Array(2).fill(shopText('codReply.locked', { orderId })));
    const locked = await storedOrder(world, orderId);
    expect(locked.cod?.confirmation).toMatchObject({ state: 'awaiting' });
    expect(locked.cod?.confirmation?.wrongCodes).toHaveLength(WRONG_CODES_ALLOWED);
    expect(world.shipments).toEqual([]);
    // Staff see it: its Status in the Sheet, and the orders /api/health counts as needing them.
    expect(staffStatusLabel(locked)).toBe('Needs attention: 5 wrong confirmation codes');
    expect(world.sheetRows.find((row) => row.orderId === orderId)?.status).toBe(
      'Needs attention: 5 wrong confirmation codes',
    );
    expect(await world.deps.log.attentionOrderIds()).toContain(orderId);
    expect(locked.history.map((entry) => entry.event)).toContainEqual(
      'COD confirmation locked after 5 wrong codes: staff to call',
    );
    // Another phone is refused as ever, and hears nothing.
    const before = world.whatsappReplies.length;
    expect(await outcomesOf(await confirmWith(world, orderId, code, '919812345678'))).toEqual([
      'confirmation: another phone',
    ]);
    expect(world.whatsappReplies).toHaveLength(before);
    // Not chased with a Confirm button it would refuse: it is staff's already.
    world.clock.now = new Date(world.clock.now.getTime() + 20 * 60 * 1000);
    expect(await chaseConfirmation(world.deps, orderId)).toBeUndefined();
    expect(world.whatsapp.filter((message) => message.template === 'cod_confirm')).toEqual([]);

    // Staff call the shopper and confirm it: booked once, and no longer theirs to act on.
    expect(await confirmCod(world.deps, orderId, { via: 'staff' })).toBe('confirmed');
    expect(world.shipments).toHaveLength(1);
    expect(staffStatusLabel(await storedOrder(world, orderId))).toBe('Booked');
    expect(await world.deps.log.attentionOrderIds()).not.toContain(orderId);
  });

  it('all count when twenty arrive at once: the order is locked after exactly five', async () => {
    const { world, orderId, code } = await awaitingOrder();
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => confirmWith(world, orderId, wrongFor(code)).then(outcomesOf)),
    );
    const outcomes = answers.flat();
    expect(outcomes.filter((outcome) => outcome === 'confirmation: wrong code')).toHaveLength(4);
    expect(outcomes.filter((outcome) => outcome === 'confirmation: locked')).toHaveLength(16);
    const order = await storedOrder(world, orderId);
    expect(order.cod?.confirmation?.wrongCodes).toHaveLength(5);
    expect(order.history.filter((entry) => entry.event.startsWith('COD confirmation locked'))).toHaveLength(1);
    expect(await outcomesOf(await confirmWith(world, orderId, code))).toEqual(['confirmation: locked']);
    expect(world.shipments).toEqual([]);
    expect(await world.deps.log.attentionOrderIds()).toContain(orderId);
  });

  it('leave the right code free to confirm before the limit', async () => {
    const { world, orderId, code } = await awaitingOrder();
    for (let attempt = 1; attempt < WRONG_CODES_ALLOWED; attempt += 1)
      await confirmWith(world, orderId, wrongFor(code));
    expect(await outcomesOf(await confirmWith(world, orderId, code))).toEqual(['confirmation: confirmed']);
    const order = await storedOrder(world, orderId);
    expect(order.cod?.confirmation).toMatchObject({ state: 'confirmed', via: 'whatsapp-message' });
    expect(world.shipments).toHaveLength(1);
    expect(await world.deps.log.attentionOrderIds()).not.toContain(orderId);
  });

  it('count a message sent again (Meta retries) once, and another phone never', async () => {
    const { world, orderId, code } = await awaitingOrder();
    const again = text('wamid.SAME', `CONFIRM ${orderId} ${wrongFor(code)}`);
    for (let attempt = 0; attempt < 6; attempt += 1)
      expect(await outcomesOf(await postWebhook(world, again))).toEqual(['confirmation: wrong code']);
    // A stranger who guesses the id cannot lock the shopper out.
    for (let attempt = 0; attempt < 6; attempt += 1) await confirmWith(world, orderId, wrongFor(code), '919812345678');
    expect((await storedOrder(world, orderId)).cod?.confirmation?.wrongCodes).toHaveLength(1);
    // One reply for the one message, however often it came.
    expect(world.whatsappReplies).toHaveLength(1);
    expect(await outcomesOf(await confirmWith(world, orderId, code))).toEqual(['confirmation: confirmed']);
  });

  it("answer in the order's WhatsApp language, and not a phone that replied STOP", async () => {
    const hindi = await awaitingOrder(true, { whatsappLanguage: 'hi' });
    await confirmWith(hindi.world, hindi.orderId, wrongFor(hindi.code));
    expect(replies(hindi.world)).toEqual([LANGUAGES.hi('codReply.wrongCode', { orderId: hindi.orderId })]);
    expect(hindi.world.whatsappReplies[0]?.language).toBe('hi');

    const { world, orderId, code } = await awaitingOrder(false);
    await world.deps.whatsappBook.setOptOut('9876543210', true, world.clock.now.toISOString());
    expect(await outcomesOf(await confirmWith(world, orderId, wrongFor(code)))).toEqual(['confirmation: wrong code']);
    expect(world.whatsappReplies).toEqual([]);
  });
});
