/**
 * What the shop says about WhatsApp order updates (docs/shop-rules.md §8, §10 rule 16): word for
 * word as shop-rules quotes them, tested as messages.ts's texts are. No imports, as there.
 */

// ---- WhatsApp order updates (§10 "WhatsApp", §8) ----------------------------------------------

/**
 * The checkout's consent, beside the phone field: its words are what the shopper agreed to; once
 * ticked, the messages' language, each named in its own script. `filled`: the words the shop writes
 * into a template's `{{n}}`, in that template's language (netlify/lib/notify/whatsapp-message.ts).
 */
export const WHATSAPP_TEXTS = {
  consent: 'Send my order updates on WhatsApp from Orang Utan Organics',
  consentNote: 'Order updates only: nothing else is ever sent. Reply STOP on WhatsApp to turn them off.',
  language: 'Language of the messages',
  languages: { en: 'English', hi: 'हिन्दी' },
  filled: {
    en: {
      payInCash: (amount: string) => `${amount} in cash`,
      paidOnline: 'nothing, paid online',
      expectedBy: (date: string) => `by ${date}`,
      refundByHand: 'UPI or bank transfer',
      noReason: 'no reason given',
    },
    hi: {
      payInCash: (amount: string) => `${amount} नकद`,
      paidOnline: 'कुछ नहीं, ऑनलाइन भुगतान हो चुका है',
      expectedBy: (date: string) => `${date} तक`,
      refundByHand: 'UPI या बैंक ट्रांसफ़र',
      noReason: 'कोई कारण नहीं बताया गया',
    },
  },
} as const;
