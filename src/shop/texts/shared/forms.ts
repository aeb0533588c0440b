/** The forms' words (docs/shop-rules.md §5, §8). Quoted word for word in docs/shop-rules.md §5 (src/shop/texts/shop-rules.test.ts): change both together. */
/** The forms' words for what is wrong with a field, and the two answers after an order (§8). */
export const forms = {
  required: 'Please fill in all required fields',
  pincode: 'Please enter a valid 6-digit pincode',
  phone: 'Please enter a valid 10-digit phone number',
  email: 'Please enter a valid email address',
  name: 'Please enter your name',
  rating: 'Please choose a rating from 1 (Poor) to 5 (Excellent)',
  review: 'Please write your review',
  subject: 'Please enter a subject',
  message: 'Please write your message',
  tooLong: 'This is too long',
  orderId: 'Please enter your order id (it looks like OUO_ followed by 13 digits)',
  /** GET /api/orders/:id: an unknown id and a wrong or missing key get the same answer. */
  orderNotFound: 'Order not found',
  /** POST /api/track: any mismatch, so the form cannot be used to discover orders. */
  trackNotFound: 'We could not find an order with that id and phone number',
} as const;
