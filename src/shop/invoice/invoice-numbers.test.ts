import { describe, expect, it } from 'vitest';
import { financialYear, SERIAL_PATTERN, serialIndex, serialNumber } from './invoice-numbers.ts';

describe('financialYear', () => {
  it('runs from 1 April to 31 March: the rollover is on 1 April', () => {
    expect(financialYear('2027-03-31')).toEqual({
      id: '2026-27',
      short: '26-27',
      from: '2026-04-01',
      to: '2027-03-31',
    });
    expect(financialYear('2027-04-01')).toEqual({
      id: '2027-28',
      short: '27-28',
      from: '2027-04-01',
      to: '2028-03-31',
    });
    expect(financialYear('2026-11-27').id).toBe('2026-27');
    expect(financialYear('2026-01-15').id).toBe('2025-26');
  });

  it('writes the turn of a century with two digits', () => {
    expect(financialYear('2099-12-01')).toMatchObject({ id: '2099-00', short: '99-00' });
  });
});

describe('serialNumber', () => {
  const year = financialYear('2026-11-27');

  it('numbers invoices OUO/26-27/000123 and credit notes CN/26-27/000007, within 16 characters', () => {
    expect(serialNumber('invoice', 'OUO', year, 123)).toBe('OUO/26-27/000123');
    expect(serialNumber('credit-note', 'OUO', year, 7)).toBe('CN/26-27/000007');
    expect(serialNumber('invoice', 'OUO', year, 999_999)).toHaveLength(16);
    expect(serialIndex('OUO/26-27/000123')).toBe(123);
  });

  it('refuses what Rule 46 does not allow: past 16 characters, a character outside the set, a number below 1', () => {
    expect(() => serialNumber('invoice', 'OUO', year, 1_000_000)).toThrow(RangeError);
    expect(() => serialNumber('invoice', 'OUOS', year, 1)).toThrow('is not a Rule 46 serial number');
    expect(() => serialNumber('invoice', 'O U', year, 1)).toThrow(RangeError);
    expect(() => serialNumber('invoice', 'OUO', year, 0)).toThrow('starts at 1');
    expect(() => serialNumber('invoice', 'OUO', year, 1.5)).toThrow(RangeError);
    expect(SERIAL_PATTERN.test('OUO/26-27/000001')).toBe(true);
    expect(SERIAL_PATTERN.test('OUO_26-27')).toBe(false);
  });
});
