import { describe, expect, it } from 'vitest';
import { truncateText } from './text.ts';

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
