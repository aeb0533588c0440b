/** The guides: nutrition, recipes, why it matters (src/features/guides). Interface words, not quoted in docs/shop-rules.md. */
export const guides = {
  nutrition: 'Nutrition',
  nutritionCards: 'Nutrition cards',
  nutrientsPer100G: 'Nutrients (per 100 g)',
  benefits: 'Benefits',
  recipes: 'Recipes',
  maxCalories: 'Max calories:',
  kcal: 'kcal',
  kcal2: 'kcal ·',
  min: 'min',
  ingredients: 'Ingredients',
  quickTip: 'Quick tip:',
  steps: 'Steps',
  whyItMatters: 'Why it matters',
} as const;
