import { describe, expect, it } from 'vitest';
import { averageRating, reviewIsFor, sameProductName, starParts } from './reviews.ts';

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

  it('takes product names as the same only when they are, ignoring case and spacing', () => {
    expect(sameProductName('Badri Cow Ghee', ' badri  cow GHEE ')).toBe(true);
    expect(sameProductName('Ghee', 'Badri Cow Ghee')).toBe(false);
    expect(sameProductName('a', 'Himalayan Red Rajma')).toBe(false);
    expect(sameProductName('Himalayan Red Rajma', 'Himalayan White Rajma')).toBe(false);
    expect(sameProductName('', '')).toBe(false);
    expect(sameProductName('  ', 'Badri Cow Ghee')).toBe(false);
  });

  it('puts a review on a product by catalogue id, else (older rows) by the exact name', () => {
    const ghee = { id: 3, name: 'Badri Cow Ghee' };
    expect(reviewIsFor({ productId: 3, product: 'Badri Cow Ghee' }, ghee)).toBe(true);
    expect(reviewIsFor({ productId: 3, product: 'Old name of the ghee' }, ghee)).toBe(true);
    expect(reviewIsFor({ productId: 5, product: 'Badri Cow Ghee' }, ghee)).toBe(false);
    expect(reviewIsFor({ product: 'badri cow ghee' }, ghee)).toBe(true);
    expect(reviewIsFor({ productId: undefined, product: 'Ghee' }, ghee)).toBe(false);
    expect(reviewIsFor({ product: 'a' }, ghee)).toBe(false);
  });
});
