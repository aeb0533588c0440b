import { describe, expect, it } from 'vitest';
import { bareOrder } from '#tests/support/stored-order.ts';
import type { StoredOrder } from '../order-record.ts';
import { sheetFingerprint } from './sheet-row.ts';
import { earnedTasks, type OrderChangeEvent, transition } from './transition.ts';

const order = (): StoredOrder =>
  bareOrder({ forwards: { sheet: { status: 'done', attempts: 1 }, shipment: { status: 'pending', attempts: 0 } } });

describe('earnedTasks', () => {
  it('names each forward asked for anew and each notice added, under its task key', () => {
    const before = order();
    const after = structuredClone(before);
    after.forwards.sheet = { status: 'pending', attempts: 1 };
    after.notices = {
      'email:shipped': { channel: 'email', event: 'shipped', status: 'pending', attempts: 0, createdAt: 'x' },
    };
    expect(earnedTasks(before, after)).toEqual([
      { key: 'OUO_1/sheet', kind: 'sheet' },
      { key: 'OUO_1/notice/email:shipped', kind: 'notice' },
    ]);
  });

  it('earns nothing for a forward already waiting or a notice already there', () => {
    const before = order();
    before.notices = {
      'email:shipped': { channel: 'email', event: 'shipped', status: 'sent', attempts: 1, createdAt: 'x' },
    };
    expect(earnedTasks(before, structuredClone(before))).toEqual([]);
  });

  it('names a parcel booked again under its own shipment reference', () => {
    const before = order();
    before.forwards.shipment = { status: 'done', attempts: 1, waybill: 'W1' };
    const after = structuredClone(before);
    after.earlierShipments = [{ waybill: 'W1', reference: 'OUO_1', bookedAt: 'x' }];
    after.forwards.shipment = { status: 'pending', attempts: 0 };
    expect(earnedTasks(before, after)).toEqual([{ key: 'OUO_1/shipment/OUO_1-2', kind: 'shipment' }]);
  });
});

describe('a COD order awaiting its confirmation', () => {
  it('earns its three chase steps when placed, each due at its time, and never again', () => {
    const placed = order();
    placed.cod = { confirmation: { state: 'awaiting', code: '1234' } } as StoredOrder['cod'];
    expect(earnedTasks(order(), placed).filter((task) => task.kind === 'cod-chase')).toEqual([
      { key: 'OUO_1/cod-chase/asked', kind: 'cod-chase', runAt: '2026-12-01T10:15:00.000Z' },
      { key: 'OUO_1/cod-chase/reminded', kind: 'cod-chase', runAt: '2026-12-02T10:00:00.000Z' },
      { key: 'OUO_1/cod-chase/call', kind: 'cod-chase', runAt: '2026-12-03T10:00:00.000Z' },
    ]);
    expect(earnedTasks(placed, structuredClone(placed)).filter((task) => task.kind === 'cod-chase')).toEqual([]);
  });
});

describe('transition', () => {
  it('refuses an event it has no rule for, rather than dropping it', () => {
    expect(() => transition(order(), { type: 'no-such-event', at: 'x' } as unknown as OrderChangeEvent)).toThrow(
      'No transition for the order event "no-such-event".',
    );
  });

  it("keeps the Sheet's fingerprint stable for the same cells, and changes it with any of them", () => {
    const one = order();
    expect(sheetFingerprint(one)).toBe(sheetFingerprint(structuredClone(one)));
    expect(sheetFingerprint(one)).toMatch(/^[0-9a-f]{16}$/);
    const paid = structuredClone(one);
    paid.record.paymentStatus = 'Completed';
    expect(sheetFingerprint(paid)).not.toBe(sheetFingerprint(one));
  });
});
