/**
 * The parcel's and the tasks' events as the order's engine applies them: the carrier's scans read
 * (docs/shop-rules.md §4 "Parcel"), a task settled (§10), the invoice and credit note frozen (§12).
 * Each changes the order once: applied again, it changes nothing.
 */

import { describe, expect, it } from 'vitest';
import { makeCreditNote, makeInvoice } from '#tests/support/invoices.ts';
import { bookedOrder, change, parcelOf } from '#tests/support/parcels.ts';
import type { ForwardState, NoticeState, StoredOrder } from '../order/index.ts';
import type { CarrierScan } from '../parcel/index.ts';
import type { ParcelEvent } from './parcel-events.ts';
import { transition } from './transition.ts';

const AT = '2026-12-02T10:00:00.000Z';
const SHEET_TASK = { key: 'OUO_1/sheet', kind: 'sheet' };

const scan = (at: string, type: string | undefined, status: string, extra: Partial<CarrierScan> = {}): CarrierScan => ({
  at,
  status,
  location: 'Hub',
  ...(type ? { type } : {}),
  ...extra,
});

const PICKED_UP = scan('2026-11-21T10:00:00.000Z', 'PU', 'Picked Up');
const IN_TRANSIT = scan('2026-11-21T18:00:00.000Z', 'UD', 'In Transit');

/** A COD order booked on 21 Nov, its Sheet rows written before (by their Status alone). */
const booked = (): StoredOrder => bookedOrder({ orderId: 'OUO_1' });

const scansRead = (scans: CarrierScan[], extra: Partial<ParcelEvent> = {}): ParcelEvent =>
  ({ type: 'scans-read', at: AT, scans, ...extra }) as ParcelEvent;

describe('scans-read', () => {
  it('stores each new change with its scan, earns the one notice it is news of, and re-arms the rows', () => {
    const { order, changed, tasks } = transition(booked(), scansRead([IN_TRANSIT, PICKED_UP]));
    expect(changed).toBe(true);
    expect(order.parcel).toMatchObject({
      state: 'in-transit',
      lastScanAt: IN_TRANSIT.at,
      checkedAt: AT,
      changes: [
        { state: 'picked-up', at: PICKED_UP.at },
        { state: 'in-transit', at: IN_TRANSIT.at },
      ],
    });
    expect(order.parcel?.simulated).toBeUndefined();
    expect(order.history).toEqual([
      { at: AT, event: `parcel: picked-up (scan of ${PICKED_UP.at})` },
      { at: AT, event: `parcel: in-transit (scan of ${IN_TRANSIT.at})` },
    ]);
    expect(order.notices?.['email:shipped']).toMatchObject({ event: 'shipped', status: 'pending', createdAt: AT });
    expect(order.updatedAt).toBe(AT);
    expect(tasks).toEqual([SHEET_TASK, { key: 'OUO_1/notice/email:shipped', kind: 'notice' }]);
  });

  it('changes nothing when the same scans are read again, or say nothing new', () => {
    const once = transition(booked(), scansRead([PICKED_UP, IN_TRANSIT])).order;
    expect(transition(once, scansRead([PICKED_UP, IN_TRANSIT]))).toEqual({ order: once, changed: false, tasks: [] });
    const manifested = scan('2026-11-22T06:00:00.000Z', 'UD', 'Manifested');
    const known = bookedOrder({ orderId: 'OUO_1', parcel: parcelOf(change('in-transit', '2026-11-21T18:00:00.000Z')) });
    expect(transition(known, scansRead([manifested])).changed).toBe(false);
  });

  it('keeps a scan it cannot read for staff, with its words in the history', () => {
    const customs = scan('2026-11-22T06:00:00.000Z', 'ZZ', 'Held by customs');
    const words = scan('2026-11-22T07:00:00.000Z', undefined, 'Weighed');
    const { order, tasks } = transition(booked(), scansRead([customs, words]));
    expect(order.parcel).toMatchObject({ state: 'booked', changes: [], unknown: [customs, words] });
    expect(order.history).toEqual([
      { at: AT, event: 'parcel: unread scan "ZZ Held by customs"' },
      { at: AT, event: 'parcel: unread scan " Weighed"' },
    ]);
    expect(order.notices).toBeUndefined();
    expect(tasks).toEqual([SHEET_TASK]);
  });

  it('marks a parcel the local stand-in made up as such', () => {
    const { order } = transition(booked(), scansRead([PICKED_UP], { simulated: true }));
    expect(order.parcel).toMatchObject({ state: 'picked-up', simulated: true });
  });
});

/** The `task-settled` of a forward (the task `OUO_1/<kind>`) or of the notice `email:shipped`. */
const forwardSettled = (kind: 'shipment' | 'sheet' | 'invoice', state: ForwardState): ParcelEvent => ({
  type: 'task-settled',
  at: AT,
  key: kind === 'shipment' ? 'OUO_1/shipment/OUO_1' : `OUO_1/${kind}`,
  kind,
  state,
});
const noticeSettled = (state: NoticeState): ParcelEvent => ({
  type: 'task-settled',
  at: AT,
  key: 'OUO_1/notice/email:shipped',
  kind: 'notice',
  state,
});

/** A COD order placed, its booking running, its Sheet rows written. */
function booking(): StoredOrder {
  const order = booked();
  order.status = 'pending';
  order.forwards.shipment = { status: 'sending', attempts: 1, claimedAt: AT };
  return order;
}

