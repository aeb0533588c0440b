import { createHash } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { getStore } from '@netlify/blobs';
import { BlobsServer } from '@netlify/blobs/server';
import { http, passthrough } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { StoredOrder } from '#shop/order/index.ts';
import { createOrderLog } from '../netlify/lib/orders/order-log.ts';
import { phoneHistory } from '../netlify/lib/orders/phone-history.ts';
import { type PickupDeps, pickupDay, pickupKey, requestDailyPickup } from '../netlify/lib/pickups/service.ts';
import type { Database } from '../netlify/lib/platform/database.ts';
import { fingerprintOf, submissionKey, submitOnce } from '../netlify/lib/submissions/once.ts';
import { ensureTask, readTask } from '../netlify/lib/tasks/site-tasks.ts';
import { whatsappBook } from '../netlify/lib/whatsapp/book.ts';
import type { CreditNote, Invoice } from '../src/shop/invoice/index.ts';
import { startTestBlobs, type TestBlobs } from '../tests/support/blobs.ts';
import { databaseRows, freshDatabase } from '../tests/support/database.ts';
import { makeCustomer, makePricedLine } from '../tests/support/factories.ts';
import { server as msw } from '../tests/support/msw.ts';
import { type Kind, type MigrationResult, main } from './migrate-orders.ts';

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

const PLACED = '2026-11-21T06:00:00.000Z';
const LATER = '2026-11-22T06:00:00.000Z';
const LATEST = '2026-11-25T06:00:00.000Z';

/** An order as the Blobs log kept it (the shape of the local sandbox's records). */
function blobsOrder(orderId: string, overrides: Partial<StoredOrder> = {}): StoredOrder {
  return {
    orderId,
    key: `key-${orderId}`,
    status: 'pending',
    mode: 'cod',
    fingerprint: 'fp',
    createdAt: PLACED,
    updatedAt: PLACED,
    customer: makeCustomer(),
    lines: [{ productId: 1, size: '500gm', quantity: 2 }],
    cart: {
      lines: [makePricedLine()],
      subtotal: 694,
      weight: 1000,
    },
    totals: { subtotal: 694, shippingCharge: 90, codCharge: 150, total: 934 },
    record: { type: 'checkout', orderId } as unknown as StoredOrder['record'],
    forwards: {
      sheet: { status: 'done', attempts: 1, syncedStatus: 'Awaiting confirmation', syncedCells: 'abc', at: PLACED },
      shipment: { status: 'pending', attempts: 0 },
      email: { status: 'done', attempts: 1, at: PLACED },
      invoice: { status: 'pending', attempts: 0 },
    },
    history: [
      { at: PLACED, event: 'created (cod)' },
      { at: PLACED, event: 'email: done' },
      { at: PLACED, event: 'sheet: done' },
    ],
    ...overrides,
  };
}

const document = (kind: 'invoice' | 'credit-note', number: string, orderId: string) => ({
  kind,
  number,
  orderId,
  date: '2026-11-22',
  financialYear: '2026-27',
  issuedAt: LATER,
});
const invoice = (number: string, orderId: string) => document('invoice', number, orderId) as unknown as Invoice;
const creditNote = (number: string, orderId: string) =>
  document('credit-note', number, orderId) as unknown as CreditNote;

/**
 * A COD order waiting for its confirmation: nothing booked, its Sheet rows and email done, and its
 * WhatsApp question being sent when Blobs was read (a worker's claim on it).
 */
const AWAITING = blobsOrder('OUO_1763704800001', {
  notices: {
    'whatsapp:cod-confirm': {
      channel: 'whatsapp',
      event: 'cod-confirm',
      status: 'sending',
      attempts: 1,
      createdAt: PLACED,
      claimedAt: PLACED,
    },
  },
});

