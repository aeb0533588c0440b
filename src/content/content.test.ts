/**
 * Every named query against the bundled dataset, parsed into the app's types, plus proof that the
 * Sanity path sends the same GROQ and params (msw stands in for Sanity's API).
 */
import { describe, expect, it } from 'vitest';
import { fakeSanity } from '../../tests/support/fake-sanity.ts';
import { ContentError, createContent, dropNulls } from './content.server.ts';
import * as queries from './queries.ts';
import { contentEnv, createBundledSource, createContentSource, createSanitySource } from './source.server.ts';

const content = createContent(createBundledSource());

describe('bundled content', () => {
  it('has the six products with the shop-rules §9 prices, stock and weights', async () => {
    const catalogue = await content.catalogue();
    const summary = catalogue.map((product) => ({
      id: product.id,
      name: product.name,
      category: product.category,
      bestseller: product.bestseller,
      variants: product.variants.map(({ size, price, stock, weight }) => `${size}:${price}:${stock}:${weight}`),
    }));
    expect(summary).toEqual([
      {
        id: 1,
        name: 'Himalayan White Rajma',
        category: 'Pulses',
        bestseller: true,
        variants: ['500gm:347:100:500', '1kg:691:100:1000'],
      },
      {
        id: 2,
        name: 'Himalayan Red Rajma',
        category: 'Pulses',
        bestseller: false,
        variants: ['500gm:347:100:500', '1kg:691:100:1000'],
      },
      {
        id: 3,
        name: 'Badri Cow Ghee',
        category: 'Dairy',
        bestseller: true,
        variants: ['120gm:450:50:120', '295gm:1067:50:295', '495gm:1795:50:495'],
      },
      {
        id: 4,
        name: 'Himalayan Black Soyabean',
        category: 'Pulses',
        bestseller: false,
        variants: ['500gm:347:100:500', '1kg:691:100:1000'],
      },
      { id: 5, name: 'Himalayan Red Rice', category: 'Grains', bestseller: false, variants: ['1kg:347:100:1000'] },
      {
        id: 6,
        name: 'Wild Himalayan Tempering Spice',
        category: 'Spices',
        bestseller: true,
        variants: ['23gm:347:60:23'],
      },
    ]);
    expect(catalogue.every((product) => product.discountPercent === 0)).toBe(true);
    expect(catalogue.some((product) => product.images.length === 1)).toBe(true);
    expect(catalogue.some((product) => product.images.length > 1)).toBe(true);
    for (const image of catalogue.flatMap((product) => product.images)) {
      expect(image.src).toMatch(/^\/media\/products\/[\w-]+\.svg$/);
      expect(image.width).toBeGreaterThan(0);
      expect(image.alt.length).toBeGreaterThan(5);
    }
  });

  it('finds one product by its number, and nothing for an unknown one', async () => {
    expect((await content.product(3))?.name).toBe('Badri Cow Ghee');
    expect(await content.product(99)).toBeUndefined();
  });

  it('has the shop settings', async () => {
    const settings = await content.settings();
    expect(settings).toMatchObject({
      festivalLabel: 'Diwali Discount',
      freeShippingThreshold: 1000,
      codCharge: 150,
      codRules: {
        on: true,
        minAddressChars: 12,
        rtoAdvanceFrom: 1,
        rtoPrepaidFrom: 3,
        dayAmountLimit: 10000,
        firstOrderCap: 3000,
      },
      pickup: { name: 'Delhivery Uttarkashi hub', pincode: '249135', cutoff: '14:00', time: '16:00' },
    });
    expect(settings.whatsappGreeting.length).toBeGreaterThan(0);
  });

  it('has the page texts: four tiles, six reasons, four values and stats', async () => {
    const home = await content.homePage();
    expect(home.tiles.map((tile) => tile.title)).toEqual([
      'Himalayan Sourced',
      '100% Organic',
      'Traceability',
      'Support Farmers',
    ]);
    expect(home.whyChooseUs).toHaveLength(6);
    const about = await content.aboutPage();
    expect(about.values.map((value) => value.title)).toEqual([
      '100% Organic',
      'Fair Trade',
      'Authenticity',
      'Sustainability',
    ]);
    expect(about.stats.map((stat) => `${stat.value} ${stat.label}`)).toEqual([
      '50+ Farmer Families',
      '100% Organic Certified Products',
      '5+ Himalayan Villages',
      '1000+ Happy Customers',
    ]);
  });

  it('has the value chain summing to 100, two stories and six commitments', async () => {
    const impact = await content.farmerImpact();
    expect(impact.page.valueChain.map((node) => node.share)).toEqual([55, 15, 10, 12, 8]);
    expect(impact.page.farmerShareStated).toBe(55);
    expect(impact.page.farmerShareBlogClaim).toBe('60–70%');
    expect(impact.page.stats).toHaveLength(4);
    expect(impact.stories).toHaveLength(2);
    expect(impact.commitments).toHaveLength(6);
  });

  it('has the four FAQ entries in order', async () => {
    expect((await content.faq()).map((entry) => entry.topic)).toEqual([
      'shipping-charges',
      'international-shipping',
      'organic-certification',
      'payment-methods',
    ]);
  });

  it('has six blog posts, and a post with its related posts of the same category', async () => {
    const posts = await content.blogPosts();
    expect(posts.map((post) => post.id).sort()).toEqual([1, 2, 3, 4, 5, 6]);
    const post = await content.blogPost(2);
    expect(post?.category).toBe('Tradition');
    expect(post?.body.length).toBeGreaterThan(5);
    expect(post?.related.every((related) => related.category === 'Tradition' && related.id !== 2)).toBe(true);
    expect(await content.blogPost(42)).toBeUndefined();
  });

  it('has twenty recipes in number order, within the calorie slider', async () => {
    const recipes = await content.recipes();
    expect(recipes.map((recipe) => recipe.id)).toEqual(Array.from({ length: 20 }, (_, index) => `rcp-${index + 1}`));
    expect(recipes.every((recipe) => recipe.calories >= 200 && recipe.calories <= 700)).toBe(true);
    expect(recipes[0]).toMatchObject({ calories: 450, time: 45 });
  });

  it('has six nutrition cards, each with its product picture', async () => {
    const items = await content.nutritionItems();
    expect(items).toHaveLength(6);
    expect(items.every((item) => item.image?.src.startsWith('/media/products/'))).toBe(true);
  });

  it('has eight impact items: 3 pillars, 1 statement, 4 projects with year and region', async () => {
    const items = await content.impactItems();
    expect(items.map((item) => item.type).sort()).toEqual([
      'Pillar',
      'Pillar',
      'Pillar',
      'Project',
      'Project',
      'Project',
      'Project',
      'Statement',
    ]);
    expect(items.filter((item) => item.type === 'Project').every((item) => item.year && item.region)).toBe(true);
  });

  it('has the ghee batch with its seven steps', async () => {
    const batch = await content.batch('OUO-GHEE-2025-09-25-001');
    expect(batch).toMatchObject({ productName: 'Badri Cow Ghee', productId: 3, altitudeM: 2300 });
    expect(batch?.herd).toMatchObject({ yieldMinL: 1.5, yieldMaxL: 4 });
    expect(batch?.steps.map((step) => step.code)).toEqual(['BOIL', 'CULT', 'FERM', 'CHRN', 'GBLN', 'FLTR', 'GR']);
    expect(await content.batch('OUO-NOPE')).toBeUndefined();
    expect(await content.batches()).toHaveLength(1);
  });

  it('lists the site paths for prerendering and the sitemap', async () => {
    expect(await content.sitePaths()).toEqual({
      productIds: [1, 2, 3, 4, 5, 6],
      postIds: [1, 2, 3, 4, 5, 6],
      batchIds: ['OUO-GHEE-2025-09-25-001'],
      policySlugs: ['grievance', 'privacy', 'returns', 'shipping', 'terms'],
    });
  });

  it("has a policy page for every standard policy, each with its footer link in the editors' order", async () => {
    expect(await content.policyLinks()).toEqual([
      { slug: 'shipping', label: 'Shipping & Delivery' },
      { slug: 'returns', label: 'Returns & Refunds' },
      { slug: 'privacy', label: 'Privacy Policy' },
      { slug: 'terms', label: 'Terms & Conditions' },
      { slug: 'grievance', label: 'Grievance Officer' },
    ]);
    const grievance = await content.policy('grievance');
    expect(grievance?.title).toBe('Grievance Officer');
    expect(JSON.stringify(grievance?.body)).toContain('hello@orangutanorganics.in');
    expect(await content.policy('no-such-policy')).toBeUndefined();
  });
});

