import { render, screen } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { server } from '#tests/support/msw.ts';
import { Stars } from '../../components/Stars.tsx';
import { summaryFor, useReviewSummaries } from './use-review-summaries.ts';

const SUMMARIES = [
  { productId: 3, product: 'Badri Cow Ghee', average: 4.5, count: 2 },
  { productId: 5, product: 'Himalayan Red Rice', average: 5, count: 1 },
  { productId: 6, product: 'Wild Himalayan Tempering Spice', average: 0, count: 0 },
];

function Cards({ products }: { products: { id: number; name: string }[] }) {
  const ratingFor = useReviewSummaries();
  return (
    <ul>
      {products.map((product) => (
        <li key={product.id} aria-label={product.name}>
          <Stars rating={ratingFor(product.id)} />
        </li>
      ))}
    </ul>
  );
}

describe('review summaries for product cards', () => {
  it('matches by catalogue id, never by name', () => {
    expect(summaryFor(SUMMARIES, 3)).toEqual({ average: 4.5, count: 2 });
    expect(summaryFor(SUMMARIES, 5)).toEqual({ average: 5, count: 1 });
    expect(summaryFor(SUMMARIES, 6)).toBeUndefined();
    expect(summaryFor(SUMMARIES, 4)).toBeUndefined();
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
    render(
      <Cards
        products={[
          { id: 3, name: 'Badri Cow Ghee' },
          { id: 6, name: 'Wild Himalayan Tempering Spice' },
        ]}
      />,
    );

    expect(await screen.findByRole('img', { name: 'Rated 4.5 out of 5 from 2 reviews' })).toBeInTheDocument();
    expect(screen.getAllByRole('img')).toHaveLength(1);
    expect(screen.getByRole('listitem', { name: 'Wild Himalayan Tempering Spice' })).toBeEmptyDOMElement();
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
    render(<Cards products={[{ id: 3, name: 'Badri Cow Ghee' }]} />);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(asked).toBe(true);
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
  });
});
