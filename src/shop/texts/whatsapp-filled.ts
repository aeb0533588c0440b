/** The words the shop writes into a WhatsApp template's `{{n}}`, in that template's language (netlify/lib/notify/whatsapp-message.ts; docs/shop-rules.md §8). Quoted word for word in docs/shop-rules.md §8 (src/shop/texts/shop-rules.test.ts): change both together. The Hindi is src/shop/texts/hi/whatsapp-filled.ts. */
export const whatsappFilled = {
  payInCash: '{amount} in cash',
  paidOnline: 'nothing, paid online',
  expectedBy: 'by {date}',
  refundByHand: 'UPI or bank transfer',
  noReason: 'no reason given',
} as const;
