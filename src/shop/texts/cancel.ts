/** A cancellation and its money (docs/shop-rules.md §8, §10 "Cancel and refund"). Quoted word for word in docs/shop-rules.md §8 (src/shop/texts/shop-rules.test.ts): change both together. The reasons a shopper may give are cancel-reason.ts. */
/** What the order page, /track and the cancel endpoint say about a cancellation and its money. */
export const cancel = {
  cancelledTitle: 'Order cancelled',
  cancelledCod: 'Nothing was charged: there is nothing to pay.',
  /** `amount` as the shopper reads it (`formatRupees`). */
  refundPending: 'Refund of {amount} on its way',
  refunded: '{amount} refunded',
  refundFailed: 'Refund of {amount} held up',
  refundArrives: 'Refunds usually reach the account you paid from within 5–7 working days.',
  /** A Cash on Delivery order's refund, which Razorpay cannot make: staff send it themselves. */
  refundedByHand: 'Sent to you by UPI or bank transfer, as cash cannot be refunded online.',
  refundFailedDetail: 'The bank did not take the refund. Our team is on it and will write to you.',
  /** 409 `TOO_LATE_TO_CANCEL`: the parcel has left with Delhivery. */
  tooLate:
    'Your parcel has already left with Delhivery, so it can no longer be cancelled. You can refuse it at the door, or ask us for a return.',
  /** 409 `NOT_CANCELLABLE`: an unpaid or expired order. */
  notPlaced: 'This order was never placed, so there is nothing to cancel.',
  /** 202: the steps are not all done yet (another request is doing them, or Delhivery or Razorpay did not answer: the reconciler finishes them). */
  cancelling: 'We are cancelling your order. It can take a few minutes; we will email you when it is done.',
  /** 500 `INTERNAL_ERROR`. */
  failed: 'Your order could not be cancelled right now. Please try again in a moment.',
} as const;