describe('task-settled', () => {
  const BOOKED: ForwardState = { status: 'done', attempts: 1, at: AT, waybill: 'WB9' };

  it('writes a booking on the order: its waybill, its history, `forwarded`, and the rows that now show it', () => {
    const { order, changed, tasks } = transition(booking(), forwardSettled('shipment', BOOKED));
    expect(changed).toBe(true);
    expect(order.forwards.shipment).toEqual(BOOKED);
    expect(order.status).toBe('forwarded');
    expect(order.history).toEqual([{ at: AT, event: 'shipment: done' }]);
    expect(order.updatedAt).toBe(AT);
    expect(tasks).toEqual([SHEET_TASK]);
  });

  it('changes nothing when the same settle comes again', () => {
    const once = transition(booking(), forwardSettled('shipment', BOOKED)).order;
    expect(transition(once, forwardSettled('shipment', BOOKED)).changed).toBe(false);
  });

  it('writes a failure in its own words, and the order waits for its booking', () => {
    const failed: ForwardState = { status: 'failed', attempts: 1, lastError: 'Delhivery is down', at: AT };
    const { order } = transition(booking(), forwardSettled('shipment', failed));
    expect(order.history).toEqual([{ at: AT, event: 'shipment: failed (Delhivery is down)' }]);
    expect(order.status).toBe('pending');
  });

  it('has a booking that settled after the cancellation was asked cancelled too', () => {
    const order = booking();
    order.cancellation = {
      reason: 'ordered-by-mistake',
      by: 'shopper',
      requestedAt: AT,
      booking: { status: 'not-needed', attempts: 0 },
      refund: { status: 'not-needed', attempts: 0 },
    };
    const settled = transition(order, forwardSettled('shipment', BOOKED)).order;
    expect(settled.cancellation?.booking).toEqual({ status: 'pending', attempts: 0 });
    const unbooked = transition(order, forwardSettled('shipment', { status: 'done', attempts: 1, at: AT })).order;
    expect(unbooked.cancellation?.booking.status).toBe('not-needed');
  });

  it('writes a forward the order did not show yet, and leaves an order already forwarded as it is', () => {
    const order = booked();
    const { order: invoiced, changed } = transition(order, forwardSettled('invoice', { status: 'done', attempts: 1 }));
    expect(changed).toBe(true);
    expect(invoiced.forwards.invoice).toEqual({ status: 'done', attempts: 1 });
    expect(invoiced.status).toBe('forwarded');
    expect(invoiced.history).toEqual([{ at: AT, event: 'invoice: done' }]);
  });

  it('does not hand an order over while its rows are not written', () => {
    const order = booking();
    order.forwards.sheet = { status: 'failed', attempts: 2 };
    expect(transition(order, forwardSettled('shipment', BOOKED)).order.status).toBe('pending');
  });

  describe('of a notice', () => {
    const sending = (): StoredOrder => {
      const order = booked();
      order.notices = {
        'email:shipped': { channel: 'email', event: 'shipped', status: 'sending', attempts: 1, createdAt: AT },
      };
      return order;
    };
    const state = (extra: Partial<NoticeState>): NoticeState => ({
      channel: 'email',
      event: 'shipped',
      status: 'sent',
      attempts: 1,
      createdAt: AT,
      at: AT,
      ...extra,
    });

    it('writes it sent under its key on the order, once', () => {
      const sent = state({ messageId: 'm1' });
      const { order, changed, tasks } = transition(sending(), noticeSettled(sent));
      expect(changed).toBe(true);
      expect(order.notices?.['email:shipped']).toEqual(sent);
      expect(order.history).toEqual([{ at: AT, event: 'email:shipped: sent' }]);
      expect(tasks).toEqual([SHEET_TASK]);
      expect(transition(order, noticeSettled(sent)).changed).toBe(false);
    });

    it('says why it failed, or that it was no longer true', () => {
      const failed = transition(sending(), noticeSettled(state({ status: 'failed', lastError: 'mail down' }))).order;
      expect(failed.history).toEqual([{ at: AT, event: 'email:shipped: failed (mail down)' }]);
      const skipped = transition(sending(), noticeSettled(state({ status: 'skipped' }))).order;
      expect(skipped.history).toEqual([{ at: AT, event: 'email:shipped: skipped (no longer true)' }]);
    });

    it('writes a notice the order did not show', () => {
      const { order } = transition(booked(), noticeSettled(state({})));
      expect(order.notices).toEqual({ 'email:shipped': state({}) });
    });
  });
});

describe('invoice-issued and credit-note-issued', () => {
  const invoice = makeInvoice({ orderId: 'OUO_1' });
  const creditNote = makeCreditNote({ invoice });

  it('freezes the invoice on the order with its number in the history, and the rows show it', () => {
    const { order, changed, tasks } = transition(booked(), { type: 'invoice-issued', at: AT, invoice });
    expect(changed).toBe(true);
    expect(order.invoice).toEqual(invoice);
    expect(order.history).toEqual([{ at: AT, event: `invoice ${invoice.number} issued` }]);
    expect(order.updatedAt).toBe(AT);
    expect(tasks).toEqual([SHEET_TASK]);
  });

  it('keeps the one invoice an order has', () => {
    const once = transition(booked(), { type: 'invoice-issued', at: AT, invoice }).order;
    const another = { ...invoice, number: 'OUO/26-27/000124' };
    expect(transition(once, { type: 'invoice-issued', at: AT, invoice: another }).changed).toBe(false);
  });

  it('freezes the credit note once', () => {
    const invoiced = transition(booked(), { type: 'invoice-issued', at: AT, invoice }).order;
    const { order, changed } = transition(invoiced, { type: 'credit-note-issued', at: AT, creditNote });
    expect(changed).toBe(true);
    expect(order.creditNote).toEqual(creditNote);
    expect(order.history.at(-1)).toEqual({ at: AT, event: `credit note ${creditNote.number} issued` });
    expect(transition(order, { type: 'credit-note-issued', at: AT, creditNote }).changed).toBe(false);
  });
});
