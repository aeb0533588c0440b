import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { server } from '#tests/support/msw.ts';
import type { PublicReview } from '../../shop/schemas/index.ts';
import { NO_REVIEWS_TEXT, ReviewList } from './ReviewList.tsx';

function review(n: number): PublicReview {
  return {
    id: `review-${n}`,
    product: 'Badri Cow Ghee',
    customer: `Customer ${n}`,
    location: `Town ${n}, Uttarakhand`,
    rating: n % 2 === 0 ? 4 : 5,
    source: 'Website',
    date: `2025-01-0${n}`,
    review: `Review text ${n}`,
  };
}

function reviewsApi(body: unknown, status = 200, asked: string[] = []) {
  server.use(
    http.get('*/api/reviews', ({ request }) => {
      asked.push(new URL(request.url).searchParams.get('product') ?? '');
      return HttpResponse.json(body as object, { status });
    }),
  );
  return asked;
}

const customers = () =>
  within(screen.getByRole('list', { name: 'Reviews' }))
    .getAllByRole('listitem')
    .map((item) => item.querySelector('.review__customer')?.textContent);

describe('<ReviewList>', () => {
  it('asks for the product by catalogue id and pages through 7 reviews three at a time', async () => {
    const reviews = Array.from({ length: 7 }, (_, index) => review(index + 1));
    const asked = reviewsApi({ reviews, average: 4.6, count: 7 });
    const user = userEvent.setup();
    render(<ReviewList productId={3} />);

    expect(await screen.findByText('Page 1 of 3 (7 reviews)')).toBeInTheDocument();
    expect(asked).toEqual(['3']);
    expect(customers()).toEqual(['Customer 1', 'Customer 2', 'Customer 3']);
    const previous = screen.getByRole('button', { name: 'Previous' });
    const next = screen.getByRole('button', { name: 'Next' });
    expect(previous).toBeDisabled();
    expect(next).toBeEnabled();
    expect(screen.getByRole('img', { name: 'Rated 4.6 out of 5 from 7 reviews' })).toBeInTheDocument();
    expect(screen.getByText('4.6 out of 5 (7 reviews)')).toBeInTheDocument();

    const first = screen.getAllByRole('listitem')[0] as HTMLElement;
    expect(first).toHaveTextContent('Town 1, Uttarakhand');
    expect(first).toHaveTextContent('2025-01-01');
    expect(first).toHaveTextContent('Review text 1');
    expect(within(first).getByRole('img', { name: 'Rated 5 out of 5' })).toBeInTheDocument();

    await user.click(next);
    expect(screen.getByText('Page 2 of 3 (7 reviews)')).toBeInTheDocument();
    expect(customers()).toEqual(['Customer 4', 'Customer 5', 'Customer 6']);
    expect(previous).toBeEnabled();
    expect(next).toBeEnabled();

    await user.click(next);
    expect(screen.getByText('Page 3 of 3 (7 reviews)')).toBeInTheDocument();
    expect(customers()).toEqual(['Customer 7']);
    expect(next).toBeDisabled();

    await user.click(previous);
    expect(screen.getByText('Page 2 of 3 (7 reviews)')).toBeInTheDocument();
  });

  it('invites the first review when there are none', async () => {
    reviewsApi({ reviews: [], average: 0, count: 0 });
    render(<ReviewList productId={6} />);

    expect(await screen.findByText(NO_REVIEWS_TEXT)).toBeInTheDocument();
    expect(NO_REVIEWS_TEXT).toBe('No reviews yet. Be the first to review this product!');
    expect(screen.queryByRole('button', { name: 'Next' })).not.toBeInTheDocument();
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
  });

  it('shows the empty state when the feed fails or answers nonsense', async () => {
    reviewsApi({ error: { code: 'BOOM', message: 'down' } }, 500);
    render(<ReviewList productId={6} />);
    expect(await screen.findByText(NO_REVIEWS_TEXT)).toBeInTheDocument();
  });
});
