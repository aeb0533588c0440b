import { describe, expect, it } from 'vitest';
import { makeCustomer } from '#tests/support/factories.ts';
import { checkoutFormSchema } from './schemas/index.ts';
import { cleanText, truncateText } from './text.ts';

describe('truncateText', () => {
  it('keeps short text whole', () => {
    expect(truncateText('  Creamy white rajma. ', 80)).toBe('Creamy white rajma.');
    expect(truncateText('x'.repeat(80), 80)).toBe('x'.repeat(80));
  });

  it('cuts long text at the limit and adds an ellipsis', () => {
    const long =
      'Small, creamy white kidney beans grown on rain-fed terraces around Harsil in the upper Gangotri valley.';
    const cut = truncateText(long, 80);
    expect(cut).toBe(`${long.slice(0, 80).trimEnd()}…`);
    expect(cut.length).toBeLessThanOrEqual(81);
  });
});

describe('cleanText (issue 37 §1)', () => {
  it.each([
    ['a zero-width space alone', '\u200b', ''],
    ['NUL and other controls', 'Asha\u0000 Raw\u0007at', 'Asha Rawat'],
    ['bidi marks and a BOM', '\u200e\ufeffMall\u202e Road\u2066', 'Mall Road'],
    ['a soft hyphen', 'Dehra\u00addun', 'Dehradun'],
    ['runs of spaces, tabs and no-break spaces', '  12\t Mall\u00a0\u00a0Road \n', '12 Mall Road'],
    ['decomposed letters (NFC)', 'Cafe\u0301', 'Caf\u00e9'],
    ['an invisible character before a formula', '\u200b=HYPERLINK("x")', '=HYPERLINK("x")'],
  ])('%s', (_name, input, expected) => {
    expect(cleanText(input)).toBe(expected);
  });

  it('keeps an emoji drawn from several with zero-width joiners, and drops a stray joiner', () => {
    const family = '\u{1F468}\u200d\u{1F469}\u200d\u{1F467}';
    expect(cleanText(`Loved it ${family}`)).toBe(`Loved it ${family}`);
    expect(cleanText('ri\u200dce')).toBe('rice');
  });

  it('keeps line breaks where asked: spaces collapse per line, one blank line at most', () => {
    expect(cleanText('  Good rajma.\r\n\r\n\r\n\n  Cooks  fast.\u2028Again! ', { lines: true })).toBe(
      'Good rajma.\n\nCooks fast.\nAgain!',
    );
    expect(cleanText('one\ntwo')).toBe('one two');
  });
});

describe('cleanText: what is no character at all (issue 46 §B)', () => {
  const NOT_TEXT = [
    ['a lone high surrogate', '\ud800'],
    ['a lone low surrogate', '\udfff'],
    ['U+FFFF', '\uffff'],
    ['U+FFFE', '\ufffe'],
    ['U+FDD0 (the first noncharacter of its block)', '\ufdd0'],
    ['U+FDEF (the last of that block)', '\ufdef'],
    ['U+1FFFE (in another plane)', '\u{1fffe}'],
    ['U+10FFFF (the last code point of all)', '\u{10ffff}'],
  ] as const;

  it.each(NOT_TEXT)('drops %s as it drops a zero-width space', (_name, char) => {
    expect(cleanText(`Asha ${char} Rawat`)).toBe(cleanText('Asha \u200b Rawat'));
    expect(cleanText(`Asha${char}`)).toBe('Asha');
    expect(cleanText(char)).toBe('');
  });

  const nameError = (name: string) =>
    checkoutFormSchema.safeParse(makeCustomer({ name })).error?.issues.map(({ path, message }) => ({ path, message }));

  it.each(NOT_TEXT)(
    'refuses a name of only %s with the invisible characters’ error, and stores none',
    (_name, char) => {
      const invisible = nameError('\u200b');
      expect(invisible).toEqual([{ path: ['name'], message: 'Please fill in all required fields' }]);
      expect(nameError(char)).toEqual(invisible);
      expect(nameError(` ${char}${char} `)).toEqual(invisible);
      expect(checkoutFormSchema.parse(makeCustomer({ name: `Asha ${char} Rawat` })).name).toBe('Asha Rawat');
    },
  );

  it.each([
    ['Hindi', 'आशा रावत, ग्राम हर्षिल'],
    ['an emoji of a surrogate pair', 'Loved the rice 🌾'],
    ['an emoji drawn from several', 'For the family \u{1F468}\u200d\u{1F469}\u200d\u{1F467}'],
    ['accented Latin', 'Zoë Ça Ñandú'],
    ['a letter beyond the first plane (a surrogate pair)', '𠀀 𝔸'],
    ['the neighbours of the noncharacters', '\ufdcf \ufdf0 \ufffd'],
  ])('keeps %s whole', (_name, value) => {
    expect(cleanText(value)).toBe(value);
    expect(checkoutFormSchema.parse(makeCustomer({ name: value })).name).toBe(value);
  });
});
