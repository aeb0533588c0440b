import { describe, expect, it } from 'vitest';
import { canMove, type StoredOrder } from '#shop/order/index.ts';
import { freshDatabase } from '#tests/support/database.ts';
import { makeCustomer } from '#tests/support/factories.ts';
import { bareOrder } from '#tests/support/stored-order.ts';
import type { Database } from '../platform/database.ts';
import { createOrderLog } from './order-log.ts';

/** The order log on a fresh schema of the run's PostgreSQL server. */
async function freshLog() {
  return createOrderLog((await freshDatabase()).db);
}

/** `count` calls of `call` started together, awaited together. */
const atOnce = (count: number, call: (index: number) => Promise<unknown>) =>
  Promise.all(Array.from({ length: count }, (_, index) => call(index)));

/** A database whose statements matching `pattern` fail, as an outage or a crash between two writes would. */
function failingStatements(db: Database, pattern: RegExp): Database {
  return {
    ...db,
    async query(text, params) {
      if (pattern.test(text)) throw new Error('the database went away');
      return db.query(text, params);
    },
  };
}

function order(orderId: string, overrides: Partial<StoredOrder> = {}): StoredOrder {
  return bareOrder({
    orderId,
    createdAt: '2026-11-21T10:00:00.000Z',
    updatedAt: '2026-11-21T10:00:00.000Z',
    totals: { subtotal: 0, shippingCharge: 0, codCharge: 150, total: 150 },
    record: {} as StoredOrder['record'],
    ...overrides,
  });
}

describe('order log (PostgreSQL)', () => {
  it('creates an order once and never overwrites it', async () => {
    const log = await freshLog();
    expect(await log.create(order('OUO_1000000000001'))).toEqual({ created: true });
    const again = await log.create(order('OUO_1000000000001', { fingerprint: 'other' }));
    expect(again).toMatchObject({ created: false, existing: { fingerprint: 'fp' } });
    expect(await log.openOrderIds()).toEqual(['OUO_1000000000001']);
  });

  it('lets only one of two concurrent creates win', async () => {
    const log = await freshLog();
    const results = await Promise.all([log.create(order('OUO_1000000000002')), log.create(order('OUO_1000000000002'))]);
    expect(results.filter((result) => result.created)).toHaveLength(1);
  });

  it('applies concurrent updates without losing one', async () => {
    const log = await freshLog();
    await log.create(order('OUO_1000000000003'));
    await atOnce(5, (index) =>
      log.update('OUO_1000000000003', (current) => {
        current.history.push({ at: String(index), event: `e${index}` });
        return current;
      }),
    );
    expect((await log.get('OUO_1000000000003'))?.history).toHaveLength(5);
  });

  it('closes an order once forwarded or expired', async () => {
    const log = await freshLog();
    await log.create(order('OUO_1000000000004'));
    const done = { status: 'done' as const, attempts: 1 };
    await log.update('OUO_1000000000004', (current) => ({ ...current, status: 'forwarded' }));
    // Forwarded but the Sheet still to update: the reconciler must keep seeing it.
    expect(await log.openOrderIds()).toEqual(['OUO_1000000000004']);
    await log.update('OUO_1000000000004', (current) => ({ ...current, forwards: { sheet: done, shipment: done } }));
    expect(await log.openOrderIds()).toEqual([]);
    expect(await log.allOrderIds()).toEqual(['OUO_1000000000004']);
    await log.update('OUO_1000000000004', (current) => ({
      ...current,
      forwards: { ...current.forwards, sheet: { status: 'pending', attempts: 1 } },
    }));
    expect(await log.openOrderIds()).toEqual(['OUO_1000000000004']);
  });

  it('lists the orders that need staff attention, and forgets them once settled', async () => {
    const log = await freshLog();
    await log.create(order('OUO_1000000000014'));
    const attention = { status: 'needs-attention' as const, attempts: 9, lastError: 'Delhivery answered 503' };
    await log.update('OUO_1000000000014', (current) => ({
      ...current,
      forwards: { ...current.forwards, shipment: attention },
    }));
    expect(await log.attentionOrderIds()).toEqual(['OUO_1000000000014']);
    await log.update('OUO_1000000000014', (current) => ({
      ...current,
      forwards: { ...current.forwards, shipment: { status: 'done', attempts: 10 } },
    }));
    expect(await log.attentionOrderIds()).toEqual([]);
  });

  it('keeps a forwarded order open until its email is settled, and lists an email given up on for staff', async () => {
    const log = await freshLog();
    const done = { status: 'done' as const, attempts: 1 };
    const email = (status: 'pending' | 'failed' | 'needs-attention' | 'done') => ({ status, attempts: 1 });
    await log.create(order('OUO_1000000000015', { status: 'forwarded' }));
    const withEmail = (state: ReturnType<typeof email>) => (current: StoredOrder) => ({
      ...current,
      forwards: { sheet: done, shipment: done, email: state },
    });
    await log.update('OUO_1000000000015', withEmail(email('failed')));
    expect(await log.openOrderIds()).toEqual(['OUO_1000000000015']);
    await log.update('OUO_1000000000015', withEmail(email('needs-attention')));
    expect(await log.openOrderIds()).toEqual([]);
    expect(await log.attentionOrderIds()).toEqual(['OUO_1000000000015']);
    await log.update('OUO_1000000000015', withEmail(email('done')));
    expect(await log.attentionOrderIds()).toEqual([]);
  });

  it('finds an order by its Razorpay order id and remembers webhook events once', async () => {
    const log = await freshLog();
    await log.create(order('OUO_1000000000005'));
    await log.linkRazorpayOrder('order_abc', 'OUO_1000000000005');
    expect((await log.getByRazorpayOrder('order_abc'))?.orderId).toBe('OUO_1000000000005');
    expect(await log.getByRazorpayOrder('order_nope')).toBeUndefined();
    expect(await log.rememberEvent('evt_1')).toBe(true);
    expect(await log.rememberEvent('evt_1')).toBe(false);
    expect(await log.hasEvent('evt_1')).toBe(true);
  });

  it('refuses to update an order that does not exist', async () => {
    const log = await freshLog();
    await expect(log.update('OUO_1000000000006', (current) => current)).rejects.toThrow(/does not exist/);
  });
});

