import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { createRoutesStub } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { makeCatalogue } from '../../tests/support/factories.ts';
import { server } from '../../tests/support/msw.ts';
import Products from './products._index.tsx';

function renderProducts(url = '/products') {
  const catalogue = makeCatalogue();
  const settings = { showDiscountTag: true, festivalLabel: 'Diwali Discount', festivalActive: false };
  const Stub = createRoutesStub([
    {
      path: '/products',
      // biome-ignore lint/suspicious/noExplicitAny: the stub passes loaderData like the framework does
      Component: Products as any,
      loader: () => ({ catalogue, settings }),
    },
  ]);
  render(<Stub initialEntries={[url]} />);
}

const cardNames = () =>
  screen.getAllByRole('article').map((card) => within(card).getByRole('heading', { level: 2 }).textContent);

// Card stars load after hydration from GET /api/reviews.
beforeEach(() => {
  server.use(
    http.get('*/api/reviews', () =>
      HttpResponse.json({ summaries: [{ productId: 3, product: 'Badri Cow Ghee', average: 4.5, count: 2 }] }),
    ),
  );
});

describe('/products', () => {
  it('shows stars and the review count only on cards whose product has reviews', async () => {
    renderProducts();
    expect(await screen.findByRole('img', { name: 'Rated 4.5 out of 5 from 2 reviews' })).toBeInTheDocument();
    const ghee = screen.getAllByRole('article')[2] as HTMLElement;
    expect(within(ghee).getByRole('img', { name: /^Rated/ })).toHaveTextContent('(2)');
    expect(screen.getAllByRole('img', { name: /^Rated/ })).toHaveLength(1);
  });

  it('lists every product with a link to its page and its price or price range', async () => {
    renderProducts();
    expect(await screen.findByRole('heading', { level: 1, name: 'Our Organic Products' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Badri Cow Ghee' })).toHaveAttribute('href', '/products/3');
    expect(screen.getAllByRole('article')).toHaveLength(6);
    const ghee = screen.getAllByRole('article')[2] as HTMLElement;
    expect(ghee).toHaveTextContent('₹450 – ₹1,795');
  });

  it('offers All plus each category in a stable order', async () => {
    renderProducts();
    const group = await screen.findByRole('group', { name: 'Filter by category' });
    expect(
      within(group)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['All', 'Pulses', 'Dairy', 'Grains', 'Spices']);
    expect(within(group).getByRole('button', { name: 'All' })).toHaveAttribute('aria-pressed', 'true');
  });

  it('filters by the category in the address, and by the buttons', async () => {
    renderProducts('/products?category=Dairy');
    await screen.findByRole('heading', { level: 1 });
    expect(cardNames()).toEqual(['Badri Cow Ghee']);
    await userEvent.click(screen.getByRole('button', { name: 'Pulses' }));
    await waitFor(() =>
      expect(cardNames()).toEqual(['Himalayan White Rajma', 'Himalayan Red Rajma', 'Himalayan Black Soyabean']),
    );
    expect(screen.getByText('3 products shown')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'All' }));
    await waitFor(() => expect(cardNames()).toHaveLength(6));
  });

  it('ignores an unknown category', async () => {
    renderProducts('/products?category=Sweets');
    await screen.findByRole('heading', { level: 1 });
    expect(cardNames()).toHaveLength(6);
  });
});
