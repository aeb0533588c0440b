/** src/shop/texts/cod-reply.ts in Hindi. Quoted word for word in docs/shop-rules.md §8 (src/shop/texts/shop-rules.test.ts): change both together. */
export const codReply = {
  wrongCode:
    'आपके मैसेज का कोड ऑर्डर {orderId} से मेल नहीं खाता, इसलिए ऑर्डर की पुष्टि अभी नहीं हुई है। कृपया अपने ऑर्डर पेज के Confirm on WhatsApp लिंक वाले शब्द बिना बदले दोबारा भेजें।',
  locked:
    'ऑर्डर {orderId} की पुष्टि अब WhatsApp पर नहीं हो सकती: इसके लिए कई बार गलत कोड भेजे गए। ऑर्डर अभी भेजा नहीं गया है। पुष्टि के लिए हम ऑर्डर के फ़ोन नंबर पर आपको कॉल करेंगे।',
} as const;