/** Prepaid, booked, delivered and invoiced; its notices sent, one WhatsApp among them, one email failing. */
const DELIVERED = blobsOrder('OUO_1763704800002', {
  status: 'forwarded',
  mode: 'prepaid',
  customer: makeCustomer({ phone: '+91 98765 43210' }),
  updatedAt: LATEST,
  razorpay: { orderId: 'order_DELIVERED', amountPaise: 78400, paymentId: 'pay_1', paidAt: PLACED, via: 'browser' },
  forwards: {
    sheet: { status: 'done', attempts: 3, syncedStatus: 'Delivered', syncedCells: 'def', at: LATEST },
    shipment: { status: 'done', attempts: 1, at: LATER, waybill: 'WB1001' },
    email: { status: 'done', attempts: 1, at: PLACED },
    invoice: { status: 'done', attempts: 1, at: LATER },
  },
  parcel: {
    state: 'delivered',
    changes: [{ state: 'delivered', at: LATEST, scan: { at: LATEST, status: 'Delivered', location: 'Hub' } }],
  },
  invoice: invoice('OUO/26-27/000001', 'OUO_1763704800002'),
  notices: {
    'whatsapp:shipped': {
      channel: 'whatsapp',
      event: 'shipped',
      status: 'sent',
      attempts: 1,
      createdAt: LATER,
      at: LATER,
      messageId: 'wamid.HBgMOTE5ODc2NTQzMjEwFQIAERgSQUJD==',
      delivery: { status: 'read', at: LATEST, category: 'utility' },
    },
    'email:shipped': { channel: 'email', event: 'shipped', status: 'sent', attempts: 1, createdAt: LATER, at: LATER },
    'email:delivered': {
      channel: 'email',
      event: 'delivered',
      status: 'failed',
      attempts: 2,
      createdAt: LATEST,
      at: LATEST,
      lastError: 'mail down',
      nextAttemptAt: '2026-11-25T06:10:00.000Z',
    },
  },
  history: [
    { at: PLACED, event: 'created (prepaid)' },
    { at: PLACED, event: 'paid (browser)' },
    { at: LATER, event: 'shipment: done (WB1001)' },
    { at: LATER, event: 'invoice OUO/26-27/000001 issued' },
    { at: LATEST, event: 'parcel: delivered' },
  ],
});

/** Invoiced, then cancelled: its credit note issued, its sheet's last update failing. */
const CANCELLED = blobsOrder('OUO_1763704800003', {
  status: 'cancelled',
  updatedAt: LATEST,
  forwards: {
    sheet: {
      status: 'failed',
      attempts: 2,
      lastError: 'Sheet down',
      at: LATEST,
      firstAttemptAt: LATER,
      nextAttemptAt: '2026-11-25T06:05:00.000Z',
    },
    shipment: { status: 'done', attempts: 1, at: LATER, waybill: 'WB1003' },
    email: { status: 'done', attempts: 1, at: PLACED },
    invoice: { status: 'done', attempts: 1, at: LATER },
  },
  invoice: invoice('OUO/26-27/000002', 'OUO_1763704800003'),
  creditNote: creditNote('CN/26-27/000001', 'OUO_1763704800003'),
  history: [
    { at: PLACED, event: 'created (cod)' },
    { at: LATER, event: 'invoice OUO/26-27/000002 issued' },
    { at: LATEST, event: 'cancelled by staff' },
    { at: LATEST, event: 'credit note CN/26-27/000001 issued' },
  ],
});

/** Prepaid, never paid: expired. Its Razorpay order is in the index. */
const EXPIRED = blobsOrder('OUO_1763704800004', {
  status: 'expired',
  mode: 'prepaid',
  customer: makeCustomer({ phone: '9123456789' }),
  razorpay: { orderId: 'order_EXPIRED', amountPaise: 78400 },
  forwards: { sheet: { status: 'pending', attempts: 0 }, shipment: { status: 'pending', attempts: 0 } },
  history: [
    { at: PLACED, event: 'created (prepaid)' },
    { at: LATER, event: 'expired' },
  ],
});

