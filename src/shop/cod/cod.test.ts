import { describe, expect, it } from 'vitest';
import {
  awaitingConfirmation,
  type CodConfirmation,
  type CodState,
  cashOnDelivery,
  codConfirmed,
  codeFor,
  confirmationLocked,
  confirmMessage,
  readConfirmMessage,
  staffToCall,
  WRONG_CODES_ALLOWED,
} from './cod.ts';

const state = (confirmation: CodConfirmation['state'], advance?: number): CodState => ({
  decision: { outcome: 'allow', reasons: [], at: '2026-11-26T10:00:00.000Z' },
  ...(advance === undefined ? {} : { advance: { amount: advance } }),
  confirmation: { state: confirmation, code: 'K7QX' },
});

describe('COD confirmation', () => {
  it('makes a 4-character code with no look-alike letters or digits', () => {
    expect(codeFor(new Uint8Array([0, 1, 2, 3, 250]))).toBe('ABCD');
    expect(codeFor(new Uint8Array([30, 31, 61, 255]))).toMatch(/^[A-HJKMNP-Z2-9]{4}$/);
  });

  it('reads back the CONFIRM message it prefills, however the keyboard changed its case and spaces', () => {
    const text = confirmMessage('OUO_1764150000000', 'K7QX');
    expect(text).toBe('CONFIRM OUO_1764150000000 K7QX');
    expect(readConfirmMessage(text)).toEqual({ orderId: 'OUO_1764150000000', code: 'K7QX' });
    expect(readConfirmMessage('  Confirm ouo_1764150000000   k7qx. ')).toEqual({
      orderId: 'OUO_1764150000000',
      code: 'K7QX',
    });
  });

  it('reads nothing else as a confirmation', () => {
    for (const text of [
      'CONFIRM',
      'confirm OUO_1764150000000',
      'yes',
      'CONFIRM OUO_176415 K7QX',
      'CONFIRM OUO_1764150000000 K7QX please',
    ])
      expect(readConfirmMessage(text)).toBeUndefined();
  });

  it('books only a confirmed COD order, or one placed before confirmation existed', () => {
    expect(codConfirmed(undefined)).toBe(true);
    expect(codConfirmed({ decision: { outcome: 'allow', reasons: [], at: '2026-11-26T10:00:00.000Z' } })).toBe(true);
    expect(codConfirmed(state('confirmed'))).toBe(true);
    expect(codConfirmed(state('awaiting'))).toBe(false);
    expect(awaitingConfirmation(state('awaiting'))).toBe(true);
    expect(awaitingConfirmation(undefined)).toBe(false);
    const called = state('awaiting');
    expect(staffToCall(called)).toBe(false);
    (called.confirmation as CodConfirmation).chased = { call: '2026-11-28T10:00:00.000Z' };
    expect(staffToCall(called)).toBe(true);
    expect(
      staffToCall({ ...called, confirmation: { ...(called.confirmation as CodConfirmation), state: 'confirmed' } }),
    ).toBe(false);
  });

  it('stops taking WhatsApp confirmations after five wrong codes, and leaves the order to staff', () => {
    const wrong = (count: number): CodState => {
      const locked = state('awaiting');
      (locked.confirmation as CodConfirmation).wrongCodes = Array.from({ length: count }, (_, index) => ({
        at: '2026-11-26T10:05:00.000Z',
        messageId: `wamid.${index}`,
      }));
      return locked;
    };
    expect(WRONG_CODES_ALLOWED).toBe(5);
    expect(confirmationLocked(wrong(4))).toBe(false);
    expect(staffToCall(wrong(4))).toBe(false);
    expect(confirmationLocked(wrong(5))).toBe(true);
    expect(staffToCall(wrong(5))).toBe(true);
    expect(confirmationLocked(undefined)).toBe(false);
    // Confirmed by staff after the call: nothing is locked or left to do.
    const confirmed = wrong(5);
    (confirmed.confirmation as CodConfirmation).state = 'confirmed';
    expect(confirmationLocked(confirmed)).toBe(false);
    expect(staffToCall(confirmed)).toBe(false);
  });

  it('has Delhivery collect the total less the COD fee paid now, never below nothing', () => {
    expect(cashOnDelivery(1250, undefined)).toBe(1250);
    expect(cashOnDelivery(1250, state('confirmed', 150))).toBe(1100);
    expect(cashOnDelivery(100, state('confirmed', 150))).toBe(0);
  });
});
