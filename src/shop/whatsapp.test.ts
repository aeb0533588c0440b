import { describe, expect, it } from 'vitest';
import { text } from './texts/server.ts';
import { consentLanguage, WHATSAPP_CONSENT_VERSION, whatsappChatLink, whatsappConsent } from './whatsapp.ts';

describe('whatsappConsent', () => {
  it('records the words the shopper agreed to, their version and the time', () => {
    expect(whatsappConsent('2026-11-26T10:00:00.000Z')).toEqual({
      version: WHATSAPP_CONSENT_VERSION,
      text: 'Send my order updates on WhatsApp from Orang Utan Organics',
      at: '2026-11-26T10:00:00.000Z',
      language: 'en',
    });
    expect(whatsappConsent('x').text).toBe(text('whatsapp.consent'));
  });

  it('keeps the language the shopper chose; the words and their version stay', () => {
    expect(whatsappConsent('x', 'hi')).toMatchObject({ version: WHATSAPP_CONSENT_VERSION, language: 'hi' });
  });
});

describe('consentLanguage', () => {
  it("is the consent's language, and English for an order placed before it was asked", () => {
    expect(consentLanguage(whatsappConsent('x', 'hi'))).toBe('hi');
    expect(consentLanguage({ version: 1, text: text('whatsapp.consent'), at: 'x' })).toBe('en');
    expect(consentLanguage(undefined)).toBe('en');
  });
});

describe('whatsappChatLink', () => {
  it("opens a chat with the shop's number, the words written, whatever the number's spacing", () => {
    expect(whatsappChatLink('+91 98765 00000', 'CONFIRM OUO_1764150000000 K7QX')).toBe(
      'https://wa.me/919876500000?text=CONFIRM%20OUO_1764150000000%20K7QX',
    );
  });
});
