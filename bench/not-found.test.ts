import { describe, expect, it } from 'vitest';
import { mannWhitneyZ } from './not-found.mjs';

describe('the Mann–Whitney z of bench:orders\' "not found" timing', () => {
  it('is near 0 for samples drawn alike and large when one is reliably slower', () => {
    const same = Array.from({ length: 100 }, (_, index) => index % 10);
    expect(Math.abs(mannWhitneyZ(same, [...same].reverse()))).toBeLessThan(0.01);
    const slower = same.map((value) => value + 5);
    expect(mannWhitneyZ(slower, same)).toBeGreaterThan(3);
    expect(mannWhitneyZ(same, slower)).toBeLessThan(-3);
  });
});
