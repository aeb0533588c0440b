/**
 * How a guide page's filters travel in the URL query (docs/shop-rules.md §5): the search as `q`,
 * then each field under its own key, in the order named: a one-value field once, a list field
 * repeated (`?tag=a&tag=b`). Read back with the options known, a value the items do not offer is
 * dropped.
 */
import { readMany, readOne, writeMany, writeOne } from './filter-utils.ts';
import type { BaseFilters, FilterDefinition } from './use-filter-page.ts';

/** A field's key in the query, and the list of options (by its name) that bounds its values. */
export interface QueryField<Options> {
  key: string;
  options: keyof Options;
}

/** Every field but the search, which is always `q`. */
export type QueryFields<Filters, Options> = { [Field in Exclude<keyof Filters, 'search'>]: QueryField<Options> };

/**
 * A filter definition whose query reader and writer follow from `query`: for filters whose fields
 * (the search aside) are strings or lists of strings.
 */
export function filterDefinition<Item, Filters extends BaseFilters, Options>({
  query,
  ...definition
}: Omit<FilterDefinition<Item, Filters, Options>, 'fromSearchParams' | 'toSearchParams'> & {
  query: QueryFields<Filters, Options>;
}): FilterDefinition<Item, Filters, Options> {
  const entries = Object.entries(query) as [keyof Filters & string, QueryField<Options>][];
  return {
    ...definition,
    toSearchParams: (filters) => {
      const params = new URLSearchParams();
      writeOne(params, 'q', filters.search);
      for (const [field, { key }] of entries) {
        const value = filters[field] as string | string[];
        if (Array.isArray(value)) writeMany(params, key, value);
        else writeOne(params, key, value);
      }
      return params;
    },
    fromSearchParams: (params, options) => {
      const filters: Record<string, string | string[]> = { search: params.get('q') ?? '' };
      for (const [field, { key, options: list }] of entries) {
        const allowed = options?.[list] as readonly string[] | undefined;
        // A field is a list when its empty value is one.
        filters[field] = Array.isArray(definition.defaults[field])
          ? readMany(params, key, allowed)
          : readOne(params, key, allowed);
      }
      return filters as unknown as Filters;
    },
  };
}