const ORDERS = [AWAITING, DELIVERED, CANCELLED, EXPIRED];

/** A review as the shop hashed its content: a resend of it is the same submission. */
const REVIEW = { productId: 1, rating: 5, text: 'Lovely rajma' };
/** A review the Sheet took, as submissions/once.ts kept it in Blobs. */
const SENT_REVIEW = {
  kind: 'review',
  state: 'sent',
  fingerprint: fingerprintOf(REVIEW),
  receivedAt: LATER,
  claimedAt: LATER,
  sentAt: LATER,
  attempts: 1,
};
/** A day's pickup Delhivery took, as pickups/service.ts kept it in Blobs (its PickupDay). */
const REQUESTED_DAY = {
  date: '2026-11-22',
  status: 'requested',
  time: '16:00:00',
  location: 'Delhivery Uttarkashi hub',
  parcels: 1,
  attempts: 1,
  claimedAt: LATER,
  pickupId: 'PU1',
  duplicate: false,
  requestedAt: LATER,
  sheetStatus: 'Requested',
};
const UNMATCHED_PHONE = sha256('9000000000');

/** The whole Blobs log: the orders store and the stores beside it. */
async function fillBlobs(store: (name: string) => ReturnType<TestBlobs['store']>, raw: (name: string) => RawSet) {
  const orders = store('orders');
  for (const order of ORDERS) {
    await orders.setJSON(`order-${order.orderId}`, order);
  }
  // Not an order: no status. And one cut off mid-write.
  const { status: _status, ...statusless } = blobsOrder('OUO_1763704800005');
  await orders.setJSON('order-OUO_1763704800005', statusless);
  await raw('orders').set('order-OUO_1763704800006', '{"orderId": "OUO_17637');
  // Derived markers and the decoy: not copied.
  await orders.setJSON(`open-${AWAITING.orderId}`, { since: PLACED });
  await orders.setJSON(`parcel-${DELIVERED.orderId}`, { since: LATER });
  await orders.setJSON('decoy-order', blobsOrder('OUO_0000000000000'));
  await orders.setJSON('razorpay-order_DELIVERED', { orderId: DELIVERED.orderId });
  await orders.setJSON('razorpay-order_EXPIRED', { orderId: EXPIRED.orderId });
  await orders.setJSON('razorpay-order_RETRIED', { orderId: EXPIRED.orderId });
  await orders.setJSON('webhook-event-evt_razorpay_1', { at: LATER });
  await orders.setJSON('webhook-event-staff-action-5ff64f05', { at: LATEST });
  // The invoice counter took 3 for a worker that died before writing it: 3 was never given (its
  // order does not hold it). The credit-note counter's pending note is on its order: it counts.
  await orders.setJSON('invoice-serial-2026-27', {
    last: 3,
    pending: { ...document('invoice', 'OUO/26-27/000003', AWAITING.orderId) },
  });
  await orders.setJSON('credit-note-serial-2026-27', {
    last: 1,
    pending: { ...document('credit-note', 'CN/26-27/000001', CANCELLED.orderId) },
  });
  // An older year's counter, settled.
  await orders.setJSON('invoice-serial-2025-26', { last: 41 });

  await store('submissions').setJSON('review-b7a1c2d3e4f5a6b7', SENT_REVIEW);
  await store('pickups').setJSON('pickup-2026-11-22', REQUESTED_DAY);
  const whatsapp = store('whatsapp');
  await whatsapp.setJSON('optout-919123456789', { out: true, at: LATER });
  await whatsapp.setJSON(`message-${sha256('wamid.HBgMOTE5ODc2NTQzMjEwFQIAERgSQUJD==')}`, {
    orderId: DELIVERED.orderId,
    key: 'whatsapp:shipped',
  });
  // A message of an order that is not copied: its id cannot be found again.
  await whatsapp.setJSON(`message-${sha256('wamid.LOST')}`, { orderId: 'OUO_1763704800006', key: 'whatsapp:shipped' });
  const history = store('cod-history');
  await history.setJSON(`phone-${sha256('9876543210')}`, {
    orders: [
      { orderId: AWAITING.orderId, at: PLACED, total: 934, mode: 'cod' },
      { orderId: DELIVERED.orderId, at: PLACED, total: 784, mode: 'prepaid', outcome: 'delivered' },
      { orderId: CANCELLED.orderId, at: PLACED, total: 934, mode: 'cod', outcome: 'cancelled' },
    ],
  });
  await history.setJSON(`phone-${UNMATCHED_PHONE}`, {
    orders: [
      { orderId: 'OUO_1700000000001', at: PLACED, total: 500, mode: 'cod', outcome: 'returned' },
      { orderId: 'OUO_1700000000002', at: PLACED, total: 500, mode: 'cod' },
    ],
  });
}

