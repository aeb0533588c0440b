import { describe, expect, it } from 'vitest';
import { whatsappConsent } from '#shop/whatsapp.ts';
import { bookedOrder, change, parcelOf } from '#tests/support/parcels.ts';
import { TEMPLATE_PARAMETERS } from '../whatsapp/templates.ts';
import { whatsappMessage } from './whatsapp-message.ts';

describe('whatsappMessage', () => {
  const ADVANCE = { decision: { outcome: 'allow' as const, reasons: [], at: '' }, advance: { amount: 150 } };
  const order = bookedOrder({ orderId: 'OUO_1', mode: 'prepaid', bookedAt: '2026-11-21T06:00:00.000Z' });
  /** A staff refund of ₹250 on the order, Razorpay's or made by hand. */
  const refund = {
    key: 'OUO_1-staff-1',
    paymentId: 'pay_1',
    amountPaise: 25_000,
    purpose: 'staff' as const,
    status: 'processed' as const,
    requestedAt: '2026-11-22T10:00:00.000Z',
  };
  const events = [
    'placed',
    'shipped',
    'out-for-delivery',
    'delivery-failed',
    'delivered',
    'cancelled',
    'refunded',
  ] as const;

  it.each(events)('fills every {{n}} of the template for %s, in order', (event) => {
    const message = whatsappMessage(order, event, event, '249135');
    expect(message?.parameters).toHaveLength(TEMPLATE_PARAMETERS[message?.template ?? 'order_placed'].length);
    expect(message).toMatchObject({ id: `OUO_1-${event}`, orderId: 'OUO_1', language: 'en' });
  });

  it('says when a parcel should arrive, and that a prepaid one has nothing to pay', () => {
    // Booked 21 Nov in Dehradun (248001): 2–4 days from the Uttarkashi pickup.
    expect(whatsappMessage(order, 'shipped', 'shipped', '249135')?.parameters.at(-1)).toBe('by 25 Nov');
    expect(whatsappMessage(order, 'out-for-delivery', 'out-for-delivery', '249135')?.parameters[2]).toBe(
      'nothing, paid online',
    );
  });

  it('tells a delivered parcel by order_delivered, with nothing but the name and the order id', () => {
    expect(whatsappMessage(order, 'delivered', 'delivered', '249135')).toMatchObject({
      template: 'order_delivered',
      parameters: ['Asha', 'OUO_1'],
    });
  });

  it("names what the courier said, or that nothing was said, and offers the three replies with the order's id", () => {
    const failed = { ...order, parcel: parcelOf(change('delivery-failed', '2026-11-22T10:00:00.000Z')) };
    expect(whatsappMessage(failed, 'delivery-failed', 'delivery-failed', '249135')?.parameters[2]).toEqual(
      expect.any(String),
    );
    const message = whatsappMessage(order, 'delivery-failed', 'delivery-failed', '249135');
    expect(message?.parameters[2]).toBe('no reason given');
    expect(message?.buttons?.map((button) => button.type === 'quick_reply' && button.payload)).toEqual([
      'NDR_DELIVER_TOMORROW:OUO_1',
      'NDR_CHANGE_ADDRESS:OUO_1',
      'NDR_CANCEL:OUO_1',
    ]);
  });

  it("tells a refund its amount and Razorpay's reference, or that it went by hand", () => {
    const refunded = { ...order, issuedRefunds: [{ ...refund, refundId: 'rfnd_1' }] };
    expect(whatsappMessage(refunded, 'refunded', 'refunded-OUO_1-staff-1', '249135')?.parameters).toEqual([
      'Asha',
      '₹250',
      'OUO_1',
      'rfnd_1',
    ]);
    const byHand = { ...order, issuedRefunds: [{ ...refund, manual: true as const }] };
    expect(whatsappMessage(byHand, 'refunded', 'refunded-OUO_1-staff-1', '249135')?.parameters[3]).toBe(
      'UPI or bank transfer',
    );
  });

  describe('in Hindi, for a shopper who chose it', () => {
    const hindi = { ...order, whatsapp: { consent: whatsappConsent('2026-11-21T05:00:00.000Z', 'hi') } };
    const cod = { ...hindi, mode: 'cod' as const };

    it.each(events)('sends %s in hi, its words in Hindi too', (event) => {
      expect(whatsappMessage(hindi, event, event, '249135')?.language).toBe('hi');
    });

    it("writes the date on India's calendar in Hindi, and what to pay in Hindi", () => {
      expect(whatsappMessage(hindi, 'shipped', 'shipped', '249135')?.parameters.at(-1)).toBe('25 नवंबर तक');
      expect(whatsappMessage(cod, 'out-for-delivery', 'out-for-delivery', '249135')?.parameters[2]).toBe('₹150 नकद');
      // A COD fee paid now is not collected again (rule 17).
      const advance = { ...cod, totals: { ...cod.totals, total: 934 }, cod: { ...ADVANCE } };
      expect(whatsappMessage(advance, 'out-for-delivery', 'out-for-delivery', '249135')?.parameters[2]).toBe(
        '₹784 नकद',
      );
      expect(whatsappMessage(hindi, 'out-for-delivery', 'out-for-delivery', '249135')?.parameters[2]).toBe(
        'कुछ नहीं, ऑनलाइन भुगतान हो चुका है',
      );
      expect(whatsappMessage(hindi, 'delivery-failed', 'delivery-failed', '249135')?.parameters[2]).toBe(
        'कोई कारण नहीं बताया गया',
      );
    });

    it('says a refund by hand went by UPI or bank transfer, in Hindi', () => {
      const byHand = { ...hindi, issuedRefunds: [{ ...refund, manual: true as const }] };
      expect(whatsappMessage(byHand, 'refunded', 'refunded-OUO_1-staff-1', '249135')?.parameters[3]).toBe(
        'UPI या बैंक ट्रांसफ़र',
      );
    });

    it('sends English to an order whose consent names no language (placed before it was asked)', () => {
      const { language: _none, ...older } = whatsappConsent('2026-11-21T05:00:00.000Z');
      const message = whatsappMessage({ ...order, whatsapp: { consent: older } }, 'shipped', 'shipped', '249135');
      expect(message?.language).toBe('en');
      expect(message?.parameters.at(-1)).toBe('by 25 Nov');
    });
  });
});
