/**
 * Index maths for the image carousel: plain functions, no React, so the wrap-around rules are
 * tested once in isolation and the component only wires them to events.
 */

export type SwipeDirection = 'next' | 'previous';

/** A horizontal swipe shorter than this is a tap or a wobble while scrolling, not a swipe. */
export const SWIPE_THRESHOLD_PX = 50;

/** Wraps any integer into 0..count-1 (also negative ones); 0 when there is nothing to show. */
function wrap(index: number, count: number): number {
  if (count <= 0) return 0;
  return ((index % count) + count) % count;
}

export function nextIndex(index: number, count: number): number {
  return wrap(index + 1, count);
}

export function previousIndex(index: number, count: number): number {
  return wrap(index - 1, count);
}

/**
 * The indexes worth preloading from `index`: the previous one, then the next one. Never the
 * current index and never the same index twice, so two images give one neighbour and a single
 * image gives none.
 */
export function neighbourIndexes(index: number, count: number): number[] {
  if (count <= 1) return [];
  const current = wrap(index, count);
  const neighbours = [previousIndex(current, count), nextIndex(current, count)];
  return neighbours.filter((neighbour, position) => neighbours.indexOf(neighbour) === position);
}

/**
 * Which way a horizontal swipe goes: dragging the picture leftwards (endX < startX) brings in the
 * next photo, rightwards the previous one, like turning pages. Shorter than `threshold` is no swipe.
 */
export function swipeDirection(startX: number, endX: number, threshold = SWIPE_THRESHOLD_PX): SwipeDirection | null {
  const distance = endX - startX;
  if (distance <= -threshold) return 'next';
  if (distance >= threshold) return 'previous';
  return null;
}
