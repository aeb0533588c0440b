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

/** A product name compared as staff may type it: letter case and spacing do not count. */
function nameKey(name: string): string {
  return name.trim().replace(/\s+/g, ' ').toLowerCase();
}

/** Two product names are the same name, ignoring letter case and spacing; never a part of one. */
export function sameProductName(a: string, b: string): boolean {
  const left = nameKey(a);
  return left !== '' && left === nameKey(b);
}

/**
 * Whether a review in the Sheet is about a product (docs/shop-rules.md §5): by its catalogue id
 * when the row has one; an older row without one by the exact product name. Never by a part of a
 * name, so a review "for a" is on no product, not on every product with an "a" in its name.
 */
export function reviewIsFor(
  review: { productId?: number | undefined; product: string },
  product: { id: number; name: string },
): boolean {
  return review.productId !== undefined
    ? review.productId === product.id
    : sameProductName(review.product, product.name);
}
