import { describe, expect, it } from 'vitest';
import type { NutritionItem } from '../../content/types.ts';
import {
  DEFAULT_NUTRITION_FILTERS,
  filterNutritionItems,
  fromSearchParams,
  type NutritionFilters,
  nutrientName,
  nutritionFilterOptions,
  toSearchParams,
} from './nutrition-filters.ts';

const ITEMS: NutritionItem[] = [
  {
    id: 'nut-1',
    name: 'Himalayan White Rajma',
    nutrients: ['Protein (23.4 g)', 'Iron (10.4 mg)', 'Folate'],
    benefits: ['A filling vegetarian meal.'],
    tags: ['High Protein', 'Vegan'],
  },
  {
    id: 'nut-3',
    name: 'Badri Cow Ghee',
    nutrients: ['Fat (99.5 g)', 'Vitamin A (3069 IU)'],
    benefits: ['Its high smoke point suits tempering.'],
    tags: ['Traditional'],
  },
  {
    id: 'nut-6',
    name: 'Wild Himalayan Tempering Spice',
    nutrients: ['Calcium (642.30 mg)', 'Iron', 'Vitamin A (131.38 IU)'],
    benefits: ['A pinch fried in ghee gives dal a deep flavour.'],
    tags: ['Traditional', 'Vegan'],
  },
];

const ids = (filters: Partial<NutritionFilters>) =>
  filterNutritionItems(ITEMS, { ...DEFAULT_NUTRITION_FILTERS, ...filters }).map((item) => item.id);

describe('nutrientName', () => {
  it('is the name before the bracket, or the whole text', () => {
    expect(nutrientName('Calcium (642.30 mg)')).toBe('Calcium');
    expect(nutrientName('Vitamin A (3069 IU)')).toBe('Vitamin A');
    expect(nutrientName('Folate')).toBe('Folate');
  });
});

describe('filterNutritionItems', () => {
  it('shows everything with the defaults', () => {
    expect(ids({})).toEqual(['nut-1', 'nut-3', 'nut-6']);
  });

  it('search is trimmed and lowercased, over the name', () => {
    expect(ids({ search: '  GHEE ' })).toEqual(['nut-3', 'nut-6']);
    expect(ids({ search: 'rajma' })).toEqual(['nut-1']);
  });

  it('search covers the nutrients, amounts included, and the benefits', () => {
    expect(ids({ search: 'folate' })).toEqual(['nut-1']);
    expect(ids({ search: '642.30' })).toEqual(['nut-6']);
    expect(ids({ search: 'smoke point' })).toEqual(['nut-3']);
  });

  it('search does not look at the tags', () => {
    expect(ids({ search: 'vegan' })).toEqual([]);
  });

  it('the nutrient select compares the name before the bracket', () => {
    expect(ids({ nutrient: 'Iron' })).toEqual(['nut-1', 'nut-6']);
    expect(ids({ nutrient: 'Vitamin A' })).toEqual(['nut-3', 'nut-6']);
    expect(ids({ nutrient: 'calcium' })).toEqual(['nut-6']);
    expect(ids({ nutrient: 'Vitamin' })).toEqual([]);
  });

  it('tags match any selected one, case-insensitively', () => {
    expect(ids({ tags: ['vegan'] })).toEqual(['nut-1', 'nut-6']);
    expect(ids({ tags: ['High Protein', 'Traditional'] })).toEqual(['nut-1', 'nut-3', 'nut-6']);
  });

  it('combines the rules with AND', () => {
    expect(ids({ nutrient: 'Iron', tags: ['Traditional'] })).toEqual(['nut-6']);
    expect(ids({ search: 'himalayan', nutrient: 'Vitamin A' })).toEqual(['nut-6']);
    expect(ids({ search: 'ghee', tags: ['High Protein'] })).toEqual([]);
  });
});

describe('options and URL query', () => {
  it('offers nutrient names sorted and tags in first-seen order', () => {
    expect(nutritionFilterOptions(ITEMS)).toEqual({
      nutrients: ['Calcium', 'Fat', 'Folate', 'Iron', 'Protein', 'Vitamin A'],
      tags: ['High Protein', 'Vegan', 'Traditional'],
    });
  });

  it('round-trips, leaves defaults out and drops unknown values', () => {
    expect(toSearchParams(DEFAULT_NUTRITION_FILTERS).toString()).toBe('');
    const filters = { search: 'dal', nutrient: 'Iron', tags: ['Vegan', 'Traditional'] };
    const query = toSearchParams(filters).toString();
    expect(query).toBe('q=dal&nutrient=Iron&tag=Vegan&tag=Traditional');
    const options = nutritionFilterOptions(ITEMS);
    expect(fromSearchParams(new URLSearchParams(query), options)).toEqual(filters);
    expect(fromSearchParams(new URLSearchParams('nutrient=Gold&tag=Keto&tag=vegan'), options)).toEqual({
      search: '',
      nutrient: '',
      tags: ['Vegan'],
    });
  });
});
