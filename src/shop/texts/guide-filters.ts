/**
 * The guides' filters and their routes' descriptions (NutritionPage, RecipesPage, WhyItMattersPage;
 * src/routes/nutrition.tsx, who-are-we.recipes.tsx, why-it-matters.tsx). Apart from guides.ts so
 * they ride with the guides' pages alone, not in the chunk every content page (home, blog, story)
 * loads (docs/architecture.md, "Texts"). Interface words, not quoted in docs/shop-rules.md.
 */
export const guideFilters = {
  noItemsMatch: 'No items match. Adjust filters or reset.',
  filterNutritionCards: 'Filter nutrition cards',
  nutritionSearch: 'Name, nutrient or benefit',
  nutritionTip: 'Tip: try a nutrient such as Protein, Iron or Calcium, or search for a product like Rajma or Ghee.',
  nutrient: 'Nutrient',
  allNutrients: 'All nutrients',
  filterRecipes: 'Filter recipes',
  recipesSearch: 'Title, ingredient or tag',
  noRecipesMatch: 'No recipes match. Adjust filters or reset.',
  recipesTip: 'Tip: search for Rajma or Red Rice, or raise the calorie slider.',
  occasion: 'Occasion',
  allOccasions: 'All occasions',
  filterPillars: 'Filter pillars and projects',
  pillarsSearch: 'Title, description, quote or tag',
  pillarsTip: 'Tip: choose a type such as Project, pick a tag like Seeds or Soil, or search for water.',
  type: 'Type',
  allTypes: 'All types',
  year: 'Year',
  allYears: 'All years',
  region: 'Region',
  allRegions: 'All regions',
  /** The guides' route heads. */
  nutritionDescription:
    'What is in Himalayan rajma, red rice, black soyabean, Badri cow ghee and jimbu: nutrients per 100 g and what they mean for everyday meals.',
  recipesDescription:
    'Twenty home recipes with Himalayan rajma, red rice, Badri cow ghee, black soyabean and jimbu: filter by occasion, calories, ingredient and tag.',
  whyItMattersDescription:
    'Seeds, water and soil, and farmer dignity: why buying from Himalayan farmer families matters, and the projects we run with them.',
} as const;
