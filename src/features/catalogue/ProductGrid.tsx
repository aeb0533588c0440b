import type { Product } from '../../shop/catalogue/index.ts';
import { facetsAttribute } from '../filters/index.ts';
import { useReviewSummaries } from '../reviews/index.ts';
import { type DiscountDisplay, ProductCard } from './ProductCard.tsx';
import './catalogue.css';

/**
 * The product cards of the home page and /products, each with its stars once the reviews'
 * summaries arrive (after hydration: reviews change without a deploy).
 */
export function ProductGrid({
  products,
  display,
  benefitLimit,
  headingLevel,
  firstIsLcp = false,
}: {
  products: readonly Product[];
  display: DiscountDisplay;
  /** Home cards show 3 benefits; the product list shows them all. */
  benefitLimit?: number;
  headingLevel?: 'h2' | 'h3';
  /**
   * The first card's photo is the page's LCP image (/products: on a phone, and the first of the top
   * row on a wider screen; the rest of that row, lazy but in the viewport, follows right after
   * layout). On the home page the hero's poster is, and every card's photo is lazy.
   */
  firstIsLcp?: boolean;
}) {
  const ratingFor = useReviewSummaries();
  return (
    <ul className="grid product-grid">
      {products.map((product, index) => (
        // Its category, for a filter chip tapped before the page is live (src/early/filter-chip.ts).
        <li key={product.id} data-facets={facetsAttribute({ category: [product.category] })}>
          <ProductCard
            product={product}
            display={display}
            rating={ratingFor(product.id)}
            benefitLimit={benefitLimit}
            headingLevel={headingLevel}
            priority={firstIsLcp && index === 0}
          />
        </li>
      ))}
    </ul>
  );
}
