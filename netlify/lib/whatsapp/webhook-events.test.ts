/**
 * Meta's webhook bodies read into the shop's events. The payloads are Meta's documented samples:
 * - TEXT: the sample Meta's App Dashboard sends for the `messages` field (ids `16315551181`,
 *   `ABGGFlA5Fpa`), as stored in public copies of it;
 * - QUICK_REPLY and BUTTON_REPLY: "Received Callback from a Quick Reply Button" and "…Interactive
 *   Reply Button" of Meta's webhook payload examples
 *   (developers.facebook.com/docs/whatsapp/cloud-api/webhooks/payload-examples), placeholders filled;
 * - the statuses: Meta's status webhook reference
 *   (developers.facebook.com/documentation/business-messaging/whatsapp/webhooks/reference/messages/status),
 *   placeholders filled with the reference's example values; STATUS_V23 keeps the `conversation`
 *   object and `CBP` pricing that v23.0 and earlier send (as a captured 2025 webhook has them).
 */
import { describe, expect, it } from 'vitest';
import { readWebhookPayload } from './webhook-events.ts';

const envelope = (value: unknown, field = 'messages') => ({
  object: 'whatsapp_business_account',
  entry: [{ id: '0', changes: [{ field, value }] }],
});
const metadata = { display_phone_number: '16505551111', phone_number_id: '123456123' };

const TEXT = envelope({
  messaging_product: 'whatsapp',
  metadata,
  contacts: [{ profile: { name: 'test user name' }, wa_id: '16315551181' }],
  messages: [
    {
      from: '16315551181',
      id: 'ABGGFlA5Fpa',
      timestamp: '1504902988',
      type: 'text',
      text: { body: 'this is a text message' },
    },
  ],
});

const QUICK_REPLY = envelope({
  messaging_product: 'whatsapp',
  metadata,
  contacts: [{ profile: { name: 'Asha' }, wa_id: '919876543210' }],
  messages: [
    {
      context: { from: '16505551111', id: 'wamid.FAKE000001' },
      from: '919876543210',
      id: 'wamid.REPLY1',
      timestamp: '1764170000',
      type: 'button',
      button: { text: 'Deliver tomorrow', payload: 'NDR_DELIVER_TOMORROW:OUO_1042' },
    },
  ],
});

const BUTTON_REPLY = envelope({
  messaging_product: 'whatsapp',
  metadata,
  contacts: [{ profile: { name: 'Asha' }, wa_id: '919876543210' }],
  messages: [
    {
      context: { from: '16505551111', id: 'wamid.FAKE000002' },
      from: '919876543210',
      id: 'wamid.REPLY2',
      timestamp: '1764170100',
      type: 'interactive',
      interactive: { type: 'button_reply', button_reply: { id: 'ADDR_NEW:OUO_1042', title: 'New address' } },
    },
  ],
});

const STATUS_DELIVERED = envelope({
  messaging_product: 'whatsapp',
  metadata: { display_phone_number: '15550783881', phone_number_id: '106540352242922' },
  statuses: [
    {
      id: 'wamid.FAKE000001',
      status: 'delivered',
      timestamp: '1750263773',
      recipient_id: '919876543210',
      biz_opaque_callback_data: 'OUO_1042',
      pricing: { billable: true, pricing_model: 'PMP', type: 'regular', category: 'utility' },
    },
  ],
});

const STATUS_V23 = envelope({
  messaging_product: 'whatsapp',
  metadata,
  statuses: [
    {
      id: 'wamid.FAKE000003',
      status: 'sent',
      timestamp: '1750857384',
      recipient_id: '919876543210',
      conversation: {
        id: 'a75d17ad06104c51166f948319b03c6a',
        expiration_timestamp: '1750943820',
        origin: { type: 'utility' },
      },
      pricing: { billable: 'true', pricing_model: 'CBP', category: 'utility' },
    },
  ],
});

const STATUS_FAILED = envelope({
  messaging_product: 'whatsapp',
  metadata,
  statuses: [
    {
      id: 'wamid.FAKE000004',
      status: 'failed',
      timestamp: '1750263800',
      recipient_id: '919876543210',
      errors: [
        {
          code: 131026,
          title: 'Message undeliverable',
          message: 'Message undeliverable',
          error_data: { details: 'Message Undeliverable.' },
          href: 'https://developers.facebook.com/documentation/business-messaging/whatsapp/support/error-codes/',
        },
        { code: 131000 },
      ],
    },
    { id: 'wamid.FAKE000005', status: 'read', timestamp: 1750263900 },
    {
      id: 'wamid.FAKE000006',
      status: 'read',
      timestamp: '1750263901',
      pricing: { type: 'free_customer_service', category: 'service' },
    },
  ],
});

