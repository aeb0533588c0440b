import { describe, expect, it } from 'vitest';
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
