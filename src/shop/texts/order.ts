/** The order and payment endpoints' answers (docs/shop-rules.md §8). Quoted word for word in docs/shop-rules.md §8 (src/shop/texts/shop-rules.test.ts): change both together. */
/** What the order and payment endpoints answer the shopper (netlify/lib/orders, netlify/functions). */
export const order = {
  /** `total` as the shopper reads it (`formatRupees`). */
  totalMismatch:
    'The total has changed to {total} (prices or shipping were updated). Please review your order and place it again.',
  contentUnavailable: 'The catalogue could not be read. Please try again.',
  paymentsUnavailable: 'Online payment is not available right now. Please choose Cash on Delivery.',
  paymentStarting: 'Your payment is still being set up. Please try again in a moment.',
  alreadyPaid: 'Order {orderId} is already paid.',
  invalidSignature: 'The payment signature is not a valid signature.',
  unknownPayment: 'We have no payment started for this order.',
  paymentNotVerified: 'The payment could not be verified.',
  paymentMismatch: 'The payment does not match this order.',
  paymentNotCaptured: 'Razorpay reports that this payment did not go through. Please try again.',
  unknownOrder: 'No payment was started for order {orderId}.',
  /** A Razorpay id that is not `order_…` / `pay_…` (422 `VALIDATION_FAILED`, issue 37 §2). */
  notRazorpayOrderId: 'That is not a Razorpay order id.',
  notRazorpayPaymentId: 'That is not a Razorpay payment id.',
  /** Each endpoint's own words for an unexpected failure (500 `INTERNAL_ERROR`, `guarded`). */
  failed: {
    placeCod:
      'Something went wrong on our side and we cannot confirm your order yet. Please try again: placing the same order again never creates a second one.',
    createPayment: 'We could not start the payment. You have not been charged; please try again.',
    processPrepaid:
      'We could not confirm your order right now. If your payment went through it is safe, and the order will be completed automatically.',
    verifyPayment:
      'We could not check your payment right now. If it went through, your order will be completed automatically.',
    orderView: 'Your order could not be shown right now. Please try again in a moment.',
    track: 'Your order could not be looked up right now. Please try again in a moment.',
  },
} as const;
