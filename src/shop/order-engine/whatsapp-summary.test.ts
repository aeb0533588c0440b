/**
 * The Orders tab's WhatsApp and WhatsApp Cost cells (docs/staff-guide.md, "Order updates on
 * WhatsApp"): short, from the order log alone.
 */
import { describe, expect, it } from 'vitest';
import type { NoticeState, StoredOrder } from '../order/index.ts';
import { STOPPED, whatsappConsent } from '../whatsapp.ts';
import { whatsappCost, whatsappSummary } from './whatsapp-summary.ts';

const done = { status: 'done' as const, attempts: 1 };
const consent = whatsappConsent('2026-11-21T10:00:00.000Z');

function notice(event: NoticeState['event'], overrides: Partial<NoticeState> = {}): NoticeState {
  return {
    channel: 'whatsapp',
    event,
    status: 'sent',
    attempts: 1,
    createdAt: '2026-11-21T10:00:00.000Z',
    ...overrides,
  };
}

function order(
  notices: Record<string, NoticeState> = {},
  whatsapp: StoredOrder['whatsapp'] = { consent },
): Pick<StoredOrder, 'forwards' | 'notices' | 'whatsapp'> {
  return { forwards: { sheet: done, shipment: done, email: done }, notices, whatsapp };
}

const read = { status: 'read', at: '2026-11-22T10:00:00.000Z', category: 'utility', pricingType: 'regular' };

describe('whatsappSummary', () => {
  it('says off for a shopper who did not tick the box', () => {
    expect(whatsappSummary(order({}, {}))).toBe('off');
    expect(whatsappSummary(order({ 'email:shipped': { ...notice('shipped'), channel: 'email' } }, {}))).toBe('off');
  });

  it('says on while nothing was sent yet', () => {
    expect(whatsappSummary(order())).toBe('on');
  });

  it("shows the newest message's event and Meta's status", () => {
    const notices = {
      'whatsapp:placed': notice('placed', { delivery: read }),
      'whatsapp:shipped': notice('shipped', {
        createdAt: '2026-11-22T09:00:00.000Z',
        delivery: { ...read, status: 'delivered' },
      }),
      // Skipped: it never went.
      'whatsapp:out-for-delivery': notice('out-for-delivery', {
        status: 'skipped',
        createdAt: '2026-11-23T09:00:00.000Z',
      }),
    };
    expect(whatsappSummary(order(notices))).toBe('shipped: delivered');
    expect(whatsappSummary(order({ 'whatsapp:placed': notice('placed') }))).toBe('placed: sent');
    expect(
      whatsappSummary(order({ 'whatsapp:placed': notice('placed', { delivery: { ...read, status: 'played' } }) })),
    ).toBe('placed: read');
  });

  it('takes the later written of two messages earned at once', () => {
    const notices = {
      'whatsapp:cancelled': notice('cancelled'),
      'whatsapp:refunded-r1': notice('refunded', { status: 'pending' }),
    };
    expect(whatsappSummary(order(notices))).toBe('refunded: waiting');
  });

  it('takes the newest message by when it was earned, not by where it sits on the order', () => {
    const notices = {
      'whatsapp:shipped': notice('shipped', { createdAt: '2026-11-22T09:00:00.000Z', delivery: read }),
      'whatsapp:placed': notice('placed'),
    };
    expect(whatsappSummary(order(notices))).toBe('shipped: read');
  });

  it('says a message waits, is retried, or was given up and why, and whether the email went', () => {
    expect(whatsappSummary(order({ 'whatsapp:shipped': notice('shipped', { status: 'sending' }) }))).toBe(
      'shipped: waiting',
    );
    const down = notice('shipped', { status: 'failed', lastError: 'unavailable: order_shipped: Meta answered 503' });
    expect(whatsappSummary(order({ 'whatsapp:shipped': down }))).toBe(
      'shipped: retrying (unavailable: order_shipped: Meta answered 503)',
    );
    const refused = notice('delivery-failed', {
      status: 'gave-up',
      lastError: 'undeliverable: order delivery_failed: Meta answered 400: (#131026) Message undeliverable',
    });
    const email = { ...notice('delivery-failed'), channel: 'email' as const };
    expect(whatsappSummary(order({ 'whatsapp:delivery-failed': refused, 'email:delivery-failed': email }))).toBe(
      'delivery failed: not sent (131026 Message undeliverable), email sent',
    );
    expect(whatsappSummary(order({ 'whatsapp:delivery-failed': refused }))).toBe(
      'delivery failed: not sent (131026 Message undeliverable)',
    );
    expect(whatsappSummary(order({ 'whatsapp:placed': notice('placed', { status: 'gave-up' }) }))).toBe(
      'placed: not sent (no reason given), email sent',
    );
  });

  it("shows Meta's failure of a sent message, cut short", () => {
    const failed = notice('placed', {
      delivery: { status: 'failed', at: read.at, error: `131049: ${'This message was not delivered '.repeat(3)}` },
    });
    const summary = whatsappSummary(order({ 'whatsapp:placed': failed }));
    expect(summary).toMatch(/^placed: failed \(131049: This message was not delivered.{20,}…\), email sent$/);
    expect(summary.length).toBeLessThan(100);
  });

  it('says off (STOP) once a message was not sent because the phone replied STOP', () => {
    const stopped = notice('shipped', { status: 'gave-up', lastError: STOPPED, createdAt: '2026-11-22T09:00:00.000Z' });
    expect(
      whatsappSummary(order({ 'whatsapp:placed': notice('placed', { delivery: read }), 'whatsapp:shipped': stopped })),
    ).toBe('off (STOP)');
  });

  it("adds the shopper's newest quick reply and what Delhivery answered", () => {
    const replies = [
      { choice: 'change-address', at: read.at, messageId: 'wamid.1' },
      { choice: 'deliver-tomorrow', at: read.at, messageId: 'wamid.2', ndr: 're-attempt queued (UPL1)' },
    ];
    const notices = { 'whatsapp:delivery-failed': notice('delivery-failed', { delivery: read }) };
    expect(whatsappSummary(order(notices, { consent, replies }))).toBe(
      'delivery failed: read; reply: deliver tomorrow, re-attempt queued (UPL1)',
    );
    expect(whatsappSummary(order(notices, { consent, replies: replies.slice(0, 1) }))).toBe(
      'delivery failed: read; reply: change address',
    );
  });
});

describe('whatsappCost', () => {
  it('is empty while no message was priced', () => {
    expect(whatsappCost(order())).toBe('');
    expect(whatsappCost(order({ 'whatsapp:placed': notice('placed') }))).toBe('');
  });

  it("counts the messages by Meta's category, and those billed (pricing type regular)", () => {
    const notices = {
      'whatsapp:placed': notice('placed', { delivery: read }),
      'whatsapp:shipped': notice('shipped', { delivery: { ...read, pricingType: 'free_customer_service' } }),
      'whatsapp:delivery-failed': notice('delivery-failed', { delivery: read }),
      'whatsapp:cancelled': notice('cancelled', {
        delivery: { ...read, category: 'service', pricingType: 'free_entry_point' },
      }),
      'email:cancelled': { ...notice('cancelled', { delivery: read }), channel: 'email' as const },
    };
    expect(whatsappCost(order(notices))).toBe('utility 3 (billed 2); service 1 (billed 0)');
  });
});
