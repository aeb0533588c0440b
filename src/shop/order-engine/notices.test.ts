/**
 * The messages an order's change earns (docs/shop-rules.md §10, "Parcel news"): each once, under a
 * key of its own, on the channels the shopper has.
 */
import { describe, expect, it } from 'vitest';
import { bookedOrder } from '#tests/support/parcels.ts';
import type { StoredOrder } from '../order/index.ts';
import { whatsappConsent } from '../whatsapp.ts';
import { enqueueNotice, enqueueOrderNotice, shippedNoticed } from './notices.ts';

const AT = '2026-12-02T10:00:00.000Z';
const LATER = '2026-12-02T11:00:00.000Z';

function booked(options: { consent?: boolean; sentBefore?: number } = {}): StoredOrder {
  const order = bookedOrder({ orderId: 'OUO_1' });
  if (options.consent) order.whatsapp = { consent: whatsappConsent(AT) };
  if (options.sentBefore)
    order.earlierShipments = Array.from({ length: options.sentBefore }, (_, n) => ({
      waybill: `WB${n}`,
      reference: n === 0 ? 'OUO_1' : `OUO_1-${n + 1}`,
      bookedAt: AT,
    }));
  return order;
}

describe('enqueueNotice', () => {
  it("writes the first parcel's news under its plain key, by email and, agreed to, on WhatsApp", () => {
    const order = booked({ consent: true });
    enqueueNotice(order, { event: 'shipped', key: 'shipped' }, AT);
    const pending = (channel: 'email' | 'whatsapp') => ({
      channel,
      event: 'shipped',
      status: 'pending',
      attempts: 0,
      createdAt: AT,
    });
    expect(order.notices).toEqual({ 'email:shipped': pending('email'), 'whatsapp:shipped': pending('whatsapp') });
    expect(shippedNoticed(order)).toBe(true);
  });

  it('writes the news of a parcel booked again under its own key, so the shopper hears that one ship too', () => {
    const order = booked({ sentBefore: 1 });
    expect(shippedNoticed(order)).toBe(false);
    enqueueNotice(order, { event: 'shipped', key: 'shipped' }, AT);
    expect(Object.keys(order.notices ?? {})).toEqual(['email:shipped-parcel-2']);
    expect(shippedNoticed(order)).toBe(true);
    const third = booked({ sentBefore: 2 });
    enqueueNotice(third, { event: 'delivered', key: 'delivered' }, AT);
    expect(Object.keys(third.notices ?? {})).toEqual(['email:delivered-parcel-3']);
  });

  it('never writes a notice twice: one earned before stays as it is', () => {
    const order = booked();
    const sent = {
      channel: 'email' as const,
      event: 'shipped' as const,
      status: 'sent' as const,
      attempts: 1,
      createdAt: AT,
    };
    order.notices = { 'email:shipped': sent };
    enqueueNotice(order, { event: 'shipped', key: 'shipped' }, LATER);
    expect(order.notices).toEqual({ 'email:shipped': sent });
  });

  it('writes nothing when the change earned no notice', () => {
    const order = booked({ consent: true });
    enqueueNotice(order, undefined, AT);
    expect(order.notices).toBeUndefined();
  });
});

describe('enqueueOrderNotice', () => {
  it("earns `placed` on WhatsApp only (the email is the confirmation's), and nothing without consent", () => {
    const agreed = booked({ consent: true });
    enqueueOrderNotice(agreed, 'placed', AT);
    expect(Object.keys(agreed.notices ?? {})).toEqual(['whatsapp:placed']);
    const declined = booked();
    enqueueOrderNotice(declined, 'placed', AT);
    expect(declined.notices).toBeUndefined();
  });

  it('keeps a second refund apart under its own key', () => {
    const order = booked();
    enqueueOrderNotice(order, 'refunded', AT, 'refunded-1');
    enqueueOrderNotice(order, 'refunded', LATER, 'refunded-2');
    enqueueOrderNotice(order, 'refunded', LATER, 'refunded-1');
    expect(order.notices).toMatchObject({
      'email:refunded-1': { event: 'refunded', createdAt: AT },
      'email:refunded-2': { event: 'refunded', createdAt: LATER },
    });
  });
});
