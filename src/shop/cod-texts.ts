/**
 * What the shopper reads about cash on delivery that arrives (docs/shop-rules.md §8, §10 rule 17):
 * confirming an order (and WhatsApp's replies when a CONFIRM does not), the COD rules' sentence,
 * the COD fee paid now. Word for word as shop-rules quotes them, tested as messages.ts's texts are.
 * No imports, as there.
 */

/** The order page's and /track's timeline, and the order page's click-to-chat link. */
export const COD_CONFIRM_TEXTS = {
  awaitingTitle: 'Waiting for your confirmation',
  awaitingDetail:
    'Please confirm this order on WhatsApp: we pack and ship it once you do. If we do not hear from you within 48 hours, we will call you.',
  /** The link that opens WhatsApp with `CONFIRM <order id> <code>` written, to the shop's number. */
  confirmLink: 'Confirm on WhatsApp',
  confirmedTitle: 'Order confirmed',
  /** How it was confirmed (src/shop/cod.ts `CONFIRMATION_WAYS`). */
  confirmedBy: {
    'whatsapp-message': 'You confirmed it on WhatsApp.',
    'whatsapp-button': 'You confirmed it on WhatsApp.',
    staff: 'Confirmed with our team.',
    advance: 'Confirmed by the COD fee you paid online.',
  },
} as const;

/**
 * WhatsApp's free-form replies to a CONFIRM from the order's own phone that did not confirm it
 * (netlify/lib/whatsapp/cod-answers.ts), in the order's WhatsApp language: a wrong code, and the
 * confirmation locked after too many (src/shop/cod.ts `WRONG_CODES_ALLOWED`). Another phone hears
 * nothing.
 */
export const COD_REPLY_TEXTS = {
  en: {
    wrongCode: (orderId: string) =>
      `The code in your message does not match order ${orderId}, so it is not confirmed yet. Please send the words from the Confirm on WhatsApp link on your order page again, unchanged.`,
    locked: (orderId: string) =>
      `Order ${orderId} can no longer be confirmed on WhatsApp: too many wrong codes were sent for it. It has not been shipped. We will call you on the order's phone number to confirm it with you.`,
  },
  hi: {
    wrongCode: (orderId: string) =>
      `आपके मैसेज का कोड ऑर्डर ${orderId} से मेल नहीं खाता, इसलिए ऑर्डर की पुष्टि अभी नहीं हुई है। कृपया अपने ऑर्डर पेज के Confirm on WhatsApp लिंक वाले शब्द बिना बदले दोबारा भेजें।`,
    locked: (orderId: string) =>
      `ऑर्डर ${orderId} की पुष्टि अब WhatsApp पर नहीं हो सकती: इसके लिए कई बार गलत कोड भेजे गए। ऑर्डर अभी भेजा नहीं गया है। पुष्टि के लिए हम ऑर्डर के फ़ोन नंबर पर आपको कॉल करेंगे।`,
  },
} as const;

// ---- The COD rules (§10 rule 17, §8) ------------------------------------------------------------

/**
 * The COD rules' one sentence (src/shop/cod-rules.ts `codSentence`): under Cash on Delivery at
 * checkout, and the server's refusal at Place Order (422 `COD_NOT_ALLOWED`). What the phone's
 * history decided stays generic, so a phone typed by a stranger tells nothing of its orders.
 */
export const COD_TEXTS = {
  advance: 'For this order, cash on delivery needs the COD fee paid now; or pay online.',
  prepaidOnly: 'For this order, cash on delivery is not available. Please pay online.',
  address: 'Your address looks incomplete: add your house number and street, or pay the COD fee now.',
  stateMismatch: (pincode: string) =>
    `The State you typed is not where pincode ${pincode} is: please check both, or pay the COD fee now.`,
  /** POST /api/checkout/cod-options failing unexpectedly (500); the checkout then blocks nothing. */
  checkFailed: 'Cash on delivery could not be checked right now. The shop checks it again when you place the order.',
} as const;

// ---- The COD fee paid now (§10 rule 17, §8) ------------------------------------------------------

/**
 * A Cash on Delivery order whose COD fee is paid now by UPI (src/shop/cod-advance.ts): the
 * checkout's choice, the money split wherever it is shown, and the refusal. Amounts as the shopper
 * reads them (`formatRupees`): `fee` the COD fee paid now, `cash` what is left to pay on delivery.
 */
export const COD_ADVANCE_TEXTS = {
  choice: (fee: string) => `Pay the ${fee} COD fee now by UPI and the rest on delivery`,
  /** The order summary's and the order page's rows, after the total. */
  payNow: 'Pay now (COD fee)',
  paidNow: 'Paid now (COD fee)',
  onDelivery: 'Pay on delivery',
  /** How the order page names the way the shopper pays. */
  paymentLabel: 'Cash on Delivery, COD fee paid now',
  /** The order page's Payment status once the fee is in. */
  status: (fee: string, cash: string) => `${fee} paid, ${cash} on delivery`,
  /** The timeline: the order placed, then the fee received. */
  placedDetail: (cash: string) => `Cash on delivery, the COD fee paid online: pay ${cash} when it arrives.`,
  received: (fee: string) => `COD fee of ${fee} received`,
  /** The checkout's toast once the fee is paid. */
  thanks: (fee: string, cash: string) => `COD fee of ${fee} received. Pay ${cash} on delivery.`,
  /** 422 `COD_ADVANCE_UNAVAILABLE`: the shop charges no COD fee, so there is none to pay now. */
  unavailable: 'Paying the COD fee now is not offered for this order. Please choose another way to pay.',
} as const;
