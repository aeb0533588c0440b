/** The COD rules' one sentence (docs/shop-rules.md §8, §10 rule 17). Quoted word for word in docs/shop-rules.md §8 (src/shop/texts/shop-rules.test.ts): change both together. */
/**
 * The COD rules' one sentence (src/shop/cod/cod-rules.ts `codSentence`): under Cash on Delivery at
 * checkout, and the server's refusal at Place Order (422 `COD_NOT_ALLOWED`). What the phone's
 * history decided stays generic, so a phone typed by a stranger tells nothing of its orders.
 */
export const cod = {
  advance: 'For this order, cash on delivery needs the COD fee paid now; or pay online.',
  prepaidOnly: 'For this order, cash on delivery is not available. Please pay online.',
  address: 'Your address looks incomplete: add your house number and street, or pay the COD fee now.',
  stateMismatch: 'The State you typed is not where pincode {pincode} is: please check both, or pay the COD fee now.',
  /** POST /api/checkout/cod-options failing unexpectedly (500); the checkout then blocks nothing. */
  checkFailed: 'Cash on delivery could not be checked right now. The shop checks it again when you place the order.',
} as const;
