/** src/shop/texts/whatsapp-filled.ts in Hindi. Quoted word for word in docs/shop-rules.md §8 (src/shop/texts/shop-rules.test.ts): change both together. */
export const whatsappFilled = {
  payInCash: '{amount} नकद',
  paidOnline: 'कुछ नहीं, ऑनलाइन भुगतान हो चुका है',
  expectedBy: '{date} तक',
  refundByHand: 'UPI या बैंक ट्रांसफ़र',
  noReason: 'कोई कारण नहीं बताया गया',
} as const;
