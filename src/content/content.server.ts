/** Content for pages and functions: each getter runs one named query and parses the result. */
import type { z } from 'zod';
import { policySections, WHAT_HAPPENS_NEXT_HEADINGS } from './policy-sections.ts';
import { isPreviewing } from './preview.server.ts';
import * as queries from './queries.ts';
import { type ContentSource, contentEnv, createContentSource, type QueryParams } from './source.server.ts';
import * as types from './types.ts';

/** GROQ returns null for a missing field; our schemas treat a missing field as absent. */
export function dropNulls(value: unknown): unknown {
  if (Array.isArray(value)) return value.filter((item) => item !== null).map(dropNulls);
  if (typeof value !== 'object' || value === null) return value;
  return Object.fromEntries(
    Object.entries(value)
      .filter(([, child]) => child !== null)
      .map(([key, child]) => [key, dropNulls(child)]),
  );
}

export class ContentError extends Error {
  override name = 'ContentError';
}

export function createContent(source: ContentSource = createContentSource()) {
  async function run<T extends z.ZodType>(name: string, query: string, schema: T, params?: QueryParams) {
    const raw = await source.fetch(query, params);
    // A query for one document answers null when there is none.
    const result = schema.safeParse(raw === null ? undefined : dropNulls(raw));
    if (!result.success) {
      throw new ContentError(`Content for ${name} does not match the model: ${result.error.message}`);
    }
    return result.data as z.output<T>;
  }
  const maybe = <T extends z.ZodType>(schema: T) => schema.optional();
  const policy = (slug: string) =>
    run('policy', queries.POLICY_PAGE_BY_SLUG_QUERY, maybe(types.policyPageSchema), { slug });

  return {
    source: source.kind,
    catalogue: () => run('catalogue', queries.PRODUCTS_QUERY, types.catalogueSchema),
    product: (id: number) => run('product', queries.PRODUCT_BY_ID_QUERY, maybe(types.productSchema), { id }),
    settings: () => run('settings', queries.SHOP_SETTINGS_QUERY, types.shopSettingsSchema),
    /** The GST invoices' supplier, rates, charges' tax and signature; undefined until the Studio has them. */
    invoiceSettings: () => run('invoice settings', queries.INVOICE_SETTINGS_QUERY, types.invoiceSettingsSchema),
    homePage: () => run('home page', queries.HOME_PAGE_QUERY, types.homePageSchema),
    aboutPage: () => run('about page', queries.ABOUT_PAGE_QUERY, types.aboutPageSchema),
    farmerImpact: () => run('farmer impact', queries.FARMER_IMPACT_QUERY, types.farmerImpactSchema),
    faq: () => run('faq', queries.FAQ_QUERY, types.faqSchema),
    blogPosts: () => run('blog posts', queries.BLOG_POSTS_QUERY, types.blogPostListSchema),
    blogPost: (id: number) => run('blog post', queries.BLOG_POST_BY_ID_QUERY, maybe(types.blogPostSchema), { id }),
    recipes: () => run('recipes', queries.RECIPES_QUERY, types.recipeListSchema),
    nutritionItems: () => run('nutrition', queries.NUTRITION_ITEMS_QUERY, types.nutritionListSchema),
    impactItems: () => run('impact', queries.IMPACT_ITEMS_QUERY, types.impactListSchema),
    batch: (batchId: string) => run('batch', queries.BATCH_BY_ID_QUERY, maybe(types.batchSchema), { batchId }),
    batches: () => run('batches', queries.BATCHES_QUERY, types.batchListSchema),
    policies: () => run('policies', queries.POLICY_PAGES_QUERY, types.policyPageListSchema),
    policyLinks: () => run('policy links', queries.POLICY_LINKS_QUERY, types.policyLinksSchema),
    guidePages: () => run('guide pages', queries.GUIDE_PAGES_QUERY, types.guidePagesSchema),
    policy,
    /** The order page's "What happens next": the shipping policy's dispatch and delivery sections. */
    whatHappensNext: async () => {
      const shipping = await policy('shipping');
      return shipping ? policySections(shipping.body, WHAT_HAPPENS_NEXT_HEADINGS) : [];
    },
    sitePaths: () => run('site paths', queries.SITE_PATHS_QUERY, types.sitePathsSchema),
  };
}

export type Content = ReturnType<typeof createContent>;

let shared: Content | undefined;
let drafts: Content | undefined;

/**
 * The process-wide content reader, configured from the environment on first use: published
 * content, or the drafts while the request being answered previews (preview.server.ts).
 */
export function content(): Content {
  if (isPreviewing()) {
    drafts ??= createContent(createContentSource(contentEnv(), 'drafts'));
    return drafts;
  }
  shared ??= createContent();
  return shared;
}
