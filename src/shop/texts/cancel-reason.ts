/**
 * The reasons a shopper may give for cancelling, as the order page offers them (in their order):
 * words, not quotes (docs/shop-rules.md §10 "Cancel and refund" names them).
 */
export const cancelReason = {
  'ordered-by-mistake': 'Ordered by mistake',
  'wrong-address': 'Wrong address',
  'found-cheaper': 'Found it cheaper',
  'too-slow': 'Delivery too slow',
  other: 'Other',
} as const;

/** A reason a shopper may give for cancelling. */
export type CancelReason = keyof typeof cancelReason;
/** The reasons in the order the order page offers them. */
export const CANCEL_REASONS = /* @__PURE__ */ Object.keys(cancelReason) as CancelReason[];
