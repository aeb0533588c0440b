/** An invoice or a credit note that cannot be shown (docs/shop-rules.md §8, §12). Quoted word for word in docs/shop-rules.md §8 (src/shop/texts/shop-rules.test.ts): change both together. The document's own printed words are invoice-document.ts. */
/**
 * What the shopper reads when an invoice or a credit note cannot be shown (docs/shop-rules.md §8,
 * §12): `/orders/<id>/invoice?key=…` and its PDF, the credit note's two. Its own printed words
 * (its Rule 46 labels) are invoice-document.ts.
 */
export const invoice = {
  /** An unknown order, a wrong or missing key (404): the same words, so a link guessed learns nothing. */
  notFound: "We could not find this document. Open it from your order's page: the link is in your order email.",
  /** The order proven by its key, not booked yet (404). */
  noInvoiceYet: 'No tax invoice for this order yet: it is issued when the order is booked.',
  /** The order proven by its key, and not cancelled after it was invoiced (404). */
  noCreditNote: 'No credit note for this order: one is issued only when an order is cancelled after its invoice.',
  /** An unforeseen failure (500). */
  failed: 'The invoice could not be shown right now. Please try again in a moment.',
} as const;
