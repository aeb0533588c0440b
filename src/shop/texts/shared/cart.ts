/** The cart page's words (src/features/cart). Interface words, not quoted in docs/shop-rules.md. */
export const cart = {
  yourCart: 'Your cart',
  loadingYourCart: 'Loading your cart…',
  itemsInYourCart: 'Items in your cart',
  size: 'Size:',
  each: 'each',
  remove: 'Remove',
  lineTotal: 'Line total',
  orderSummary: 'Order summary',
  subtotal: 'Subtotal',
  shipping: 'Shipping',
  calculatedAtCheckout: 'Calculated at checkout',
  pricesIncludeGst: 'Prices include GST.',
  proceedToCheckout: 'Proceed to Checkout',
  continueShopping: 'Continue shopping',
  whyShopWithUs: 'Why shop with us',
  yourCartIsEmpty: 'Your cart is empty',
  shopNow: 'Shop Now',
  quantityOf: 'Quantity of {name} {size}',
  removeLine: 'Remove {name} {size}',
  /** The toast when stored lines are no longer sold (CartProvider). */
  noLongerAvailable: ({ names }: { names: readonly string[] }) =>
    `${names.join(', ')} ${names.length === 1 ? 'is' : 'are'} no longer available and ${names.length === 1 ? 'was' : 'were'} removed from your cart.`,
} as const;
