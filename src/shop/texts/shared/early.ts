/**
 * The words the inline early script carries (decision 028): what a control says before React is
 * live, the same words React says once it is (Header.tsx, CartLink, OrderSummary). The sentence is
 * quoted in docs/shop-rules.md §8; the names are interface words.
 */
export const early = {
  menuOpen: 'Open menu',
  menuClose: 'Close menu',
  /** The header's cart link's accessible name for a count. */
  cartLink: ({ count }: { count: number }) =>
    count === 0 ? 'Cart, empty' : `Cart, ${count} ${count === 1 ? 'item' : 'items'}`,
  /** Place Order pressed before the total for the pincode is known. */
  totalNotReady:
    'Shipping to {pincode} is still being calculated. Please press Place Order again once the total shows.',
} as const;
