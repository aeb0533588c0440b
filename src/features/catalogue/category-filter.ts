/** /products' category filter (docs/shop-rules.md §2), pure: useFilterPage binds it to the buttons and the URL query. */
import { type Category, categoriesIn, type Product } from '../../shop/catalogue/index.ts';
import type { FilterDefinition } from '../filters/index.ts';

export interface CategoryFilters {
  /** `null`: every category. */
  category: Category | null;
}

export interface CategoryFilterOptions {
  categories: Category[];
}

/**
 * `?category=Dairy`. The value must be one of the catalogue's categories spelled exactly as it is
 * (unlike the guide pages' filters, which forgive case): any other value shows every product.
 */
export const CATEGORY_FILTER: FilterDefinition<Product, CategoryFilters, CategoryFilterOptions> = {
  defaults: { category: null },
  options: (catalogue) => ({ categories: categoriesIn(catalogue) }),
  filter: (catalogue, { category }) =>
    category ? catalogue.filter((product) => product.category === category) : [...catalogue],
  fromSearchParams: (params, options) => {
    const requested = params.get('category');
    return { category: options?.categories.find((category) => category === requested) ?? null };
  },
  toSearchParams: ({ category }) => new URLSearchParams(category ? { category } : {}),
};
