/** The app's own content types, parsed from whatever the content source returns. */
import { z } from 'zod';
import type { Product, ProductImage } from '../shop/catalogue/index.ts';
import { BLOG_CATEGORIES, IMPACT_TYPES, PRODUCT_CATEGORIES, RECIPE_OCCASIONS } from '../shop/vocabulary.ts';

export type { Product } from '../shop/catalogue/index.ts';
export * from './invoice-types.ts';
export * from './page-types.ts';

export const productImageSchema = z.object({
  src: z.string().min(1),
  alt: z.string(),
  width: z.number().int().positive().optional(),
  height: z.number().int().positive().optional(),
}) satisfies z.ZodType<ProductImage>;

export const variantSchema = z.object({
  size: z.string().min(1),
  price: z.number().int().positive(),
  stock: z.number().int().nonnegative(),
  weight: z.number().int().positive(),
});

/** A product as the shop sees it, whatever the content source. */
export const productSchema = z.object({
  id: z.number().int().positive(),
  name: z.string().min(1),
  category: z.enum(PRODUCT_CATEGORIES),
  description: z.string(),
  heroLine: z.string().optional(),
  story: z.string().optional(),
  keyFeatures: z.array(z.string()).default([]),
  cta: z.string().optional(),
  nutritionHighlights: z.array(z.string()).default([]),
  nutritionBenefits: z.array(z.string()).default([]),
  images: z.array(productImageSchema).min(1),
  variants: z.array(variantSchema).min(1),
  benefits: z.array(z.string()).default([]),
  bestseller: z.boolean().default(false),
  discountPercent: z.number().min(0).max(90).default(0),
  hsnCode: z.string().optional(),
}) satisfies z.ZodType<Product, unknown>;

export const catalogueSchema = z.array(productSchema);

export const faqEntrySchema = z.object({ question: z.string(), answer: z.string(), topic: z.string() });
export const faqSchema = z.array(faqEntrySchema);
export type FaqEntry = z.infer<typeof faqEntrySchema>;

/** Portable Text is passed through as-is to @portabletext/react; only its outer shape is checked. */
export const portableTextSchema = z.array(z.looseObject({ _type: z.string(), _key: z.string() }));
export type PortableTextValue = z.infer<typeof portableTextSchema>;

export const blogPostCardSchema = z.object({
  id: z.number().int().positive(),
  title: z.string(),
  excerpt: z.string(),
  image: productImageSchema,
  date: z.iso.date(),
  category: z.enum(BLOG_CATEGORIES),
  readTime: z.string(),
  author: z.string(),
});
export type BlogPostCard = z.infer<typeof blogPostCardSchema>;
export const blogPostListSchema = z.array(blogPostCardSchema);

export const blogPostSchema = blogPostCardSchema.extend({
  body: portableTextSchema,
  related: z.array(blogPostCardSchema),
});
export type BlogPost = z.infer<typeof blogPostSchema>;

export const recipeSchema = z.object({
  id: z.string().regex(/^rcp-\d+$/),
  title: z.string(),
  emoji: z.string(),
  occasion: z.enum(RECIPE_OCCASIONS),
  calories: z.number().int().min(0),
  time: z.number().int().positive(),
  serves: z.number().int().positive().optional(),
  ingredients: z.array(z.string()),
  quickTip: z.string().default(''),
  steps: z.array(z.string()),
  tags: z.array(z.string()).default([]),
});
export type Recipe = z.infer<typeof recipeSchema>;
export const recipeListSchema = z.array(recipeSchema);

export const nutritionItemSchema = z.object({
  id: z.string(),
  name: z.string(),
  nutrients: z.array(z.string()),
  benefits: z.array(z.string()).default([]),
  tags: z.array(z.string()).default([]),
  image: productImageSchema.optional(),
});
export type NutritionItem = z.infer<typeof nutritionItemSchema>;
export const nutritionListSchema = z.array(nutritionItemSchema);

export const impactItemSchema = z.object({
  id: z.string(),
  type: z.enum(IMPACT_TYPES),
  title: z.string(),
  emoji: z.string().default(''),
  description: z.string(),
  year: z.string().optional(),
  region: z.string().optional(),
  bullets: z.array(z.string()).default([]),
  quote: z.string().optional(),
  tags: z.array(z.string()).default([]),
});
export type ImpactItem = z.infer<typeof impactItemSchema>;
export const impactListSchema = z.array(impactItemSchema);

export const batchSchema = z.object({
  batchId: z.string(),
  productName: z.string(),
  productId: z.number().int().optional(),
  altitudeM: z.number(),
  comingSoonNote: z.string().default(''),
  origin: z.object({ village: z.string(), valley: z.string(), district: z.string(), state: z.string().optional() }),
  maker: z.object({ name: z.string(), role: z.string(), note: z.string().optional() }),
  herd: z.object({ breed: z.string(), yieldMinL: z.number(), yieldMaxL: z.number(), note: z.string().optional() }),
  process: z.object({
    method: z.string(),
    fermentationAcidity: z.string(),
    grRatio: z.string(),
    note: z.string().optional(),
  }),
  steps: z.array(
    z.object({
      id: z.string(),
      code: z.string(),
      title: z.string(),
      date: z.string(),
      by: z.string(),
      details: z.string(),
      checks: z.array(z.string()).min(1),
    }),
  ),
});
export type Batch = z.infer<typeof batchSchema>;
export const batchListSchema = z.array(batchSchema);

/** Shipping, returns, privacy, terms, grievance officer: editable pages under /policies/{slug}. */
export const policyPageCardSchema = z.object({
  slug: z.string().regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/),
  title: z.string(),
  summary: z.string(),
  updatedAt: z.iso.date(),
});
export type PolicyPageCard = z.infer<typeof policyPageCardSchema>;
export const policyPageListSchema = z.array(policyPageCardSchema);

export const policyPageSchema = policyPageCardSchema.extend({ body: portableTextSchema });
export type PolicyPage = z.infer<typeof policyPageSchema>;

/** The footer's policy links, in the editors' order. */
export const policyLinksSchema = z.array(z.object({ slug: z.string(), label: z.string() }));
export type PolicyLink = z.infer<typeof policyLinksSchema>[number];

export const sitePathsSchema = z.object({
  productIds: z.array(z.number().int()),
  postIds: z.array(z.number().int()),
  batchIds: z.array(z.string()),
  policySlugs: z.array(z.string()),
});
export type SitePaths = z.infer<typeof sitePathsSchema>;

/** A published review as the reviews feed gives it (no email ever reaches this far). */
export interface ReviewForSchema {
  customer: string;
  rating: number;
  date: string;
  review: string;
}

/** A product's published reviews: the rating over all of them, and the latest few in full. */
export interface ReviewDigest {
  average: number;
  count: number;
  latest: ReviewForSchema[];
}
