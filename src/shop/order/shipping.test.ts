import { describe, expect, it } from 'vitest';
import { codChargeFor, decideShipping, fallbackShippingEstimate, qualifiesForFreeShipping } from './shipping.ts';

describe('shipping', () => {
  it('charges ₹150 for cash on delivery and nothing for prepaid', () => {
    expect(codChargeFor('cod')).toBe(150);
    expect(codChargeFor('prepaid')).toBe(0);
    expect(codChargeFor('cod', { freeShippingThreshold: 1000, codCharge: 99 })).toBe(99);
  });

  it('ships free from a ₹1000 subtotal', () => {
    expect(qualifiesForFreeShipping(999)).toBe(false);
    expect(qualifiesForFreeShipping(1000)).toBe(true);
    expect(qualifiesForFreeShipping(1500, { freeShippingThreshold: 2000, codCharge: 150 })).toBe(false);
  });

  it('estimates round(kg × 50 + 40) when the carrier cannot quote', () => {
    expect(fallbackShippingEstimate(500)).toBe(65);
    expect(fallbackShippingEstimate(1000)).toBe(90);
    expect(fallbackShippingEstimate(23)).toBe(41); // 41.15
    expect(fallbackShippingEstimate(1530)).toBe(117); // 116.5 rounds up
  });

  it('does not ask the carrier when shipping is free', async () => {
    let asked = false;
    const quote = await decideShipping({ subtotal: 1067, weight: 295 }, async () => {
      asked = true;
      return 80;
    });
    expect(quote).toEqual({ shippingCharge: 0, source: 'free' });
    expect(asked).toBe(false);
  });

  it("uses the carrier's rate, rounded, below the threshold", async () => {
    expect(await decideShipping({ subtotal: 347, weight: 500 }, async () => 72.4)).toEqual({
      shippingCharge: 72,
      source: 'carrier',
    });
    expect(await decideShipping({ subtotal: 347, weight: 500 }, async () => 0)).toEqual({
      shippingCharge: 0,
      source: 'carrier',
    });
  });

  it('falls back to the estimate when the carrier fails or answers nonsense', async () => {
    const estimate = { shippingCharge: 65, source: 'estimate' };
    const input = { subtotal: 347, weight: 500 };
    expect(await decideShipping(input, async () => undefined)).toEqual(estimate);
    expect(await decideShipping(input, () => Promise.reject(new Error('down')))).toEqual(estimate);
    expect(await decideShipping(input, async () => Number.NaN)).toEqual(estimate);
    expect(await decideShipping(input, async () => -10)).toEqual(estimate);
  });
});
