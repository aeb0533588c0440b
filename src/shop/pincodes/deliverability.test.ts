import { describe, expect, it } from 'vitest';
import { text } from '../texts/server.ts';
import { deliveryRefusal } from './deliverability.ts';

const all = { serviceable: true, prepaid: true, cod: true };

describe('deliveryRefusal', () => {
  it('takes any order where the carrier delivers with both payments, or cannot be asked', () => {
    expect(deliveryRefusal('682001', 'cod', all)).toBeUndefined();
    expect(deliveryRefusal('682001', 'prepaid', all)).toBeUndefined();
    expect(deliveryRefusal('682001', 'cod', undefined)).toBeUndefined();
    expect(deliveryRefusal('682001', 'cod', null)).toBeUndefined();
  });

  it('refuses a pincode the carrier does not serve, whatever the payment', () => {
    const none = { serviceable: false, prepaid: false, cod: false };
    for (const mode of ['cod', 'prepaid'] as const) {
      expect(deliveryRefusal('744301', mode, none)).toEqual({
        code: 'NOT_SERVICEABLE',
        message: text('delivery.notServiceable', { pincode: '744301' }),
      });
    }
    expect(deliveryRefusal('744301', 'cod', { serviceable: true, prepaid: false, cod: false })?.code).toBe(
      'NOT_SERVICEABLE',
    );
  });

  it('refuses Cash on Delivery where only prepaid is offered, and takes online payment there', () => {
    const prepaidOnly = { serviceable: true, prepaid: true, cod: false };
    expect(deliveryRefusal('737101', 'cod', prepaidOnly)).toEqual({
      code: 'COD_UNAVAILABLE',
      message: 'Cash on Delivery is not available for pincode 737101. Please pay online.',
    });
    expect(deliveryRefusal('737101', 'prepaid', prepaidOnly)).toBeUndefined();
  });

  it('refuses online payment where only COD is offered', () => {
    expect(deliveryRefusal('600001', 'prepaid', { serviceable: true, prepaid: false, cod: true })?.code).toBe(
      'NOT_SERVICEABLE',
    );
  });
});
