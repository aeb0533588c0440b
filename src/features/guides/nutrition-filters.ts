/** Nutrition filters (docs/shop-rules.md §5), pure: useFilterPage binds them to the page's controls and the URL query. */
import type { NutritionItem } from '../../content/types.ts';
import { anySelected, distinct, distinctSorted, filterDefinition, textMatches } from '../filters/index.ts';

export interface NutritionFilters {
  search: string;
  nutrient: string;
  tags: string[];
}

export const DEFAULT_NUTRITION_FILTERS: NutritionFilters = { search: '', nutrient: '', tags: [] };

export interface NutritionFilterOptions {
  nutrients: string[];
  tags: string[];
}

/** 'Calcium (642.30 mg)' → 'Calcium'; 'Folate' → 'Folate'. */
export function nutrientName(nutrient: string): string {
  return nutrient.split('(')[0]?.trim() ?? '';
}

export function nutritionItemMatches(item: NutritionItem, filters: NutritionFilters): boolean {
  const wanted = filters.nutrient.trim().toLowerCase();
  return (
    textMatches(filters.search, [item.name, ...item.nutrients, ...item.benefits]) &&
    (wanted === '' || item.nutrients.some((nutrient) => nutrientName(nutrient).toLowerCase() === wanted)) &&
    anySelected(filters.tags, item.tags)
  );
}

export function filterNutritionItems(items: readonly NutritionItem[], filters: NutritionFilters): NutritionItem[] {
  return items.filter((item) => nutritionItemMatches(item, filters));
}

/** Nutrient names (before the bracket) sorted; tags in first-seen order. */
export function nutritionFilterOptions(items: readonly NutritionItem[]): NutritionFilterOptions {
  return {
    nutrients: distinctSorted(items.flatMap((item) => item.nutrients.map(nutrientName))),
    tags: distinct(items.flatMap((item) => item.tags)),
  };
}

/** The nutrition page's filtering, bound to its controls by useFilterPage. */
export const NUTRITION_FILTER = filterDefinition<NutritionItem, NutritionFilters, NutritionFilterOptions>({
  defaults: DEFAULT_NUTRITION_FILTERS,
  options: nutritionFilterOptions,
  filter: filterNutritionItems,
  // ?q=…&nutrient=…&tag=…&tag=…
  query: { nutrient: { key: 'nutrient', options: 'nutrients' }, tags: { key: 'tag', options: 'tags' } },
});

export const { fromSearchParams, toSearchParams } = NUTRITION_FILTER;
