import { describe, expect, it } from 'vitest';
import { WHATSAPP_TEXTS } from './messages.ts';
import { WHATSAPP_CONSENT_VERSION, whatsappConsent } from './whatsapp.ts';

describe('whatsappConsent', () => {
  it('records the words the shopper agreed to, their version and the time', () => {
    expect(whatsappConsent('2026-11-26T10:00:00.000Z')).toEqual({
      version: WHATSAPP_CONSENT_VERSION,
      text: 'Send my order updates on WhatsApp from Orang Utan Organics',
      at: '2026-11-26T10:00:00.000Z',
    });
    expect(whatsappConsent('x').text).toBe(WHATSAPP_TEXTS.consent);
  });
});
