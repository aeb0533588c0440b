import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ValueChainChart } from './ValueChainChart.tsx';
import { formatRupees, valueChainBars } from './value-chain.ts';

const NODES = [
  { node: 'Farmer', share: 55, note: 'Paid directly' },
  { node: 'Processing & clarification', share: 15, note: 'Cleaning' },
  { node: 'Packaging', share: 10, note: 'Jars' },
  { node: 'Logistics', share: 12, note: 'Courier' },
  { node: 'Operations & QA', share: 8, note: 'Checks' },
];

describe('valueChainBars', () => {
  it('gives each node its share of the total, adding up to 100%', () => {
    const bars = valueChainBars(NODES);
    expect(bars.map((bar) => bar.percent)).toEqual([55, 15, 10, 12, 8]);
    expect(bars.reduce((sum, bar) => sum + bar.percent, 0)).toBeCloseTo(100);
  });

  it('computes shares of the sum when the shares do not add up to 100', () => {
    const bars = valueChainBars([
      { node: 'A', share: 1, note: '' },
      { node: 'B', share: 3, note: '' },
      { node: 'C', share: 2, note: '' },
    ]);
    const [a, b, c] = bars.map((bar) => bar.percent);
    expect(a).toBeCloseTo(100 / 6);
    expect(b).toBe(50);
    expect(c).toBeCloseTo(200 / 6);
    expect(bars.map((bar) => bar.rupeesPer100)).toEqual([16.7, 50, 33.3]);
    expect(bars.reduce((sum, bar) => sum + bar.percent, 0)).toBeCloseTo(100);
  });

  it('draws no bars for an empty or all-zero chain', () => {
    expect(valueChainBars([])).toEqual([]);
    expect(valueChainBars([{ node: 'A', share: 0, note: '' }])[0]?.percent).toBe(0);
  });

  it('formats rupees without a needless decimal', () => {
    expect(formatRupees(55)).toBe('₹55');
    expect(formatRupees(16.7)).toBe('₹16.7');
  });
});

describe('<ValueChainChart>', () => {
  it('is a table with a caption, one row per node, its rupees per ₹100 and note', () => {
    render(<ValueChainChart nodes={NODES} caption="How each ₹100 is shared" />);
    const table = screen.getByRole('table', { name: 'How each ₹100 is shared' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(5);
    const farmer = rows[0] as HTMLElement;
    expect(within(farmer).getByRole('rowheader')).toHaveTextContent('Farmer');
    const cells = within(farmer).getAllByRole('cell');
    expect(cells[0]).toHaveTextContent('₹55');
    expect(cells[1]).toHaveTextContent('Paid directly');
  });

  it('draws bars whose widths add up to 100%', () => {
    const { container } = render(<ValueChainChart nodes={NODES} caption="Shares" />);
    const widths = [...container.querySelectorAll<HTMLElement>('.value-chain__bar')].map((bar) =>
      Number.parseFloat(bar.style.width),
    );
    expect(widths).toEqual([55, 15, 10, 12, 8]);
    expect(widths.reduce((sum, width) => sum + width, 0)).toBeCloseTo(100);
  });
});
