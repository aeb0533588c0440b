import { mkdtemp, readdir, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { readServerEnv } from '../platform/env.ts';
import { createWhatsApp, localOutbox, type WhatsAppTemplateMessage } from './sender.ts';

const message: WhatsAppTemplateMessage = {
  id: 'OUO_1732000000001-placed',
  orderId: 'OUO_1732000000001',
  to: '9876543210',
  template: 'order_placed',
  language: 'en',
  parameters: ['Asha', 'OUO_1732000000001', '₹934'],
};

describe('the local outbox', () => {
  it('writes each message once, as a file named by its id; a second send of the id is a duplicate', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'ouo-whatsapp-'));
    const outbox = localOutbox(dir);
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
  });
});
