import { mkdtemp, readdir, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { FAKE_GRAPH_URL, FAKE_WHATSAPP, fakeWhatsApp, graphError } from '#tests/support/fake-whatsapp.ts';
import { server } from '#tests/support/msw.ts';
import { readServerEnv } from '../platform/env.ts';
import { createWhatsApp, localOutbox, type WhatsAppTemplateMessage, type WhatsAppTextMessage } from './sender.ts';

const message: WhatsAppTemplateMessage = {
  id: 'OUO_1732000000001-placed',
  orderId: 'OUO_1732000000001',
  to: '9876543210',
  template: 'order_placed',
  language: 'en',
  parameters: ['Asha', 'OUO_1732000000001', '₹934'],
};

const reply: WhatsAppTextMessage = {
  id: 'OUO_1732000000001-cod-reply-1a2b',
  orderId: 'OUO_1732000000001',
  to: '9876543210',
  language: 'en',
  body: 'The code in your message does not match order OUO_1732000000001.',
};

describe('the local outbox', () => {
  /** An outbox in a folder of its own. */
  const freshOutbox = async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'ouo-whatsapp-'));
    return { dir, outbox: localOutbox(dir) };
  };

  it('writes each message once, as a file named by its id; a second send of the id is a duplicate', async () => {
    const { dir, outbox } = await freshOutbox();
    expect(await outbox.sendTemplate(message)).toEqual({
      ok: true,
      messageId: 'wamid.local-OUO_1732000000001-placed',
      duplicate: false,
    });
    expect(await outbox.sendTemplate({ ...message, parameters: ['changed'] })).toMatchObject({
      ok: true,
      duplicate: true,
    });
    expect(await readdir(dir)).toEqual(['OUO_1732000000001-placed.json']);
    const written = JSON.parse(await readFile(path.join(dir, 'OUO_1732000000001-placed.json'), 'utf8'));
    expect(written).toMatchObject({ ...message, channel: 'whatsapp', sentAt: expect.any(String) });
  });

  it("keeps a free-form reply once, in a template's shape with its words, for the outbox page", async () => {
    const { dir, outbox } = await freshOutbox();
    expect(await outbox.sendText(reply)).toEqual({
      ok: true,
      messageId: 'wamid.local-OUO_1732000000001-cod-reply-1a2b',
      duplicate: false,
    });
    expect(await outbox.sendText(reply)).toMatchObject({ ok: true, duplicate: true });
    const written = JSON.parse(await readFile(path.join(dir, 'OUO_1732000000001-cod-reply-1a2b.json'), 'utf8'));
    expect(written).toMatchObject({
      id: reply.id,
      orderId: reply.orderId,
      to: reply.to,
      language: 'en',
      template: 'text',
      parameters: [],
      text: reply.body,
    });
  });

  it('says so when the outbox cannot be written, to be tried again', async () => {
    const outbox = localOutbox('/dev/null/whatsapp');
    expect(await outbox.sendTemplate(message)).toMatchObject({ ok: false, code: 'UNREACHABLE' });
  });
});

describe('createWhatsApp', () => {
  it('uses the local outbox outside production, and sends nothing in production unconfigured', async () => {
    expect(createWhatsApp(readServerEnv({})).kind).toBe('local');
    const off = createWhatsApp(readServerEnv({ CONTEXT: 'production' }));
    expect(off.kind).toBe('off');
    expect(await off.sendTemplate(message)).toMatchObject({ ok: false, code: 'NOT_CONFIGURED' });
    expect(await off.sendText(reply)).toMatchObject({ ok: false, code: 'NOT_CONFIGURED' });
  });
});

describe("the Cloud API sender (a fake Graph API in Meta's documented shapes)", () => {
  const env = readServerEnv({
    WHATSAPP_TOKEN: FAKE_WHATSAPP.token,
    WHATSAPP_PHONE_NUMBER_ID: FAKE_WHATSAPP.phoneNumberId,
    WHATSAPP_BASE_URL: FAKE_GRAPH_URL,
    CONTEXT: 'production',
  });

  /** The fake Graph API, answering this test's sends. */
  const fakeGraphApi = () => {
    const fake = fakeWhatsApp();
    server.use(fake.handler);
    return fake;
  };

  it("sends the template to 91 and the ten digits, and keeps Meta's message id", async () => {
    const fake = fakeGraphApi();
    const sender = createWhatsApp(env);
    expect(sender.kind).toBe('cloud');
    expect(await sender.sendTemplate({ ...message, to: '98765 43210' })).toEqual({
      ok: true,
      messageId: 'wamid.FAKE000001',
      duplicate: false,
    });
    expect(fake.sent[0]).toMatchObject({
      to: '919876543210',
      type: 'template',
      template: { name: 'order_placed', language: { code: 'en' } },
    });
  });

  it('sends a free-form reply as a text message to 91 and the ten digits', async () => {
    const fake = fakeGraphApi();
    expect(await createWhatsApp(env).sendText(reply)).toEqual({
      ok: true,
      messageId: 'wamid.FAKE000001',
      duplicate: false,
    });
    expect(fake.sent[0]).toMatchObject({ to: '919876543210', type: 'text', text: { body: reply.body } });
    expect(await createWhatsApp(env).sendText({ ...reply, to: '12345' })).toMatchObject({
      ok: false,
      code: 'REFUSED',
    });
  });

  it('gives up what will not heal, and keeps what may go through later', async () => {
    const fake = fakeGraphApi();
    const sender = createWhatsApp(env);
    fake.answerNext(graphError(131026));
    expect(await sender.sendTemplate(message)).toMatchObject({ ok: false, code: 'REFUSED' });
    fake.answerNext(graphError(130429));
    expect(await sender.sendTemplate(message)).toMatchObject({ ok: false, code: 'UNREACHABLE' });
    expect(await sender.sendTemplate({ ...message, to: '12345' })).toMatchObject({
      ok: false,
      code: 'REFUSED',
      message: '12345 is not an Indian mobile number',
    });
    expect(fake.sent).toHaveLength(0);
  });
});
