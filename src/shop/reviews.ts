/** Average rating rounded to 1 decimal; 0 when there are no ratings. */
export function averageRating(ratings: readonly number[]): number {
  if (ratings.length === 0) return 0;
  const sum = ratings.reduce((total, rating) => total + rating, 0);
  return Math.round((sum / ratings.length) * 10) / 10;
}

export interface StarParts {
  full: number;
  half: boolean;
  empty: number;
}

/** Full stars for the integer part, a half star when the fraction is at least .5, out of 5. */
export function starParts(rating: number): StarParts {
  const clamped = Math.min(5, Math.max(0, rating));
  const full = Math.floor(clamped);
  const half = clamped - full >= 0.5;
  return { full, half, empty: 5 - full - (half ? 1 : 0) };
}

/** A review belongs to a product when either name contains the other, ignoring case. */
export function productNamesMatch(a: string, b: string): boolean {
  const left = a.trim().toLowerCase();
  const right = b.trim().toLowerCase();
  if (!left || !right) return false;
  return left.includes(right) || right.includes(left);
}
