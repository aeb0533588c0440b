/**
 * WhatsApp's webhook end to end in the service (docs/shop-rules.md §10 rule 16): the signature
 * before anything is read, Meta's status callbacks kept on their notice (forward only), STOP and
 * START, and a quick reply from the order's own phone kept once. Bodies in the shape of Meta's
 * documented samples (as in webhook-events.test.ts).
 */
import { describe, expect, it, vi } from 'vitest';
import { fileTestBlobs } from '#tests/support/blobs.ts';
import { orderWorld, storedOrder } from '#tests/support/orders.ts';
import {
  consentingCodOrder,
  messageBody,
  outcomesOf,
  postWebhook,
  statusBody,
  WEBHOOK_SECRETS,
} from '#tests/support/whatsapp-webhook.ts';
import { whatsappEvents, whatsappHandshake } from './webhook.ts';
import { signWebhookBody } from './webhook-signature.ts';

const blobs = fileTestBlobs();

describe("WhatsApp's webhook", () => {
  it('refuses a missing, malformed or wrong signature, and acts on nothing', async () => {
    const world = orderWorld(blobs);
    const body = messageBody('wamid.STOP0', { type: 'text', text: { body: 'STOP' } });
    for (const signature of [null, 'sha256=abc', `sha256=${'0'.repeat(64)}`, signWebhookBody('{}', 'other')]) {
      const answer = await postWebhook(world, body, signature);
      expect(answer.status).toBe(401);
      expect(await answer.json()).toMatchObject({ error: { code: 'BAD_SIGNATURE' } });
    }
    expect(await world.deps.whatsappBook.optedOut('9876543210')).toBe(false);
    const unset = await whatsappEvents(
      world.deps,
      { rawBody: '{}', signature: null },
      { ...WEBHOOK_SECRETS, appSecret: undefined },
    );
    expect(unset.status).toBe(503);
  });

  it('answers a signed body it cannot read with 200, acting on nothing (Meta stops sending it)', async () => {
    const world = orderWorld(blobs);
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const answer = await postWebhook(world, { object: 'whatsapp_business_account', entry: 'not a list' });
    expect(answer.status).toBe(200);
    expect(await outcomesOf(answer)).toEqual([]);
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('cannot read'));
    warn.mockRestore();
  });

  it("keeps each message's newest status and price category on its notice; a late or replayed one changes nothing", async () => {
    const world = orderWorld(blobs);
    const orderId = await consentingCodOrder(world);
    const id = `wamid.test-${orderId}-placed`;
    expect(await outcomesOf(await postWebhook(world, statusBody(id, 'delivered', 1764170100)))).toEqual([
      'status recorded',
    ]);
    expect(await outcomesOf(await postWebhook(world, statusBody(id, 'read', 1764170200)))).toEqual(['status recorded']);
    expect(await outcomesOf(await postWebhook(world, statusBody(id, 'sent', 1764170050)))).toEqual(['status known']);
    expect(await outcomesOf(await postWebhook(world, statusBody(id, 'read', 1764170200)))).toEqual(['status known']);
    expect((await storedOrder(world, orderId)).notices?.['whatsapp:placed']?.delivery).toEqual({
      status: 'read',
      at: new Date(1764170200 * 1000).toISOString(),
      category: 'utility',
      pricingType: 'regular',
    });
    expect(await outcomesOf(await postWebhook(world, statusBody('wamid.unknown', 'delivered', 1764170100)))).toEqual([
      'status of an unknown message',
    ]);
  });

  it('turns WhatsApp off for a phone that writes STOP, and on again with START; the email still goes', async () => {
    const world = orderWorld(blobs);
    expect(
      await outcomesOf(await postWebhook(world, messageBody('wamid.S1', { type: 'text', text: { body: ' stop ' } }))),
    ).toEqual(['opted out']);
    const quiet = await consentingCodOrder(world);
    expect(world.whatsapp.filter((sent) => sent.orderId === quiet)).toEqual([]);
    expect(world.emails.some((email) => email.orderId === quiet)).toBe(true);
    const start = messageBody('wamid.S2', { type: 'text', text: { body: 'START' } }, undefined, '1764170100');
    expect(await outcomesOf(await postWebhook(world, start))).toEqual(['opted in']);
    const heard = await consentingCodOrder(world);
    expect(world.whatsapp.filter((sent) => sent.orderId === heard)).toHaveLength(1);
  });

  it('acts on nothing from what is no phone number (250 digits): answered 200, never a 500 Meta would resend (issue 46)', async () => {
    const world = orderWorld(blobs);
    for (const from of ['9'.repeat(250), '1234567890123456', 'abc']) {
      const answer = await postWebhook(
        world,
        messageBody(`wamid.N${from.length}`, { type: 'text', text: { body: 'STOP' } }, from),
      );
      expect(answer.status, from).toBe(200);
      expect(await outcomesOf(answer), from).not.toContain('opted out');
    }
  });

  it("keeps a quick reply from the order's own phone once; one from another phone acts on nothing", async () => {
    const world = orderWorld(blobs);
    const orderId = await consentingCodOrder(world);
    const tap = (id: string, from?: string) =>
      messageBody(
        id,
        { type: 'button', button: { text: 'Deliver tomorrow', payload: `NDR_DELIVER_TOMORROW:${orderId}` } },
        from,
      );
    expect(await outcomesOf(await postWebhook(world, tap('wamid.T1')))).toEqual(['reply recorded']);
    expect(await outcomesOf(await postWebhook(world, tap('wamid.T1')))).toEqual(['reply known']);
    expect(await outcomesOf(await postWebhook(world, tap('wamid.T2', '919123456789')))).toEqual([
      'reply from another phone',
    ]);
    expect((await storedOrder(world, orderId)).whatsapp?.replies).toEqual([
      {
        choice: 'deliver-tomorrow',
        at: new Date(1764170000 * 1000).toISOString(),
        messageId: 'wamid.T1',
        ndr: 're-attempt queued (UPL1)',
      },
    ]);
  });

  it('asks for the cancellation a Cancel tap means, by the cancel rules', async () => {
    const world = orderWorld(blobs);
    world.carrierDown = true; // nothing booked yet: it can be cancelled
    const orderId = await consentingCodOrder(world);
    world.carrierDown = false;
    const tap = messageBody('wamid.C1', {
      type: 'button',
      button: { text: 'Cancel order', payload: `NDR_CANCEL:${orderId}` },
    });
    expect(await outcomesOf(await postWebhook(world, tap))).toEqual(['reply recorded']);
    expect(await storedOrder(world, orderId)).toMatchObject({ status: 'cancelled', cancellation: { by: 'shopper' } });
  });

  it("echoes Meta's handshake only for our verify token", async () => {
    const query = (token: string) =>
      new URLSearchParams({ 'hub.mode': 'subscribe', 'hub.verify_token': token, 'hub.challenge': '1158201444' });
    const ok = whatsappHandshake(query('verify-me'), WEBHOOK_SECRETS);
    expect([ok.status, await ok.text()]).toEqual([200, '1158201444']);
    expect(whatsappHandshake(query('guess'), WEBHOOK_SECRETS).status).toBe(403);
    expect(whatsappHandshake(query('verify-me'), { ...WEBHOOK_SECRETS, verifyToken: undefined }).status).toBe(403);
  });

  it('asks Delhivery to try again when the shopper taps Deliver tomorrow, once, and keeps its answer', async () => {
    const world = orderWorld(blobs);
    const orderId = await consentingCodOrder(world);
    const waybill = (await storedOrder(world, orderId)).forwards.shipment.waybill;
    const tap = (id: string) =>
      messageBody(id, {
        type: 'button',
        button: { text: 'Deliver tomorrow', payload: `NDR_DELIVER_TOMORROW:${orderId}` },
      });
    await postWebhook(world, tap('wamid.D1'));
    await postWebhook(world, tap('wamid.D1'));
    expect(world.reattempts).toEqual([waybill]);
    expect((await storedOrder(world, orderId)).whatsapp?.replies?.[0]?.ndr).toBe('re-attempt queued (UPL1)');
    world.carrierDown = true;
    await postWebhook(world, tap('wamid.D2'));
    expect((await storedOrder(world, orderId)).whatsapp?.replies?.[1]?.ndr).toBe(
      're-attempt not taken: Delhivery answered 503',
    );
  });
});
