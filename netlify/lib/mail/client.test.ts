import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { watchWarnings } from '#tests/support/console.ts';
import { recordingAppsScript, tempSheetsDir } from '#tests/support/sheets.ts';
import type { OrderEmail } from '../orders/types.ts';
import { createMailer } from './client.ts';

const temp = tempSheetsDir();

const email: OrderEmail = {
  orderId: 'OUO_1732000000001',
  to: 'asha@example.in',
  subject: 'Your order OUO_1732000000001 at Orang Utan Organics',
  html: '<!DOCTYPE html><p>Hello Asha,</p>',
  name: 'Orang Utan Organics',
  replyTo: 'hello@orangutanorganics.in',
};

const warn = watchWarnings();

const local = () =>
  createMailer({ SHEETS_WEBHOOK_URL: undefined, SHEETS_WEBHOOK_SECRET: undefined, LOCAL_MAIL_DIR: temp.dir() });

describe('the local mail stand-in (no web app, outside production)', () => {
  it('writes the email as <LOCAL_MAIL_DIR>/<orderId>.html once; a second write is a duplicate', async () => {
    const mailer = local();
    expect(mailer.kind).toBe('local');
    expect(await mailer.sendOrderEmail(email)).toEqual({ ok: true, duplicate: false });
    expect(await mailer.sendOrderEmail({ ...email, html: '<p>a second email</p>' })).toEqual({
      ok: true,
      duplicate: true,
    });
    expect(await readdir(temp.dir())).toEqual(['OUO_1732000000001.html']);
    expect(await readFile(join(temp.dir(), 'OUO_1732000000001.html'), 'utf8')).toBe(email.html);
    expect(warn).not.toHaveBeenCalled();
  });

  it('makes its folder, and writes two orders at once as two files', async () => {
    const mailer = createMailer({
      SHEETS_WEBHOOK_URL: undefined,
      SHEETS_WEBHOOK_SECRET: undefined,
      LOCAL_MAIL_DIR: join(temp.dir(), 'nested', 'mail'),
    });
    const results = await Promise.all([
      mailer.sendOrderEmail(email),
      mailer.sendOrderEmail(email),
      mailer.sendOrderEmail({ ...email, orderId: 'OUO_1732000000002' }),
    ]);
    expect(results.filter((result) => result.ok && result.duplicate)).toHaveLength(1);
    expect((await readdir(join(temp.dir(), 'nested', 'mail'))).sort()).toEqual([
      'OUO_1732000000001.html',
      'OUO_1732000000002.html',
    ]);
  });

  it('refuses an order id that could name a file elsewhere, and reports a folder it cannot write', async () => {
    expect(await local().sendOrderEmail({ ...email, orderId: '../escape' })).toMatchObject({
      ok: false,
      code: 'REFUSED',
    });
    // A name longer than the file system takes: the folder is fine, the file cannot be made.
    expect(await local().sendOrderEmail({ ...email, orderId: 'O'.repeat(300) })).toMatchObject({
      ok: false,
      code: 'UNREACHABLE',
    });
    const blocked = join(temp.dir(), 'blocked');
    await writeFile(blocked, '');
    const mailer = createMailer({
      SHEETS_WEBHOOK_URL: undefined,
      SHEETS_WEBHOOK_SECRET: undefined,
      LOCAL_MAIL_DIR: blocked,
    });
    expect(await mailer.sendOrderEmail(email)).toMatchObject({ ok: false, code: 'UNREACHABLE' });
    expect(warn).toHaveBeenCalledWith(expect.stringMatching(/^Mail: OUO_1732000000001 not sent: /));
    expect(warn.mock.calls.join(' ')).not.toContain('asha@example.in');
  });
});

describe('production without the web app', () => {
  it('sends nothing, writes nothing, and says why (the order waits and is retried)', async () => {
    const mailer = createMailer({
      CONTEXT: 'production',
      SHEETS_WEBHOOK_URL: undefined,
      SHEETS_WEBHOOK_SECRET: undefined,
      LOCAL_MAIL_DIR: temp.dir(),
    });
    expect(mailer.kind).toBe('off');
    expect(await mailer.sendOrderEmail(email)).toEqual({
      ok: false,
      code: 'NOT_CONFIGURED',
      message: 'SHEETS_WEBHOOK_URL is not set',
    });
    expect(await readdir(temp.dir())).toEqual([]);
  });
});

describe('the Apps Script web app (SHEETS_WEBHOOK_URL)', () => {
  const SCRIPT_URL = 'https://script.google.com/macros/s/AKfycb-mail/exec';
  const env = { SHEETS_WEBHOOK_URL: SCRIPT_URL, SHEETS_WEBHOOK_SECRET: 'sheet-secret', LOCAL_MAIL_DIR: '' };

  const scriptAnswers = (reply: () => Response) => recordingAppsScript(reply, SCRIPT_URL, 'sheet-secret').received;

  it("posts the email action with the secret, the order id, the message, the shop's name and reply-to", async () => {
    const received = scriptAnswers(() => HttpResponse.json({ ok: true, duplicate: false }));
    const mailer = createMailer({ ...env, LOCAL_MAIL_DIR: temp.dir() });
    expect(mailer.kind).toBe('apps-script');
    expect(await mailer.sendOrderEmail(email)).toEqual({ ok: true, duplicate: false });
    expect(received).toEqual([{ secret: 'sheet-secret', action: 'email', ...email }]);
    expect(await readdir(temp.dir())).toEqual([]);
  });

  it('passes on that the script had sent this order its email already', async () => {
    scriptAnswers(() => HttpResponse.json({ ok: true, duplicate: true }));
    expect(await createMailer(env).sendOrderEmail(email)).toEqual({ ok: true, duplicate: true });
  });

  it('answers a refusal, an outage and a missing secret with a failure and a warning', async () => {
    scriptAnswers(() => HttpResponse.json({ ok: false, error: "today's email quota is used up" }));
    expect(await createMailer(env).sendOrderEmail(email)).toEqual({
      ok: false,
      code: 'REFUSED',
      message: "the Apps Script refused the email: today's email quota is used up",
    });
    scriptAnswers(() => new HttpResponse('Service Unavailable', { status: 503 }));
    expect(await createMailer(env).sendOrderEmail(email)).toMatchObject({ ok: false, code: 'UNREACHABLE' });
    const fetchImpl = vi.fn<typeof fetch>();
    expect(await createMailer({ ...env, SHEETS_WEBHOOK_SECRET: undefined }, fetchImpl).sendOrderEmail(email)).toEqual({
      ok: false,
      code: 'NOT_CONFIGURED',
      message: 'SHEETS_WEBHOOK_SECRET is not set',
    });
    expect(fetchImpl).not.toHaveBeenCalled();
    expect(warn).toHaveBeenCalledTimes(3);
    expect(warn.mock.calls.join(' ')).not.toContain('sheet-secret');
  });
});
