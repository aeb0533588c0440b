/**
 * The mail provider's word that an email to the shopper came back for good (email-events.ts): kept
 * once on the order, shown to staff as `Needs attention` while the order still has news for the
 * shopper, and never twice.
 */
import { describe, expect, it } from 'vitest';
import { bookedOrder } from '#tests/support/parcels.ts';
import type { StoredOrder } from '../order/index.ts';
import { callAboutEmail, EMAIL_REASON_MAX, type EmailUndeliverableEvent, emailAttention } from './email-events.ts';
import { needsAttention } from './order-flags.ts';
import { staffStatusLabel } from './staff-status.ts';
import { transition } from './transition.ts';

const AT = '2026-12-07T10:00:00.000Z';

const bounce = (overrides: Partial<EmailUndeliverableEvent> = {}): EmailUndeliverableEvent => ({
  type: 'email-undeliverable',
  at: AT,
  emailId: 'OUO_1',
  kind: 'bounce',
  reason: '550 5.1.1 The email account that you tried to reach does not exist.',
  ...overrides,
});

const booked = (): StoredOrder => bookedOrder({ orderId: 'OUO_1' });

describe('email-undeliverable', () => {
  it('keeps the first bounce on the order with its words, once, and rewrites the Sheet', () => {
    const result = transition(booked(), bounce());
    expect(result.changed).toBe(true);
    expect(result.order.emailUndeliverable).toEqual({
      emailId: 'OUO_1',
      kind: 'bounce',
      reason: '550 5.1.1 The email account that you tried to reach does not exist.',
      at: AT,
    });
    expect(result.order.history.at(-1)?.event).toBe(
      'email OUO_1 bounced: 550 5.1.1 The email account that you tried to reach does not exist.',
    );
    expect(result.tasks).toEqual([{ key: 'OUO_1/sheet', kind: 'sheet' }]);
    // A replay, or a complaint after the bounce, changes nothing.
    expect(transition(result.order, bounce()).changed).toBe(false);
    expect(transition(result.order, bounce({ kind: 'complaint', emailId: 'OUO_1-shipped' })).changed).toBe(false);
  });

  it('shortens long words and names a complaint without any', () => {
    const long = transition(booked(), bounce({ reason: 'x'.repeat(500) })).order;
    expect(long.emailUndeliverable?.reason).toHaveLength(EMAIL_REASON_MAX);
    const complaint = transition(booked(), bounce({ kind: 'complaint', reason: '  ' })).order;
    expect(complaint.emailUndeliverable).toMatchObject({ kind: 'complaint', reason: 'no reason given' });
    expect(staffStatusLabel(complaint)).toBe(
      'Needs attention: email undeliverable (marked as spam: no reason given); call the shopper',
    );
  });
});

describe('staff told to call while the order has news for the shopper', () => {
  const undeliverable = (change: (order: StoredOrder) => void = () => undefined) => {
    const order = transition(booked(), bounce()).order;
    change(order);
    return order;
  };

  it('marks an open order Needs attention with the provider’s words', () => {
    const order = undeliverable();
    expect(callAboutEmail(order)).toBe(true);
    expect(needsAttention(order)).toBe(true);
    expect(staffStatusLabel(order)).toBe(
      'Needs attention: email undeliverable (bounced: 550 5.1.1 The email account that you tried to reach does not exist.); call the shopper',
    );
  });

  it('lets it rest once the order is over: delivered, cancelled, expired', () => {
    for (const order of [
      undeliverable((o) => {
        o.parcel = { state: 'delivered', changes: [] } as unknown as NonNullable<StoredOrder['parcel']>;
      }),
      undeliverable((o) => {
        o.status = 'cancelled';
      }),
      undeliverable((o) => {
        o.status = 'expired';
      }),
      undeliverable((o) => {
        o.cancellation = { reason: 'other', by: 'shopper', requestedAt: AT } as NonNullable<
          StoredOrder['cancellation']
        >;
      }),
    ]) {
      expect(callAboutEmail(order)).toBe(false);
      expect(emailAttention(order)).toBeUndefined();
      expect(needsAttention(order)).toBe(false);
    }
    expect(emailAttention(booked())).toBeUndefined();
  });
});
