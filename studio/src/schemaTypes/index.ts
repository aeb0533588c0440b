import { blogPost } from './documents/blog-post.ts';
import { commitment } from './documents/commitment.ts';
import { faqEntry } from './documents/faq-entry.ts';
import { farmerStory } from './documents/farmer-story.ts';
import { impactItem } from './documents/impact-item.ts';
import { nutritionItem } from './documents/nutrition-item.ts';
import { policyPage } from './documents/policy-page.ts';
import { product } from './documents/product.ts';
import { recipe } from './documents/recipe.ts';
import { taxRate } from './documents/tax-rate.ts';
import { traceabilityBatch } from './documents/traceability-batch.ts';
import { objectTypes } from './objects/index.ts';
import { singletonTypes } from './singletons/index.ts';

export { SINGLETON_TYPES } from './singletons/index.ts';

/** Every type the Studio knows: one file per type (docs/architecture.md), each listed here. */
export const schemaTypes = [
  ...singletonTypes,
  product,
  blogPost,
  recipe,
  nutritionItem,
  impactItem,
  traceabilityBatch,
  farmerStory,
  commitment,
  faqEntry,
  policyPage,
  taxRate,
  ...objectTypes,
];
