/** Why-it-matters filters (docs/shop-rules.md §5), pure: useFilterPage binds them to the page's controls and the URL query. */
import type { ImpactItem } from '../../content/types.ts';
import { anySelected, distinct, distinctSorted, filterDefinition, textMatches } from '../filters/index.ts';

export interface ImpactFilters {
  search: string;
  type: string;
  year: string;
  region: string;
  tags: string[];
}

export const DEFAULT_IMPACT_FILTERS: ImpactFilters = { search: '', type: '', year: '', region: '', tags: [] };

export interface ImpactFilterOptions {
  types: string[];
  years: string[];
  regions: string[];
  tags: string[];
}

const equalOrAny = (wanted: string, value: string | undefined) => wanted === '' || value === wanted;

export function impactItemMatches(item: ImpactItem, filters: ImpactFilters): boolean {
  return (
    textMatches(filters.search, [item.title, item.description, ...item.bullets, item.quote, ...item.tags]) &&
    equalOrAny(filters.type, item.type) &&
    equalOrAny(filters.year, item.year) &&
    equalOrAny(filters.region, item.region) &&
    anySelected(filters.tags, item.tags)
  );
}

export function filterImpactItems(items: readonly ImpactItem[], filters: ImpactFilters): ImpactItem[] {
  return items.filter((item) => impactItemMatches(item, filters));
}

/** Types in first-seen order, years and regions sorted, tags in first-seen order. */
export function impactFilterOptions(items: readonly ImpactItem[]): ImpactFilterOptions {
  return {
    types: distinct(items.map((item) => item.type)),
    years: distinctSorted(items.map((item) => item.year)),
    regions: distinctSorted(items.map((item) => item.region)),
    tags: distinct(items.flatMap((item) => item.tags)),
  };
}

/** The why-it-matters page's filtering, bound to its controls by useFilterPage. */
export const IMPACT_FILTER = filterDefinition<ImpactItem, ImpactFilters, ImpactFilterOptions>({
  defaults: DEFAULT_IMPACT_FILTERS,
  options: impactFilterOptions,
  filter: filterImpactItems,
  // ?q=…&type=…&year=…&region=…&tag=…&tag=…
  query: {
    type: { key: 'type', options: 'types' },
    year: { key: 'year', options: 'years' },
    region: { key: 'region', options: 'regions' },
    tags: { key: 'tag', options: 'tags' },
  },
});

export const { fromSearchParams, toSearchParams } = IMPACT_FILTER;
