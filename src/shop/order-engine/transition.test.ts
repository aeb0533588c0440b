import { describe, expect, it } from 'vitest';
import { bareOrder } from '#tests/support/stored-order.ts';
import type { StoredOrder } from '../order/index.ts';
import { sheetFingerprint } from './sheet-row.ts';
import { earnedSteps, earnedTasks, type OrderChangeEvent, transition } from './transition.ts';

const order = (overrides: Partial<StoredOrder> = {}): StoredOrder =>
  bareOrder({
    forwards: { sheet: { status: 'done', attempts: 1 }, shipment: { status: 'pending', attempts: 0 } },
    ...overrides,
  });

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

describe('the steps an order written whole earns, and a cancellation each time what is left of it changes', () => {
  const step = (status: 'pending' | 'done' | 'not-needed' | 'failed' | 'too-late') => ({ status, attempts: 1 });
  const cancelled = (booking: Parameters<typeof step>[0], refund: Parameters<typeof step>[0]): StoredOrder =>
    order({
      status: 'paid',
      mode: 'prepaid',
      razorpay: { orderId: 'order_1', amountPaise: 100, paymentId: 'pay_1' },
      cancellation: { reason: 'other', by: 'shopper', requestedAt: 'x', booking: step(booking), refund: step(refund) },
    } as Partial<StoredOrder>);
  const kinds = (before: StoredOrder | undefined, after: StoredOrder) =>
    earnedSteps(before, after).map((task) => task.kind);

  it("checks an order paid first with Razorpay 15 minutes after it was placed, once; a COD order's is not checked", () => {
    const placed = order({ status: 'pending', mode: 'prepaid' } as Partial<StoredOrder>);
    expect(earnedSteps(undefined, placed)).toEqual([
      { key: 'OUO_1/payment-check', kind: 'payment-check', runAt: '2026-12-01T10:15:00.000Z' },
    ]);
    expect(earnedSteps(placed, structuredClone(placed))).toEqual([]);
    expect(kinds(undefined, order())).toEqual([]);
  });

  it('asks for the money back once the booking is settled, closes the order once the refund is, then its credit note', () => {
    const asked = cancelled('pending', 'pending');
    const booked = cancelled('done', 'pending');
    expect(kinds(asked, booked)).toEqual(['cancel-finish']); // the refund to ask
    const requested = structuredClone(booked);
    requested.issuedRefunds = [
      {
        key: 'OUO_1-cancelled-1',
        paymentId: 'pay_1',
        amountPaise: 100,
        purpose: 'cancelled',
        status: 'requested',
        requestedAt: 'x',
      },
    ];
    expect(kinds(booked, requested)).toEqual(['refund']); // Razorpay's to answer: nothing left to finish yet
    const refunded = cancelled('done', 'done');
    expect(kinds(requested, refunded)).toEqual(['cancel-finish']); // to close
    const closed = {
      ...structuredClone(refunded),
      status: 'cancelled' as const,
      invoice: {} as StoredOrder['invoice'],
    };
    expect(kinds(refunded, closed)).toEqual(['cancel-finish']); // its credit note
    expect(kinds(closed, { ...closed, creditNote: {} as StoredOrder['creditNote'] })).toEqual([]);
    // A parcel that left ends the cancellation: nothing to finish.
    expect(kinds(asked, cancelled('too-late', 'not-needed'))).toEqual([]);
  });

  it('earns a refund Razorpay still calls pending when the order is written whole (moved from Blobs), not on a later change', () => {
    const moved = cancelled('done', 'done');
    moved.issuedRefunds = [
      {
        key: 'OUO_1-staff-1',
        paymentId: 'pay_1',
        amountPaise: 100,
        purpose: 'staff',
        status: 'pending',
        requestedAt: 'x',
      },
    ];
    expect(earnedSteps(undefined, moved)).toContainEqual({ key: 'OUO_1/refund/OUO_1-staff-1', kind: 'refund' });
    const later = structuredClone(moved);
    later.issuedRefunds?.push({
      ...(moved.issuedRefunds?.[0] as NonNullable<StoredOrder['issuedRefunds']>[number]),
      key: 'OUO_1-staff-2',
    });
    expect(kinds(moved, later)).toEqual([]);
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
