import { render } from '@testing-library/react';
import { createRoutesStub } from 'react-router';
import { describe, expect, it } from 'vitest';
import { makeProduct } from '#tests/support/factories.ts';
import type { Product } from '../../shop/catalogue/index.ts';
import { cardCatalogue } from './card-catalogue.ts';
import { type DiscountDisplay, ProductCard } from './ProductCard.tsx';

const display: DiscountDisplay = { showDiscountTag: true, festivalLabel: 'Diwali Discount', festivalActive: true };
const full = makeProduct({
  description:
    'Small, creamy white kidney beans grown on rain-fed terraces around Harsil in the upper Gangotri valley.',
  story: 'The Rawat family has grown these beans on the same terraces for four generations.',
  heroLine: 'From Harsil',
  keyFeatures: ['Hand-sorted', 'Sun-dried'],
  nutritionHighlights: ['22 g protein per 100 g'],
  nutritionBenefits: ['Keeps you full'],
  hsnCode: '07133300',
  benefits: ['High Protein', 'Fibre-rich', 'Gluten-free', 'Iron & Folate'],
});

function cardHtml(product: Product, benefitLimit?: number) {
  const Stub = createRoutesStub([
    { path: '/', Component: () => <ProductCard product={product} display={display} benefitLimit={benefitLimit} /> },
  ]);
  const { container, unmount } = render(<Stub />);
  // React's generated ids count up from render to render.
  const html = container.innerHTML.replace(/id="_r_\w+_"/g, 'id=""');
  unmount();
  return html;
}

describe('cardCatalogue', () => {
  it('draws every card exactly as the whole product does, on the home page (three benefits) and /products', () => {
    const [forHome] = cardCatalogue([full], 3);
    const [forListing] = cardCatalogue([full]);
    expect(cardHtml(forHome as Product, 3)).toBe(cardHtml(full, 3));
    expect(cardHtml(forListing as Product)).toBe(cardHtml(full));
  });

  it("leaves out what only the product's own page shows, and what the card would cut", () => {
    const [card] = cardCatalogue([full], 3);
    const sent = JSON.stringify(card);
    for (const text of ['Rawat family', 'From Harsil', 'Hand-sorted', '22 g protein', 'Keeps you full', '07133300'])
      expect(sent).not.toContain(text);
    expect(sent).not.toContain('upper Gangotri valley');
    expect(card?.benefits).toEqual(['High Protein', 'Fibre-rich', 'Gluten-free']);
  });
});
