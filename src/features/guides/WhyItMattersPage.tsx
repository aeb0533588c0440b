import type { ImpactItem } from '../../content/types.ts';
import { FilterPage, SelectFilter, TagList, useFilterPage } from '../filters/index.ts';
import { IMPACT_FILTER } from './impact-filters.ts';
import './guides.css';
import { text } from '../../shop/texts/guide-pages.ts';

/** The page's sections, each with its heading from guidePages.whyItMattersHeadings. */
const SECTIONS = [
  { type: 'Pillar', heading: 'pillars' },
  { type: 'Statement', heading: 'statements' },
  { type: 'Project', heading: 'projects' },
] as const;

type SectionHeadings = Record<(typeof SECTIONS)[number]['heading'], string>;

/** /why-it-matters (docs/shop-rules.md §2): the pillars, statements and projects, filtered. */
export function WhyItMattersPage({
  items,
  intro,
  headings,
}: {
  items: readonly ImpactItem[];
  intro: string;
  headings: SectionHeadings;
}) {
  const page = useFilterPage(IMPACT_FILTER, items);
  const { filters, options, change } = page;

  return (
    <FilterPage
      title={text('guides.whyItMatters')}
      intro={intro}
      label={text('guideFilters.filterPillars')}
      noun="items"
      searchPlaceholder={text('guideFilters.pillarsSearch')}
      empty={{
        message: text('guideFilters.noItemsMatch'),
        tip: text('guideFilters.pillarsTip'),
      }}
      page={page}
      controls={
        <>
          <SelectFilter
            label={text('guideFilters.type')}
            anyLabel={text('guideFilters.allTypes')}
            options={options.types}
            value={filters.type}
            onChange={(type) => change({ type })}
          />
          <SelectFilter
            label={text('guideFilters.year')}
            anyLabel={text('guideFilters.allYears')}
            options={options.years}
            value={filters.year}
            onChange={(year) => change({ year })}
          />
          <SelectFilter
            label={text('guideFilters.region')}
            anyLabel={text('guideFilters.allRegions')}
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
            <h2 id={`impact-${type}`}>{headings[heading]}</h2>
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
