/** The COD fee paid now (docs/shop-rules.md §8, §10 rule 17). Quoted word for word in docs/shop-rules.md §8 (src/shop/texts/shop-rules.test.ts): change both together. */
/**
 * A Cash on Delivery order whose COD fee is paid now by UPI (src/shop/cod/cod-advance.ts): the
 * checkout's choice, the money split wherever it is shown, and the refusal. Amounts as the shopper
 * reads them (`formatRupees`): `fee` the COD fee paid now, `cash` what is left to pay on delivery.
 */
export const codAdvance = {
  choice: 'Pay the {fee} COD fee now by UPI and the rest on delivery',
  /** The order summary's and the order page's rows, after the total. */
  payNow: 'Pay now (COD fee)',
  paidNow: 'Paid now (COD fee)',
  onDelivery: 'Pay on delivery',
  /** How the order page names the way the shopper pays. */
  paymentLabel: 'Cash on Delivery, COD fee paid now',
  /** The order page's Payment status once the fee is in. */
  status: '{fee} paid, {cash} on delivery',
  /** The timeline: the order placed, then the fee received. */
  placedDetail: 'Cash on delivery, the COD fee paid online: pay {cash} when it arrives.',
  received: 'COD fee of {fee} received',
  /** The checkout's toast once the fee is paid. */
  thanks: 'COD fee of {fee} received. Pay {cash} on delivery.',
  /** 422 `COD_ADVANCE_UNAVAILABLE`: the shop charges no COD fee, so there is none to pay now. */
  unavailable: 'Paying the COD fee now is not offered for this order. Please choose another way to pay.',
} as const;
