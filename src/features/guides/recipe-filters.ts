/** Recipe filters (docs/shop-rules.md §5), pure: useFilterPage binds them to the page's controls and the URL query. */
import type { Recipe } from '../../content/types.ts';
import {
  anySelected,
  distinct,
  type FilterDefinition,
  readMany,
  readOne,
  textMatches,
  writeMany,
  writeOne,
} from '../filters/index.ts';

/** The calorie slider (docs/shop-rules.md §9). */
export const CALORIES = { min: 200, max: 700, step: 10, default: 600 } as const;

export interface RecipeFilters {
  search: string;
  occasion: string;
  maxCalories: number;
  ingredients: string[];
  tags: string[];
}

export const DEFAULT_RECIPE_FILTERS: RecipeFilters = {
  search: '',
  occasion: '',
  maxCalories: CALORIES.default,
  ingredients: [],
  tags: [],
};

export interface RecipeFilterOptions {
  occasions: string[];
  ingredients: string[];
  tags: string[];
}

/** True when one of the recipe's ingredient lines mentions the key ingredient (case-insensitive). */
function usesIngredient(recipe: Recipe, ingredient: string): boolean {
  const wanted = ingredient.toLowerCase();
  return recipe.ingredients.some((line) => line.toLowerCase().includes(wanted));
}

export function recipeMatches(recipe: Recipe, filters: RecipeFilters): boolean {
  return (
    textMatches(filters.search, [recipe.title, ...recipe.ingredients, ...recipe.tags]) &&
    (filters.occasion === '' || recipe.occasion === filters.occasion) &&
    recipe.calories <= filters.maxCalories &&
    (filters.ingredients.length === 0 ||
      filters.ingredients.some((ingredient) => usesIngredient(recipe, ingredient))) &&
    anySelected(filters.tags, recipe.tags)
  );
}

/** The chips' values a recipe matches, per chip group, for a chip tapped before the page is live (src/early/filter-chip.ts). */
export function recipeFacets(recipe: Recipe, options: RecipeFilterOptions): Record<string, string[]> {
  return {
    ingredients: options.ingredients.filter((ingredient) => usesIngredient(recipe, ingredient)),
    tags: recipe.tags,
  };
}

export function filterRecipes(recipes: readonly Recipe[], filters: RecipeFilters): Recipe[] {
  return recipes.filter((recipe) => recipeMatches(recipe, filters));
}

/** Occasions and tags in the order the recipes first use them; the editors' ingredient chips some recipe uses. */
export function recipeFilterOptions(recipes: readonly Recipe[], chips: readonly string[] = []): RecipeFilterOptions {
  return {
    occasions: distinct(recipes.map((recipe) => recipe.occasion)),
    ingredients: usedIngredients(chips, recipes),
    tags: distinct(recipes.flatMap((recipe) => recipe.tags)),
  };
}

/**
 * The ingredient chips to offer: the editors' list (Studio: guidePages → ingredient chips), each
 * only when some recipe uses it, so no chip leads to an empty page.
 */
export function usedIngredients(chips: readonly string[], recipes: readonly Recipe[]): string[] {
  return chips.filter((ingredient) => recipes.some((recipe) => usesIngredient(recipe, ingredient)));
}

/** Keeps a slider value inside the range and on a step; anything unreadable becomes the default. */
export function clampCalories(value: number): number {
  if (!Number.isFinite(value)) return CALORIES.default;
  const stepped = Math.round(value / CALORIES.step) * CALORIES.step;
  return Math.min(CALORIES.max, Math.max(CALORIES.min, stepped));
}

export function toSearchParams(filters: RecipeFilters): URLSearchParams {
  const params = new URLSearchParams();
  writeOne(params, 'q', filters.search);
  writeOne(params, 'occasion', filters.occasion);
  if (filters.maxCalories !== CALORIES.default) params.set('max', String(filters.maxCalories));
  writeMany(params, 'ingredient', filters.ingredients);
  writeMany(params, 'tag', filters.tags);
  return params;
}

/** Reads the query; with options, values the recipes do not offer are dropped. */
export function fromSearchParams(params: URLSearchParams, options?: RecipeFilterOptions): RecipeFilters {
  const max = params.get('max');
  return {
    search: params.get('q') ?? '',
    occasion: readOne(params, 'occasion', options?.occasions),
    maxCalories: max === null || max.trim() === '' ? CALORIES.default : clampCalories(Number(max)),
    ingredients: readMany(params, 'ingredient', options?.ingredients),
    tags: readMany(params, 'tag', options?.tags),
  };
}

/** The recipes page's filtering with the editors' ingredient chips, bound to its controls by useFilterPage. */
export function recipeFilter(chips: readonly string[]): FilterDefinition<Recipe, RecipeFilters, RecipeFilterOptions> {
  return {
    defaults: DEFAULT_RECIPE_FILTERS,
    options: (recipes) => recipeFilterOptions(recipes, chips),
    filter: filterRecipes,
    fromSearchParams,
    toSearchParams,
  };
}
