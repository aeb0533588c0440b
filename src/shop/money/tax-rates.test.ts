import { describe, expect, it } from 'vitest';
import type { TaxRate } from '../invoice/index.ts';
import { basisPoints, hsnDigits, rateFor } from './tax-rates.ts';

const RATES: TaxRate[] = [
  { hsn: '0713', rate: 5, validFrom: '2017-07-01' },
  { hsn: '0405', rate: 12, validFrom: '2017-07-01' },
  { hsn: '0405', rate: 5, validFrom: '2025-09-22' },
  { hsn: '07133300', rate: 0, validFrom: '2017-07-01' },
  { hsn: '1201', rate: 5, validFrom: '2017-07-01', toConfirm: true },
  { hsn: '12', rate: 18, validFrom: '2017-07-01' },
];

describe('rateFor', () => {
  it('uses the rate in force on the invoice date: ghee 12 % until 21 September 2025, 5 % from the 22nd', () => {
    expect(rateFor('040590', '2025-09-21', RATES)?.rate).toBe(12);
    expect(rateFor('040590', '2025-09-22', RATES)?.rate).toBe(5);
    expect(rateFor('040590', '2026-11-27', RATES)?.rate).toBe(5);
  });

  it('takes the longest listed HSN the product HSN starts with, whatever the order of the list', () => {
    expect(rateFor('07133300', '2026-11-27', RATES)?.rate).toBe(0);
    expect(rateFor('07133390', '2026-11-27', RATES)?.rate).toBe(5);
    expect(rateFor('07133300', '2026-11-27', [...RATES].reverse())?.rate).toBe(0);
  });

  it('reads HSNs by their digits and ignores listed HSNs shorter than 4 digits', () => {
    expect(rateFor('0713 33 00', '2026-11-27', RATES)?.hsn).toBe('07133300');
    expect(rateFor('1201', '2026-11-27', RATES)).toEqual(RATES[4]);
    expect(rateFor('1299', '2026-11-27', RATES)).toBeUndefined();
  });

  it('has no rate before a rate starts, and none for an HSN nobody listed', () => {
    expect(rateFor('040590', '2017-06-30', RATES)).toBeUndefined();
    expect(rateFor('0909', '2026-11-27', RATES)).toBeUndefined();
  });
});

describe('helpers', () => {
  it('keeps only digits of an HSN and turns rates into basis points', () => {
    expect(hsnDigits(' 0405-90 ')).toBe('040590');
    expect(basisPoints(5)).toBe(500);
    expect(basisPoints(0.25)).toBe(25);
    expect(basisPoints(1.5)).toBe(150);
  });
});
