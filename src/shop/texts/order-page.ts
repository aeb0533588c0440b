/** The order's own page (src/features/orders/OrderPage.tsx): interface words, not quoted in shop-rules. */
export const orderPage = {
  loading: 'Loading your order…',
  print: 'Print receipt',
  whatsapp: 'Ask about this order on WhatsApp',
  /** Followed by the document's number: 'Tax invoice OUO/26-27/000123'. */
  invoice: 'Tax invoice',
  creditNote: 'Credit note',
  notFoundHelp:
    'Please open the whole link you were given when you ordered: it ends with a key that only you have. You can also look an order up with its order ID and the phone number you ordered with.',
  unreachable: 'We could not reach our server to show this order. Please check your connection and try again.',
} as const;
