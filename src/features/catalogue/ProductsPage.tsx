import { useHydrated } from '../../hooks/use-hydrated.ts';
import type { Product } from '../../shop/catalogue/index.ts';
import { ChoiceChips, useFilterPage } from '../filters/index.ts';
import { CATEGORY_FILTER } from './category-filter.ts';
import type { DiscountDisplay } from './ProductCard.tsx';
import { ProductGrid } from './ProductGrid.tsx';
import './catalogue.css';
import { text } from '../../shop/texts/index.ts';

/** /products (docs/shop-rules.md §2): every product, and the category buttons that narrow them. */
export function ProductsPage({ catalogue, display }: { catalogue: readonly Product[]; display: DiscountDisplay }) {
  // The prerendered page shows every product; the ?category= filter applies once hydrated.
  const hydrated = useHydrated();
  const { filters, options, shown, change } = useFilterPage(CATEGORY_FILTER, catalogue);

  return (
    <div className="page">
      <h1>{text('product.ourOrganicProducts')}</h1>
      <ChoiceChips
        className="category-filter"
        facet="category"
        legend={text('product.filterByCategory')}
        allLabel={text('product.all')}
        options={options.categories}
        value={filters.category}
        onChange={(category) => change({ category })}
      />
      <p className="visually-hidden" aria-live="polite">
        {hydrated ? text('product.shown', { count: shown.length }) : ''}
      </p>
      <ProductGrid products={shown} display={display} firstIsLcp />
    </div>
  );
}