describe('content that does not match the model', () => {
  it('fails loudly, naming what broke', async () => {
    const broken = createContent({ kind: 'bundled', fetch: async () => [{ id: 'one' }] });
    await expect(broken.catalogue()).rejects.toThrow(ContentError);
    await expect(broken.catalogue()).rejects.toThrow(/catalogue/);
  });

  it('treats GROQ nulls as absent fields', () => {
    expect(dropNulls({ a: null, b: [1, null, { c: null, d: 2 }] })).toEqual({ b: [1, { d: 2 }] });
  });
});

describe('the Sanity source', () => {
  it('is chosen when SANITY_PROJECT_ID is set, the bundled dataset otherwise', () => {
    expect(createContentSource(contentEnv({ SANITY_PROJECT_ID: 'abc123', SANITY_DATASET: 'production' })).kind).toBe(
      'sanity',
    );
    expect(createContentSource(contentEnv({ SANITY_PROJECT_ID: '' })).kind).toBe('bundled');
    expect(() => contentEnv({ SANITY_PROJECT_ID: 'Not An Id!' })).toThrow(/SANITY_PROJECT_ID/);
  });

  it('sends the same GROQ and params for every query, and parses the answers the same way', async () => {
    const { requests: seen } = fakeSanity();
    const sanity = createContent(createSanitySource('abc123', 'production'));
    const calls: [string, (reader: typeof content) => Promise<unknown>, string, Record<string, unknown>][] = [
      ['catalogue', (reader) => reader.catalogue(), queries.PRODUCTS_QUERY, {}],
      ['product', (reader) => reader.product(3), queries.PRODUCT_BY_ID_QUERY, { id: 3 }],
      ['settings', (reader) => reader.settings(), queries.SHOP_SETTINGS_QUERY, {}],
      ['invoice settings', (reader) => reader.invoiceSettings(), queries.INVOICE_SETTINGS_QUERY, {}],
      ['home', (reader) => reader.homePage(), queries.HOME_PAGE_QUERY, {}],
      ['about', (reader) => reader.aboutPage(), queries.ABOUT_PAGE_QUERY, {}],
      ['impact', (reader) => reader.farmerImpact(), queries.FARMER_IMPACT_QUERY, {}],
      ['faq', (reader) => reader.faq(), queries.FAQ_QUERY, {}],
      ['posts', (reader) => reader.blogPosts(), queries.BLOG_POSTS_QUERY, {}],
      ['post', (reader) => reader.blogPost(2), queries.BLOG_POST_BY_ID_QUERY, { id: 2 }],
      ['recipes', (reader) => reader.recipes(), queries.RECIPES_QUERY, {}],
      ['nutrition', (reader) => reader.nutritionItems(), queries.NUTRITION_ITEMS_QUERY, {}],
      ['impactItems', (reader) => reader.impactItems(), queries.IMPACT_ITEMS_QUERY, {}],
      [
        'batch',
        (reader) => reader.batch('OUO-GHEE-2025-09-25-001'),
        queries.BATCH_BY_ID_QUERY,
        { batchId: 'OUO-GHEE-2025-09-25-001' },
      ],
      ['batches', (reader) => reader.batches(), queries.BATCHES_QUERY, {}],
      ['policies', (reader) => reader.policies(), queries.POLICY_PAGES_QUERY, {}],
      ['policy', (reader) => reader.policy('returns'), queries.POLICY_PAGE_BY_SLUG_QUERY, { slug: 'returns' }],
      ['paths', (reader) => reader.sitePaths(), queries.SITE_PATHS_QUERY, {}],
    ];
    for (const [name, call, query, params] of calls) {
      seen.length = 0;
      expect(await call(sanity), name).toEqual(await call(content));
      expect(seen, name).toEqual([{ query, params }]);
    }
  });
});

describe('the product model', () => {
  it('refuses a fractional or negative price', async () => {
    const { productSchema } = await import('./types.ts');
    const product = await content.product(1);
    const withPrice = (price: number) => ({ ...product, variants: [{ size: '500gm', price, stock: 1, weight: 500 }] });
    expect(productSchema.safeParse(withPrice(10.5)).success).toBe(false);
    expect(productSchema.safeParse(withPrice(-1)).success).toBe(false);
    expect(productSchema.safeParse(withPrice(347)).success).toBe(true);
  });
});
