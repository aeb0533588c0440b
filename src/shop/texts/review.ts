/** The review form and GET /api/reviews (docs/shop-rules.md §3, §8). Quoted word for word in docs/shop-rules.md §8 (src/shop/texts/shop-rules.test.ts): change both together. A rating's name is a word, not a quote. */
export const review = {
  submit: 'Submit Review',
  submitting: 'Submitting...',
  success: 'Thank you for your review! It will be published after approval.',
  /** The form's failure, and the server's message for any failed submission (§8). */
  error: 'Oops! Something went wrong. Please try again.',
  /** GET /api/reviews failing unexpectedly (500). */
  readError: 'The reviews could not be read right now. Please try again later.',
  /** GET /api/reviews?product= with nothing after `=` (400 `INVALID_PRODUCT`). */
  noProduct: 'Give the product id to read its reviews.',
  /** GET /api/reviews?product= naming no catalogue product (404 `UNKNOWN_PRODUCT`). */
  unknownProduct: 'No product in our catalogue has that id or name.',
  /** A rating's word, as the review form offers it ('5 - Excellent'). */
  rating: { '5': 'Excellent', '4': 'Very Good', '3': 'Good', '2': 'Fair', '1': 'Poor' },
} as const;

/** A rating, 1 (Poor) to 5 (Excellent). */
export type Rating = 5 | 4 | 3 | 2 | 1;
/** The ratings in the form's order: best first. */
export const RATINGS: readonly Rating[] = [5, 4, 3, 2, 1];
