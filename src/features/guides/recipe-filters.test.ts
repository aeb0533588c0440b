import { describe, expect, it } from 'vitest';
import type { Recipe } from '../../content/types.ts';
import {
  CALORIES,
  clampCalories,
  DEFAULT_RECIPE_FILTERS,
  filterRecipes,
  fromSearchParams,
  type RecipeFilters,
  recipeFilterOptions,
  toSearchParams,
  usedIngredients,
} from './recipe-filters.ts';

const recipe = (id: number, fields: Partial<Recipe>): Recipe => ({
  id: `rcp-${id}`,
  title: `Recipe ${id}`,
  emoji: '🍲',
  occasion: 'Everyday',
  calories: 300,
  time: 20,
  ingredients: [],
  quickTip: '',
  steps: [],
  tags: [],
  ...fields,
});

const RECIPES: Recipe[] = [
  recipe(1, {
    title: 'Pahadi Rajma Chawal',
    occasion: 'Comfort',
    calories: 450,
    ingredients: ['1 cup Himalayan red rajma', '1 cup Himalayan red rice'],
    tags: ['Gluten-free', 'High Protein'],
  }),
  recipe(2, {
    title: 'Bhatt ki Churdkani',
    occasion: 'Protein',
    calories: 350,
    ingredients: ['1 cup Himalayan black soyabean (bhatt)', '1/2 tsp Wild Himalayan Tempering Spice (jimbu)'],
    tags: ['Traditional'],
  }),
  recipe(3, {
    title: 'Jhangora Kheer',
    occasion: 'Festive',
    calories: 360,
    ingredients: ['1 litre milk', '1 tbsp Badri cow ghee'],
    tags: ['Kids', 'Traditional'],
  }),
  recipe(4, {
    title: 'Ghee Jeera Red Rice',
    occasion: 'Side',
    calories: 620,
    ingredients: ['1 cup Himalayan red rice', '1 1/2 tbsp Badri cow ghee'],
    tags: ['One-pot'],
  }),
];

const ids = (filters: Partial<RecipeFilters>) =>
  filterRecipes(RECIPES, { ...DEFAULT_RECIPE_FILTERS, ...filters }).map((found) => found.id);

describe('filterRecipes', () => {
  it('with the defaults hides only recipes above 600 kcal', () => {
    expect(ids({})).toEqual(['rcp-1', 'rcp-2', 'rcp-3']);
    expect(ids({ maxCalories: 700 })).toHaveLength(4);
  });

  it('search is trimmed, lowercased and matched anywhere in the title', () => {
    expect(ids({ search: '  RAJMA  ', maxCalories: 700 })).toEqual(['rcp-1']);
    expect(ids({ search: 'kheer' })).toEqual(['rcp-3']);
  });

  it('search matches the ingredients and the tags too', () => {
    expect(ids({ search: 'jimbu' })).toEqual(['rcp-2']);
    expect(ids({ search: 'one-pot', maxCalories: 700 })).toEqual(['rcp-4']);
    expect(ids({ search: 'kids' })).toEqual(['rcp-3']);
  });

  it('a blank search matches everything; an impossible one nothing', () => {
    expect(ids({ search: '   ', maxCalories: 700 })).toHaveLength(4);
    expect(ids({ search: 'zzzz' })).toEqual([]);
  });

  it('occasion must be equal', () => {
    expect(ids({ occasion: 'Protein' })).toEqual(['rcp-2']);
    expect(ids({ occasion: 'Breakfast' })).toEqual([]);
  });

  it('calories at or below the slider', () => {
    expect(ids({ maxCalories: 360 })).toEqual(['rcp-2', 'rcp-3']);
    expect(ids({ maxCalories: 350 })).toEqual(['rcp-2']);
    expect(ids({ maxCalories: 340 })).toEqual([]);
  });

  it('ingredient chips match if the recipe uses any selected one, case-insensitively', () => {
    expect(ids({ ingredients: ['Ghee'], maxCalories: 700 })).toEqual(['rcp-3', 'rcp-4']);
    expect(ids({ ingredients: ['red rice'], maxCalories: 700 })).toEqual(['rcp-1', 'rcp-4']);
    expect(ids({ ingredients: ['Rajma', 'Black Soyabean'] })).toEqual(['rcp-1', 'rcp-2']);
    expect(ids({ ingredients: ['Jimbu'] })).toEqual(['rcp-2']);
  });

  it('tag chips match if the recipe has any selected tag, case-insensitively', () => {
    expect(ids({ tags: ['traditional'] })).toEqual(['rcp-2', 'rcp-3']);
    expect(ids({ tags: ['Kids', 'High Protein'] })).toEqual(['rcp-1', 'rcp-3']);
  });

  it('combines every rule with AND', () => {
    expect(ids({ tags: ['Traditional'], ingredients: ['Ghee'] })).toEqual(['rcp-3']);
    expect(ids({ search: 'red rice', ingredients: ['Ghee'], maxCalories: 700 })).toEqual(['rcp-4']);
    expect(ids({ search: 'red rice', ingredients: ['Ghee'] })).toEqual([]);
    expect(ids({ occasion: 'Festive', tags: ['Traditional'], maxCalories: 350 })).toEqual([]);
    expect(ids({ occasion: 'Comfort', search: 'rajma', ingredients: ['Red Rice'], tags: ['gluten-free'] })).toEqual([
      'rcp-1',
    ]);
  });
});

