import { describe, expect, it } from 'vitest';
import { advanceOffered, advanceSplit, CHECKOUT_PAYMENTS, paymentModeOf } from './cod-advance.ts';

describe('the COD fee paid now', () => {
  it('is a COD order: priced and recorded as one', () => {
    expect(CHECKOUT_PAYMENTS.map(paymentModeOf)).toEqual(['prepaid', 'cod', 'cod']);
  });

  it('splits the total into the fee now and the rest on delivery', () => {
    expect(advanceSplit(934, 150)).toEqual({ now: 150, onDelivery: 784 });
    expect(advanceSplit(934, 0)).toEqual({ now: 0, onDelivery: 934 });
  });

  it('is offered only where there is a fee', () => {
    expect([advanceOffered(150), advanceOffered(0)]).toEqual([true, false]);
  });
});
