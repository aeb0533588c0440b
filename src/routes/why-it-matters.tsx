import { content } from '../content/content.server.ts';
import type { ImpactItem } from '../content/types.ts';
import {
  FilterPage,
  keepDataWhenOnlyQueryChanges,
  SelectFilter,
  TagList,
  useFilterPage,
} from '../features/filters/index.ts';
import { IMPACT_FILTER } from '../features/impact/impact-filters.ts';
import { pageHead } from '../features/seo/head.ts';
import '../features/catalogue/catalogue.css';
import '../features/filters/filters.css';
import type { Route } from './+types/why-it-matters';

export async function loader() {
  const [items, guide] = await Promise.all([content().impactItems(), content().guidePages()]);
  return { items, intro: guide.whyItMattersIntro, headings: guide.whyItMattersHeadings };
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

/** The page's sections, each with its heading from guidePages.whyItMattersHeadings. */
const SECTIONS = [
  { type: 'Pillar', heading: 'pillars' },
  { type: 'Statement', heading: 'statements' },
  { type: 'Project', heading: 'projects' },
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
      <TagList tags={item.tags} />
    </article>
  );
}

export default function WhyItMatters({ loaderData }: Route.ComponentProps) {
  const page = useFilterPage(IMPACT_FILTER, loaderData.items);
  const { filters, options, change } = page;

  return (
    <FilterPage
      title="Why it matters"
      intro={loaderData.intro}
      label="Filter pillars and projects"
      noun="items"
      searchPlaceholder="Title, description, quote or tag"
      empty={{
        message: 'No items match. Adjust filters or reset.',
        tip: 'Tip: choose a type such as Project, pick a tag like Seeds or Soil, or search for water.',
      }}
      page={page}
      controls={
        <>
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
        </>
      }
    >
      {SECTIONS.map(({ type, heading }) => {
        const section = page.shown.filter((item) => item.type === type);
        if (section.length === 0) return null;
        return (
          <section key={type} className="section" aria-labelledby={`impact-${type}`}>
            <h2 id={`impact-${type}`}>{loaderData.headings[heading]}</h2>
            <ul className="grid filter-results">
              {section.map((item) => (
                <li key={item.id}>
                  <ImpactCard item={item} />
                </li>
              ))}
            </ul>
          </section>
        );
      })}
    </FilterPage>
  );
}
