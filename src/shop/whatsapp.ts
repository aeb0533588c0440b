/**
 * WhatsApp order updates (docs/shop-rules.md §10, "WhatsApp"): the shopper's consent, as the order
 * log keeps it. The version names the consent's words; it changes whenever they do, so an order
 * always says which words its shopper agreed to, and when.
 */
import { WHATSAPP_TEXTS } from './messages.ts';

export const WHATSAPP_CONSENT_VERSION = 1;

export interface WhatsAppConsent {
  version: number;
  text: string;
  /** ISO time the order carrying it was placed. */
  at: string;
}

/** The consent an order records when its shopper ticked the box at checkout. */
export function whatsappConsent(at: string): WhatsAppConsent {
  return { version: WHATSAPP_CONSENT_VERSION, text: WHATSAPP_TEXTS.consent, at };
}
