/**
 * Resend as the shop's mailer and its webhook, against a fake speaking the shapes of Resend's docs
 * (tests/support/fake-resend.ts; docs/research/email-providers.md):
 * - resend.com/docs/api-reference/emails/send-email: `POST /emails`, Bearer key, `{ from, to, subject,
 *   html, reply_to, tags }`, answer `{ id }`;
 * - resend.com/docs/dashboard/emails/idempotency-keys: `Idempotency-Key`, one email per key in 24 hours;
 * - resend.com/docs/api-reference/errors: `{ statusCode, name, message }`;
 * - resend.com/docs/webhooks/verify-webhooks-requests and docs.svix.com/receiving/verifying-payloads/how-manual:
 *   `svix-id`, `svix-timestamp`, `svix-signature` over `id.timestamp.body`;
 * - resend.com/docs/webhooks/emails/bounced: `{ type, created_at, data: { email_id, bounce, tags } }`.
 */
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { parse } from 'csv-parse/sync';
import { HttpResponse, http } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import emailWebhook, { config } from '../../netlify/functions/email-webhook.mts';
import { createMailer } from '../../netlify/lib/mail/client.ts';
import type { OrderEmail } from '../../netlify/lib/orders/types.ts';
import { functionsLog } from '../support/database.ts';
import { makeCustomer } from '../support/factories.ts';
import { FAKE_RESEND, FAKE_RESEND_URL, fakeResend, resendEvent, signResendWebhook } from '../support/fake-resend.ts';
import { functionSandbox } from '../support/functions.ts';
import { server } from '../support/msw.ts';
import { codOrder, ordersOverHttp, orderWorld, storedOrder, sweepLater } from '../support/orders.ts';
import { putOrders } from '../support/parcels.ts';

const sandbox = functionSandbox('resend');

const ENV = {
  RESEND_API_KEY: FAKE_RESEND.apiKey,
  RESEND_FROM: FAKE_RESEND.from,
  RESEND_BASE_URL: FAKE_RESEND_URL,
  SHEETS_WEBHOOK_URL: undefined,
  SHEETS_WEBHOOK_SECRET: undefined,
  LOCAL_MAIL_DIR: '',
};

const email: OrderEmail = {
  orderId: 'OUO_1732000000701',
  emailId: 'OUO_1732000000701-shipped',
  to: 'asha@example.in',
  subject: 'Your order OUO_1732000000701 has shipped',
  html: '<!DOCTYPE html><p>Hello Asha,</p>',
  name: 'Orang Utan Organics',
  replyTo: 'hello@orangutanorganics.in',
};

let fake: ReturnType<typeof fakeResend>;
beforeEach(() => {
  fake = fakeResend();
  server.use(fake.handler);
});

describe('sending through Resend', () => {
  it('posts the documented request: Bearer key, Idempotency-Key = the email id, the order in its tags', async () => {
    const mailer = createMailer(ENV);
    expect(mailer.kind).toBe('resend');
    expect(await mailer.sendOrderEmail(email)).toEqual({ ok: true, duplicate: false });
    const [request] = fake.requests;
    expect(request?.headers.get('idempotency-key')).toBe('OUO_1732000000701-shipped');
    expect(request?.headers.get('content-type')).toBe('application/json');
    expect(request?.body).toEqual({
      from: 'Orang Utan Organics <orders@mail.orangutanorganics.in>',
      to: ['asha@example.in'],
      subject: email.subject,
      html: email.html,
      reply_to: 'hello@orangutanorganics.in',
      tags: [
        { name: 'order_id', value: 'OUO_1732000000701' },
        { name: 'email_id', value: 'OUO_1732000000701-shipped' },
      ],
    });
  });

  it('sends once for a retry with the same key, even when the first answer was lost', async () => {
    fake.state.loseNextAnswer = true; // sent, but the shop never hears it
    const mailer = createMailer(ENV);
    expect(await mailer.sendOrderEmail(email)).toMatchObject({ ok: false, code: 'UNREACHABLE' });
    expect(await mailer.sendOrderEmail(email)).toEqual({ ok: true, duplicate: false });
    expect(await mailer.sendOrderEmail(email)).toEqual({ ok: true, duplicate: false });
    expect(fake.sent).toHaveLength(1);
    // Rendered again with other words under the same key: Resend's 409 says it was sent.
    expect(await mailer.sendOrderEmail({ ...email, html: '<p>again</p>' })).toMatchObject({ code: 'DUPLICATE' });
    expect(fake.sent).toHaveLength(1);
  });

  it('waits while Resend is down or busy, and gives up at once on an address it refuses', async () => {
    const mailer = createMailer(ENV);
    fake.state.down = true;
    expect(await mailer.sendOrderEmail(email)).toMatchObject({ ok: false, code: 'UNREACHABLE' });
    fake.state.down = false;
    fake.state.refuse.add('asha@example.in');
    const refused = await mailer.sendOrderEmail(email);
    expect(refused).toMatchObject({ ok: false, code: 'REFUSED', permanent: true });
    expect(fake.sent).toHaveLength(0);
    server.use(http.post(`${FAKE_RESEND_URL}/emails`, () => HttpResponse.json({}, { status: 429 })));
    expect(await mailer.sendOrderEmail(email)).toMatchObject({ ok: false, code: 'UNREACHABLE' });
    // A gateway's page instead of Resend's JSON, and an answer without the email's id: both wait.
    server.use(http.post(`${FAKE_RESEND_URL}/emails`, () => new HttpResponse('Bad Gateway', { status: 502 })));
    expect(await mailer.sendOrderEmail(email)).toMatchObject({
      code: 'UNREACHABLE',
      message: 'Resend answered 502 unknown:',
    });
    server.use(http.post(`${FAKE_RESEND_URL}/emails`, () => HttpResponse.json({ ok: true })));
    expect(await mailer.sendOrderEmail(email)).toEqual({
      ok: false,
      code: 'UNREACHABLE',
      message: 'Resend answered without an id',
    });
    // Never the shopper's address in the logs.
    expect(sandbox.warn().mock.calls.join(' ')).not.toContain('asha@example.in');
  });

  it('refuses a wrong key as a set-up to fix (retried), and sends nothing without RESEND_FROM', async () => {
    expect(await createMailer({ ...ENV, RESEND_API_KEY: 're_wrong' }).sendOrderEmail(email)).toEqual({
      ok: false,
      code: 'REFUSED',
      message: 'Resend answered 401 missing_api_key: Missing API key in the authorization header.',
    });
    const fetchImpl = vi.fn<typeof fetch>();
    expect(await createMailer({ ...ENV, RESEND_FROM: undefined }, fetchImpl).sendOrderEmail(email)).toMatchObject({
      code: 'NOT_CONFIGURED',
    });
    expect(fetchImpl).not.toHaveBeenCalled();
  });

  it('takes a send that never answers as unreachable, within its timeout', async () => {
    server.use(http.post(`${FAKE_RESEND_URL}/emails`, () => new Promise<Response>(() => undefined)));
    expect(await createMailer(ENV, fetch, { timeoutMs: 50 }).sendOrderEmail(email)).toMatchObject({
      code: 'UNREACHABLE',
    });
  });
});

