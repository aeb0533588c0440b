/** WhatsApp's replies to a CONFIRM that did not confirm (docs/shop-rules.md §8). Quoted word for word in docs/shop-rules.md §8 (src/shop/texts/shop-rules.test.ts): change both together. The Hindi is src/shop/texts/hi/cod-reply.ts. */
/**
 * WhatsApp's free-form replies to a CONFIRM from the order's own phone that did not confirm it
 * (netlify/lib/whatsapp/cod-answers.ts), in the order's WhatsApp language: a wrong code, and the
 * confirmation locked after too many (src/shop/cod/cod.ts `WRONG_CODES_ALLOWED`). Another phone hears
 * nothing.
 */
export const codReply = {
  wrongCode:
    'The code in your message does not match order {orderId}, so it is not confirmed yet. Please send the words from the Confirm on WhatsApp link on your order page again, unchanged.',
  locked:
    "Order {orderId} can no longer be confirmed on WhatsApp: too many wrong codes were sent for it. It has not been shipped. We will call you on the order's phone number to confirm it with you.",
} as const;
