import { describe, expect, it } from 'vitest';
import { averageRating, productNamesMatch, starParts } from './reviews.ts';

describe('reviews', () => {
  it('averages to one decimal, 0 when there are none', () => {
    expect(averageRating([])).toBe(0);
    expect(averageRating([5, 4, 4])).toBe(4.3);
    expect(averageRating([5, 4])).toBe(4.5);
    expect(averageRating([1, 2, 2])).toBe(1.7);
  });

  it('draws full stars for the integer part and a half star from .5', () => {
    expect(starParts(4.3)).toEqual({ full: 4, half: false, empty: 1 });
    expect(starParts(4.5)).toEqual({ full: 4, half: true, empty: 0 });
    expect(starParts(3.7)).toEqual({ full: 3, half: true, empty: 1 });
    expect(starParts(5)).toEqual({ full: 5, half: false, empty: 0 });
    expect(starParts(0)).toEqual({ full: 0, half: false, empty: 5 });
    expect(starParts(9)).toEqual({ full: 5, half: false, empty: 0 });
    expect(starParts(-1)).toEqual({ full: 0, half: false, empty: 5 });
  });

  it('matches product names when either contains the other, ignoring case', () => {
    expect(productNamesMatch('Badri Cow Ghee', 'badri cow ghee')).toBe(true);
    expect(productNamesMatch('Ghee', 'Badri Cow Ghee')).toBe(true);
    expect(productNamesMatch('Himalayan Red Rajma', ' red rajma ')).toBe(true);
    expect(productNamesMatch('Himalayan Red Rajma', 'Himalayan White Rajma')).toBe(false);
    expect(productNamesMatch('', 'Badri Cow Ghee')).toBe(false);
    expect(productNamesMatch('Badri Cow Ghee', '  ')).toBe(false);
  });
});
