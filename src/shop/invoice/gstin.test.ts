import { describe, expect, it } from 'vitest';
import { gstinCheckCharacter, normaliseGstin, readGstin } from './gstin.ts';

describe('gstinCheckCharacter', () => {
  it("computes a published GSTIN's check by the mod-36 rule", () => {
    // 2 7 A A P F U 0 9 3 9 F 1 Z, worth ×1, ×2, … : 2 + 14 + 10 + 20 + 25 + 30 + 30 + 0 + 9 + 6 +
    // 9 + 30 + 1 + (70 = 1×36 + 34 → 35) = 221; 221 mod 36 = 5; 36 − 5 = 31, which is V.
    expect(gstinCheckCharacter('27AAPFU0939F1Z')).toBe('V');
  });

  it('gives 0 where the sum is a multiple of 36, never 36', () => {
    expect(gstinCheckCharacter('06BZAHM6385P6Z')).toBe('0');
  });
});

describe('readGstin', () => {
  it.each([
    ['27AAPFU0939F1ZV', '27AAPFU0939F1ZV'],
    // The checkout's example (Uttarakhand), and other States' codes at the edges of the table.
    ['05ABCDE1234F1Z6', '05ABCDE1234F1Z6'],
    ['38ABCDE1234F1ZX', '38ABCDE1234F1ZX'],
    ['97ABCDE1234F1ZT', '97ABCDE1234F1ZT'],
    // An entity number past 9 is a letter.
    ['26ABCDE1234FAZT', '26ABCDE1234FAZT'],
    // As people type or paste it: lower case, in groups, with a stray zero-width space.
    ['27aapfu0939f1zv', '27AAPFU0939F1ZV'],
    [' 27 AAPFU 0939 F1ZV ', '27AAPFU0939F1ZV'],
    ['27AAPFU\u200b0939F1ZV', '27AAPFU0939F1ZV'],
  ])('reads %j as %s', (typed, gstin) => {
    expect(readGstin(typed)).toEqual({ ok: true, gstin });
  });

  it.each([
    ['one character short', '27AAPFU0939F1Z', 'length'],
    ['one character over', '27AAPFU0939F1ZVV', 'length'],
    ['nothing', '', 'length'],
    ['a letter for a State code', 'X7AAPFU0939F1ZV', 'format'],
    ['a digit among the PAN letters', '27AAPF10939F1ZV', 'format'],
    ['a letter among the PAN digits', '27AAPFUO939F1ZV', 'format'],
    ['entity number 0', '27AAPFU0939F0ZV', 'format'],
    ['no Z in 14th place', '27AAPFU0939F1YV', 'format'],
    ['a hyphen', '27-AAPFU0939F1Z', 'format'],
    ['full-width digits', '２７AAPFU0939F1ZV', 'format'],
    ['State code 00', '00ABCDE1234F1ZG', 'state'],
    ['State code 39', '39ABCDE1234F1ZV', 'state'],
    ['State code 99', '99ABCDE1234F1ZP', 'state'],
    ['a wrong check character', '27AAPFU0939F1ZW', 'checksum'],
    ['the example as the issue first wrote it', '05ABCDE1234F1Z5', 'checksum'],
    ['two characters swapped', '27AAPFU0993F1ZV', 'checksum'],
  ])('refuses %s (%j): %s', (_why, typed, reason) => {
    expect(readGstin(typed)).toEqual({ ok: false, reason });
  });
});

describe('normaliseGstin', () => {
  it('keeps what a GSTIN is made of, in capitals, and drops spaces and invisible characters', () => {
    expect(normaliseGstin('\ufeff 05abcde 1234f 1z6\t')).toBe('05ABCDE1234F1Z6');
  });
});
