import { describe, expect, it } from 'vitest';
import { discountedPrice, formatRupees, toPaise } from './money.ts';

describe('money', () => {
  it('formats whole rupees with Indian digit grouping', () => {
    expect(formatRupees(347)).toBe('₹347');
    expect(formatRupees(1067)).toBe('₹1,067');
    expect(formatRupees(123456)).toBe('₹1,23,456');
  });

  it('discounts as round(price × (1 − pct/100)) only when pct > 0', () => {
    expect(discountedPrice(347, 0)).toBe(347);
    expect(discountedPrice(347, -5)).toBe(347);
    expect(discountedPrice(347, Number.NaN)).toBe(347);
    expect(discountedPrice(347, 10)).toBe(312); // 312.3
    expect(discountedPrice(1067, 15)).toBe(907); // 906.95
    expect(discountedPrice(450, 50)).toBe(225);
  });

  it('converts rupees to paise for Razorpay', () => {
    expect(toPaise(1067)).toBe(106700);
    expect(toPaise(0)).toBe(0);
  });
});
