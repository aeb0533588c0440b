/**
 * The development WhatsApp outbox at the HTTP boundary (issue 33 §7, docs/security.md): GET shows
 * the local outbox's conversations, POST plays the shopper's phone through the webhook's handler,
 * signed with the local secret; the webhook function takes that secret only where the local outbox
 * stands in for Meta, never in production; and the page's function is not there in production.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import devWhatsApp from '../../netlify/functions/dev-whatsapp.mts';
import processCod from '../../netlify/functions/process-cod.mts';
import whatsappWebhook from '../../netlify/functions/whatsapp-webhook.mts';
import { markLocalMachine } from '../../netlify/lib/platform/local-machine.ts';
import { LOCAL_WHATSAPP_APP_SECRET, statusBody } from '../../netlify/lib/whatsapp/local-phone.ts';
import { signWebhookBody } from '../../netlify/lib/whatsapp/webhook-signature.ts';
import { devWhatsAppOutboxSchema, devWhatsAppResponseSchema } from '../../src/shop/schemas/index.ts';
import { functionSandbox } from '../support/functions.ts';
import { codRequest, ordersOverHttp, postJson } from '../support/orders.ts';

const _sandbox = functionSandbox('dev-whatsapp', [
  'CONTEXT',
  'WHATSAPP_TOKEN',
  'WHATSAPP_PHONE_NUMBER_ID',
  'WHATSAPP_APP_SECRET',
]);
beforeEach(() => {
  vi.stubEnv('LOCAL_WHATSAPP_DIR', mkdtempSync(path.join(tmpdir(), 'ouo-outbox-')));
});

// From the clock, 9,000,000 ids past the other files' starts, so none shares an id.
const { newId, total, stored } = ordersOverHttp(Date.now() + 9_000_000);

async function codOrderWithConsent(): Promise<string> {
  const orderId = newId();
  const request = codRequest(orderId, { clientTotal: await total('cod'), whatsappUpdates: true });
  expect((await postJson(processCod, '/api/checkout/process-cod', request)).status).toBe(201);
  return orderId;
}

const get = () => devWhatsApp(new Request('http://localhost/api/dev/whatsapp'));

/** A status callback for the order's `placed` message, signed with `secret`, to the real webhook function. */
function signedStatus(orderId: string, secret: string) {
  const rawBody = JSON.stringify(
    statusBody({ wamid: `wamid.local-${orderId}-placed`, status: 'delivered', to: '9876543210', at: new Date() }),
  );
  return whatsappWebhook(
    new Request('http://localhost/api/whatsapp/webhook', {
      method: 'POST',
      body: rawBody,
      headers: { 'content-type': 'application/json', 'x-hub-signature-256': signWebhookBody(rawBody, secret) },
    }),
  );
}

describe('/api/dev/whatsapp (development only)', () => {
  it("shows an order's message, and the phone's read callback reaches the order through the signed webhook", async () => {
    const orderId = await codOrderWithConsent();
    const outbox = devWhatsAppOutboxSchema.parse(await (await get()).json());
    const chat = outbox.chats.find((each) => each.messages.some((message) => message.id === `${orderId}-placed`));
    expect(chat?.messages[0]).toMatchObject({ template: 'order_placed', language: 'en', status: 'sent' });
    const answer = await postJson(devWhatsApp, '/api/dev/whatsapp', {
      kind: 'status',
      messageId: `${orderId}-placed`,
      status: 'read',
    });
    expect(answer.status).toBe(200);
    expect(devWhatsAppResponseSchema.parse(await answer.json()).outcomes).toEqual(['status recorded']);
    expect((await stored(orderId)).notices?.['whatsapp:placed']?.delivery?.status).toBe('read');
  });

  it('refuses what the phone cannot send (422), a message it does not have (404); changes nothing', async () => {
    const orderId = await codOrderWithConsent();
    const bad = await postJson(devWhatsApp, '/api/dev/whatsapp', { kind: 'tap', messageId: 'nope', button: 0 });
    expect(bad.status).toBe(422);
    const missing = await postJson(devWhatsApp, '/api/dev/whatsapp', {
      kind: 'status',
      messageId: `${orderId}-shipped`,
      status: 'read',
    });
    expect(missing.status).toBe(404);
    expect((await stored(orderId)).notices?.['whatsapp:placed']?.delivery).toBeUndefined();
  });

  it('is not there in production (404), nor beside Meta’s Cloud API', async () => {
    vi.stubEnv('CONTEXT', 'production');
    expect((await get()).status).toBe(404);
    expect(
      (await postJson(devWhatsApp, '/api/dev/whatsapp', { kind: 'write', phone: '9876543210', text: 'hi' })).status,
    ).toBe(404);
    vi.stubEnv('CONTEXT', 'dev');
    vi.stubEnv('WHATSAPP_TOKEN', 'token');
    vi.stubEnv('WHATSAPP_PHONE_NUMBER_ID', '106540352242922');
    expect((await get()).status).toBe(404);
  });
});

