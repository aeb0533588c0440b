import type { ReactNode } from 'react';
import { useHydrated } from '../../hooks/use-hydrated.ts';
import { text } from '../../shop/texts/index.ts';
import { ChipGroup, EmptyState, FilterFooter, SearchFilter } from './FilterParts.tsx';
import type { BaseFilters, FilterPageState } from './use-filter-page.ts';
import './filters.css';

/**
 * The layout the recipes, nutrition and why-it-matters pages share: heading and intro, the filter
 * panel (search, the page's own controls, its own chips, tag chips, live count and Reset), then
 * the results, or the empty state when nothing matches (docs/shop-rules.md §8).
 */
export function FilterPage({
  title,
  intro,
  label,
  noun,
  searchPlaceholder,
  empty,
  page,
  controls,
  chips,
  children,
}: {
  title: string;
  intro: string;
  /** The filter panel's accessible name. */
  label: string;
  /** What the count counts, plural: '20 recipes', '6 of 6 items shown'. */
  noun: string;
  searchPlaceholder: string;
  empty: { message: string; tip: string };
  page: FilterPageState<unknown, BaseFilters, { tags: string[] }>;
  /** The page's own controls, in the row after the search box. */
  controls?: ReactNode;
  /** The page's own chip groups, above the tag chips. */
  chips?: ReactNode;
  /** The results; shown only when something matches. */
  children: ReactNode;
}) {
  const hydrated = useHydrated();
  const { filters, options, shown, items, change, reset } = page;
  // Before hydration the prerendered page shows everything, so it states the total only.
  const count = hydrated ? `${shown.length} of ${items.length} ${noun} shown` : `${items.length} ${noun}`;

  return (
    <div className="page">
      <h1>{title}</h1>
      <p className="section__intro">{intro}</p>

      <section className="card filters" aria-label={label}>
        <div className="filters__row">
          <SearchFilter
            value={filters.search}
            placeholder={searchPlaceholder}
            onChange={(search) => change({ search })}
          />
          {controls}
        </div>
        {chips}
        <ChipGroup
          legend={text('filters.tags')}
          facet="tags"
          options={options.tags}
          selected={filters.tags}
          onChange={(tags) => change({ tags })}
        />
        <FilterFooter count={count} onReset={reset} />
      </section>

      {shown.length === 0 ? <EmptyState message={empty.message} tip={empty.tip} onReset={reset} /> : children}
    </div>
  );
}
