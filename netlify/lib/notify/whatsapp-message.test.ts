import { describe, expect, it } from 'vitest';
import { bookedOrder, change, parcelOf } from '#tests/support/parcels.ts';
import { whatsappMessage } from './whatsapp-message.ts';

describe('whatsappMessage', () => {
  const order = bookedOrder({ orderId: 'OUO_1', mode: 'prepaid' });

  it('says a prepaid parcel out for delivery has nothing to pay', () => {
    expect(whatsappMessage(order, 'out-for-delivery', 'OUO_1-out-for-delivery')?.parameters).toEqual(['OUO_1', '₹0']);
  });

  it('names what the courier said, or the scan, or that nothing was said', () => {
    const withScan = { ...order, parcel: parcelOf(change('delivery-failed', '2026-11-22T10:00:00.000Z')) };
    const reason = whatsappMessage(withScan, 'delivery-failed', 'x')?.parameters[1];
    expect(reason).toEqual(expect.any(String));
    expect(whatsappMessage(order, 'delivery-failed', 'x')?.parameters).toEqual(['OUO_1', 'no reason given']);
  });

  it('tells a refund its amount, and has no message for a delivered parcel (the email tells it)', () => {
    const refunded = {
      ...order,
      issuedRefunds: [
        {
          key: 'OUO_1-staff-1',
          paymentId: 'pay_1',
          amountPaise: 25_000,
          purpose: 'staff' as const,
          status: 'processed' as const,
          requestedAt: '2026-11-22T10:00:00.000Z',
        },
      ],
    };
    expect(whatsappMessage(refunded, 'refunded', 'OUO_1-refunded')).toMatchObject({
      template: 'refund_done',
      parameters: ['₹250', 'OUO_1'],
    });
    expect(whatsappMessage(order, 'delivered', 'OUO_1-delivered')).toBeUndefined();
  });
});
