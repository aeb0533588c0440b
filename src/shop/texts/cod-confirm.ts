/** Confirming a cash-on-delivery order (docs/shop-rules.md §8, §10 rule 17). Quoted word for word in docs/shop-rules.md §8 (src/shop/texts/shop-rules.test.ts): change both together. */
/** The order page's and /track's timeline, and the order page's click-to-chat link. */
export const codConfirm = {
  awaitingTitle: 'Waiting for your confirmation',
  awaitingDetail:
    'Please confirm this order on WhatsApp: we pack and ship it once you do. If we do not hear from you within 48 hours, we will call you.',
  /** The link that opens WhatsApp with `CONFIRM <order id> <code>` written, to the shop's number. */
  confirmLink: 'Confirm on WhatsApp',
  confirmedTitle: 'Order confirmed',
  /** How it was confirmed (src/shop/cod/cod.ts `CONFIRMATION_WAYS`). */
  confirmedBy: {
    'whatsapp-message': 'You confirmed it on WhatsApp.',
    'whatsapp-button': 'You confirmed it on WhatsApp.',
    staff: 'Confirmed with our team.',
    advance: 'Confirmed by the COD fee you paid online.',
  },
} as const;
