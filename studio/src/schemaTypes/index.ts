import { blogPost } from './documents/blog-post.ts';
import { policyPage } from './documents/policy-page.ts';
import { product } from './documents/product.ts';
import {
  commitment,
  faqEntry,
  farmerStory,
  impactItem,
  nutritionItem,
  recipe,
  traceabilityBatch,
} from './documents/stories.ts';
import { objectTypes } from './objects/index.ts';
import { singletonTypes } from './singletons/index.ts';

export { SINGLETON_TYPES } from './singletons/index.ts';

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
  ...objectTypes,
];
