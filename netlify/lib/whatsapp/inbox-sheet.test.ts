/**
 * What WhatsApp's webhook changes in the staff's Sheet (issue 33 §5–6, docs/staff-guide.md):
 * the order's rows follow its messages (the WhatsApp and WhatsApp Cost columns), rewritten once
 * per change and never for a replay; a shopper's own words land in the WhatsApp tab once per
 * message, and a Sheet that cannot take them makes Meta deliver them again.
 */
import { describe, expect, it } from 'vitest';
import { fileTestBlobs } from '#tests/support/blobs.ts';
import { orderWorld, type TestOrderWorld } from '#tests/support/orders.ts';
import {
  consentingCodOrder,
  messageBody,
  outcomesOf,
  postWebhook,
  statusBody,
} from '#tests/support/whatsapp-webhook.ts';
import { syncParcels } from '../parcels/sync.ts';

const blobs = fileTestBlobs();

const rowOf = (world: TestOrderWorld, orderId: string) => world.sheetRows.find((row) => row.orderId === orderId);
const text = (body: string, extra: Record<string, unknown> = {}) => ({ type: 'text', text: { body }, ...extra });

describe("the Orders tab's WhatsApp columns", () => {
  it('show what became of the newest message and its cost, rewritten once per change and never for a replay', async () => {
    const world = orderWorld(blobs);
    const orderId = await consentingCodOrder(world);
    // Written when booked, then again once the order_placed message went.
    expect(rowOf(world, orderId)).toMatchObject({ whatsapp: 'placed: sent', whatsappCost: '' });
    const id = `wamid.test-${orderId}-placed`;
    let writes = world.sheetWrites;
    expect(await outcomesOf(await postWebhook(world, statusBody(id, 'delivered', 1764170100)))).toEqual([
      'status recorded',
    ]);
    expect(world.sheetWrites).toBe(writes + 1);
    expect(rowOf(world, orderId)).toMatchObject({
      whatsapp: 'placed: delivered',
      whatsappCost: 'utility 1 (billed 1)',
    });
    writes = world.sheetWrites;
    // A replay, and a late `sent`, change nothing the rows show: nothing is written.
    await postWebhook(world, statusBody(id, 'delivered', 1764170100));
    await postWebhook(world, statusBody(id, 'sent', 1764170050));
    expect(world.sheetWrites).toBe(writes);
    await postWebhook(world, statusBody(id, 'read', 1764170200));
    expect(world.sheetWrites).toBe(writes + 1);
    expect(rowOf(world, orderId)?.whatsapp).toBe('placed: read');
    // The Sheet's own status is untouched: the order is still Booked.
    expect(rowOf(world, orderId)?.status).toBe('Booked');
  });

  it("follow the parcel's news too: the shipped message, then Meta's word on it", async () => {
    const world = orderWorld(blobs);
    const orderId = await consentingCodOrder(world);
    world.clock.now = new Date(world.clock.now.getTime() + 1.5 * 24 * 60 * 60 * 1000);
    await syncParcels(world.deps);
    expect(rowOf(world, orderId)?.status).toBe('In transit');
    await postWebhook(world, statusBody(`wamid.test-${orderId}-shipped`, 'delivered', 1764300000));
    expect(rowOf(world, orderId)).toMatchObject({
      status: 'In transit',
      whatsapp: 'shipped: delivered',
      whatsappCost: 'utility 1 (billed 1)',
    });
  });

  it("show the shopper's quick reply and Delhivery's answer, written once per tap", async () => {
    const world = orderWorld(blobs);
    const orderId = await consentingCodOrder(world);
    const tap = messageBody('wamid.T1', {
      type: 'button',
      button: { text: 'Deliver tomorrow', payload: `NDR_DELIVER_TOMORROW:${orderId}` },
    });
    const writes = world.sheetWrites;
    expect(await outcomesOf(await postWebhook(world, tap))).toEqual(['reply recorded']);
    expect(world.sheetWrites).toBe(writes + 1);
    expect(rowOf(world, orderId)?.whatsapp).toBe('placed: sent; reply: deliver tomorrow, re-attempt queued (UPL1)');
    expect(await outcomesOf(await postWebhook(world, tap))).toEqual(['reply known']);
    expect(world.sheetWrites).toBe(writes + 1);
  });

  it('say a message WhatsApp will not take was not sent, and that the email went', async () => {
    const world = orderWorld(blobs);
    world.whatsappFault = 'refuses';
    const orderId = await consentingCodOrder(world);
    expect(rowOf(world, orderId)?.whatsapp).toBe('placed: not sent (131026: message undeliverable), email sent');
  });

  it('say off for a shopper who did not agree, and off (STOP) once the phone said STOP', async () => {
    const world = orderWorld(blobs);
    expect(await outcomesOf(await postWebhook(world, messageBody('wamid.S1', text('STOP'))))).toEqual(['opted out']);
    const orderId = await consentingCodOrder(world);
    expect(rowOf(world, orderId)?.whatsapp).toBe('off (STOP)');
  });
});

