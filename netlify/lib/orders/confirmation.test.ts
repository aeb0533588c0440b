/**
 * The shopper's confirmation email as the order service's third forward (forward.ts): one email
 * per order whoever forwards it, kept and retried with back-off while the mail sender is down, and
 * left to staff after a day; never sent for an unpaid order, nor to orders older than the email.
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { fileTestBlobs } from '#tests/support/blobs.ts';
import { makeCustomer } from '#tests/support/factories.ts';
import { codRequest, orderWorld, rajma } from '#tests/support/orders.ts';
import { createMailer } from '../mail/client.ts';
import { failure } from '../platform/outcome.ts';
import { forwardOrder } from './forward.ts';
import { newOrder, placeCodOrder, priceOrder } from './place.ts';
import { reconcile } from './reconcile.ts';

const blobs = fileTestBlobs();

const minutesLater = (world: ReturnType<typeof orderWorld>, start: number, minutes: number) => {
  world.clock.now = new Date(start + minutes * 60 * 1000);
};

describe('the confirmation email', () => {
  it('goes to the shopper once a COD order is placed, from the shop, linking to the order page', async () => {
    const world = orderWorld(blobs);
    const placed = await placeCodOrder(world.deps, codRequest('OUO_1732000000501'));
    if (!placed.ok) throw new Error(placed.message);
    expect(world.emails).toEqual([
      {
        orderId: 'OUO_1732000000501',
        to: 'asha@example.in',
        subject: 'Your order OUO_1732000000501 at Orang Utan Organics',
        html: expect.stringContaining(`href="http://localhost:8888/orders/OUO_1732000000501?key=${placed.body.key}"`),
        name: 'Orang Utan Organics',
        replyTo: 'hello@orangutanorganics.in',
      },
    ]);
    expect((await world.deps.log.get('OUO_1732000000501'))?.forwards.email).toMatchObject({
      status: 'done',
      attempts: 1,
    });
    // Sent again by nobody: the browser's resend and the reconciler find it done.
    await placeCodOrder(world.deps, codRequest('OUO_1732000000501'));
    await reconcile(world.deps);
    expect(world.emails).toHaveLength(1);
  });

  it('is one email for a double submit', async () => {
    const world = orderWorld(blobs);
    await Promise.all(Array.from({ length: 3 }, () => placeCodOrder(world.deps, codRequest('OUO_1732000000502'))));
    expect(world.emails.map((email) => email.orderId)).toEqual(['OUO_1732000000502']);
  });

  it('is kept while the mail sender is down, sent later once, and never holds the order back', async () => {
    const world = orderWorld(blobs);
    world.mailDown = true;
    const start = world.clock.now.getTime();
    const placed = await placeCodOrder(world.deps, codRequest('OUO_1732000000503'));
    // Booked and in the Sheet regardless: the email is the shopper's copy, not the order.
    expect(placed).toMatchObject({ ok: true, body: { status: 'forwarded' } });
    expect(world.shipments).toHaveLength(1);
    expect(world.sheetRows).toEqual([expect.objectContaining({ status: 'Booked' })]);
    expect((await world.deps.log.get('OUO_1732000000503'))?.forwards.email).toMatchObject({
      status: 'failed',
      lastError: 'the Apps Script answered HTTP 503',
    });
    expect(await world.deps.log.openOrderIds()).toEqual(['OUO_1732000000503']);
    world.mailDown = false;
    minutesLater(world, start, 14);
    await reconcile(world.deps);
    expect(world.emails).toEqual([]); // backing off: not before 15 minutes
    minutesLater(world, start, 15);
    await reconcile(world.deps);
    await reconcile(world.deps);
    expect(world.emails).toHaveLength(1);
    expect(await world.deps.log.openOrderIds()).toEqual([]);
    expect(world.sheetWrites).toBe(1);
  });

  it('is retried at 15 min, 30 min, 1 h, 2 h, then every 4 h, and after a day left to staff', async () => {
    const world = orderWorld(blobs);
    world.mailDown = true;
    const start = world.clock.now.getTime();
    const tries: number[] = [];
    const send = world.deps.mail.sendOrderEmail;
    world.deps.mail.sendOrderEmail = (email) => {
      tries.push((world.clock.now.getTime() - start) / 60_000);
      return send(email);
    };
    await placeCodOrder(world.deps, codRequest('OUO_1732000000504'));
    for (let minute = 15; minute <= 28 * 60; minute += 15) {
      minutesLater(world, start, minute);
      await reconcile(world.deps);
    }
    expect(tries).toEqual([0, 15, 45, 105, 225, 465, 705, 945, 1185, 1425, 1665]);
    const order = await world.deps.log.get('OUO_1732000000504');
    expect(order?.forwards.email).toMatchObject({ status: 'needs-attention', attempts: 11 });
    expect(world.sheetRows).toEqual([
      expect.objectContaining({
        status: 'Needs attention: confirmation email not sent (the Apps Script answered HTTP 503)',
        waybill: 'WB1',
      }),
    ]);
    expect(await world.deps.log.attentionOrderIds()).toEqual(['OUO_1732000000504']);
    expect(await world.deps.log.openOrderIds()).toEqual([]);
    // Staff write to the shopper themselves now: the shop never sends it as well.
    world.mailDown = false;
    await forwardOrder(world.deps, 'OUO_1732000000504');
    expect(world.emails).toEqual([]);
  });

  it('counts "already sent" as sent, and a sender that throws as a failure to retry', async () => {
    const world = orderWorld(blobs);
    world.deps.mail.sendOrderEmail = async () => failure('DUPLICATE', 'this order was emailed already');
    await placeCodOrder(world.deps, codRequest('OUO_1732000000505'));
    expect((await world.deps.log.get('OUO_1732000000505'))?.forwards.email?.status).toBe('done');
    world.deps.mail.sendOrderEmail = async () => {
      throw new Error('socket hang up');
    };
    await placeCodOrder(world.deps, codRequest('OUO_1732000000506'));
    expect((await world.deps.log.get('OUO_1732000000506'))?.forwards.email).toMatchObject({
      status: 'failed',
      lastError: 'socket hang up',
    });
  });

  it('takes over a claim left by a worker that died mid-send, after 5 minutes', async () => {
    const world = orderWorld(blobs);
    const start = world.clock.now.getTime();
    world.deps.mail.sendOrderEmail = () => new Promise(() => undefined); // never answers
    void placeCodOrder(world.deps, codRequest('OUO_1732000000507'));
    await vi.waitFor(async () =>
      expect((await world.deps.log.get('OUO_1732000000507'))?.forwards.email?.status).toBe('sending'),
    );
    const fresh = orderWorld(blobs);
    fresh.deps.log = world.deps.log;
    fresh.clock.now = new Date(start + 4 * 60 * 1000);
    await forwardOrder(fresh.deps, 'OUO_1732000000507');
    expect(fresh.emails).toEqual([]); // the first worker may still be sending it
    fresh.clock.now = new Date(start + 5 * 60 * 1000);
    await forwardOrder(fresh.deps, 'OUO_1732000000507');
    expect(fresh.emails).toHaveLength(1);
  });

  it('is never sent to an order recorded before the email existed', async () => {
    const world = orderWorld(blobs);
    const priced = await priceOrder(world.deps, rajma, '248001', 'cod');
    if (!priced.ok) throw new Error(priced.message);
    const old = newOrder({
      orderId: 'OUO_1732000000508',
      mode: 'cod',
      customer: makeCustomer(),
      lines: rajma,
      priced: priced.body,
      now: world.clock.now,
    });
    delete old.forwards.email;
    delete old.key;
    await world.deps.log.create(old);
    await reconcile(world.deps);
    expect(world.shipments).toHaveLength(1);
    expect(world.sheetRows).toHaveLength(1);
    expect(world.emails).toEqual([]);
    const after = await world.deps.log.get('OUO_1732000000508');
    expect(after).toMatchObject({ status: 'forwarded' });
    expect(after?.forwards.email).toBeUndefined();
    await reconcile(world.deps); // and the order is closed, not left open for the email
    expect(await world.deps.log.openOrderIds()).toEqual([]);
  });

  it('is written by the local stand-in with every value escaped', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'ouo-mail-'));
    try {
      const world = orderWorld(blobs);
      world.deps.mail = createMailer({
        SHEETS_WEBHOOK_URL: undefined,
        SHEETS_WEBHOOK_SECRET: undefined,
        LOCAL_MAIL_DIR: dir,
      });
      const customer = makeCustomer({ name: '<img src=x onerror=alert(1)>' });
      await placeCodOrder(world.deps, codRequest('OUO_1732000000509', { customer }));
      const html = await readFile(path.join(dir, 'OUO_1732000000509.html'), 'utf8');
      expect(html).toContain('Hello &lt;img src=x onerror=alert(1)&gt;,');
      expect(html).not.toContain('<img');
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
