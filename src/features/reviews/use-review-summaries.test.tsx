import { render, screen } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { server } from '../../../tests/support/msw.ts';
import { Stars } from '../catalogue/index.ts';
import { summaryFor, useReviewSummaries } from './use-review-summaries.ts';

const SUMMARIES = [
  { product: 'Badri Cow Ghee', average: 4.5, count: 2 },
  { product: 'himalayan red rice', average: 5, count: 1 },
  { product: 'Wild Jimbu', average: 0, count: 0 },
];

function Cards({ names }: { names: string[] }) {
  const ratingFor = useReviewSummaries();
  return (
    <ul>
      {names.map((name) => (
        <li key={name} aria-label={name}>
          <Stars rating={ratingFor(name)} />
        </li>
      ))}
    </ul>
  );
}

describe('review summaries for product cards', () => {
  it('matches by name (case-insensitive, or either name containing the other)', () => {
    expect(summaryFor(SUMMARIES, 'Badri Cow Ghee')).toEqual({ average: 4.5, count: 2 });
    expect(summaryFor(SUMMARIES, 'Himalayan Red Rice')).toEqual({ average: 5, count: 1 });
    expect(summaryFor(SUMMARIES, 'Ghee')).toEqual({ average: 4.5, count: 2 });
    expect(summaryFor(SUMMARIES, 'Wild Jimbu')).toBeUndefined();
    expect(summaryFor(SUMMARIES, 'Black Soyabean')).toBeUndefined();
  });

  it('asks once after mounting and shows stars only where there are reviews', async () => {
    let calls = 0;
    server.use(
      http.get('*/api/reviews', ({ request }) => {
        calls += 1;
        expect(new URL(request.url).searchParams.has('product')).toBe(false);
        return HttpResponse.json({ summaries: SUMMARIES });
      }),
    );
    render(<Cards names={['Badri Cow Ghee', 'Wild Jimbu']} />);

    expect(await screen.findByRole('img', { name: 'Rated 4.5 out of 5 from 2 reviews' })).toBeInTheDocument();
    expect(screen.getAllByRole('img')).toHaveLength(1);
    expect(screen.getByRole('listitem', { name: 'Wild Jimbu' })).toBeEmptyDOMElement();
    expect(calls).toBe(1);
  });

  it('shows no stars when the summaries cannot be read', async () => {
    let asked = false;
    server.use(
      http.get('*/api/reviews', () => {
        asked = true;
        return new HttpResponse('nope', { status: 500 });
      }),
    );
    render(<Cards names={['Badri Cow Ghee']} />);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(asked).toBe(true);
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
  });
});
