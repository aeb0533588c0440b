/** The cart route's description (src/routes/cart.tsx): in that route's chunk alone, not in every page's shared words. */
export const cartHead = {
  description: 'The organic Himalayan foods in your cart, with delivery and payment options.',
} as const;
