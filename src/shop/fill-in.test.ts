import { describe, expect, it } from 'vitest';
import { aroundPlaceholder, fillIn } from './fill-in.ts';

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

describe('aroundPlaceholder', () => {
  it('splits the text around its placeholder, so the page can set the figure apart', () => {
    expect(aroundPlaceholder('Farmers receive {share} of the price.', 'share')).toEqual([
      'Farmers receive ',
      ' of the price.',
    ]);
    expect(aroundPlaceholder('{share} to farmers', 'share')).toEqual(['', ' to farmers']);
  });

  it('puts the figure after a text that lost its placeholder, rather than dropping it', () => {
    expect(aroundPlaceholder('Farmers receive', 'share')).toEqual(['Farmers receive ', '']);
  });
});
