import { reader } from './texts/read.ts';
import { whatsapp } from './texts/whatsapp.ts';

/** The consent's words: this module's own domain, not the checkout's whole binding (it loads on every page). */
const shopText = /* @__PURE__ */ reader({ whatsapp });
/**
 * WhatsApp order updates (docs/shop-rules.md §10, "WhatsApp"): the shopper's consent, as the order
 * log keeps it. The version names the consent's words; it changes whenever they do, so an order
 * always says which words its shopper agreed to, and when.
 */

export const WHATSAPP_CONSENT_VERSION = 1;

/** The languages the templates are approved in (netlify/lib/whatsapp/templates.ts), English first. */
export const WHATSAPP_LANGUAGES = ['en', 'hi'] as const;
export type WhatsAppLanguage = (typeof WHATSAPP_LANGUAGES)[number];

export interface WhatsAppConsent {
  version: number;
  text: string;
  /** ISO time the order carrying it was placed. */
  at: string;
  /** The messages' language the shopper chose; absent on orders placed before it was asked: English. */
  language?: WhatsAppLanguage;
}

/**
 * The consent an order records when its shopper ticked the box at checkout. The language is a
 * choice beside the words, not part of them: the version stays.
 */
export function whatsappConsent(at: string, language: WhatsAppLanguage = 'en'): WhatsAppConsent {
  return { version: WHATSAPP_CONSENT_VERSION, text: shopText('whatsapp.consent'), at, language };
}

/** The language an order's messages go in (an older order's consent names none: English). */
export const consentLanguage = (consent: WhatsAppConsent | undefined): WhatsAppLanguage => consent?.language ?? 'en';

/** WhatsApp's click-to-chat: a chat with `number` (digits only, with its country code) and `text` written. */
export function whatsappChatLink(number: string, text: string): string {
  return `https://wa.me/${number.replace(/\D/g, '')}?text=${encodeURIComponent(text)}`;
}

/** Why a message to a phone that replied STOP was not sent: the Sheet's `WhatsApp` cell reads it as `off (STOP)`. */
export const STOPPED = 'the shopper replied STOP';