describe('on a deploy, whatever its context and settings (issue 46)', () => {
  it.each(['dev', 'deploy-preview', 'branch-deploy'])(
    'has no development phone (404) and the webhook takes no signature of its secret (in context %s)',
    async (context) => {
      const orderId = await codOrderWithConsent();
      markLocalMachine(false);
      vi.stubEnv('CONTEXT', context);
      expect((await get()).status).toBe(404);
      expect(
        (await postJson(devWhatsApp, '/api/dev/whatsapp', { kind: 'write', phone: '9876543210', text: 'STOP' })).status,
      ).toBe(404);
      // No secret of its own: the webhook is off (503) rather than open to the public one.
      expect((await signedStatus(orderId, LOCAL_WHATSAPP_APP_SECRET)).status).toBe(503);
      // Set as WHATSAPP_APP_SECRET, it is refused all the same.
      vi.stubEnv('WHATSAPP_APP_SECRET', LOCAL_WHATSAPP_APP_SECRET);
      expect((await signedStatus(orderId, LOCAL_WHATSAPP_APP_SECRET)).status).toBe(503);
      expect((await stored(orderId)).notices?.['whatsapp:placed']?.delivery).toBeUndefined();
    },
  );
});

describe("the webhook and the development phone's secret", () => {
  it('takes the local secret where the local outbox stands in for Meta', async () => {
    const orderId = await codOrderWithConsent();
    const answer = await signedStatus(orderId, LOCAL_WHATSAPP_APP_SECRET);
    expect(answer.status).toBe(200);
    expect((await stored(orderId)).notices?.['whatsapp:placed']?.delivery?.status).toBe('delivered');
  });

  it('never takes it in production: refused beside a real secret (401), and when set as the secret (503)', async () => {
    const orderId = await codOrderWithConsent();
    vi.stubEnv('CONTEXT', 'production');
    vi.stubEnv('WHATSAPP_APP_SECRET', 'the-real-app-secret');
    expect((await signedStatus(orderId, LOCAL_WHATSAPP_APP_SECRET)).status).toBe(401);
    vi.stubEnv('WHATSAPP_APP_SECRET', LOCAL_WHATSAPP_APP_SECRET);
    expect((await signedStatus(orderId, LOCAL_WHATSAPP_APP_SECRET)).status).toBe(503);
    expect((await stored(orderId)).notices?.['whatsapp:placed']?.delivery).toBeUndefined();
  });
});

describe("a COD order confirmed through WhatsApp's webhook (rule 17), in Meta's documented shapes", () => {
  /** A signed message from the shopper's phone to the real webhook function. */
  function signedMessage(content: Record<string, unknown>, from = '919876543210') {
    const rawBody = JSON.stringify({
      object: 'whatsapp_business_account',
      entry: [
        {
          id: '102290129340398',
          changes: [
            {
              field: 'messages',
              value: {
                messaging_product: 'whatsapp',
                metadata: { display_phone_number: '15550783881', phone_number_id: '106540352242922' },
                contacts: [{ profile: { name: 'Asha' }, wa_id: from }],
                messages: [
                  { from, id: `wamid.${Math.random().toString(36).slice(2)}`, timestamp: '1764170000', ...content },
                ],
              },
            },
          ],
        },
      ],
    });
    return whatsappWebhook(
      new Request('http://localhost/api/whatsapp/webhook', {
        method: 'POST',
        body: rawBody,
        headers: {
          'content-type': 'application/json',
          'x-hub-signature-256': signWebhookBody(rawBody, LOCAL_WHATSAPP_APP_SECRET),
        },
      }),
    );
  }
  const outcomes = async (answer: Response) => ((await answer.json()) as { outcomes: string[] }).outcomes;

  it('confirms by the words CONFIRM <id> <code> and by the Confirm button, from the order’s phone; books each once', async () => {
    vi.stubEnv('COD_CONFIRMATION', 'on');
    const byWords = await codOrderWithConsent();
    const code = (await stored(byWords)).cod?.confirmation?.code;
    expect((await stored(byWords)).status).toBe('pending');
    const other = await signedMessage({ type: 'text', text: { body: `CONFIRM ${byWords} ${code}` } }, '919812345678');
    expect(await outcomes(other)).toEqual(['confirmation: another phone']);
    const words = await signedMessage({ type: 'text', text: { body: `CONFIRM ${byWords} ${code}` } });
    expect(await outcomes(words)).toEqual(['confirmation: confirmed']);
    expect(await stored(byWords)).toMatchObject({
      status: 'forwarded',
      cod: { confirmation: { via: 'whatsapp-message' } },
    });

    const byButton = await codOrderWithConsent();
    const button = { type: 'button', button: { payload: `COD_CONFIRM:${byButton}`, text: 'Confirm order' } };
    expect(await outcomes(await signedMessage(button))).toEqual(['confirmation: confirmed']);
    expect(await outcomes(await signedMessage(button))).toEqual(['confirmation: already confirmed']);
    const order = await stored(byButton);
    expect(order).toMatchObject({ status: 'forwarded', cod: { confirmation: { via: 'whatsapp-button' } } });
    expect(order.history.filter((entry) => entry.event === 'shipment: done')).toHaveLength(1);
  });
});
