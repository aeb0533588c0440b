import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestBlobs, type TestBlobs } from '#tests/support/blobs.ts';
import type { JsonStore } from '../platform/blobs.ts';
import { createOrderLog } from './order-log.ts';
import { canMove, type StoredOrder } from './order-record.ts';

/** A store whose writes to keys starting with `prefix` fail, as a Blobs outage or a crash would. */
function failingWrites(store: JsonStore, prefix: string): JsonStore {
  return {
    ...store,
    async setJSON(key, data, options) {
      if (key.startsWith(prefix)) throw new Error(`Blobs write of ${key} failed`);
      return store.setJSON(key, data, options);
    },
  };
}

let blobs: TestBlobs;
beforeAll(async () => {
  blobs = await startTestBlobs();
});
afterAll(() => blobs.stop());

function order(orderId: string, overrides: Partial<StoredOrder> = {}): StoredOrder {
  return {
    orderId,
    status: 'pending',
    mode: 'cod',
    fingerprint: 'fp',
    createdAt: '2026-11-21T10:00:00.000Z',
    updatedAt: '2026-11-21T10:00:00.000Z',
    customer: { name: 'A', email: 'a@example.in', phone: '9876543210', address1: 'x', pincode: '248001' },
    lines: [],
    cart: { lines: [], subtotal: 0, weight: 0 },
    totals: { subtotal: 0, shippingCharge: 0, codCharge: 150, total: 150 },
    record: {} as StoredOrder['record'],
    forwards: { sheet: { status: 'pending', attempts: 0 }, shipment: { status: 'pending', attempts: 0 } },
    history: [],
    ...overrides,
  };
}

describe('order log (Netlify Blobs)', () => {
  it('creates an order once and never overwrites it', async () => {
    const log = createOrderLog(blobs.store('orders-a'));
    expect(await log.create(order('OUO_1000000000001'))).toEqual({ created: true });
    const again = await log.create(order('OUO_1000000000001', { fingerprint: 'other' }));
    expect(again).toMatchObject({ created: false, existing: { fingerprint: 'fp' } });
    expect(await log.openOrderIds()).toEqual(['OUO_1000000000001']);
  });

  it('lets only one of two concurrent creates win', async () => {
    const log = createOrderLog(blobs.store('orders-b'));
    const results = await Promise.all([log.create(order('OUO_1000000000002')), log.create(order('OUO_1000000000002'))]);
    expect(results.filter((result) => result.created)).toHaveLength(1);
  });

  it('applies concurrent updates without losing one', async () => {
    const log = createOrderLog(blobs.store('orders-c'));
    await log.create(order('OUO_1000000000003'));
    await Promise.all(
      Array.from({ length: 5 }, (_, index) =>
        log.update('OUO_1000000000003', (current) => {
          current.history.push({ at: String(index), event: `e${index}` });
          return current;
        }),
      ),
    );
    expect((await log.get('OUO_1000000000003'))?.history).toHaveLength(5);
  });

  it('closes an order once forwarded or expired', async () => {
    const log = createOrderLog(blobs.store('orders-d'));
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
    const log = createOrderLog(blobs.store('orders-d2'));
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
    const log = createOrderLog(blobs.store('orders-d3'));
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
    const log = createOrderLog(blobs.store('orders-e'));
    await log.create(order('OUO_1000000000005'));
    await log.linkRazorpayOrder('order_abc', 'OUO_1000000000005');
    expect((await log.getByRazorpayOrder('order_abc'))?.orderId).toBe('OUO_1000000000005');
    expect(await log.getByRazorpayOrder('order_nope')).toBeUndefined();
    expect(await log.rememberEvent('evt_1')).toBe(true);
    expect(await log.rememberEvent('evt_1')).toBe(false);
    expect(await log.hasEvent('evt_1')).toBe(true);
  });

  it('refuses to update an order that does not exist', async () => {
    const log = createOrderLog(blobs.store('orders-f'));
    await expect(log.update('OUO_1000000000006', (current) => current)).rejects.toThrow(/does not exist/);
  });
});

