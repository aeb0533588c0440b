/**
 * The fake web app enforces Google's limits as documented, and applies the shop's batches with the
 * real Code.gs: each limit shown once, through the shop's own clients.
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createMailer } from '../../netlify/lib/mail/client.ts';
import { createSheets } from '../../netlify/lib/sheets/client.ts';
import { ORDER_HEADERS, orderRows, type SheetOrder } from '../../netlify/lib/sheets/orders-tab.ts';
import { fakeAppsScript } from './fake-apps-script.ts';
import { makeSheetOrder } from './sheets.ts';

const TAB = 'Orders 2026-27';
const orders = Array.from({ length: 31 }, (_, index) =>
  makeSheetOrder(`OUO_17600000000${String(index).padStart(2, '0')}`),
);
const [one, two] = orders as [SheetOrder, SheetOrder];
const booked = (order: SheetOrder): SheetOrder => ({ ...order, waybill: 'SIM1', status: 'Booked' });
const MINUTE = 60_000;

describe('the fake Apps Script web app', () => {
  let now = 0;
  const clock = () => now;
  beforeEach(() => {
    now = 0;
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  });

  it("applies a batch with the real Code.gs and shows the tab's rows and the calls per minute", async () => {
    const fake = fakeAppsScript({ clock });
    const sheets = createSheets({ ...fake.env, LOCAL_SHEETS_DIR: '/nonexistent' });
    expect(await sheets.writeOrders(TAB, [one, two])).toEqual({ ok: true, written: [one.orderId, two.orderId] });
    now = 30_000;
    expect(await sheets.writeOrders(TAB, [booked(one)])).toMatchObject({ ok: true });
    now = 2 * MINUTE + 1;
    expect(await sheets.writeOrders(TAB, [booked(one)])).toMatchObject({ ok: true });
    expect(fake.rows(TAB)).toEqual([[...ORDER_HEADERS], ...orderRows(booked(one)), ...orderRows(two)]);
    expect(fake.callsPerMinute()).toEqual([
      { minute: 0, calls: 2 },
      { minute: 2, calls: 1 },
    ]);
  });

  it('runs at most 30 executions at once: the 31st gets Google’s refusal, which the shop reads as BUSY', async () => {
    const fake = fakeAppsScript();
    const sheets = createSheets({ ...fake.env, LOCAL_SHEETS_DIR: '/nonexistent' });
    const release = fake.hold();
    const results = orders.map((order) => sheets.writeOrders(TAB, [order]));
    await vi.waitFor(() => expect(fake.state.calls).toHaveLength(31));
    expect(fake.state.inFlight).toBe(30);
    release();
    const answers = await Promise.all(results);
    expect(answers.filter((answer) => answer.ok)).toHaveLength(30);
    expect(answers.filter((answer) => !answer.ok)).toEqual([
      { ok: false, code: 'BUSY', message: expect.stringContaining('Too many simultaneous invocations') },
    ]);
    expect(fake.state.refusedSimultaneous).toBe(1);
    expect(fake.rows(TAB)).toHaveLength(1 + 30 * 2);
  });

  it('sends mail up to the daily quota, then answers BUSY until 24 hours after the first send', async () => {
    const fake = fakeAppsScript({ clock, mailQuota: 2 });
    const mailer = createMailer({ ...fake.env, LOCAL_MAIL_DIR: '/nonexistent' });
    const email = (emailId: string) => ({
      orderId: 'OUO_1760000000000',
      emailId,
      to: 'asha@example.in',
      subject: 'Your order',
      html: '<p>Hello</p>',
      name: 'Orang Utan Organics',
      replyTo: 'hello@example.in',
    });
    expect(await mailer.sendOrderEmail(email('a'))).toEqual({ ok: true, duplicate: false });
    now = 60 * MINUTE;
    expect(await mailer.sendOrderEmail(email('b'))).toEqual({ ok: true, duplicate: false });
    expect(await mailer.sendOrderEmail(email('c'))).toMatchObject({ ok: false, code: 'BUSY' });
    now = 24 * 60 * MINUTE;
    expect(await mailer.sendOrderEmail(email('c'))).toEqual({ ok: true, duplicate: false });
    expect(fake.script.mail.sent).toHaveLength(3);
  });

  it('stops an execution at 6 minutes where it is: the writes before stay, the resend completes it', async () => {
    const fake = fakeAppsScript({ costPerRangeCallMs: 150_000 });
    const sheets = createSheets({ ...fake.env, LOCAL_SHEETS_DIR: '/nonexistent' });
    // A new tab: its header row and its rows, two writes (5 simulated minutes).
    expect(await sheets.writeOrders(TAB, [one])).toMatchObject({ ok: true });
    // The read, the rewrite, then the append would pass 6 minutes: stopped before it.
    const late = await sheets.writeOrders(TAB, [booked(one), two]);
    expect(late).toMatchObject({
      ok: false,
      code: 'BUSY',
      message: expect.stringContaining('Exceeded maximum execution time'),
    });
    expect(fake.rows(TAB)).toEqual([[...ORDER_HEADERS], ...orderRows(booked(one))]);
    expect(fake.state.killed).toBe(1);
    fake.limits.costPerRangeCallMs = 0;
    expect(await sheets.writeOrders(TAB, [booked(one), two])).toMatchObject({ ok: true });
    expect(fake.rows(TAB)).toEqual([[...ORDER_HEADERS], ...orderRows(booked(one)), ...orderRows(two)]);
    fake.limits.costPerCallMs = 7 * MINUTE;
    expect(await sheets.writeOrders(TAB, [one])).toMatchObject({ ok: false, code: 'BUSY' });
  });

  it('can be down, unreachable or answering 5xx, which the shop reads as unreachable; back up, it answers', async () => {
    const fake = fakeAppsScript();
    const sheets = createSheets({ ...fake.env, LOCAL_SHEETS_DIR: '/nonexistent' });
    fake.state.down = 'unreachable';
    expect(await sheets.writeOrders(TAB, [one])).toMatchObject({ ok: false, code: 'UNREACHABLE' });
    fake.state.down = 503;
    expect(await sheets.writeOrders(TAB, [one])).toMatchObject({
      ok: false,
      code: 'UNREACHABLE',
      message: expect.stringContaining('503'),
    });
    fake.state.down = false;
    expect(await sheets.writeOrders(TAB, [one])).toMatchObject({ ok: true });
    expect(fake.rows('Orders')).toEqual([]);
  });
});
