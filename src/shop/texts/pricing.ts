/** A cart that cannot be priced as sent (docs/shop-rules.md §8). Quoted word for word in docs/shop-rules.md §8 (src/shop/texts/shop-rules.test.ts): change both together. */
/** Why a cart cannot be priced as sent (src/shop/order/order.ts `priceLines`, 422). */
export const pricing = {
  emptyCart: 'Your cart is empty',
  unknownProduct: 'Product {id} is not in our catalogue.',
  unknownSize: '{name} is not sold in size {size}.',
  outOfStock: 'Only {stock} of {name} {size} are in stock.',
} as const;