describe('no order the reconciler cannot see', () => {
  it('writes the open marker before the order: a failed order write leaves only a harmless marker', async () => {
    const store = blobs.store('orders-marker-1');
    const broken = createOrderLog(failingWrites(store, 'order-'));
    await expect(broken.create(order('OUO_1000000000021'))).rejects.toThrow(/write of order-OUO_1000000000021 failed/);
    const log = createOrderLog(store);
    expect(await log.allOrderIds()).toEqual([]); // nothing the shopper was told about
    expect(await log.openOrderIds()).toEqual(['OUO_1000000000021']);
    // A young marker may belong to an order being written right now: kept; an old one goes.
    expect(await log.tidyMarker('OUO_1000000000021', new Date('2026-11-21T10:01:00.000Z'))).toBe('kept');
    expect(await log.tidyMarker('OUO_1000000000021', new Date('2026-11-21T10:06:00.000Z'))).toBe('removed');
    expect(await log.openOrderIds()).toEqual([]);
  });

  it('writes no order when the marker cannot be written', async () => {
    const store = blobs.store('orders-marker-2');
    const broken = createOrderLog(failingWrites(store, 'open-'));
    await expect(broken.create(order('OUO_1000000000022'))).rejects.toThrow(/write of open-/);
    expect(await createOrderLog(store).allOrderIds()).toEqual([]);
  });

  it('marks an order open again before the change that reopens it is written', async () => {
    const store = blobs.store('orders-marker-3');
    const log = createOrderLog(store);
    const done = { status: 'done' as const, attempts: 1 };
    await log.create(order('OUO_1000000000023', { status: 'forwarded', forwards: { sheet: done, shipment: done } }));
    await log.tidyMarker('OUO_1000000000023', new Date('2026-11-21T10:00:00.000Z'));
    expect(await log.openOrderIds()).toEqual([]);
    const reopen = (current: StoredOrder) => ({
      ...current,
      forwards: { ...current.forwards, sheet: { status: 'pending' as const, attempts: 1 } },
    });
    // The order's own write fails after the marker: the reconciler still finds the order.
    await expect(createOrderLog(failingWrites(store, 'order-')).update('OUO_1000000000023', reopen)).rejects.toThrow();
    expect(await log.openOrderIds()).toEqual(['OUO_1000000000023']);
    // And a settled order's leftover marker is tidied away.
    expect(await log.tidyMarker('OUO_1000000000023', new Date('2026-11-21T10:00:00.000Z'))).toBe('removed');
  });

  it('lists open orders oldest first, and orders paid twice for refund', async () => {
    const log = createOrderLog(blobs.store('orders-marker-4'));
    for (const id of ['OUO_1000000000033', 'OUO_1000000000031', 'OUO_1000000000032']) await log.create(order(id));
    expect(await log.openOrderIds()).toEqual(['OUO_1000000000031', 'OUO_1000000000032', 'OUO_1000000000033']);
    const refund = { paymentId: 'pay_2', amountPaise: 100, at: 'x', via: 'webhook' as const };
    await log.update('OUO_1000000000032', (current) => ({ ...current, refunds: [refund] }));
    expect(await log.refundOrderIds()).toEqual(['OUO_1000000000032']);
    await log.update('OUO_1000000000032', (current) => ({ ...current, refunds: [] }));
    expect(await log.refundOrderIds()).toEqual([]);
  });
});

/** A store that notes every read: which key, and how many bytes of JSON came back. */
function countingReads(store: JsonStore) {
  const reads: { key: string; bytes: number }[] = [];
  const counted: JsonStore = {
    ...store,
    async getWithMetadata(key, options) {
      const entry = await store.getWithMetadata(key, options);
      reads.push({ key, bytes: entry ? JSON.stringify(entry.data).length : 0 });
      return entry;
    },
  };
  return { store: counted, reads };
}

describe('an unknown id and a failed proof do the same work (security.md finding 8)', () => {
  const realistic = (orderId: string) => ({
    ...order(orderId, { key: 'k'.repeat(32), status: 'forwarded' }),
    customer: {
      name: 'Asha Rawat',
      email: 'asha@example.in',
      phone: '98765 43210',
      address1: '12 Mall Road',
      address2: 'Near the clock tower',
      pincode: '248001',
      city: 'Dehradun',
      state: 'Uttarakhand',
    },
  });

  it('answers the order only to its proof, and reads the same keys either way', async () => {
    const { store, reads } = countingReads(blobs.store('shopper-proof'));
    const log = createOrderLog(store);
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
      expect(reads.map((read) => read.key).sort(), label).toEqual(['decoy-order', `order-${orderId}`]);
    }
  });

  it('keeps the decoy out of every listing of orders, and never matches a proof for it', async () => {
    const log = createOrderLog(blobs.store('shopper-decoy'));
    expect(await log.findForShopper('OUO_1795700000003', () => true)).toBeUndefined();
    expect(await log.allOrderIds()).toEqual([]);
    expect(await log.openOrderIds()).toEqual([]);
  });

  it("checks the decoy with a record of an order's usual size", async () => {
    const { store, reads } = countingReads(blobs.store('shopper-size'));
    const log = createOrderLog(store);
    await log.findForShopper('OUO_1795700000004', () => false);
    await log.findForShopper('OUO_1795700000004', () => false);
    const decoyRead = reads.filter((read) => read.key === 'decoy-order').at(-1);
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