describe('no order the reconciler cannot see', () => {
  it('writes an order, its lines and its history together, or nothing', async () => {
    const { db } = await freshDatabase();
    const broken = createOrderLog(failingStatements(db, /insert into orders/));
    const placed = order('OUO_1000000000021', {
      lines: [{ productId: 1, size: '500g', quantity: 2 }],
      history: [{ at: '2026-11-21T10:00:00.000Z', event: 'placed' }],
    });
    await expect(broken.create(placed)).rejects.toThrow(/went away/);
    const log = createOrderLog(db);
    expect(await log.allOrderIds()).toEqual([]); // nothing the shopper was told about
    expect(await db.query('select * from order_lines')).toEqual([]);
    expect(await db.query('select * from order_events')).toEqual([]);
    await log.create(placed);
    expect(await log.get('OUO_1000000000021')).toEqual(placed);
    expect(await log.openOrderIds()).toEqual(['OUO_1000000000021']);
  });

  it('keeps what the queries ask in the same write as the record: a failed write changes neither', async () => {
    const { db } = await freshDatabase();
    const log = createOrderLog(db);
    const done = { status: 'done' as const, attempts: 1 };
    await log.create(order('OUO_1000000000023', { status: 'forwarded', forwards: { sheet: done, shipment: done } }));
    expect(await log.openOrderIds()).toEqual([]);
    const reopen = (current: StoredOrder) => ({
      ...current,
      forwards: { ...current.forwards, sheet: { status: 'pending' as const, attempts: 1 } },
      history: [...current.history, { at: '2026-11-21T10:05:00.000Z', event: 'sheet: pending' }],
    });
    await expect(
      createOrderLog(failingStatements(db, /update orders/)).update('OUO_1000000000023', reopen),
    ).rejects.toThrow();
    expect(await log.openOrderIds()).toEqual([]);
    expect((await log.get('OUO_1000000000023'))?.history).toEqual([]);
    await log.update('OUO_1000000000023', reopen);
    expect(await log.openOrderIds()).toEqual(['OUO_1000000000023']);
    expect((await log.get('OUO_1000000000023'))?.history).toEqual([
      { at: '2026-11-21T10:05:00.000Z', event: 'sheet: pending' },
    ]);
  });

  it('lists open orders oldest first, and orders paid twice for refund', async () => {
    const log = await freshLog();
    for (const id of ['OUO_1000000000033', 'OUO_1000000000031', 'OUO_1000000000032']) await log.create(order(id));
    expect(await log.openOrderIds()).toEqual(['OUO_1000000000031', 'OUO_1000000000032', 'OUO_1000000000033']);
    const refund = { paymentId: 'pay_2', amountPaise: 100, at: 'x', via: 'webhook' as const };
    await log.update('OUO_1000000000032', (current) => ({ ...current, refunds: [refund] }));
    expect(await log.refundOrderIds()).toEqual(['OUO_1000000000032']);
    await log.update('OUO_1000000000032', (current) => ({ ...current, refunds: [] }));
    expect(await log.refundOrderIds()).toEqual([]);
  });

  it('lands 50 changes made at once on one order, none lost, each in the history once', async () => {
    const log = await freshLog();
    await log.create(order('OUO_1000000000034'));
    await atOnce(50, (index) =>
      log.update('OUO_1000000000034', (current) => {
        current.history.push({ at: '2026-11-21T10:00:00.000Z', event: `e${index}` });
        current.fingerprint = `${current.fingerprint}.`;
        return current;
      }),
    );
    const stored = await log.get('OUO_1000000000034');
    expect(stored?.fingerprint).toBe(`fp${'.'.repeat(50)}`);
    expect(new Set(stored?.history.map((entry) => entry.event)).size).toBe(50);
  });

  it('refuses to change the lines of a placed order', async () => {
    const log = await freshLog();
    await log.create(order('OUO_1000000000035', { lines: [{ productId: 1, size: '500g', quantity: 1 }] }));
    await expect(
      log.update('OUO_1000000000035', (current) => ({
        ...current,
        lines: [{ productId: 1, size: '500g', quantity: 9 }],
      })),
    ).rejects.toThrow(/lines never change/);
  });
});