describe('readWebhookPayload', () => {
  it('reads Meta’s sample text message with the sender’s profile name', () => {
    expect(readWebhookPayload(TEXT)).toEqual({
      ok: true,
      skipped: 0,
      events: [
        {
          kind: 'message',
          phoneNumberId: '123456123',
          from: '16315551181',
          fromUserId: undefined,
          profileName: 'test user name',
          id: 'ABGGFlA5Fpa',
          timestamp: 1504902988,
          replyTo: undefined,
          content: { type: 'text', body: 'this is a text message' },
        },
      ],
    });
  });

  it('reads a template’s quick-reply tap with its payload and the message it answers', () => {
    expect(readWebhookPayload(QUICK_REPLY)).toMatchObject({
      ok: true,
      events: [
        {
          kind: 'message',
          from: '919876543210',
          id: 'wamid.REPLY1',
          replyTo: 'wamid.FAKE000001',
          content: { type: 'quick_reply', payload: 'NDR_DELIVER_TOMORROW:OUO_1042', text: 'Deliver tomorrow' },
        },
      ],
    });
  });

  it('reads an interactive reply button’s id and title', () => {
    expect(readWebhookPayload(BUTTON_REPLY)).toMatchObject({
      ok: true,
      events: [
        {
          replyTo: 'wamid.FAKE000002',
          content: { type: 'button_reply', id: 'ADDR_NEW:OUO_1042', title: 'New address' },
        },
      ],
    });
  });

  it('keeps other message types (and a username’s message without `from`) as their type only', () => {
    const value = {
      metadata,
      messages: [
        { from_user_id: 'IN.1234', id: 'wamid.IMG', timestamp: '1764170200', type: 'image', image: { id: '1' } },
        {
          from: '919876543210',
          id: 'wamid.U',
          timestamp: '1764170201',
          type: 'unsupported',
          errors: [{ code: 131051 }],
        },
        {
          from: '919876543210',
          id: 'wamid.I',
          timestamp: '1764170202',
          type: 'interactive',
          interactive: { type: 'list_reply' },
        },
      ],
    };
    const read = readWebhookPayload(envelope(value));
    expect(read).toMatchObject({
      ok: true,
      events: [
        {
          from: undefined,
          fromUserId: 'IN.1234',
          profileName: undefined,
          content: { type: 'other', messageType: 'image' },
        },
        { profileName: undefined, content: { type: 'other', messageType: 'unsupported' } },
        { content: { type: 'other', messageType: 'interactive' } },
      ],
    });
  });

  it('reads a status with per-message pricing and the callback data we sent', () => {
    expect(readWebhookPayload(STATUS_DELIVERED)).toEqual({
      ok: true,
      skipped: 0,
      events: [
        {
          kind: 'status',
          phoneNumberId: '106540352242922',
          messageId: 'wamid.FAKE000001',
          status: 'delivered',
          timestamp: 1750263773,
          recipientId: '919876543210',
          callbackData: 'OUO_1042',
          pricing: { category: 'utility', type: 'regular', billable: true, pricingModel: 'PMP' },
          errors: [],
        },
      ],
    });
  });

  it('reads a v23.0 status (conversation, CBP, billable as text) without depending on the conversation', () => {
    expect(readWebhookPayload(STATUS_V23)).toMatchObject({
      ok: true,
      events: [{ status: 'sent', pricing: { category: 'utility', billable: true, pricingModel: 'CBP' } }],
    });
  });

  it('reads a failed status’s errors, and read statuses with no pricing or no billable flag', () => {
    expect(readWebhookPayload(STATUS_FAILED)).toMatchObject({
      ok: true,
      events: [
        {
          status: 'failed',
          pricing: undefined,
          errors: [
            { code: 131026, title: 'Message undeliverable', details: 'Message Undeliverable.' },
            { code: 131000 },
          ],
        },
        { status: 'read', timestamp: 1750263900, recipientId: undefined, pricing: undefined, errors: [] },
        { status: 'read', pricing: { type: 'free_customer_service', category: 'service', billable: undefined } },
      ],
    });
  });

  it('reads every entry and change of a batch, and skips changes of other fields', () => {
    const batch = {
      object: 'whatsapp_business_account',
      entry: [
        ...TEXT.entry,
        ...STATUS_DELIVERED.entry,
        { id: '0', changes: [{ field: 'message_template_status_update', value: { event: 'APPROVED' } }] },
      ],
    };
    const read = readWebhookPayload(batch);
    expect(read.ok && read.events.map((event) => event.kind)).toEqual(['message', 'status']);
    expect(read).toMatchObject({ skipped: 1 });
  });

  it('calls any other shape unreadable, never throwing', () => {
    for (const payload of [
      undefined,
      'text',
      { object: 'page', entry: [] },
      { object: 'whatsapp_business_account' },
      envelope({ statuses: [{ id: 'wamid.X', status: 'deleted', timestamp: '1' }] }),
      envelope({ messages: [{ id: 'wamid.X', timestamp: 'yesterday', type: 'text' }] }),
      envelope('not an object'),
    ]) {
      expect(readWebhookPayload(payload)).toMatchObject({
        ok: false,
        reason: 'unreadable',
        message: expect.stringMatching(/^WhatsApp webhook unreadable: /),
      });
    }
  });
});
