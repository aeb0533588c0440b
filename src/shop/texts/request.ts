/** Requests the shop's pages never send (docs/shop-rules.md §7, issue 37 §9). Quoted word for word in docs/shop-rules.md §8 (src/shop/texts/shop-rules.test.ts): change both together. */
/**
 * A 422 for a field the forms never get wrong (an old tab, a changed page, a hand-made request):
 * still the shop's words, never a library's ("Too big: expected int to be <=…"). Fields with a
 * form message (`forms`) keep theirs; every other field says one of these (`requestIssueText`).
 */
export const request = {
  /** Any field without words of its own, and a body that is not an object. */
  invalid: 'Something in this request is not what the shop expects. Please reload the page and try again.',
  /** A cart line: product, size or quantity the shop does not sell as sent. */
  cartLine: 'Something in your cart is not what the shop sells. Please reload the page and check your cart.',
  paymentMode: 'Please choose Cash on Delivery or Pay Online.',
  /** The total the page showed, missing or not a whole number of rupees. */
  clientTotal: 'The order total is missing. Please reload the page and place the order again.',
  /** The payment's signature or the test gateway's outcome. */
  payment: 'The payment details are incomplete. Please try paying again.',
  orderId: 'Order ids look like OUO_ followed by 13 digits.',
  productId: 'Name the product by its catalogue id.',
  submissionId: 'A submission id is a UUID, or 8 to 64 letters, digits, - or _.',
} as const;
