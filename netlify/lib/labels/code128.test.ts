import { describe, expect, it } from 'vitest';
import {
  checksum,
  code128Svg,
  code128Values,
  code128Widths,
  PATTERNS,
  QUIET_ZONE_MODULES,
  START_B,
  START_C,
  STOP,
} from './code128.ts';

/** Reads the widths back into symbol values, as a scanner would: a test of the table as much as of the encoder. */
function decode(widths: number[]): number[] {
  const values: number[] = [];
  for (let index = 0; index + 6 <= widths.length - 7; index += 6) {
    const value = PATTERNS.indexOf(widths.slice(index, index + 6).join(''));
    expect(value, `symbol at ${index}`).toBeGreaterThanOrEqual(0);
    values.push(value);
  }
  expect(widths.slice(-7).join('')).toBe('2331112');
  return values;
}

describe('the Code 128 table', () => {
  it('has 103 data symbols, three starts and the stop, each one different', () => {
    expect(PATTERNS).toHaveLength(107);
    expect(new Set(PATTERNS).size).toBe(107);
  });

  it('gives every symbol eleven modules with an even number in its bars (the stop: thirteen)', () => {
    PATTERNS.forEach((pattern, value) => {
      const widths = [...pattern].map(Number);
      const bars = widths.filter((_, index) => index % 2 === 0).reduce((a, b) => a + b, 0);
      expect(
        widths.reduce((a, b) => a + b, 0),
        `symbol ${value}`,
      ).toBe(value === STOP ? 13 : 11);
      expect(bars % 2, `symbol ${value}`).toBe(0);
    });
  });

  it('has the standard start and stop patterns', () => {
    expect(PATTERNS[START_B]).toBe('211214');
    expect(PATTERNS[START_C]).toBe('211232');
    expect(PATTERNS[STOP]).toBe('2331112');
    expect(PATTERNS[0]).toBe('212222'); // space in code set B, 00 in C
  });
});

describe('code128Values', () => {
  it('encodes letters in code set B with the standard checksum (PJJ123C: 879 mod 103 = 55)', () => {
    // Start B 104, then P=48, J=42, J=42, 1=17, 2=18, 3=19, C=35 weighted 1…7.
    expect(code128Values('PJJ123C')).toEqual([104, 48, 42, 42, 17, 18, 19, 35, 55]);
  });

  it('encodes an even run of digits in code set C, two per symbol (123456: 353 mod 103 = 44)', () => {
    expect(code128Values('123456')).toEqual([105, 12, 34, 56, 44]);
  });

  it('ends an odd run of digits in code set B (a 13-digit Delhivery waybill)', () => {
    const values = code128Values('1234567890123');
    expect(values.slice(0, 7)).toEqual([105, 12, 34, 56, 78, 90, 12]);
    expect(values.slice(7, 9)).toEqual([100, 19]); // Code B, then '3'
    expect(values.at(-1)).toBe(checksum(values.slice(0, -1)));
  });

  it('encodes the local carrier’s waybills (SIM…) in code set B', () => {
    const values = code128Values('SIM1763719200000');
    expect(values[0]).toBe(START_B);
    expect(values.slice(1, 4)).toEqual([51, 41, 45]);
  });

  it.each(['', 'é', 'A\nB', 'x\u0000'])('refuses %j', (text) => {
    expect(() => code128Values(text)).toThrow(/printable ASCII/);
  });
});

describe('code128Widths', () => {
  it.each(['PJJ123C', '123456', '1234567890123', 'SIM1763719200000'])('reads back as %s’s symbols', (text) => {
    expect(decode(code128Widths(text))).toEqual(code128Values(text));
  });
});

describe('code128Svg', () => {
  it('draws one bar per bar width, between quiet zones, with a name for screen readers', () => {
    const svg = code128Svg('123456', { height: 60, label: 'Waybill 123456 <&>' });
    const widths = code128Widths('123456');
    const total = widths.reduce((a, b) => a + b, 0) + 2 * QUIET_ZONE_MODULES;
    expect(svg).toContain(`viewBox="0 0 ${total} 60"`);
    expect(svg.match(/<rect x=/g)).toHaveLength(Math.ceil(widths.length / 2));
    expect(svg).toContain(`<rect x="${QUIET_ZONE_MODULES}" y="0" width="2" height="60"/>`);
    expect(svg).toContain('aria-label="Waybill 123456 &lt;&amp;&gt;"');
    expect(svg).toContain('role="img"');
  });
});