/** A database that notes every statement it is sent, and how many bytes of rows came back. */
function countingReads(db: Database) {
  const reads: { text: string; bytes: number }[] = [];
  const counted: Database = {
    ...db,
    async query(text, params) {
      const rows = await db.query(text, params);
      reads.push({ text, bytes: JSON.stringify(rows).length });
      return rows as never;
    },
  };
  return { db: counted, reads };
}

describe('an unknown id and a failed proof do the same work (security.md finding 8)', () => {
  const realistic = (orderId: string) => ({
    ...order(orderId, { key: 'k'.repeat(32), status: 'forwarded' }),
    customer: makeCustomer(),
  });

  it('answers the order only to its proof, and reads the same keys either way', async () => {
    const { db, reads } = countingReads((await freshDatabase()).db);
    const log = createOrderLog(db);
    await log.create(realistic('OUO_1795700000001'));
    await log.findForShopper('OUO_1795700000009', () => true); // writes the decoy on the first call

    reads.length = 0;
    const right = await log.findForShopper('OUO_1795700000001', (stored) => stored.key === 'k'.repeat(32));
    expect(right?.orderId).toBe('OUO_1795700000001');

    for (const [orderId, label] of [
      ['OUO_1795700000001', 'known id, wrong proof'],
      ['OUO_1795700000002', 'unknown id'],
    ] as const) {
      reads.length = 0;
      const seen: string[] = [];
      const found = await log.findForShopper(orderId, (stored) => {
        seen.push(stored.customer.phone);
        return stored.orderId !== 'OUO_1795700000001'; // a proof that matches anything but the real order
      });
      expect(found, label).toBeUndefined();
      expect(seen, label).toHaveLength(1); // the comparison ran once, on a stored record
      // The same two statements (the order's read and the decoy's), whichever id was asked.
      const what = (text: string) =>
        text.includes('from decoys') ? 'the decoy' : text.includes('from orders o') ? 'an order' : text;
      expect(reads.map((read) => what(read.text)).sort(), label).toEqual(['an order', 'the decoy']);
    }
  });

  it('keeps the decoy out of every listing of orders, and never matches a proof for it', async () => {
    const log = await freshLog();
    expect(await log.findForShopper('OUO_1795700000003', () => true)).toBeUndefined();
    expect(await log.allOrderIds()).toEqual([]);
    expect(await log.openOrderIds()).toEqual([]);
  });

  it("checks the decoy with a record of an order's usual size", async () => {
    const { db, reads } = countingReads((await freshDatabase()).db);
    const log = createOrderLog(db);
    await log.findForShopper('OUO_1795700000004', () => false);
    await log.findForShopper('OUO_1795700000004', () => false);
    const decoyRead = reads.filter((read) => read.text.includes('from decoys')).at(-1);
    expect(decoyRead?.bytes).toBeGreaterThan(1500);
    expect(decoyRead?.bytes).toBeLessThan(2600);
  });
});

describe('status moves only forward', () => {
  it.each([
    ['pending', 'paid', true],
    ['pending', 'forwarded', true],
    ['paid', 'forwarded', true],
    ['pending', 'expired', true],
    ['expired', 'paid', true],
    ['paid', 'pending', false],
    ['forwarded', 'paid', false],
    ['paid', 'expired', false],
    ['expired', 'forwarded', false],
    ['paid', 'paid', false],
  ] as const)('%s → %s: %s', (from, to, allowed) => {
    expect(canMove(from, to)).toBe(allowed);
  });
});
