/** WhatsApp order updates: the checkout's consent (docs/shop-rules.md §8, §10 rule 16). Quoted word for word in docs/shop-rules.md §8 (src/shop/texts/shop-rules.test.ts): change both together. */
/**
 * The checkout's consent, beside the phone field: its words are what the shopper agreed to; once
 * ticked, the messages' language, each named in its own script.
 */
export const whatsapp = {
  consent: 'Send my order updates on WhatsApp from Orang Utan Organics',
  consentNote: 'Order updates only: nothing else is ever sent. Reply STOP on WhatsApp to turn them off.',
  language: 'Language of the messages',
  languages: { en: 'English', hi: 'हिन्दी' },
} as const;
