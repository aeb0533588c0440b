/**
 * The development phone (issue 33 §7): the outbox read as conversations, and the shopper's side
 * played through the webhook's own handler, signed with the local secret — which production never
 * takes.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startTestBlobs, type TestBlobs } from '#tests/support/blobs.ts';
import { codRequest, newOrderId, orderWorld, storedOrder, type TestOrderWorld } from '#tests/support/orders.ts';
import { placeCodOrder } from '../orders/place.ts';
import { readServerEnv } from '../platform/env.ts';
import { markLocalMachine } from '../platform/local-machine.ts';
import { outboxChats } from './local-outbox-view.ts';
import { LOCAL_WHATSAPP_APP_SECRET, localPhoneAvailable, playPhone, webhookAppSecret } from './local-phone.ts';
import { localOutbox } from './sender.ts';

let blobs: TestBlobs;
let dir: string;
beforeAll(async () => {
  blobs = await startTestBlobs();
});
afterAll(() => blobs.stop());
afterEach(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
});

/** A world whose WhatsApp messages go to a local outbox in a fresh folder, and one COD order with consent. */
async function phoneWorld(): Promise<{ world: TestOrderWorld; orderId: string }> {
  dir = await mkdtemp(path.join(tmpdir(), 'outbox-'));
  const world = orderWorld(blobs);
  world.deps.whatsapp = localOutbox(dir);
  const orderId = newOrderId();
  const placed = await placeCodOrder(world.deps, codRequest(orderId, { whatsappUpdates: true }));
  if (!placed.ok) throw new Error(placed.message);
  return { world, orderId };
}

const play = (world: TestOrderWorld, request: Parameters<typeof playPhone>[3]) =>
  playPhone(world.deps, dir, LOCAL_WHATSAPP_APP_SECRET, request);

describe('the local app secret', () => {
  const env = (values: Record<string, string>) => readServerEnv({ ...values });

  it('signs the webhook where the local outbox stands in for Meta, and nowhere else', () => {
    expect(localPhoneAvailable(env({}))).toBe(true);
    expect(webhookAppSecret(env({}))).toBe(LOCAL_WHATSAPP_APP_SECRET);
    const cloud = env({ WHATSAPP_TOKEN: 't', WHATSAPP_PHONE_NUMBER_ID: '1' });
    expect(localPhoneAvailable(cloud)).toBe(false);
    expect(webhookAppSecret(cloud)).toBeUndefined();
    expect(webhookAppSecret({ ...cloud, WHATSAPP_APP_SECRET: 'meta-secret' })).toBe('meta-secret');
    expect(webhookAppSecret(env({ WHATSAPP_APP_SECRET: 'mine' }))).toBe('mine');
  });

  it('is refused in production, even when WHATSAPP_APP_SECRET is set to it', () => {
    const production = { ...env({}), CONTEXT: 'production' };
    expect(localPhoneAvailable(production)).toBe(false);
    expect(webhookAppSecret(production)).toBeUndefined();
    expect(webhookAppSecret({ ...production, WHATSAPP_APP_SECRET: LOCAL_WHATSAPP_APP_SECRET })).toBeUndefined();
    expect(webhookAppSecret({ ...production, WHATSAPP_APP_SECRET: 'meta-secret' })).toBe('meta-secret');
  });

  it('is refused on any deploy, whatever its context, even when WHATSAPP_APP_SECRET is set to it (issue 46)', () => {
    markLocalMachine(false);
    for (const CONTEXT of ['dev', 'deploy-preview', 'branch-deploy']) {
      const deployed = { ...env({}), CONTEXT };
      expect(localPhoneAvailable(deployed), CONTEXT).toBe(false);
      expect(webhookAppSecret(deployed), CONTEXT).toBeUndefined();
      expect(
        webhookAppSecret({ ...deployed, WHATSAPP_APP_SECRET: LOCAL_WHATSAPP_APP_SECRET }),
        CONTEXT,
      ).toBeUndefined();
      expect(webhookAppSecret({ ...deployed, WHATSAPP_APP_SECRET: 'meta-secret' }), CONTEXT).toBe('meta-secret');
    }
  });
});