/** The bundled dataset's ingredient chips (guidePages), and one no recipe uses. */
const CHIPS = ['Rajma', 'Red Rice', 'Ghee', 'Black Soyabean', 'Jimbu', 'Saffron'];

describe('recipeFilterOptions', () => {
  it("derives occasions and tags from the recipes, and offers the editors' ingredient chips some recipe uses", () => {
    expect(recipeFilterOptions(RECIPES, ['Ghee', 'Saffron'])).toEqual({
      occasions: ['Comfort', 'Protein', 'Festive', 'Side'],
      ingredients: ['Ghee'],
      tags: ['Gluten-free', 'High Protein', 'Traditional', 'Kids', 'One-pot'],
    });
  });
});

describe('usedIngredients', () => {
  it("offers the editors' chips in their order, only those some recipe uses", () => {
    expect(usedIngredients(CHIPS, RECIPES)).toEqual(['Rajma', 'Red Rice', 'Ghee', 'Black Soyabean', 'Jimbu']);
    expect(usedIngredients(CHIPS, [RECIPES[2] as Recipe])).toEqual(['Ghee']);
  });
});

describe('URL query', () => {
  it('the defaults make an empty query', () => {
    expect(toSearchParams(DEFAULT_RECIPE_FILTERS).toString()).toBe('');
    expect(fromSearchParams(new URLSearchParams())).toEqual(DEFAULT_RECIPE_FILTERS);
  });

  it('round-trips every field', () => {
    const filters: RecipeFilters = {
      search: 'red rice',
      occasion: 'Comfort',
      maxCalories: 400,
      ingredients: ['Rajma', 'Ghee'],
      tags: ['Kids'],
    };
    const query = toSearchParams(filters).toString();
    expect(query).toBe('q=red+rice&occasion=Comfort&max=400&ingredient=Rajma&ingredient=Ghee&tag=Kids');
    expect(fromSearchParams(new URLSearchParams(query), recipeFilterOptions(RECIPES, CHIPS))).toEqual(filters);
  });

  it('drops values the recipes do not offer and fixes their spelling', () => {
    const params = new URLSearchParams('occasion=Brunch&ingredient=ghee&ingredient=Salt&tag=kids&tag=kids');
    expect(fromSearchParams(params, recipeFilterOptions(RECIPES, CHIPS))).toEqual({
      ...DEFAULT_RECIPE_FILTERS,
      ingredients: ['Ghee'],
      tags: ['Kids'],
    });
  });

  it('keeps the calorie limit in range and on a step', () => {
    const max = (value: string) => fromSearchParams(new URLSearchParams({ max: value })).maxCalories;
    expect(max('50')).toBe(CALORIES.min);
    expect(max('9000')).toBe(CALORIES.max);
    expect(max('333')).toBe(330);
    expect(max('lots')).toBe(CALORIES.default);
    expect(max('')).toBe(CALORIES.default);
    expect(clampCalories(Number.NaN)).toBe(600);
  });
});
