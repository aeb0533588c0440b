/** Delivery to a pincode (docs/shop-rules.md §8). Quoted word for word in docs/shop-rules.md §8 (src/shop/texts/shop-rules.test.ts): change both together. */
/** Delivery refused for a pincode (src/shop/pincodes/deliverability.ts): the checkout and the server say the same. */
export const delivery = {
  notServiceable:
    'Sorry, we cannot deliver to pincode {pincode} yet. Please check it, or contact us for other options.',
  codUnavailable: 'Cash on Delivery is not available for pincode {pincode}. Please pay online.',
} as const;
