import { describe, expect, it } from 'vitest';
import { whatsappUpdatesOffered } from './whatsapp-updates.ts';

describe('whatsappUpdatesOffered', () => {
  it('offers WhatsApp updates in production only when the owner turns them on', () => {
    expect(whatsappUpdatesOffered({ CONTEXT: 'production' })).toBe(false);
    expect(whatsappUpdatesOffered({ CONTEXT: 'production', VITE_WHATSAPP_UPDATES: 'on' })).toBe(true);
  });

  it('offers them elsewhere (the local outbox takes the messages) unless turned off', () => {
    expect(whatsappUpdatesOffered({})).toBe(true);
    expect(whatsappUpdatesOffered({ CONTEXT: 'deploy-preview' })).toBe(true);
    expect(whatsappUpdatesOffered({ VITE_WHATSAPP_UPDATES: 'off' })).toBe(false);
  });
});
