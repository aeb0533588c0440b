/** Razorpay's signatures: hex HMAC-SHA256, compared in constant time. */
import { createHmac, timingSafeEqual } from 'node:crypto';

const HEX_SHA256 = /^[0-9a-f]{64}$/i;

export function hmacHex(secret: string, payload: string): string {
  return createHmac('sha256', secret).update(payload, 'utf8').digest('hex');
}

export function isWellFormedSignature(signature: string): boolean {
  return HEX_SHA256.test(signature);
}

/** Equal signatures, without leaking how many leading characters matched. */
export function signaturesMatch(expectedHex: string, givenHex: string): boolean {
  if (!isWellFormedSignature(givenHex) || !isWellFormedSignature(expectedHex)) return false;
  return timingSafeEqual(Buffer.from(expectedHex.toLowerCase(), 'hex'), Buffer.from(givenHex.toLowerCase(), 'hex'));
}

/** The checkout signature: HMAC of `<order id we stored>|<payment id>` with the key secret. */
export function paymentSignature(razorpayOrderId: string, paymentId: string, keySecret: string): string {
  return hmacHex(keySecret, `${razorpayOrderId}|${paymentId}`);
}

export function verifyPaymentSignature(input: {
  razorpayOrderId: string;
  paymentId: string;
  signature: string;
  keySecret: string;
}): boolean {
  return signaturesMatch(paymentSignature(input.razorpayOrderId, input.paymentId, input.keySecret), input.signature);
}

/** The webhook signature: HMAC of the raw request body with the webhook secret. */
export function verifyWebhookSignature(rawBody: string, signature: string, webhookSecret: string): boolean {
  return signaturesMatch(hmacHex(webhookSecret, rawBody), signature);
}
