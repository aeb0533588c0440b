import { describe, expect, it } from 'vitest';
import { numberInWords, rupeesInWords } from './amount-in-words.ts';

describe('numberInWords', () => {
  it.each([
    [0, 'Zero'],
    [7, 'Seven'],
    [13, 'Thirteen'],
    [20, 'Twenty'],
    [45, 'Forty-Five'],
    [100, 'One Hundred'],
    [101, 'One Hundred One'],
    [999, 'Nine Hundred Ninety-Nine'],
    [1_000, 'One Thousand'],
    [1_045, 'One Thousand Forty-Five'],
    [10_000, 'Ten Thousand'],
    [99_999, 'Ninety-Nine Thousand Nine Hundred Ninety-Nine'],
    [1_00_000, 'One Lakh'],
    [1_20_045, 'One Lakh Twenty Thousand Forty-Five'],
    [12_34_567, 'Twelve Lakh Thirty-Four Thousand Five Hundred Sixty-Seven'],
    [1_00_00_000, 'One Crore'],
    [1_00_00_001, 'One Crore One'],
    [12_34_56_789, 'Twelve Crore Thirty-Four Lakh Fifty-Six Thousand Seven Hundred Eighty-Nine'],
    [1_000_00_00_000, 'One Thousand Crore'],
  ])('%i is %s (Indian numbering)', (n, words) => {
    expect(numberInWords(n)).toBe(words);
  });

  it('refuses what is not a whole number', () => {
    expect(() => numberInWords(-1)).toThrow(RangeError);
    expect(() => numberInWords(1.5)).toThrow(RangeError);
  });
});

describe('rupeesInWords', () => {
  it.each([
    [104_500, 'Rupees One Thousand Forty-Five only'],
    [104_550, 'Rupees One Thousand Forty-Five and Fifty Paise only'],
    [104_501, 'Rupees One Thousand Forty-Five and One Paisa only'],
    [2_45_67_890_05, 'Rupees Two Crore Forty-Five Lakh Sixty-Seven Thousand Eight Hundred Ninety and Five Paise only'],
    [50, 'Rupees Zero and Fifty Paise only'],
    [0, 'Rupees Zero only'],
  ])('%i paise is %s', (paise, words) => {
    expect(rupeesInWords(paise)).toBe(words);
  });

  it('refuses what is not a whole number of paise', () => {
    expect(() => rupeesInWords(10.5)).toThrow(RangeError);
    expect(() => rupeesInWords(-100)).toThrow(RangeError);
  });
});
