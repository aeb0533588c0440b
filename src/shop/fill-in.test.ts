import { describe, expect, it } from 'vitest';
import { fillIn } from './fill-in.ts';

describe('fillIn', () => {
  it('puts each value in place of its {name}, as often as it appears', () => {
    expect(fillIn('Free delivery on orders of {amount} and above', { amount: '₹1,000' })).toBe(
      'Free delivery on orders of ₹1,000 and above',
    );
    expect(fillIn('{amount} or {amount}', { amount: '₹5' })).toBe('₹5 or ₹5');
  });

  it('leaves a placeholder it has no value for as written, and plain text alone', () => {
    expect(fillIn('Orders over {amout}', { amount: '₹1' })).toBe('Orders over {amout}');
    expect(fillIn('No placeholder', {})).toBe('No placeholder');
  });
});