describe('the confirmation email through Resend, run by the runner', () => {
  const resendWorld = () => {
    const world = orderWorld(sandbox.blobs());
    world.deps = { ...world.deps, mail: createMailer(ENV) };
    return world;
  };

  it('waits while Resend is down, is sent by a later sweep once, and never again', async () => {
    const world = resendWorld();
    fake.state.down = true;
    const orderId = await codOrder(world);
    expect((await storedOrder(world, orderId)).forwards.email).toMatchObject({ status: 'failed' });
    fake.state.down = false;
    await sweepLater(world);
    await sweepLater(world);
    expect(fake.sent.map((sent) => sent.key)).toEqual([orderId]);
    expect((await storedOrder(world, orderId)).forwards.email).toMatchObject({ status: 'done' });
  });

  it('gives up at once on an address Resend refuses, for staff to write instead', async () => {
    const world = resendWorld();
    fake.state.refuse.add('asha@example.in');
    const orderId = await codOrder(world);
    expect((await storedOrder(world, orderId)).forwards.email).toMatchObject({
      status: 'needs-attention',
      lastError: expect.stringContaining('validation_error'),
    });
    await sweepLater(world);
    expect(fake.requests).toHaveLength(1);
  });
});

describe('POST /api/email/webhook', () => {
  const post = (body: string, headers: Record<string, string>) =>
    emailWebhook(new Request('http://localhost/api/email/webhook', { method: 'POST', body, headers }));
  const bounced = (orderId: string) =>
    JSON.stringify(
      resendEvent(
        'email.bounced',
        { order_id: orderId, email_id: `${orderId}-shipped` },
        { message: '550 5.1.1 user unknown' },
      ),
    );

  let next = 0;
  /** A booked order of this test's own. */
  const anOrder = async () => {
    next += 1;
    const orderId = `OUO_17320000008${String(next).padStart(2, '0')}`;
    await putOrders(functionsLog(), [{ orderId }]);
    return orderId;
  };

  /** The order's rows in the local Sheet (any Orders tab), by header. */
  const sheetRowsOf = async (orderId: string) => {
    const tabs = (await readdir(sandbox.sheetsDir())).filter((name) => name.startsWith('Orders'));
    const rows = await Promise.all(
      tabs.map(
        async (tab) =>
          parse(await readFile(path.join(sandbox.sheetsDir(), tab), 'utf8'), { columns: true, bom: true }) as Record<
            string,
            string
          >[],
      ),
    );
    return rows.flat().filter((row) => row['Order ID'] === orderId);
  };

  beforeEach(() => {
    vi.stubEnv('RESEND_WEBHOOK_SECRET', FAKE_RESEND.webhookSecret);
  });

  it('records a signed hard bounce on its order once; a replay changes nothing', async () => {
    expect(config.path).toBe('/api/email/webhook');
    const orderId = await anOrder();
    const body = bounced(orderId);
    const headers = signResendWebhook(body, { id: 'msg_bounce_1' });
    const response = await post(body, headers);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ ok: true, event: 'email.bounced', outcome: 'recorded' });
    const order = await functionsLog().get(orderId);
    expect(order?.emailUndeliverable).toMatchObject({
      emailId: `${orderId}-shipped`,
      kind: 'bounce',
      reason: 'General: 550 5.1.1 user unknown',
    });
    const replay = await post(body, headers);
    expect(await replay.json()).toEqual({ ok: true, duplicate: true });
    expect((await functionsLog().get(orderId))?.history).toEqual(order?.history);
  });

  it("marks the address in the Sheet's Email cell, and tells staff to call in its Status", async () => {
    const { orderId } = await ordersOverHttp(Date.now()).codOrder();
    const before = await sheetRowsOf(orderId);
    expect(before.map((row) => row.Email)).toEqual([makeCustomer().email]);
    const body = bounced(orderId);
    expect((await post(body, signResendWebhook(body, { id: 'msg_bounce_sheet' }))).status).toBe(200);
    const after = await sheetRowsOf(orderId);
    expect(after.map((row) => row.Email)).toEqual([`${makeCustomer().email} (undeliverable: bounced)`]);
    expect(after[0]?.Status).toBe(
      'Needs attention: email undeliverable (bounced: General: 550 5.1.1 user unknown); call the shopper',
    );
  });

  it('answers 400 to a bad or stale signature and records nothing', async () => {
    const orderId = await anOrder();
    const body = bounced(orderId);
    const forged = signResendWebhook(body, {
      id: 'msg_forged',
      secret: `whsec_${Buffer.from('x').toString('base64')}`,
    });
    expect((await post(body, forged)).status).toBe(400);
    const stale = signResendWebhook(body, { id: 'msg_stale', timestamp: Math.floor(Date.now() / 1000) - 600 });
    expect((await post(body, stale)).status).toBe(400);
    expect((await post(body, {})).status).toBe(400);
    expect((await functionsLog().get(orderId))?.emailUndeliverable).toBeUndefined();
  });

  it('ignores a bounce for an email it never sent (200, logged), and event types it does not use', async () => {
    const orderId = await anOrder();
    const unknown = bounced('OUO_1732000000999');
    const response = await post(unknown, signResendWebhook(unknown, { id: 'msg_unknown' }));
    expect(await response.json()).toMatchObject({ ok: true, outcome: 'unknown email' });
    expect(sandbox.warn()).toHaveBeenCalledWith(expect.stringContaining('no order for email'));
    const delivered = JSON.stringify(resendEvent('email.delivered', { order_id: orderId }));
    const answer = await post(delivered, signResendWebhook(delivered, { id: 'msg_delivered' }));
    expect(await answer.json()).toEqual({ ok: true, event: 'email.delivered', outcome: 'ignored' });
    expect((await functionsLog().get(orderId))?.emailUndeliverable).toBeUndefined();
  });

  it('reads tags sent as a list too, and ignores a delivery whose id can be no key (200, logged)', async () => {
    const orderId = await anOrder();
    const event = resendEvent('email.bounced', {}, { message: '550 mailbox closed' });
    const listed = JSON.stringify({
      ...event,
      data: { ...event.data, tags: [{ name: 'order_id', value: orderId }] },
    });
    const odd = await post(listed, signResendWebhook(listed, { id: 'msg/../odd' }));
    expect(await odd.json()).toEqual({ ok: true, outcome: 'ignored: its delivery id cannot be a key' });
    expect(sandbox.warn()).toHaveBeenCalledWith(expect.stringContaining('cannot be a key'));
    const response = await post(listed, signResendWebhook(listed, { id: 'msg_listed' }));
    expect(await response.json()).toMatchObject({ outcome: 'recorded' });
    expect((await functionsLog().get(orderId))?.emailUndeliverable).toMatchObject({
      emailId: orderId,
      reason: 'General: 550 mailbox closed',
    });
  });

  it('ignores a bounce Resend does not call permanent, and a body that is no event', async () => {
    const orderId = await anOrder();
    const soft = JSON.stringify(
      resendEvent('email.bounced', { order_id: orderId }, { message: 'later', type: 'Transient' }),
    );
    expect(await (await post(soft, signResendWebhook(soft, { id: 'msg_soft' }))).json()).toMatchObject({
      outcome: 'ignored',
    });
    const junk = 'not json';
    expect((await post(junk, signResendWebhook(junk, { id: 'msg_junk' }))).status).toBe(400);
    expect((await functionsLog().get(orderId))?.emailUndeliverable).toBeUndefined();
  });

  it('records a complaint, and answers 503 without a signing secret', async () => {
    const orderId = await anOrder();
    const body = JSON.stringify(resendEvent('email.complained', { order_id: orderId }));
    const response = await post(body, signResendWebhook(body, { id: 'msg_complaint' }));
    expect(await response.json()).toMatchObject({ outcome: 'recorded' });
    expect((await functionsLog().get(orderId))?.emailUndeliverable).toMatchObject({
      kind: 'complaint',
      emailId: orderId,
    });
    vi.stubEnv('RESEND_WEBHOOK_SECRET', undefined);
    expect((await post(body, signResendWebhook(body))).status).toBe(503);
  });
});
