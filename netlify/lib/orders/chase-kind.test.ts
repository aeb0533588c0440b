/**
 * An unconfirmed COD order chased by the reconciler (docs/shop-rules.md §10 rule 17): the
 * `cod_confirm` template after 15 minutes (with Confirm and Cancel), one reminder after 24 hours,
 * staff asked to call after 48; each step once however often the reconciler runs, none once the
 * order is confirmed or cancelled.
 */
import { describe, expect, it } from 'vitest';
import { codChaseKey, staffStatusLabel } from '#shop/order-engine/index.ts';
import { fileTestBlobs } from '#tests/support/blobs.ts';
import { chaseConfirmation } from '#tests/support/chase.ts';
import { codRequest, newOrderId, orderWorld, storedOrder, type TestOrderWorld } from '#tests/support/orders.ts';
import { cancelOrder } from './cancel.ts';
import { confirmCod } from './confirm.ts';
import { placeCodOrder } from './place.ts';
import { reconcile } from './reconcile.ts';

const blobs = fileTestBlobs();

const MINUTE = 60 * 1000;

async function awaitingOrder(consent = true): Promise<{ world: TestOrderWorld; orderId: string }> {
  const world = orderWorld(blobs);
  world.deps.hearsWhatsApp = true;
  const orderId = newOrderId();
  const placed = await placeCodOrder(world.deps, codRequest(orderId, { whatsappUpdates: consent }));
  if (!placed.ok) throw new Error(placed.message);
  return { world, orderId };
}

const later = (world: TestOrderWorld, minutes: number) => {
  world.clock.now = new Date(world.clock.now.getTime() + minutes * MINUTE);
};
const confirmMessages = (world: TestOrderWorld, orderId: string) =>
  world.whatsapp.filter((message) => message.orderId === orderId && message.template === 'cod_confirm');

describe('an unconfirmed COD order', () => {
  it('gets cod_confirm after 15 minutes, one reminder after 24 hours, and staff a call after 48; each once', async () => {
    const { world, orderId } = await awaitingOrder();
    later(world, 14);
    expect(await chaseConfirmation(world.deps, orderId)).toBeUndefined();
    later(world, 1);
    expect(await chaseConfirmation(world.deps, orderId)).toBe('asked');
    expect(await chaseConfirmation(world.deps, orderId)).toBeUndefined();
    const [asked] = confirmMessages(world, orderId);
    expect(asked).toMatchObject({
      id: `${orderId}-cod-confirm`,
      template: 'cod_confirm',
      parameters: ['Asha', orderId, expect.stringMatching(/^₹[\d,]+$/)],
      buttons: [
        { type: 'quick_reply', index: 0, payload: `COD_CONFIRM:${orderId}` },
        { type: 'quick_reply', index: 1, payload: `COD_CANCEL:${orderId}` },
      ],
    });
    later(world, 24 * 60 - 15);
    expect(await chaseConfirmation(world.deps, orderId)).toBe('reminded');
    expect(confirmMessages(world, orderId).map((message) => message.id)).toEqual([
      `${orderId}-cod-confirm`,
      `${orderId}-cod-confirm-reminder`,
    ]);
    later(world, 24 * 60);
    expect(await chaseConfirmation(world.deps, orderId)).toBe('staff to call');
    expect(await chaseConfirmation(world.deps, orderId)).toBeUndefined();
    const order = await storedOrder(world, orderId);
    expect(staffStatusLabel(order)).toBe('Needs attention: not confirmed');
    expect(world.sheetRows.at(-1)).toMatchObject({ status: 'Needs attention: not confirmed' });
    expect(await world.deps.log.attentionOrderIds()).toContain(orderId);
    // Confirmed after 48 hours, by the shopper or staff's call: booked, no longer needing attention.
    expect(await confirmCod(world.deps, orderId, { via: 'staff' })).toBe('confirmed');
    expect(staffStatusLabel(await storedOrder(world, orderId))).toBe('Booked');
    expect(world.shipments).toHaveLength(1);
  });

  it('is three tasks due at their times, and two sweeps at once take each step once', async () => {
    const { world, orderId } = await awaitingOrder();
    const state = (step: 'asked' | 'reminded' | 'call') => world.deps.log.taskState(codChaseKey(orderId, step));
    expect([await state('asked'), await state('reminded'), await state('call')]).toEqual([
      'pending',
      'pending',
      'pending',
    ]);
    later(world, 14);
    await Promise.all([reconcile(world.deps), reconcile(world.deps)]);
    expect(await state('asked')).toBe('pending'); // not due yet: nothing claimed
    later(world, 1);
    await Promise.all([reconcile(world.deps), reconcile(world.deps)]);
    expect(await state('asked')).toBe('done');
    expect(await state('reminded')).toBe('pending');
    expect(confirmMessages(world, orderId).map((message) => message.id)).toEqual([`${orderId}-cod-confirm`]);
    expect(
      (await storedOrder(world, orderId)).history.filter((entry) => entry.event.startsWith('COD confirmation asked')),
    ).toHaveLength(1);
  });

  it('is chased by the reconciler, which sends nothing to a shopper who did not agree to WhatsApp', async () => {
    const { world, orderId } = await awaitingOrder(false);
    later(world, 20);
    await reconcile(world.deps);
    await reconcile(world.deps);
    const order = await storedOrder(world, orderId);
    expect(order.cod?.confirmation?.chased).toEqual({ template: world.clock.now.toISOString() });
    expect(order.history.map((entry) => entry.event)).toContain(
      'COD confirmation asked (no WhatsApp consent: nothing sent)',
    );
    expect(
      world.whatsapp.filter((message) => message.orderId === orderId && message.template === 'cod_confirm'),
    ).toEqual([]);
    expect(world.shipments).toEqual([]);
  });

  it('skips a step the reconciler missed: after 24 hours the reminder alone goes', async () => {
    const { world, orderId } = await awaitingOrder();
    later(world, 25 * 60);
    expect(await chaseConfirmation(world.deps, orderId)).toBe('reminded');
    expect(await chaseConfirmation(world.deps, orderId)).toBeUndefined();
    expect(confirmMessages(world, orderId).map((message) => message.id)).toEqual([`${orderId}-cod-confirm-reminder`]);
  });

  it('is not chased once confirmed or cancelled; a message earned before is then not sent', async () => {
    const confirmed = await awaitingOrder();
    await confirmCod(confirmed.world.deps, confirmed.orderId, { via: 'staff' });
    later(confirmed.world, 60 * 49);
    expect(await chaseConfirmation(confirmed.world.deps, confirmed.orderId)).toBeUndefined();

    const { world, orderId } = await awaitingOrder();
    later(world, 16);
    world.whatsappFault = 'down';
    expect(await chaseConfirmation(world.deps, orderId)).toBe('asked');
    await cancelOrder(world.deps, orderId, { reason: 'other', by: 'shopper' });
    world.whatsappFault = undefined;
    later(world, 60);
    await reconcile(world.deps);
    expect((await storedOrder(world, orderId)).notices?.['whatsapp:cod-confirm']?.status).toBe('skipped');
    expect(confirmMessages(world, orderId)).toEqual([]);
  });
});
