/** Contract tests of the Cloud API client against a fake Graph API (tests/support/fake-whatsapp.ts). */
import { HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  FAKE_GRAPH_URL,
  FAKE_WHATSAPP,
  type FakeWhatsApp,
  fakeWhatsApp,
  graphError,
} from '#tests/support/fake-whatsapp.ts';
import { server } from '#tests/support/msw.ts';
import { classifyGraphError, cloudApi, GRAPH_BASE_URL, toWhatsAppNumber, WHATSAPP_API_VERSION } from './cloud-api.ts';

const client = () => cloudApi({ ...FAKE_WHATSAPP, baseUrl: `${FAKE_GRAPH_URL}/` });
const template = {
  to: '919876543210',
  template: 'delivery_failed',
  language: 'hi',
  parameters: ['आशा', 'OUO_1042', 'Consignee unavailable'],
  buttons: [
    { type: 'quick_reply', index: 0, payload: 'NDR_DELIVER_TOMORROW:OUO_1042' },
    { type: 'quick_reply', index: 2, payload: 'NDR_CANCEL:OUO_1042' },
  ],
} as const;

let fake: FakeWhatsApp;
beforeEach(() => {
  fake = fakeWhatsApp();
  server.use(fake.handler);
});

describe('toWhatsAppNumber', () => {
  it('writes a stored 10-digit mobile as 91 and the digits, forgiving what shoppers type', () => {
    expect(toWhatsAppNumber('9876543210')).toBe('919876543210');
    expect(toWhatsAppNumber('+91 98765-43210')).toBe('919876543210');
    expect(toWhatsAppNumber('09876543210')).toBe('919876543210');
    expect(toWhatsAppNumber('919876543210')).toBe('919876543210');
  });

  it('gives no number for what is not an Indian mobile', () => {
    for (const phone of ['', '5876543210', '98765 4321', '+1 650 555 1234', 'call 9876543210']) {
      expect(toWhatsAppNumber(phone)).toBeUndefined();
    }
  });
});

