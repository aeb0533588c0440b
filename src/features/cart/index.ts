// The cart feature's public face for other features (the header's count, the checkout).
export { CartProvider, useCart } from './cart-context.tsx';
