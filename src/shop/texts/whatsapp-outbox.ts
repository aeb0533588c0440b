/** The development WhatsApp outbox (/dev/whatsapp, src/features/whatsapp-outbox). Interface words, not quoted in docs/shop-rules.md. */
export const whatsappOutbox = {
  whatsappOutboxDevelopment: 'WhatsApp outbox (development)',
  everyMessageTheShop:
    "Every message the shop sent, as the shopper's phone shows it. The buttons play the shopper: each sends what their phone would to the shop's own WhatsApp webhook, signed with this machine's development secret. This page and its function exist only in development.",
  loadingTheOutbox: 'Loading the outbox…',
  noMessagesYetPlace: 'No messages yet: place an order with WhatsApp updates ticked.',
  theShop: '· The shop:',
  waitsForItsConfirmation: 'waits for its confirmation.',
  shopperSends: 'Shopper sends “',
  anotherPhoneSendsIt: 'Another phone sends it',
  shopperWrites: 'Shopper writes…',
  sendAsTheShopper: 'Send as the shopper',
  shopperTaps: 'Shopper taps “',
  phoneReportsItDelivered: 'Phone reports it delivered',
  shopperReadsIt: 'Shopper reads it',
  /** WhatsApp's ticks, in words too. */
  sent: '✓ Sent',
  delivered: '✓✓ Delivered',
  read: '✓✓ Read',
  failed: '✕ Not delivered',
  theShopSaid: 'The shop: {outcomes}',
  nothingToDo: 'nothing to do',
  shopper: 'Shopper',
} as const;