describe('the WhatsApp tab', () => {
  it("keeps a shopper's words once per message, with the order of the message they answered", async () => {
    const world = orderWorld(blobs);
    const orderId = await consentingCodOrder(world);
    const question = messageBody(
      'wamid.Q1',
      text('Can it come on Sunday?', { context: { id: `wamid.test-${orderId}-placed` } }),
    );
    expect(await outcomesOf(await postWebhook(world, question))).toEqual(['message for staff']);
    expect(await outcomesOf(await postWebhook(world, question))).toEqual(['message for staff']);
    const loose = messageBody('wamid.Q2', text('=HYPERLINK("http://x.test","prize")'), '919123456789', '1764170300');
    await postWebhook(world, loose);
    expect(world.whatsappTab).toEqual([
      {
        messageId: 'wamid.Q1',
        received: new Date(1764170000 * 1000).toISOString(),
        from: '9876543210',
        name: 'Asha',
        orderId,
        message: 'Can it come on Sunday?',
      },
      {
        messageId: 'wamid.Q2',
        received: new Date(1764170300 * 1000).toISOString(),
        from: '9123456789',
        name: 'Asha',
        orderId: undefined,
        message: '=HYPERLINK("http://x.test","prize")',
      },
    ]);
  });

  it("takes a button that is not ours and a photo, but not a reaction or another phone's tap on our buttons", async () => {
    const world = orderWorld(blobs);
    const orderId = await consentingCodOrder(world);
    const bodies = [
      messageBody('wamid.B1', { type: 'button', button: { text: 'Talk to us', payload: 'SOMETHING_ELSE' } }),
      messageBody('wamid.B2', {
        type: 'interactive',
        interactive: { type: 'button_reply', button_reply: { id: 'X', title: 'Yes' } },
      }),
      messageBody('wamid.P1', { type: 'image', image: { id: 'media-1', mime_type: 'image/jpeg' } }),
      messageBody('wamid.R1', { type: 'reaction', reaction: { message_id: 'wamid.Q1', emoji: '👍' } }),
      messageBody(
        'wamid.N1',
        { type: 'button', button: { text: 'Cancel order', payload: `NDR_CANCEL:${orderId}` } },
        '919123456789',
      ),
    ];
    const outcomes = [];
    for (const body of bodies) outcomes.push(...(await outcomesOf(await postWebhook(world, body))));
    expect(outcomes).toEqual([
      'message for staff',
      'message for staff',
      'message for staff',
      'not acted on',
      'reply from another phone',
    ]);
    expect(world.whatsappTab.map((row) => row.message)).toEqual([
      'Talk to us',
      'Yes',
      '(a photo: open WhatsApp Business to see it)',
    ]);
  });

  it("names a shopper known by username only by Meta's user id, without a profile name", async () => {
    const world = orderWorld(blobs);
    const body = messageBody('wamid.U1', {
      ...text('Hello?'),
      from: undefined,
      from_user_id: 'IN.13491208655302741918',
    });
    expect(await outcomesOf(await postWebhook(world, body))).toEqual(['message for staff']);
    expect(world.whatsappTab).toMatchObject([{ from: 'IN.13491208655302741918', name: undefined, message: 'Hello?' }]);
  });

  it('answers 502 when the Sheet cannot take a message, so Meta sends it again; the retry writes it once', async () => {
    const world = orderWorld(blobs);
    world.sheetDown = true;
    const body = messageBody('wamid.L1', text('Where is my parcel?'));
    const refused = await postWebhook(world, body);
    expect(refused.status).toBe(502);
    expect(await refused.json()).toMatchObject({ error: { code: 'SHEET_UNAVAILABLE' } });
    expect(world.whatsappTab).toEqual([]);
    world.sheetDown = false;
    const retried = await postWebhook(world, body);
    expect(retried.status).toBe(200);
    expect(await postWebhook(world, body).then(outcomesOf)).toEqual(['message for staff']);
    expect(world.whatsappTab.map((row) => row.message)).toEqual(['Where is my parcel?']);
  });
});
