import { render, screen, within } from '@testing-library/react';
import { createRoutesStub } from 'react-router';
import { describe, expect, it } from 'vitest';
import { makeProduct } from '#tests/support/factories.ts';
import type { RatingSummary } from '../../components/Stars.tsx';
import type { Product } from '../../shop/catalogue/index.ts';
import { type DiscountDisplay, discountTagText, ProductCard } from './ProductCard.tsx';

const display: DiscountDisplay = { showDiscountTag: true, festivalLabel: 'Diwali Discount', festivalActive: true };
const longDescription =
  'Small, creamy white kidney beans grown on rain-fed terraces around Harsil in the upper Gangotri valley.';

function renderCard(product: Product, options: { rating?: RatingSummary; benefitLimit?: number } = {}) {
  const Stub = createRoutesStub([
    { path: '/', Component: () => <ProductCard product={product} display={display} {...options} /> },
  ]);
  render(<Stub />);
  return screen.getByRole('article');
}

describe('ProductCard', () => {
  it('links to the product page and shows category, bestseller badge and price range', async () => {
    renderCard(makeProduct({ description: longDescription }));
    const card = await screen.findByRole('article');
    expect(within(card).getByRole('link', { name: 'Himalayan White Rajma' })).toHaveAttribute('href', '/products/1');
    expect(within(card).getByText('Pulses')).toBeInTheDocument();
    expect(within(card).getByText('Bestseller')).toBeInTheDocument();
    expect(card).toHaveTextContent('₹347 – ₹691');
  });

  it('cuts the description at 80 characters', async () => {
    renderCard(makeProduct({ description: longDescription }));
    const card = await screen.findByRole('article');
    expect(within(card).getByText(`${longDescription.slice(0, 80).trimEnd()}…`)).toBeInTheDocument();
  });

  it('shows every benefit, or the first three on the home page', async () => {
    const product = makeProduct({ benefits: ['High Protein', 'Fibre-rich', 'Gluten-free', 'Iron & Folate'] });
    renderCard(product);
    expect(within(await screen.findByRole('list', { name: 'Benefits' })).getAllByRole('listitem')).toHaveLength(4);
  });

  it('limits benefits when asked', async () => {
    renderCard(makeProduct({ benefits: ['A', 'B', 'C', 'D'] }), { benefitLimit: 3 });
    expect(within(await screen.findByRole('list', { name: 'Benefits' })).getAllByRole('listitem')).toHaveLength(3);
  });

  it('shows stars and the review count only when there are reviews', async () => {
    renderCard(makeProduct(), { rating: { average: 4.5, count: 12 } });
    expect(await screen.findByRole('img', { name: 'Rated 4.5 out of 5 from 12 reviews' })).toBeInTheDocument();
  });

  it('shows no stars without reviews', async () => {
    renderCard(makeProduct(), { rating: { average: 0, count: 0 } });
    await screen.findByRole('article');
    expect(screen.queryByRole('img', { name: /Rated/ })).toBeNull();
  });

  it('strikes the original price through beside the discounted one, with the festival tag', async () => {
    renderCard(makeProduct({ discountPercent: 10 }));
    const card = await screen.findByRole('article');
    expect(within(card).getByText('Diwali Discount · 10% OFF')).toBeInTheDocument();
    expect(card).toHaveTextContent('₹312 was ₹347 – ₹622 was ₹691');
  });
});

describe('discountTagText', () => {
  const discounted = makeProduct({ discountPercent: 15 });

  it('is hidden by the global switch or when there is no discount', () => {
    expect(discountTagText(discounted, { ...display, showDiscountTag: false })).toBeNull();
    expect(discountTagText(makeProduct(), display)).toBeNull();
  });

  it('names the festival only while it is on', () => {
    expect(discountTagText(discounted, display)).toBe('Diwali Discount · 15% OFF');
    expect(discountTagText(discounted, { ...display, festivalActive: false })).toBe('15% OFF');
  });
});
