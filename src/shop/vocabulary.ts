/**
 * The shop's closed lists, written once. The app parses content against them (src/content/types.ts)
 * and the Studio offers them as the only choices (studio/src/schemaTypes/documents/*.ts), so an
 * editor can never pick a value the shop would refuse. Plain data with no imports: the Studio is
 * its own package and imports this file directly.
 */

/** Product categories, in the order the /products filter buttons show them. */
export const PRODUCT_CATEGORIES = ['Pulses', 'Dairy', 'Grains', 'Spices'] as const;

/** Recipe occasions. */
export const RECIPE_OCCASIONS = [
  'Comfort',
  'Everyday',
  'Protein',
  'Festive',
  'Experimental',
  'Light',
  'Snack',
  'Side',
  'Dinner',
  'Breakfast',
] as const;

/** Blog post categories. */
export const BLOG_CATEGORIES = [
  'Innovation',
  'Nutrition',
  'Tradition',
  'Sustainability',
  'Recipes',
  'Ingredients',
  'Impact',
] as const;

/** Kinds of item on the why-it-matters page, in the order its sections appear. */
export const IMPACT_TYPES = ['Pillar', 'Statement', 'Project'] as const;
