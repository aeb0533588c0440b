import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeCartItem } from '#tests/support/factories.ts';
import type { CodOrderRequest } from '../../shop/schemas/index.ts';
import {
  dequeueOrder,
  flushOutbox,
  OUTBOX_UPDATED_EVENT,
  pendingOrderFor,
  pendingOrders,
  queueOrder,
  takeNotices,
} from './outbox.ts';

const item = makeCartItem({ quantity: 2, image: '/media/white-rajma.svg' });

const request = (orderId: string): CodOrderRequest => ({
  orderId,
  customer: {
    name: 'Asha Rawat',
    email: 'asha@example.in',
    phone: '9876543210',
    address1: '12 Mall Road',
    pincode: '248001',
  },
  lines: [{ productId: 1, size: '500gm', quantity: 2 }],
  paymentMode: 'cod',
  clientTotal: 934,
});

const unreachable = { ok: false as const, kind: 'unreachable' as const, message: 'Failed to fetch' };

afterEach(() => window.localStorage.clear());

describe('the order outbox', () => {
  it('keeps an order the server could not be reached for, and tries it again later', async () => {
    const storage = window.localStorage;
    queueOrder(storage, request('OUO_1700000000001'), [item]);
    const send = vi.fn(async () => unreachable);
    await flushOutbox(storage, send);
    expect(send).toHaveBeenCalledOnce();
    expect(pendingOrders(storage)).toEqual(['OUO_1700000000001']);
    expect(takeNotices(storage)).toEqual([]);
  });

  it('turns an accepted order into a notice with its id and total, once', async () => {
    const storage = window.localStorage;
    const updated = vi.fn();
    window.addEventListener(OUTBOX_UPDATED_EVENT, updated);
    queueOrder(storage, request('OUO_1700000000002'), [item]);
    const accepted = {
      success: true as const,
      orderId: 'OUO_1700000000002',
      total: 934,
      status: 'forwarded' as const,
      key: 'a'.repeat(32),
    };
    await flushOutbox(storage, async () => ({ ok: true as const, data: accepted }), window);
    expect(pendingOrders(storage)).toEqual([]);
    expect(updated).toHaveBeenCalled();
    expect(takeNotices(storage)).toEqual([
      { kind: 'accepted', orderId: 'OUO_1700000000002', total: 934, items: [item] },
    ]);
    expect(takeNotices(storage)).toEqual([]);
    window.removeEventListener(OUTBOX_UPDATED_EVENT, updated);
  });

  it("turns a refusal into a notice with the server's reason and the lines to put back", async () => {
    const storage = window.localStorage;
    queueOrder(storage, request('OUO_1700000000003'), [item]);
    const refusal = {
      ok: false as const,
      kind: 'refused' as const,
      status: 422,
      code: 'OUT_OF_STOCK' as const,
      message: 'Only 1 of Himalayan White Rajma 500gm are in stock.',
    };
    await flushOutbox(storage, async () => refusal);
    expect(pendingOrders(storage)).toEqual([]);
    expect(takeNotices(storage)).toEqual([
      { kind: 'refused', orderId: 'OUO_1700000000003', message: refusal.message, items: [item] },
    ]);
  });

  it('replaces an order queued again under its id, and forgets one the page got through', () => {
    const storage = window.localStorage;
    queueOrder(storage, request('OUO_1700000000004'), [item]);
    queueOrder(storage, request('OUO_1700000000004'), [item]);
    queueOrder(storage, request('OUO_1700000000005'), [item]);
    expect(pendingOrders(storage)).toEqual(['OUO_1700000000004', 'OUO_1700000000005']);
    dequeueOrder(storage, 'OUO_1700000000004');
    expect(pendingOrders(storage)).toEqual(['OUO_1700000000005']);
    expect(pendingOrderFor(storage, request('x').lines)).toBe('OUO_1700000000005');
    expect(pendingOrderFor(storage, [{ productId: 3, size: '120gm', quantity: 1 }])).toBeUndefined();
  });

  it('reads damaged storage as empty', () => {
    window.localStorage.setItem('orderOutbox', '{not json');
    window.localStorage.setItem('orderOutboxNotices', '"a string"');
    expect(pendingOrders(window.localStorage)).toEqual([]);
    expect(takeNotices(window.localStorage)).toEqual([]);
  });
});
