import { describe, expect, it, vi } from 'vitest';
import type { PhoneOrder } from '#shop/cod/index.ts';
import { freshDatabase } from '#tests/support/database.ts';
import { earlierOrders, KEPT_ORDERS, NO_PHONE_HISTORY, notePhoneOrder, phoneHistory } from './phone-history.ts';

/** A phone history on a fresh schema of the run's PostgreSQL server. */
const freshHistory = async () => phoneHistory((await freshDatabase()).db);

const PHONE = '9876543210';
const entry = (n: number, overrides: Partial<PhoneOrder> = {}): PhoneOrder => ({
  orderId: `OUO_${1_764_000_000_000 + n}`,
  at: '2026-11-21T10:00:00.000Z',
  total: 934,
  mode: 'cod',
  ...overrides,
});

describe("a phone's history", () => {
  it('keeps each order once, and its first outcome', async () => {
    const history = await freshHistory();
    expect(await history.orders(PHONE)).toEqual([]);
    await history.record(PHONE, entry(1));
    await history.record(PHONE, entry(1));
    await history.record(PHONE, entry(1, { outcome: 'returned' }));
    await history.record(PHONE, entry(1, { outcome: 'returned' }));
    // A parcel sent again and delivered after a return keeps the return.
    await history.record(PHONE, entry(1, { outcome: 'delivered' }));
    await history.record(PHONE, entry(2, { mode: 'prepaid', outcome: 'cancelled' }));
    expect(await history.orders(PHONE)).toEqual([
      entry(1, { outcome: 'returned' }),
      entry(2, { mode: 'prepaid', outcome: 'cancelled' }),
    ]);
    expect(await history.orders('9123456789')).toEqual([]);
    // The same phone however it is written; something that is no phone is kept apart, as typed.
    expect(await history.orders('+91 98765 43210')).toHaveLength(2);
    await history.record('12345', entry(3));
    expect(await history.orders('12345')).toEqual([entry(3)]);
  });

  it('loses nothing when many orders and outcomes of one phone are written at once', async () => {
    const history = await freshHistory();
    await Promise.all([
      ...Array.from({ length: 12 }, (_, n) => history.record(PHONE, entry(n))),
      ...Array.from({ length: 12 }, (_, n) => history.record(PHONE, entry(n))),
    ]);
    await Promise.all(Array.from({ length: 12 }, (_, n) => history.record(PHONE, entry(n, { outcome: 'delivered' }))));
    const orders = (await history.orders(PHONE)) ?? [];
    expect(orders.map((order) => order.orderId).sort()).toEqual(Array.from({ length: 12 }, (_, n) => entry(n).orderId));
    expect(orders.every((order) => order.outcome === 'delivered')).toBe(true);
  });

  it('reads the newest orders only', async () => {
    const history = await freshHistory();
    for (let n = 0; n < KEPT_ORDERS + 2; n += 1) await history.record(PHONE, entry(n));
    const orders = (await history.orders(PHONE)) ?? [];
    expect(orders).toHaveLength(KEPT_ORDERS);
    expect(orders[0]?.orderId).toBe(entry(2).orderId);
  });
});

describe('the history never blocks an order', () => {
  const broken = {
    codHistory: {
      orders: vi.fn(async () => {
        throw new Error('Blobs answered 503');
      }),
      record: vi.fn(async () => {
        throw new Error('Blobs answered 503');
      }),
    },
  };

  it('is decided on as empty, and logged, when it cannot be read', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    expect(await earlierOrders(broken, PHONE, 'OUO_1')).toEqual([]);
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('unreadable, deciding with none'));
    warn.mockRestore();
  });

  it('logs a write that failed and goes on', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const order = {
      orderId: 'OUO_1764000000001',
      createdAt: '2026-11-21T10:00:00.000Z',
      mode: 'cod' as const,
      totals: { subtotal: 694, shippingCharge: 90, codCharge: 150, total: 934 },
      customer: { phone: PHONE } as never,
    };
    await expect(notePhoneOrder(broken, order, 'delivered')).resolves.toBeUndefined();
    expect(broken.codHistory.record).toHaveBeenCalledWith(PHONE, {
      orderId: 'OUO_1764000000001',
      at: '2026-11-21T10:00:00.000Z',
      total: 934,
      mode: 'cod',
      outcome: 'delivered',
    });
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('not entered'));
    warn.mockRestore();
  });

  it('leaves out the order asked about, and reads nothing where no history is kept', async () => {
    const history = await freshHistory();
    await history.record(PHONE, entry(1));
    await history.record(PHONE, entry(2));
    expect(await earlierOrders({ codHistory: history }, PHONE, entry(1).orderId)).toEqual([entry(2)]);
    expect(await earlierOrders({ codHistory: NO_PHONE_HISTORY }, PHONE, 'OUO_1')).toBeUndefined();
    await expect(NO_PHONE_HISTORY.record(PHONE, entry(1))).resolves.toBeUndefined();
  });
});
