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

/**
 * The pictures an editor can put on a card (home tiles, why-choose-us, values, commitments). Each
 * is an SVG the shop draws itself (src/components/icons.tsx), so it looks the same on every phone:
 * an emoji depends on the phone's font, and some Android phones show it as an empty box.
 */
export const CONTENT_ICONS = [
  { value: 'mountain', title: 'Mountains' },
  { value: 'sprout', title: 'Sprout' },
  { value: 'leaf', title: 'Leaf' },
  { value: 'wheat', title: 'Wheat' },
  { value: 'search', title: 'Magnifying glass' },
  { value: 'handshake', title: 'Handshake' },
  { value: 'hand-heart', title: 'Hand with a heart' },
  { value: 'farmer', title: 'Farmer (tractor)' },
  { value: 'receipt', title: 'Receipt' },
  { value: 'ban', title: 'No (crossed circle)' },
  { value: 'package', title: 'Parcel' },
  { value: 'truck', title: 'Delivery truck' },
  { value: 'credit-card', title: 'Card payment' },
  { value: 'cash', title: 'Cash' },
  { value: 'lock', title: 'Padlock' },
  { value: 'recycle', title: 'Recycle' },
  { value: 'scale', title: 'Scales (fairness)' },
  { value: 'tag', title: 'Price tag' },
  { value: 'chat', title: 'Speech bubble' },
] as const;
export type ContentIconName = (typeof CONTENT_ICONS)[number]['value'];

/**
 * The emoji the bundled dataset used before the icons were drawn, read as their icon, so a Sanity
 * dataset imported before then still shows the right picture (and an unknown value shows the leaf).
 */
export const ICON_FOR_EMOJI: Readonly<Record<string, ContentIconName>> = {
  '🏔️': 'mountain',
  '🌱': 'sprout',
  '🔍': 'search',
  '🤝': 'handshake',
  '🌾': 'wheat',
  '👐': 'hand-heart',
  '🧾': 'receipt',
  '🚫': 'ban',
  '📦': 'package',
  '💳': 'credit-card',
  '♻️': 'recycle',
  '⚖️': 'scale',
  '🏷️': 'tag',
  '👩‍🌾': 'farmer',
  '💬': 'chat',
};
