/** Why-it-matters filters (docs/shop-rules.md §5), pure: useFilterPage binds them to the page's controls and the URL query. */
import type { ImpactItem } from '../../content/types.ts';
import {
  anySelected,
  distinct,
  distinctSorted,
  type FilterDefinition,
  readMany,
  readOne,
  textMatches,
  writeMany,
  writeOne,
} from '../filters/index.ts';

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

export function toSearchParams(filters: ImpactFilters): URLSearchParams {
  const params = new URLSearchParams();
  writeOne(params, 'q', filters.search);
  writeOne(params, 'type', filters.type);
  writeOne(params, 'year', filters.year);
  writeOne(params, 'region', filters.region);
  writeMany(params, 'tag', filters.tags);
  return params;
}

export function fromSearchParams(params: URLSearchParams, options?: ImpactFilterOptions): ImpactFilters {
  return {
    search: params.get('q') ?? '',
    type: readOne(params, 'type', options?.types),
    year: readOne(params, 'year', options?.years),
    region: readOne(params, 'region', options?.regions),
    tags: readMany(params, 'tag', options?.tags),
  };
}

/** The why-it-matters page's filtering, bound to its controls by useFilterPage. */
export const IMPACT_FILTER: FilterDefinition<ImpactItem, ImpactFilters, ImpactFilterOptions> = {
  defaults: DEFAULT_IMPACT_FILTERS,
  options: impactFilterOptions,
  filter: filterImpactItems,
  fromSearchParams,
  toSearchParams,
};
