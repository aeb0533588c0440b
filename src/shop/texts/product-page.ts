/**
 * The product page's own words: the delivery check's answers, the add-to-cart toast, the quantity's
 * name (src/features/catalogue/DeliveryCheck.tsx, ProductDetail.tsx). Apart from shared/product.ts
 * so they ride with the product page's chunk, not every page's (docs/architecture.md, "Texts").
 * Interface words, not quoted in docs/shop-rules.md.
 */
export const productPage = {
  /** The delivery check's answers (DeliveryCheck). */
  checkFailed: 'We could not check delivery just now. Please try again in a moment.',
  checking: 'Checking…',
  days: '{min}–{max} days',
  couldNotConfirm: 'We could not confirm delivery to {pincode} just now. Orders there usually arrive in {days}.',
  notDelivered: 'Sorry, we do not deliver to {pincode} yet.',
  codAvailable: 'Cash on Delivery available.',
  codOnly: 'Cash on Delivery only.',
  payOnlineOnly: 'Pay online; Cash on Delivery is not available here.',
  deliversTo: 'Delivers to {pincode} in {days}. {payment}',
  added: 'Added {quantity} × {name} ({size}) to your cart.',
  quantityOf: 'Quantity of {name}',
} as const;
