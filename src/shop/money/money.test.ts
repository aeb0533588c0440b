import { describe, expect, it } from 'vitest';
import { discountedPrice, formatPaise, formatRupees, toPaise } from './money.ts';

describe('money', () => {
  it('formats whole rupees with Indian digit grouping', () => {
    expect(formatRupees(347)).toBe('₹347');
    expect(formatRupees(1067)).toBe('₹1,067');
    expect(formatRupees(123456)).toBe('₹1,23,456');
  });

  it("groups as Intl's en-IN does, for every size of amount, a fraction and a negative", () => {
    const intl = new Intl.NumberFormat('en-IN', { maximumFractionDigits: 0 });
    const amounts = [0, 7, 99, 999, 1000, 9999, 10000, 99999, 100000, 1234567, 12345678, 123456789, 1234567890];
    const fractions = [1067.4, 1067.6, 0.4, 2.5, -1067, -123456.7, -0.2];
    for (const amount of [...amounts, ...fractions]) expect(formatRupees(amount)).toBe(`₹${intl.format(amount)}`);
    expect(formatRupees(Number.NaN)).toBe(`₹${intl.format(Number.NaN)}`);
  });

  it('formats paise as rupees with paise, Indian digit grouping', () => {
    expect(formatPaise(104_500)).toBe('₹1,045.00');
    expect(formatPaise(1_654)).toBe('₹16.54');
    expect(formatPaise(5)).toBe('₹0.05');
    expect(formatPaise(12_345_678_90)).toBe('₹1,23,45,678.90');
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
