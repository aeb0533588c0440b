import { PADDED_GRID_CARD_SIZES } from '../../components/image/layout-sizes.ts';
import { ResponsiveImage } from '../../components/image/ResponsiveImage.tsx';
import type { NutritionItem } from '../../content/types.ts';
import { FilterPage, SelectFilter, TagList, useFilterPage } from '../filters/index.ts';
import { NUTRITION_FILTER } from './nutrition-filters.ts';
import './guides.css';
import { text } from '../../shop/texts/guide-pages.ts';

/** Product artwork is square. */
const PRODUCT_IMAGE_SLOT = { width: 800, height: 800 };

/** /nutrition (docs/shop-rules.md §2): what is in each product, filtered by nutrient and tag. */
export function NutritionPage({ items, intro }: { items: readonly NutritionItem[]; intro: string }) {
  const page = useFilterPage(NUTRITION_FILTER, items);
  const { filters, options, change } = page;

  return (
    <FilterPage
      title={text('guides.nutrition')}
      intro={intro}
      label={text('guideFilters.filterNutritionCards')}
      noun="items"
      searchPlaceholder={text('guideFilters.nutritionSearch')}
      empty={{
        message: text('guideFilters.noItemsMatch'),
        tip: text('guideFilters.nutritionTip'),
      }}
      page={page}
      controls={
        <SelectFilter
          label={text('guideFilters.nutrient')}
          anyLabel={text('guideFilters.allNutrients')}
          options={options.nutrients}
          value={filters.nutrient}
          onChange={(nutrient) => change({ nutrient })}
        />
      }
    >
      <ul className="grid filter-results" aria-label={text('guides.nutritionCards')}>
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
              <h3>{text('guides.nutrientsPer100G')}</h3>
              <ul className="tag-list">
                {item.nutrients.map((nutrient) => (
                  <li key={nutrient} className="tag tag--leaf">
                    {nutrient}
                  </li>
                ))}
              </ul>
              <h3>{text('guides.benefits')}</h3>
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