interface RawSet {
  set(key: string, value: string): Promise<unknown>;
}

describe('npm run migrate:orders', () => {
  let blobs: TestBlobs;
  let db: Database;
  let env: Record<string, string>;
  beforeEach(async () => {
    blobs = await startTestBlobs();
    const fresh = await freshDatabase();
    db = fresh.db;
    env = {
      NETLIFY_SITE_ID: blobs.siteID,
      NETLIFY_AUTH_TOKEN: blobs.token,
      NETLIFY_API_URL: blobs.url,
      NETLIFY_DB_URL: fresh.url,
    };
    await fillBlobs(
      (name) => blobs.store(name),
      (name) => getStore({ name, siteID: blobs.siteID, token: blobs.token, apiURL: blobs.url }),
    );
  });
  afterEach(async () => {
    await db.close();
    await blobs.stop();
  });

  const run = async (argv: string[] = [], runEnv: Record<string, string> = env) => {
    let printed = '';
    const result = await main(argv, runEnv, (text) => {
      printed += text;
    });
    return { result, printed };
  };

  const written = (result: MigrationResult) =>
    Object.fromEntries(Object.entries(result.counts).map(([kind, count]) => [kind, count.written]));

  const EXPECTED_WRITES: Record<Kind, number> = {
    orders: 4,
    'order lines': 4,
    'order history': 3 + 5 + 4 + 2,
    // AWAITING: 4 forwards + 1 notice; DELIVERED: 4 forwards + 3 notices; CANCELLED: 4; EXPIRED: sheet and shipment.
    'tasks (forwards, notices)': 5 + 7 + 4 + 2,
    'Razorpay order index': 3,
    'webhook events': 2,
    'invoice series': 3,
    submissions: 1,
    pickups: 1,
    'WhatsApp opt-outs': 1,
    'WhatsApp message refs': 1,
    'phone history entries': 3,
  };

  it('copies every kind, and each order reads back as Blobs kept it', async () => {
    const { result, printed } = await run();
    expect(written(result)).toEqual(EXPECTED_WRITES);
    expect(result.counts.orders).toMatchObject({ blobs: 6, written: 4, there: 0, skipped: 2, dbBefore: 0, dbAfter: 4 });
    expect(result.counts['phone history entries']).toMatchObject({ blobs: 5, written: 3, skipped: 2, dbAfter: 3 });
    expect(result.counts['WhatsApp message refs']).toMatchObject({ blobs: 2, written: 1, skipped: 1, dbAfter: 1 });
    expect(result.counts['invoice series']).toMatchObject({ blobs: 3, written: 3, dbAfter: 3 });
    for (const [kind, table] of [
      ['tasks (forwards, notices)', 18],
      ['order lines', 4],
      ['order history', 14],
    ] as const) {
      expect(result.counts[kind].dbAfter).toBe(table);
    }

    const log = createOrderLog(db);
    for (const order of ORDERS) {
      expect(await log.get(order.orderId)).toEqual(order);
    }
    // The notices sent stay sent (never sent again); the failing one is retried when Blobs said.
    const tasks = await db.query<{ key: string; state: string; run_at: Date }>(
      `select key, state, run_at from tasks where order_id = $1 and kind = 'notice' order by key`,
      [DELIVERED.orderId],
    );
    expect(tasks.map((task) => [task.key.split('/').at(-1), task.state])).toEqual([
      ['email:delivered', 'retry'],
      ['email:shipped', 'done'],
      ['whatsapp:shipped', 'done'],
    ]);
    expect(tasks[0]?.run_at.toISOString()).toBe('2026-11-25T06:10:00.000Z');
    expect(await log.openOrderIds()).toEqual([AWAITING.orderId, DELIVERED.orderId]);
    // The notice a worker was sending is a task under a claim nobody holds: a runner takes it over once stale.
    const [taken, ...others] = await log.claimTasks(AWAITING.orderId, ['notice'], 'runner', new Date(LATER), 300_000);
    expect(others).toEqual([]);
    expect(taken).toMatchObject({
      key: `${AWAITING.orderId}/notice/whatsapp:cod-confirm`,
      state: 'running',
      attempts: 2,
    });

    expect((await log.getByRazorpayOrder('order_RETRIED'))?.orderId).toBe(EXPIRED.orderId);
    expect((await log.getByRazorpayOrder('order_DELIVERED'))?.orderId).toBe(DELIVERED.orderId);
    expect(await log.hasEvent('evt_razorpay_1')).toBe(true);
    expect(await log.hasEvent('staff-action-5ff64f05')).toBe(true);

    // The highest number in use: 2 invoices (3 was never given), 1 credit note (the pending one, on its order).
    expect(await db.query('select series, last from document_series order by series')).toEqual([
      { series: 'credit-note-serial-2026-27', last: 1 },
      { series: 'invoice-serial-2025-26', last: 41 },
      { series: 'invoice-serial-2026-27', last: 2 },
    ]);

    // The review sent is a task done: its resend is answered as a duplicate and writes no second row.
    expect(await readTask(db, submissionKey('review', 'b7a1c2d3e4f5a6b7'))).toMatchObject({
      kind: 'submission',
      state: 'done',
      attempts: 1,
      payload: { fingerprint: fingerprintOf(REVIEW) },
      result: { sentAt: LATER },
      created_at: LATER,
    });
    const send = vi.fn(async () => ({ ok: true as const }));
    expect(await submitOnce({ db, kind: 'review', id: 'b7a1c2d3e4f5a6b7', content: REVIEW, send })).toEqual({
      ok: true,
      duplicate: true,
    });
    expect(send).not.toHaveBeenCalled();
    // The day's pickup reads back as the day Blobs kept (but the claim's time: no claim holds it).
    const day = await readTask(db, pickupKey('2026-11-22'));
    const { claimedAt: _claimedAt, ...requested } = REQUESTED_DAY;
    expect(day && pickupDay(day)).toEqual(requested);
    expect(result.counts.submissions).toMatchObject({ blobs: 1, written: 1, dbBefore: 0, dbAfter: 1 });
    expect(result.counts.pickups).toMatchObject({ blobs: 1, written: 1, dbBefore: 0, dbAfter: 1 });
    const book = whatsappBook(db);
    expect(await book.optedOut('919123456789')).toBe(true);
    expect(await book.messageRef('wamid.HBgMOTE5ODc2NTQzMjEwFQIAERgSQUJD==')).toEqual({
      orderId: DELIVERED.orderId,
      key: 'whatsapp:shipped',
    });
    expect(await phoneHistory(db).orders('98765 43210')).toEqual([
      { orderId: AWAITING.orderId, at: PLACED, total: 934, mode: 'cod' },
      { orderId: DELIVERED.orderId, at: PLACED, total: 784, mode: 'prepaid', outcome: 'delivered' },
      { orderId: CANCELLED.orderId, at: PLACED, total: 934, mode: 'cod', outcome: 'cancelled' },
    ]);

    // What could not be copied, a line each, and the run went on past them.
    expect(result.problems).toEqual([
      'orders/order-OUO_1763704800005: not a valid order (status: Invalid option: expected one of "pending"|"paid"|"forwarded"|"expired"|"cancelled"); not copied',
      expect.stringMatching(/^orders\/order-OUO_1763704800006: unreadable JSON \(.+\); not copied$/),
    ]);
    expect(result.notes).toEqual(
      expect.arrayContaining([
        '2 markers (open-, attention-, parcel-, refund-) and the decoy not copied: the database derives them',
        `orders/invoice-serial-2026-27: pending OUO/26-27/000003 is not on order ${AWAITING.orderId}: not counted`,
        "1 WhatsApp message ref in Blobs named no message of a copied order's notices: not copied (a hash cannot be reversed)",
        '1 phone history (2 entries) matched the phone of no order in Blobs: skipped',
      ]),
    );
    expect(printed).toContain(
      'orders from the Blobs of site test-site into the database at NETLIFY_DB_URL (127.0.0.1)',
    );
    expect(printed).toMatch(/\n {2}kind\s+in Blobs\s+written\s+already there\s+not copied\s+database before\s+after\n/);
    expect(printed).toMatch(/\n {2}orders\s+6\s+4\s+0\s+2\s+0\s+4\n/);
    expect(printed).toMatch(/\n {2}phone history entries\s+5\s+3\s+0\s+2\s+0\s+3\n/);
    expect(printed).toContain('  ! orders/order-OUO_1763704800006: unreadable JSON');
    expect(printed).toMatch(/Wrote 55 rows new; 2 problems listed above\.\n$/);
  });

  it('--dry-run reads everything, writes nothing and counts what it would write', async () => {
    const { result, printed } = await run(['--dry-run']);
    expect(await databaseRows(db)).toEqual([]);
    expect(written(result)).toEqual(EXPECTED_WRITES);
    expect(result.counts.orders).toMatchObject({ blobs: 6, written: 4, skipped: 2, dbBefore: 0, dbAfter: 0 });
    expect(result.problems).toHaveLength(2);
    expect(printed).toMatch(/^Dry run \(nothing written\): orders from/);
    expect(printed).toMatch(/\n {2}kind\s+in Blobs\s+would write\s+already there/);
    expect(printed).toMatch(/Would write 55 rows; 2 problems\.\n$/);
  });

  it('a second run writes nothing new and leaves every row as it was', async () => {
    await run();
    const rows = await databaseRows(db);
    const { result, printed } = await run();
    expect(await databaseRows(db)).toEqual(rows);
    expect(Object.values(written(result)).every((n) => n === 0)).toBe(true);
    expect(result.counts.orders).toMatchObject({ written: 0, there: 4, dbBefore: 4, dbAfter: 4 });
    expect(result.counts['phone history entries']).toMatchObject({ written: 0, there: 3 });
    expect(result.counts['invoice series']).toMatchObject({ written: 0, there: 3 });
    expect(printed).toMatch(/Wrote 0 rows new; 2 problems listed above\.\n$/);
    // A dry run after it would write nothing either.
    expect(Object.values(written((await run(['--dry-run'])).result)).every((n) => n === 0)).toBe(true);
  });

  it('makes each submission and day a task the shop takes on; twice writes nothing twice, a dry run nothing', async () => {
    const CONTACT = { name: 'Asha', message: 'Do you ship to Leh?' };
    const contact = (state: string, more: object) => ({
      kind: 'contact',
      state,
      fingerprint: fingerprintOf(CONTACT),
      receivedAt: PLACED,
      attempts: 1,
      ...more,
    });
    const submissions = blobs.store('submissions');
    await submissions.setJSON('contact-failed01', contact('pending', { claimedAt: PLACED, lastError: 'Sheet down' }));
    await submissions.setJSON('contact-dead0002', contact('sending', { claimedAt: LATER }));
    await submissions.setJSON('contact-theirs03', contact('sent', { sentAt: PLACED }));
    await submissions.setJSON('review-nohash04', { kind: 'review', state: 'sent', receivedAt: LATER, attempts: 1 });
    const { pickupId: _id, duplicate: _dup, requestedAt: _at, sheetStatus: _status, ...asked } = REQUESTED_DAY;
    const pickups = blobs.store('pickups');
    await pickups.setJSON('pickup-2026-11-23', { ...asked, date: '2026-11-23', status: 'requesting' });
    await pickups.setJSON('pickup-2026-11-24', {
      ...asked,
      date: '2026-11-24',
      status: 'gave-up',
      error: 'Low wallet',
    });
    // Written by the shop since Blobs was read: its row wins.
    const theirs = submissionKey('contact', 'theirs03');
    await ensureTask(db, { key: theirs, kind: 'submission', payload: { fingerprint: 'f' } }, new Date(LATEST));

    const before = await databaseRows(db);
    const dry = (await run(['--dry-run'])).result;
    expect(await databaseRows(db)).toEqual(before);
    expect(dry.counts.submissions).toMatchObject({ blobs: 5, written: 3, there: 1, skipped: 1, dbAfter: 1 });
    expect(dry.counts.pickups).toMatchObject({ blobs: 3, written: 3, there: 0, dbAfter: 0 });
    const { result } = await run();
    expect(written(result)).toEqual(written(dry));
    expect(result.counts.submissions).toMatchObject({ dbBefore: 1, dbAfter: 4 });
    expect(result.counts.pickups).toMatchObject({ dbBefore: 0, dbAfter: 3 });
    expect(result.counts['tasks (forwards, notices)'].dbAfter).toBe(18);
    expect(result.problems).toContain(
      'submissions/review-nohash04: not a submission (fingerprint: Invalid input: expected string, received undefined); not copied',
    );
    const rows = await databaseRows(db);
    const again = (await run()).result;
    expect(await databaseRows(db)).toEqual(rows);
    expect(again.counts.submissions).toMatchObject({ written: 0, there: 4, dbBefore: 4, dbAfter: 4 });
    expect(again.counts.pickups).toMatchObject({ written: 0, there: 3, dbBefore: 3, dbAfter: 3 });
    expect((await readTask(db, theirs))?.payload).toEqual({ fingerprint: 'f' });

    // A failed write and a dead request's claim: the resend writes each at once, dated its first receipt.
    for (const id of ['failed01', 'dead0002']) {
      const send = vi.fn(async () => ({ ok: true as const }));
      const resend = () => submitOnce({ db, kind: 'contact', id, content: CONTACT, send, waitMs: 0 });
      expect(await resend()).toEqual({ ok: true, duplicate: false });
      expect(await resend()).toEqual({ ok: true, duplicate: true });
      expect(send.mock.calls).toEqual([[new Date(PLACED)]]);
    }
    const stored = async (date: string) => {
      const task = await readTask(db, pickupKey(date));
      return task && pickupDay(task);
    };
    expect(await stored('2026-11-24')).toMatchObject({ status: 'gave-up', attempts: 1, error: 'Low wallet' });
    // A day left requesting is asked again by that day's next run; a day made is not.
    expect(await stored('2026-11-23')).toMatchObject({ status: 'failed', parcels: 1 });
    const carrier = { requestPickup: vi.fn(async () => ({ ok: true as const, pickupId: 'PU2', duplicate: true })) };
    const pickupRun = (at: string) =>
      requestDailyPickup({
        db,
        carrier,
        log: { parcelsWaiting: async () => 1 },
        settings: async () => ({ pickup: { name: asked.location, cutoff: '14:00', time: '16:00' } }),
        sheets: { upsertPickup: async () => ({ ok: true as const, duplicate: false }) },
        now: () => new Date(at),
      } satisfies PickupDeps);
    expect(await pickupRun('2026-11-22T08:35:00.000Z')).toEqual({
      action: 'already-requested',
      date: '2026-11-22',
      pickupId: 'PU1',
    });
    expect(carrier.requestPickup).not.toHaveBeenCalled();
    expect(await pickupRun('2026-11-23T08:35:00.000Z')).toMatchObject({ action: 'requested', pickupId: 'PU2' });
    expect(await stored('2026-11-23')).toMatchObject({ status: 'requested', pickupId: 'PU2', attempts: 2 });
  });

  it('leaves an order already in the database as it is, and never lowers a series', async () => {
    const log = createOrderLog(db);
    const moved = { ...AWAITING, status: 'cancelled' as const, updatedAt: LATEST };
    await log.create(moved);
    await db.query(`insert into document_series (series, last) values ('invoice-serial-2026-27', 9)`);
    const { result } = await run();
    expect(result.counts.orders).toMatchObject({ written: 3, there: 1 });
    expect((await log.get(AWAITING.orderId))?.status).toBe('cancelled');
    expect(await db.query(`select last from document_series where series = 'invoice-serial-2026-27'`)).toEqual([
      { last: 9 },
    ]);
    expect(result.counts['invoice series']).toMatchObject({ written: 2, there: 1 });
  });

  it('reports a counter it cannot read, and still sets its series from the numbers on the orders', async () => {
    const raw = getStore({ name: 'orders', siteID: blobs.siteID, token: blobs.token, apiURL: blobs.url });
    await raw.set('invoice-serial-2026-27', '');
    const { result } = await run();
    expect(result.problems).toContainEqual(
      expect.stringMatching(
        /^orders\/invoice-serial-2026-27: unreadable JSON \(.+\); its orders' numbers still count$/,
      ),
    );
    expect(result.counts['invoice series']).toMatchObject({ blobs: 3, written: 3, skipped: 1 });
    expect(await db.query(`select last from document_series where series = 'invoice-serial-2026-27'`)).toEqual([
      { last: 2 },
    ]);
  });

  it('refuses to mix the site with the local sandbox or the local database', async () => {
    const { NETLIFY_DB_URL: _url, ...siteOnly } = env;
    await expect(run([], siteOnly)).rejects.toThrow('set NETLIFY_DB_URL');
    await expect(run([], { NETLIFY_DB_URL: env.NETLIFY_DB_URL as string })).rejects.toThrow('--blobs-dir');
    await expect(run(['--blobs-dir', 'x'])).rejects.toThrow('--blobs-dir names a local sandbox');
    expect(await databaseRows(db)).toEqual([]);
  });
});