describe('the development phone', () => {
  it("shows the shop's message as the phone does, and plays its delivered and read callbacks", async () => {
    const { world, orderId } = await phoneWorld();
    const [chat] = await outboxChats(world.deps, dir);
    expect(chat).toMatchObject({ phone: '9876543210', name: 'Asha Rawat' });
    expect(chat?.messages).toEqual([
      expect.objectContaining({
        from: 'shop',
        id: `${orderId}-placed`,
        template: 'order_placed',
        body: expect.stringMatching(new RegExp(`^Hi Asha, we have received your order ${orderId} for ₹[\\d,]+\\. `)),
        buttons: [],
        status: 'sent',
      }),
    ]);
    const messageId = `${orderId}-placed`;
    expect(await play(world, { kind: 'status', messageId, status: 'delivered' })).toEqual({
      ok: true,
      outcomes: ['status recorded'],
    });
    expect(await play(world, { kind: 'status', messageId, status: 'read' })).toEqual({
      ok: true,
      outcomes: ['status recorded'],
    });
    // Replayed: the inbox knows it, nothing changes.
    expect(await play(world, { kind: 'status', messageId, status: 'read' })).toEqual({
      ok: true,
      outcomes: ['status known'],
    });
    expect((await storedOrder(world, orderId)).notices?.['whatsapp:placed']?.delivery).toMatchObject({
      status: 'read',
      category: 'utility',
      pricingType: 'regular',
    });
    expect((await outboxChats(world.deps, dir))[0]?.messages[0]).toMatchObject({ status: 'read' });
  });

  it("sends a tap on a quick reply with its payload, from the order's phone, and keeps it in the conversation", async () => {
    const { world, orderId } = await phoneWorld();
    await localOutbox(dir).sendTemplate({
      id: `${orderId}-delivery-failed`,
      orderId,
      to: '9876543210',
      template: 'delivery_failed',
      language: 'en',
      parameters: ['Asha', orderId, 'Consignee unavailable'],
      buttons: [0, 1, 2].map((index) => ({
        type: 'quick_reply' as const,
        index,
        payload: `NDR_${['DELIVER_TOMORROW', 'CHANGE_ADDRESS', 'CANCEL'][index]}:${orderId}`,
      })),
    });
    const messageId = `${orderId}-delivery-failed`;
    expect(await play(world, { kind: 'tap', messageId, button: 1 })).toEqual({
      ok: true,
      outcomes: ['reply recorded'],
    });
    expect((await storedOrder(world, orderId)).whatsapp?.replies).toEqual([
      expect.objectContaining({ choice: 'change-address' }),
    ]);
    const [chat] = await outboxChats(world.deps, dir);
    expect(chat?.messages.map((message) => message.from)).toEqual(['shop', 'shop', 'shopper']);
    expect(chat?.messages[2]).toMatchObject({ text: 'Tapped “Change address”', outcome: 'reply recorded' });
    expect(chat?.messages[1]).toMatchObject({
      buttons: [
        { text: 'Deliver tomorrow', payload: `NDR_DELIVER_TOMORROW:${orderId}` },
        { text: 'Change address', payload: `NDR_CHANGE_ADDRESS:${orderId}` },
        { text: 'Cancel order', payload: `NDR_CANCEL:${orderId}` },
      ],
    });
  });

  it('writes as the shopper, by the same signed webhook (STOP turns WhatsApp off for that phone)', async () => {
    const { world } = await phoneWorld();
    expect(await play(world, { kind: 'write', phone: '9876543210', text: 'STOP' })).toEqual({
      ok: true,
      outcomes: ['opted out'],
    });
    expect(await world.deps.whatsappBook.optedOut('9876543210')).toBe(true);
    const [chat] = await outboxChats(world.deps, dir);
    expect(chat?.messages.at(-1)).toMatchObject({ from: 'shopper', text: 'STOP', outcome: 'opted out' });
  });

  it('refuses a message the outbox does not have, and a tap where there is no quick reply; changes nothing', async () => {
    const { world, orderId } = await phoneWorld();
    expect(await play(world, { kind: 'status', messageId: `${orderId}-shipped`, status: 'read' })).toMatchObject({
      ok: false,
      status: 404,
    });
    expect(await play(world, { kind: 'tap', messageId: `${orderId}-placed`, button: 0 })).toMatchObject({
      ok: false,
      status: 422,
    });
    expect((await outboxChats(world.deps, dir))[0]?.messages).toHaveLength(1);
  });

  it('leaves out a file of the outbox it cannot read, and shows a template it does not know by its name', async () => {
    const { world, orderId } = await phoneWorld();
    await writeFile(path.join(dir, 'broken.json'), '{ not json');
    await localOutbox(dir).sendTemplate({
      id: `${orderId}-other`,
      orderId,
      to: '9876543210',
      template: 'retired_template' as 'order_placed',
      language: 'en',
      parameters: [],
    });
    const messages = (await outboxChats(world.deps, dir))[0]?.messages ?? [];
    expect(messages.map((message) => (message.from === 'shop' ? message.body : message.text))).toEqual([
      expect.stringContaining('we have received your order'),
      'retired_template',
    ]);
  });
});

describe('the development phone and a COD order awaiting confirmation (rule 17)', () => {
  it('lists the order with the words that confirm it, and they confirm it from its phone only', async () => {
    const { world, orderId } = await phoneWorld();
    world.deps.hearsWhatsApp = true;
    const awaitingId = newOrderId();
    await placeCodOrder(world.deps, codRequest(awaitingId, { whatsappUpdates: false }));
    const [chat] = await outboxChats(world.deps, dir);
    const code = (await storedOrder(world, awaitingId)).cod?.confirmation?.code;
    expect(chat?.awaiting).toEqual([{ orderId: awaitingId, text: `CONFIRM ${awaitingId} ${code}` }]);
    const text = chat?.awaiting[0]?.text ?? '';
    expect(await play(world, { kind: 'write', phone: '9000000001', text })).toEqual({
      ok: true,
      outcomes: ['confirmation: another phone'],
    });
    expect(await play(world, { kind: 'write', phone: '9876543210', text })).toEqual({
      ok: true,
      outcomes: ['confirmation: confirmed'],
    });
    expect((await outboxChats(world.deps, dir)).find((each) => each.phone === '9876543210')?.awaiting).toEqual([]);
    expect(orderId).not.toBe(awaitingId);
  });
});
