import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Batch } from '../../content/types.ts';
import { BatchTimeline } from './BatchTimeline.tsx';
import { batchPageData, formatStepDate } from './batch.ts';

const TITLES = ['Boiling', 'Culture', 'Fermentation', 'Churning', 'Ghee boiling', 'Filtration', 'Ghee residue'];

const batch: Batch = {
  batchId: 'OUO-GHEE-2025-09-25-001',
  productName: 'Badri Cow Ghee',
  altitudeM: 2300,
  comingSoonNote: 'More soon',
  origin: { village: 'Bhangeli', valley: 'Gangotri valley', district: 'Uttarkashi' },
  maker: { name: 'Nirmala Devi', role: 'Ghee maker' },
  herd: { breed: 'Badri', yieldMinL: 1.5, yieldMaxL: 4 },
  process: { method: 'Bilona', fermentationAcidity: 'about 1% lactic acid', grRatio: 'about 1:10' },
  steps: TITLES.map((title, index) => ({
    id: `s${index + 1}`,
    code: `C${index + 1}`,
    title,
    date: `2025-09-2${3 + Math.floor(index / 4)}T17:30:00+05:30`,
    by: index === 6 ? 'OUO field team' : 'Nirmala Devi',
    details: `Details of ${title}`,
    checks: index === 0 ? ['Milk smelled fresh', 'Brought to a rolling boil'] : [`Checked ${title}`],
  })),
};

describe('formatStepDate', () => {
  it('reads the date in India (en-IN, Asia/Kolkata), whatever the machine’s time zone', () => {
    const label = formatStepDate('2025-09-23T17:30:00+05:30');
    expect(label).toMatch(/^23 Sept? 2025, 5:30\s?pm$/i);
    expect(formatStepDate('2025-09-23T12:00:00Z')).toMatch(/5:30\s?pm/i);
  });

  it('leaves a date it cannot read as it is', () => {
    expect(formatStepDate('soon')).toBe('soon');
  });
});

describe('<BatchTimeline>', () => {
  it('shows the seven steps in order with date, who did it, details and quality checks', () => {
    const { batch: view, url, qr } = batchPageData(batch, 'https://example.test');
    expect(url).toBe('https://example.test/who-are-we/traceability/OUO-GHEE-2025-09-25-001');
    expect(qr.moduleCount).toBeGreaterThan(20);
    render(<BatchTimeline steps={view.steps} />);
    const steps = within(screen.getByRole('list', { name: 'Production timeline' })).getAllByRole('listitem', {
      name: '',
    });
    const items = steps.filter((item) => item.classList.contains('timeline__step'));
    expect(items).toHaveLength(7);
    expect(screen.getAllByRole('heading', { level: 3 }).map((heading) => heading.textContent)).toEqual(
      TITLES.map((title, index) => `${index + 1}${title}`),
    );
    const first = items[0] as HTMLElement;
    expect(within(first).getByText(/^23 Sept? 2025/)).toHaveAttribute('datetime', '2025-09-23T17:30:00+05:30');
    expect(first).toHaveTextContent('Done by: Nirmala Devi');
    expect(first).toHaveTextContent('Details of Boiling');
    const checks = within(first).getByRole('list', { name: 'Quality checks: Boiling' });
    expect(
      within(checks)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Milk smelled fresh', 'Brought to a rolling boil']);
    expect(items[6]).toHaveTextContent('Done by: OUO field team');
  });
});
