import { PADDED_GRID_CARD_SIZES } from '../components/image/layout-sizes.ts';
import { ResponsiveImage } from '../components/image/ResponsiveImage.tsx';
import { content } from '../content/content.server.ts';
import {
  FilterPage,
  keepDataWhenOnlyQueryChanges,
  SelectFilter,
  TagList,
  useFilterPage,
} from '../features/filters/index.ts';
import { NUTRITION_FILTER } from '../features/nutrition/nutrition-filters.ts';
import { pageHead } from '../features/seo/head.ts';
import '../features/catalogue/catalogue.css';
import '../features/filters/filters.css';
import type { Route } from './+types/nutrition';

/** Product artwork is square. */
const PRODUCT_IMAGE_SLOT = { width: 800, height: 800 };

export async function loader() {
  const [items, guide] = await Promise.all([content().nutritionItems(), content().guidePages()]);
  return { items, intro: guide.nutritionIntro };
}

/** Filters change only the query: the prerendered data stays as it is. */
export const shouldRevalidate = keepDataWhenOnlyQueryChanges;

export function meta() {
  return pageHead({
    title: 'Nutrition',
    description:
      'What is in Himalayan rajma, red rice, black soyabean, Badri cow ghee and jimbu: nutrients per 100 g and what they mean for everyday meals.',
    path: '/nutrition',
  });
}

export default function Nutrition({ loaderData }: Route.ComponentProps) {
  const page = useFilterPage(NUTRITION_FILTER, loaderData.items);
  const { filters, options, change } = page;

  return (
    <FilterPage
      title="Nutrition"
      intro={loaderData.intro}
      label="Filter nutrition cards"
      noun="items"
      searchPlaceholder="Name, nutrient or benefit"
      empty={{
        message: 'No items match. Adjust filters or reset.',
        tip: 'Tip: try a nutrient such as Protein, Iron or Calcium, or search for a product like Rajma or Ghee.',
      }}
      page={page}
      controls={
        <SelectFilter
          label="Nutrient"
          anyLabel="All nutrients"
          options={options.nutrients}
          value={filters.nutrient}
          onChange={(nutrient) => change({ nutrient })}
        />
      }
    >
      <ul className="grid filter-results" aria-label="Nutrition cards">
        {page.shown.map((item) => (
          <li key={item.id}>
            <article className="card filter-card" aria-labelledby={`${item.id}-title`}>
              {/* Below the filters, even on a wide screen: all lazy. */}
              {item.image ? (
                <ResponsiveImage
                  image={item.image}
                  alt={item.image.alt}
                  sizes={PADDED_GRID_CARD_SIZES}
                  slotSize={PRODUCT_IMAGE_SLOT}
                />
              ) : null}
              <h2 id={`${item.id}-title`}>{item.name}</h2>
              <h3>Nutrients (per 100 g)</h3>
              <ul className="tag-list">
                {item.nutrients.map((nutrient) => (
                  <li key={nutrient} className="tag tag--leaf">
                    {nutrient}
                  </li>
                ))}
              </ul>
              <h3>Benefits</h3>
              <ul>
                {item.benefits.map((benefit) => (
                  <li key={benefit}>{benefit}</li>
                ))}
              </ul>
              <TagList tags={item.tags} />
            </article>
          </li>
        ))}
      </ul>
    </FilterPage>
  );
}
