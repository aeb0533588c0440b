import { describe, expect, it } from 'vitest';
import { neighbourIndexes, nextIndex, previousIndex, SWIPE_THRESHOLD_PX, swipeDirection } from './carousel-index.ts';

/** Each step with where it leads from photos 0, 1 and 2 of three. */
const STEPS = [
  { step: nextIndex, way: 'forward', wraps: 'from the last photo to the first', fromEachOfThree: [1, 2, 0] },
  { step: previousIndex, way: 'back', wraps: 'from the first photo to the last', fromEachOfThree: [2, 0, 1] },
];

for (const { step, way, wraps, fromEachOfThree } of STEPS) {
  describe(step.name, () => {
    it(`moves ${way} and wraps ${wraps}`, () => {
      for (const [from, to] of fromEachOfThree.entries()) expect(step(from, 3)).toBe(to);
    });

    it('stays on the only photo', () => {
      expect(step(0, 1)).toBe(0);
    });

    it('returns 0 when there are no photos', () => {
      expect(step(0, 0)).toBe(0);
    });
  });
}

describe('neighbourIndexes', () => {
  it('gives the previous and the next photo, wrapping at both ends', () => {
    expect(neighbourIndexes(2, 5)).toEqual([1, 3]);
    expect(neighbourIndexes(0, 5)).toEqual([4, 1]);
    expect(neighbourIndexes(4, 5)).toEqual([3, 0]);
  });

  it('gives both other photos when there are three', () => {
    expect(neighbourIndexes(0, 3)).toEqual([2, 1]);
  });

  it('gives the other photo once when there are two', () => {
    expect(neighbourIndexes(0, 2)).toEqual([1]);
    expect(neighbourIndexes(1, 2)).toEqual([0]);
  });

  it('preloads nothing for a single photo or none', () => {
    expect(neighbourIndexes(0, 1)).toEqual([]);
    expect(neighbourIndexes(0, 0)).toEqual([]);
  });
});

describe('swipeDirection', () => {
  it('uses a 50 px threshold by default', () => {
    expect(SWIPE_THRESHOLD_PX).toBe(50);
  });

  it('goes to the next photo on a leftward swipe of at least 50 px', () => {
    expect(swipeDirection(200, 150)).toBe('next');
    expect(swipeDirection(200, 20)).toBe('next');
  });

  it('goes to the previous photo on a rightward swipe of at least 50 px', () => {
    expect(swipeDirection(200, 250)).toBe('previous');
    expect(swipeDirection(0, 300)).toBe('previous');
  });

  it('ignores a swipe of 49 px either way, and a tap', () => {
    expect(swipeDirection(200, 151)).toBeNull();
    expect(swipeDirection(200, 249)).toBeNull();
    expect(swipeDirection(200, 200)).toBeNull();
  });

  it('honours a custom threshold', () => {
    expect(swipeDirection(200, 180, 20)).toBe('next');
    expect(swipeDirection(200, 181, 20)).toBeNull();
  });
});
