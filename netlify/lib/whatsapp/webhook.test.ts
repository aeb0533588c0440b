/**
 * WhatsApp's webhook end to end in the service (docs/shop-rules.md §10 rule 16): the signature
 * before anything is read, Meta's status callbacks kept on their notice (forward only), STOP and
 * START, and a quick reply from the order's own phone kept once. Bodies in the shape of Meta's
 * documented samples (as in webhook-events.test.ts).
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startTestBlobs, type TestBlobs } from '#tests/support/blobs.ts';
import { codRequest, newOrderId, orderWorld, storedOrder, type TestOrderWorld } from '#tests/support/orders.ts';
import { placeCodOrder } from '../orders/place.ts';
import { whatsappEvents, whatsappHandshake } from './webhook.ts';
import { signWebhookBody } from './webhook-signature.ts';

let blobs: TestBlobs;
beforeAll(async () => {
  blobs = await startTestBlobs();
});
afterAll(() => blobs.stop());

const secrets = { appSecret: 'app-secret', verifyToken: 'verify-me' };
const envelope = (value: Record<string, unknown>) => ({
  object: 'whatsapp_business_account',
  entry: [
    {
      id: '0',
      changes: [
        {
          field: 'messages',
          value: {
            messaging_product: 'whatsapp',
            metadata: { display_phone_number: '15550783881', phone_number_id: '106540352242922' },
            ...value,
          },
        },
      ],
    },
  ],
});
const status = (id: string, state: string, timestamp: number) =>
  envelope({
    statuses: [
      {
        id,
        status: state,
        timestamp: String(timestamp),
        recipient_id: '919876543210',
        pricing: { billable: true, pricing_model: 'PMP', type: 'regular', category: 'utility' },
      },
    ],
  });
const message = (id: string, content: Record<string, unknown>, from = '919876543210', timestamp = '1764170000') =>
  envelope({
    contacts: [{ profile: { name: 'Asha' }, wa_id: from }],
    messages: [{ from, id, timestamp, ...content }],
  });

const post = (world: TestOrderWorld, body: unknown, signature?: string | null) => {
  const rawBody = JSON.stringify(body);
  return whatsappEvents(
    world.deps,
    { rawBody, signature: signature === undefined ? signWebhookBody(rawBody, secrets.appSecret) : signature },
    secrets,
  );
};
const outcomes = async (response: Response) => ((await response.json()) as { outcomes: string[] }).outcomes;

async function codOrder(world: TestOrderWorld): Promise<string> {
  const orderId = newOrderId();
  const placed = await placeCodOrder(world.deps, codRequest(orderId, { whatsappUpdates: true }));
  if (!placed.ok) throw new Error(placed.message);
  return orderId;
}

describe("WhatsApp's webhook", () => {
  it('refuses a missing, malformed or wrong signature, and acts on nothing', async () => {
    const world = orderWorld(blobs);
    const body = message('wamid.STOP0', { type: 'text', text: { body: 'STOP' } });
    for (const signature of [null, 'sha256=abc', `sha256=${'0'.repeat(64)}`, signWebhookBody('{}', 'other')]) {
      const answer = await post(world, body, signature);
      expect(answer.status).toBe(401);
      expect(await answer.json()).toMatchObject({ error: { code: 'BAD_SIGNATURE' } });
    }
    expect(await world.deps.whatsappBook.optedOut('9876543210')).toBe(false);
    const unset = await whatsappEvents(
      world.deps,
      { rawBody: '{}', signature: null },
      { ...secrets, appSecret: undefined },
    );
    expect(unset.status).toBe(503);
  });

  it('answers a signed body it cannot read with 200, acting on nothing (Meta stops sending it)', async () => {
    const world = orderWorld(blobs);
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const answer = await post(world, { object: 'whatsapp_business_account', entry: 'not a list' });
    expect(answer.status).toBe(200);
    expect(await outcomes(answer)).toEqual([]);
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('cannot read'));
    warn.mockRestore();
  });

  it("keeps each message's newest status and price category on its notice; a late or replayed one changes nothing", async () => {
    const world = orderWorld(blobs);
    const orderId = await codOrder(world);
    const id = `wamid.test-${orderId}-placed`;
    expect(await outcomes(await post(world, status(id, 'delivered', 1764170100)))).toEqual(['status recorded']);
    expect(await outcomes(await post(world, status(id, 'read', 1764170200)))).toEqual(['status recorded']);
    expect(await outcomes(await post(world, status(id, 'sent', 1764170050)))).toEqual(['status known']);
    expect(await outcomes(await post(world, status(id, 'read', 1764170200)))).toEqual(['status known']);
    expect((await storedOrder(world, orderId)).notices?.['whatsapp:placed']?.delivery).toEqual({
      status: 'read',
      at: new Date(1764170200 * 1000).toISOString(),
      category: 'utility',
      pricingType: 'regular',
    });
    expect(await outcomes(await post(world, status('wamid.unknown', 'delivered', 1764170100)))).toEqual([
      'status of an unknown message',
    ]);
  });

  it('turns WhatsApp off for a phone that writes STOP, and on again with START; the email still goes', async () => {
    const world = orderWorld(blobs);
    expect(await outcomes(await post(world, message('wamid.S1', { type: 'text', text: { body: ' stop ' } })))).toEqual([
      'opted out',
    ]);
    const quiet = await codOrder(world);
    expect(world.whatsapp.filter((sent) => sent.orderId === quiet)).toEqual([]);
    expect(world.emails.some((email) => email.orderId === quiet)).toBe(true);
    const start = message('wamid.S2', { type: 'text', text: { body: 'START' } }, undefined, '1764170100');
    expect(await outcomes(await post(world, start))).toEqual(['opted in']);
    const heard = await codOrder(world);
    expect(world.whatsapp.filter((sent) => sent.orderId === heard)).toHaveLength(1);
  });

  it("keeps a quick reply from the order's own phone once; one from another phone acts on nothing", async () => {
    const world = orderWorld(blobs);
    const orderId = await codOrder(world);
    const tap = (id: string, from?: string) =>
      message(
        id,
        { type: 'button', button: { text: 'Deliver tomorrow', payload: `NDR_DELIVER_TOMORROW:${orderId}` } },
        from,
      );
    expect(await outcomes(await post(world, tap('wamid.T1')))).toEqual(['reply recorded']);
    expect(await outcomes(await post(world, tap('wamid.T1')))).toEqual(['reply known']);
    expect(await outcomes(await post(world, tap('wamid.T2', '919123456789')))).toEqual(['reply from another phone']);
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
    const orderId = await codOrder(world);
    world.carrierDown = false;
    const tap = message('wamid.C1', {
      type: 'button',
      button: { text: 'Cancel order', payload: `NDR_CANCEL:${orderId}` },
    });
    expect(await outcomes(await post(world, tap))).toEqual(['reply recorded']);
    expect(await storedOrder(world, orderId)).toMatchObject({ status: 'cancelled', cancellation: { by: 'shopper' } });
  });

  it("echoes Meta's handshake only for our verify token", async () => {
    const query = (token: string) =>
      new URLSearchParams({ 'hub.mode': 'subscribe', 'hub.verify_token': token, 'hub.challenge': '1158201444' });
    const ok = whatsappHandshake(query('verify-me'), secrets);
    expect([ok.status, await ok.text()]).toEqual([200, '1158201444']);
    expect(whatsappHandshake(query('guess'), secrets).status).toBe(403);
    expect(whatsappHandshake(query('verify-me'), { ...secrets, verifyToken: undefined }).status).toBe(403);
  });

  it('asks Delhivery to try again when the shopper taps Deliver tomorrow, once, and keeps its answer', async () => {
    const world = orderWorld(blobs);
    const orderId = await codOrder(world);
    const waybill = (await storedOrder(world, orderId)).forwards.shipment.waybill;
    const tap = (id: string) =>
      message(id, { type: 'button', button: { text: 'Deliver tomorrow', payload: `NDR_DELIVER_TOMORROW:${orderId}` } });
    await post(world, tap('wamid.D1'));
    await post(world, tap('wamid.D1'));
    expect(world.reattempts).toEqual([waybill]);
    expect((await storedOrder(world, orderId)).whatsapp?.replies?.[0]?.ndr).toBe('re-attempt queued (UPL1)');
    world.carrierDown = true;
    await post(world, tap('wamid.D2'));
    expect((await storedOrder(world, orderId)).whatsapp?.replies?.[1]?.ndr).toBe(
      're-attempt not taken: Delhivery answered 503',
    );
  });
});