describe('npm run migrate:orders -- --blobs-dir (a local sandbox)', () => {
  let directory: string;
  beforeEach(async () => {
    directory = await mkdtemp(path.join(tmpdir(), 'ouo-migrate-sandbox-'));
  });
  afterEach(() => rm(directory, { recursive: true, force: true }));

  it('reads the sandbox under site id 0, as npm start kept it', async () => {
    // Both Blobs servers here take a free port: let every request to this machine through.
    msw.use(http.all(/^http:\/\/localhost:\d+\//, () => passthrough()));
    const token = 'sandbox';
    const server = new BlobsServer({ directory, token, logger: () => undefined });
    const { port } = await server.start();
    const orders = getStore({ name: 'orders', siteID: '0', token, apiURL: `http://localhost:${port}` });
    await orders.setJSON(`order-${AWAITING.orderId}`, AWAITING);
    await server.stop();

    const { db, url } = await freshDatabase();
    try {
      let printed = '';
      await main(['--blobs-dir', directory], { NETLIFY_DB_URL: url }, (text) => {
        printed += text;
      });
      expect(printed).toContain('orders from the local Blobs sandbox (');
      expect(await createOrderLog(db).get(AWAITING.orderId)).toEqual(AWAITING);
    } finally {
      await db.close();
    }
  });
});
