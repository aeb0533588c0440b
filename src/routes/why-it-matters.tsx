import { content } from '../content/content.server.ts';
import type { ImpactItem } from '../content/types.ts';
import { ChipGroup, EmptyState, FilterFooter, SearchFilter, SelectFilter } from '../features/filters/FilterParts.tsx';
import { keepDataWhenOnlyQueryChanges, useUrlFilters } from '../features/filters/use-url-filters.ts';
import {
  DEFAULT_IMPACT_FILTERS,
  filterImpactItems,
  fromSearchParams,
  type ImpactFilters,
  impactFilterOptions,
  toSearchParams,
} from '../features/impact/impact-filters.ts';
import { pageHead } from '../features/seo/head.ts';
import { useHydrated } from '../hooks/use-hydrated.ts';
import '../features/catalogue/catalogue.css';
import '../features/filters/filters.css';
import type { Route } from './+types/why-it-matters';

export async function loader() {
  return { items: await content().impactItems() };
}

/** Filters change only the query: the prerendered data stays as it is. */
export const shouldRevalidate = keepDataWhenOnlyQueryChanges;

export function meta() {
  return pageHead({
    title: 'Why it matters',
    description:
      'Seeds, water and soil, and farmer dignity: why buying from Himalayan farmer families matters, and the projects we run with them.',
    path: '/why-it-matters',
  });
}

const SECTIONS = [
  { type: 'Pillar', heading: 'Our pillars' },
  { type: 'Statement', heading: 'What we believe' },
  { type: 'Project', heading: 'Projects' },
] as const;

function ImpactCard({ item }: { item: ImpactItem }) {
  return (
    <article className="card filter-card" aria-labelledby={`${item.id}-title`}>
      {item.emoji ? (
        <span className="filter-card__emoji" aria-hidden="true">
          {item.emoji}
        </span>
      ) : null}
      <h3 id={`${item.id}-title`}>{item.title}</h3>
      {item.year || item.region ? (
        <p className="filter-card__meta">{[item.year, item.region].filter(Boolean).join(' · ')}</p>
      ) : null}
      <p>{item.description}</p>
      {item.bullets.length > 0 ? (
        <ul>
          {item.bullets.map((bullet) => (
            <li key={bullet}>{bullet}</li>
          ))}
        </ul>
      ) : null}
      {item.quote ? <blockquote>{item.quote}</blockquote> : null}
      <ul className="tag-list" aria-label="Tags">
        {item.tags.map((tag) => (
          <li key={tag} className="tag">
            {tag}
          </li>
        ))}
      </ul>
    </article>
  );
}

export default function WhyItMatters({ loaderData }: Route.ComponentProps) {
  const { items } = loaderData;
  const options = impactFilterOptions(items);
  const hydrated = useHydrated();
  const [filters, setFilters] = useUrlFilters<ImpactFilters>(
    DEFAULT_IMPACT_FILTERS,
    (params) => fromSearchParams(params, options),
    toSearchParams,
  );
  const shown = filterImpactItems(items, filters);
  const change = (patch: Partial<ImpactFilters>) => setFilters({ ...filters, ...patch });
  const reset = () => setFilters(DEFAULT_IMPACT_FILTERS);

  return (
    <div className="page">
      <h1>Why it matters</h1>
      <p className="section__intro">
        What your order keeps going in the hills: old seed, living soil and a fair living for the families who farm
        them.
      </p>

      <section className="card filters" aria-label="Filter pillars and projects">
        <div className="filters__row">
          <SearchFilter
            value={filters.search}
            placeholder="Title, description, quote or tag"
            onChange={(search) => change({ search })}
          />
          <SelectFilter
            label="Type"
            anyLabel="All types"
            options={options.types}
            value={filters.type}
            onChange={(type) => change({ type })}
          />
          <SelectFilter
            label="Year"
            anyLabel="All years"
            options={options.years}
            value={filters.year}
            onChange={(year) => change({ year })}
          />
          <SelectFilter
            label="Region"
            anyLabel="All regions"
            options={options.regions}
            value={filters.region}
            onChange={(region) => change({ region })}
          />
        </div>
        <ChipGroup legend="Tags" options={options.tags} selected={filters.tags} onChange={(tags) => change({ tags })} />
        <FilterFooter
          count={hydrated ? `${shown.length} of ${items.length} items shown` : `${items.length} items`}
          onReset={reset}
        />
      </section>

      {shown.length === 0 ? (
        <EmptyState
          message="No items match. Adjust filters or reset."
          tip="Tip: choose a type such as Project, pick a tag like Seeds or Soil, or search for water."
          onReset={reset}
        />
      ) : (
        SECTIONS.map(({ type, heading }) => {
          const section = shown.filter((item) => item.type === type);
          if (section.length === 0) return null;
          return (
            <section key={type} className="section" aria-labelledby={`impact-${type}`}>
              <h2 id={`impact-${type}`}>{heading}</h2>
              <ul className="grid filter-results">
                {section.map((item) => (
                  <li key={item.id}>
                    <ImpactCard item={item} />
                  </li>
                ))}
              </ul>
            </section>
          );
        })
      )}
    </div>
  );
}
