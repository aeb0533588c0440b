import { useUrlFilters } from './use-url-filters.ts';

/** What every filter page searches and offers as tag chips. */
export interface BaseFilters {
  search: string;
  tags: string[];
}

/**
 * One kind of filtering, pure: its empty state, the options the items offer, the match, and how
 * it reads and writes the URL query. Each filtered page's feature exports one: the guide pages
 * (recipes, nutrition, why-it-matters: search and tags, `BaseFilters`) and /products' categories.
 */
export interface FilterDefinition<Item, Filters extends object, Options> {
  defaults: Filters;
  options: (items: readonly Item[]) => Options;
  filter: (items: readonly Item[], filters: Filters) => Item[];
  /** With options, values the items do not offer are dropped. */
  fromSearchParams: (params: URLSearchParams, options?: Options) => Filters;
  toSearchParams: (filters: Filters) => URLSearchParams;
}

export interface FilterPageState<Item, Filters extends object, Options> {
  items: readonly Item[];
  options: Options;
  filters: Filters;
  shown: Item[];
  change: (patch: Partial<Filters>) => void;
  reset: () => void;
}

/**
 * Binds a filter definition to the page's items and the URL query: every change re-filters at
 * once and is written to the query; reset clears all (docs/shop-rules.md §4).
 */
export function useFilterPage<Item, Filters extends object, Options>(
  definition: FilterDefinition<Item, Filters, Options>,
  items: readonly Item[],
): FilterPageState<Item, Filters, Options> {
  const options = definition.options(items);
  const [filters, setFilters] = useUrlFilters<Filters>(
    definition.defaults,
    (params) => definition.fromSearchParams(params, options),
    definition.toSearchParams,
  );
  return {
    items,
    options,
    filters,
    shown: definition.filter(items, filters),
    change: (patch) => setFilters({ ...filters, ...patch }),
    reset: () => setFilters(definition.defaults),
  };
}