describe('cloudApi', () => {
  it('sends a template as Meta documents it and answers the message id and wa_id', async () => {
    expect(await client().sendTemplate(template)).toEqual({
      ok: true,
      messageId: 'wamid.FAKE000001',
      waId: '919876543210',
    });
    expect(fake.sent).toEqual([
      {
        messaging_product: 'whatsapp',
        recipient_type: 'individual',
        to: '919876543210',
        type: 'template',
        template: {
          name: 'delivery_failed',
          language: { code: 'hi' },
          components: [
            {
              type: 'body',
              parameters: [
                { type: 'text', text: 'आशा' },
                { type: 'text', text: 'OUO_1042' },
                { type: 'text', text: 'Consignee unavailable' },
              ],
            },
            {
              type: 'button',
              sub_type: 'quick_reply',
              index: '0',
              parameters: [{ type: 'payload', payload: 'NDR_DELIVER_TOMORROW:OUO_1042' }],
            },
            {
              type: 'button',
              sub_type: 'quick_reply',
              index: '2',
              parameters: [{ type: 'payload', payload: 'NDR_CANCEL:OUO_1042' }],
            },
          ],
        },
      },
    ]);
  });

  it('sends a template without body parameters, a URL button with its suffix, and a free-form text', async () => {
    const api = client();
    expect(
      await api.sendTemplate({
        to: '919876543210',
        template: 'order_shipped',
        language: 'en',
        parameters: [],
        buttons: [{ type: 'url', index: 0, suffix: 'OUO_1042' }],
      }),
    ).toMatchObject({ ok: true, messageId: 'wamid.FAKE000001' });
    const text = { to: '919876543210', body: 'We asked Delhivery to try again tomorrow.', callbackData: 'OUO_1042' };
    expect(await api.sendText(text)).toMatchObject({ ok: true, messageId: 'wamid.FAKE000002' });
    expect(fake.sent[0]).toMatchObject({
      template: { components: [{ type: 'button', sub_type: 'url', parameters: [{ type: 'text', text: 'OUO_1042' }] }] },
    });
    expect(fake.sent[1]).toMatchObject({
      type: 'text',
      text: { preview_url: false, body: 'We asked Delhivery to try again tomorrow.' },
      biz_opaque_callback_data: 'OUO_1042',
    });
    expect(fake.sent[0]).not.toHaveProperty('biz_opaque_callback_data');
  });

  it('reads an answer without contacts (a user addressed by business-scoped id) as sent, with no wa_id', async () => {
    fake.answerNext(HttpResponse.json({ messaging_product: 'whatsapp', messages: [{ id: 'wamid.X' }] }));
    expect(await client().sendText({ to: '919876543210', body: 'Hello' })).toEqual({ ok: true, messageId: 'wamid.X' });
  });

  it.each([
    [131047, 'outside_window'],
    [131026, 'undeliverable'],
    [131051, 'unsupported'],
    [132000, 'template'],
    [132001, 'template'],
    [100, 'bad_request'],
  ] as const)('calls Meta error %i REFUSED (%s), not to be retried', async (code, kind) => {
    fake.answerNext(graphError(code));
    expect(await client().sendTemplate(template)).toEqual({
      ok: false,
      code: 'REFUSED',
      kind,
      retry: false,
      metaCode: code,
      fbtraceId: 'AazPr6vCvtPV9NRu2cKoG4A',
      message: expect.stringMatching(new RegExp(`^WhatsApp template message: Meta answered 4\\d\\d: \\(#${code}\\) `)),
    });
  });

  it('answers a wrong token 190 (account: staff must act) and a request it cannot read 100', async () => {
    const wrong = cloudApi({ ...FAKE_WHATSAPP, token: 'expired', baseUrl: FAKE_GRAPH_URL });
    expect(await wrong.sendText({ to: '919876543210', body: 'Hello' })).toMatchObject({
      code: 'REFUSED',
      kind: 'account',
      metaCode: 190,
      retry: false,
    });
    expect(await client().sendText({ to: '+91 98765 43210', body: 'Hello' })).toMatchObject({
      kind: 'bad_request',
      message: 'WhatsApp text message: Meta answered 400: (#100) Invalid parameter',
    });
  });

  it.each([130429, 131056])('calls throttling (%i) UNREACHABLE, to be retried later', async (code) => {
    fake.answerNext(graphError(code));
    expect(await client().sendTemplate(template)).toMatchObject({
      ok: false,
      code: 'UNREACHABLE',
      kind: 'throttled',
      retry: true,
      metaCode: code,
    });
  });

  it('calls a 5xx, an answer not shaped as documented and no answer at all UNREACHABLE, to be retried', async () => {
    fake.answerNext(new HttpResponse('<html>Bad gateway</html>', { status: 502 }));
    expect(await client().sendTemplate(template)).toEqual({
      ok: false,
      code: 'UNREACHABLE',
      kind: 'unavailable',
      retry: true,
      message: 'WhatsApp template message: Meta answered 502',
    });
    fake.answerNext(HttpResponse.json({ messaging_product: 'whatsapp', messages: [] }));
    expect(await client().sendTemplate(template)).toMatchObject({
      code: 'UNREACHABLE',
      retry: true,
      message: 'WhatsApp template message: Meta answered 200 with a body not shaped as documented.',
    });
    fake.answerNext('network-error');
    expect(await client().sendText({ to: '919876543210', body: 'Hello' })).toMatchObject({
      code: 'UNREACHABLE',
      kind: 'unavailable',
      retry: true,
      message: expect.stringMatching(/^WhatsApp text message could not be sent: /),
    });
    fake.answerNext(graphError(131000, 500));
    expect(await client().sendText({ to: '919876543210', body: 'Hello' })).toMatchObject({
      kind: 'unavailable',
      retry: true,
    });
    expect(fake.sent).toEqual([]);
  });

  it('calls a 4xx with no Meta error in it REFUSED, and an unknown code by its status', () => {
    expect(classifyGraphError(undefined, 404)).toEqual({ code: 'REFUSED', kind: 'refused', retry: false });
    expect(classifyGraphError(undefined, 429)).toEqual({ code: 'UNREACHABLE', kind: 'unavailable', retry: true });
    expect(classifyGraphError(999_999, 400)).toEqual({ code: 'REFUSED', kind: 'refused', retry: false });
    expect(classifyGraphError(999_999, 503)).toEqual({ code: 'UNREACHABLE', kind: 'unavailable', retry: true });
    expect(classifyGraphError(131048, 400)).toMatchObject({ kind: 'undeliverable', retry: false });
    expect(classifyGraphError(200, 403)).toMatchObject({ kind: 'account', retry: false });
  });

  it('defaults to graph.facebook.com and the pinned version', async () => {
    const asked: string[] = [];
    const api = cloudApi({ token: 't', phoneNumberId: '1' }, async (input) => {
      asked.push(String(input));
      return Response.json({ error: { code: 131047, message: 'Re-engagement message' } }, { status: 400 });
    });
    expect(await api.sendText({ to: '919876543210', body: 'Hello' })).toEqual({
      ok: false,
      code: 'REFUSED',
      kind: 'outside_window',
      retry: false,
      metaCode: 131047,
      message: 'WhatsApp text message: Meta answered 400: (#131047) Re-engagement message',
    });
    expect(asked).toEqual([`${GRAPH_BASE_URL}/${WHATSAPP_API_VERSION}/1/messages`]);
    const bare = cloudApi({ token: 't', phoneNumberId: '1' }, async () =>
      Response.json({ error: { code: 131026 } }, { status: 400 }),
    );
    expect(await bare.sendText({ to: '919876543210', body: 'Hello' })).toMatchObject({
      kind: 'undeliverable',
      message: 'WhatsApp text message: Meta answered 400: (#131026)',
    });
  });
});
