/**
 * What crawlers and link previews get: the HTML as served, read without running any script.
 */
import { readFileSync } from 'node:fs';
import { JSDOM } from 'jsdom';
import { discountedPrice } from '../../src/shop/money/index.ts';
import { expect, test } from './fixtures.ts';

const ORIGIN = 'https://orangutanorganics.in';

interface SeedProduct {
  id: number;
  name: string;
  discountPercent?: number;
  variants: { size: string; price: number; stock: number }[];
}

function seedDocuments(type: string): Record<string, unknown>[] {
  return readFileSync('studio/seed/dataset.ndjson', 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as Record<string, unknown>)
    .filter((document) => document._type === type);
}

const products = seedDocuments('product') as unknown as SeedProduct[];
const postIds = seedDocuments('blogPost').map((post) => post.id as number);
const recipeCount = seedDocuments('recipe').length;

type JsonLd = Record<string, unknown> & { '@type': string };

async function servedPage(request: import('@playwright/test').APIRequestContext, path: string) {
  const response = await request.get(path);
  const html = await response.text();
  const { document } = new JSDOM(html).window;
  const meta = (key: string) =>
    document.querySelector(`meta[name="${key}"], meta[property="${key}"]`)?.getAttribute('content') ?? null;
  const jsonLd = [...document.querySelectorAll('script[type="application/ld+json"]')].map(
    (script) => JSON.parse(script.textContent ?? '') as JsonLd,
  );
  return {
    status: response.status(),
    document,
    title: document.title,
    canonical: document.querySelector('link[rel="canonical"]')?.getAttribute('href') ?? null,
    meta,
    jsonLd,
    ofType: (type: string) => jsonLd.filter((data) => data['@type'] === type),
    h1: document.querySelector('h1')?.textContent?.trim() ?? null,
  };
}

const PAGES = [
  { path: '/', h1: /Himalaya/i },
  { path: '/products', h1: 'Our Organic Products' },
  { path: '/products/3', h1: 'Badri Cow Ghee' },
  { path: '/blog', h1: /Blog/ },
  { path: '/blog/1', h1: /\w/ },
  { path: '/who-are-we', h1: /\w/ },
  { path: '/who-are-we/recipes', h1: /Recipes/ },
  { path: '/who-are-we/farmer-impact', h1: /\w/ },
  { path: '/who-are-we/traceability', h1: /\w/ },
  { path: '/nutrition', h1: /Nutrition/ },
  { path: '/why-it-matters', h1: /\w/ },
  { path: '/contact', h1: /Contact/ },
  { path: '/policies/returns', h1: 'Returns and Refunds Policy' },
  { path: '/cart', h1: /cart/i },
  { path: '/checkout', h1: /Checkout/i },
];

for (const { path, h1 } of PAGES) {
  test(`${path} is served with its content, title, canonical and social card`, async ({ request }) => {
    const page = await servedPage(request, path);
    expect(page.status).toBe(200);
    expect(page.h1).toMatch(h1);
    expect(page.title).toMatch(/Orang Utan Organics/);
    expect(page.meta('description')?.length).toBeGreaterThan(20);
    expect(page.canonical).toBe(`${ORIGIN}${path}`);
    expect(page.meta('og:url')).toBe(`${ORIGIN}${path}`);
    expect(page.meta('og:title')).toBe(page.title);
    expect(page.meta('og:image')).toMatch(/^https:\/\/orangutanorganics\.in\/.+\.(png|jpe?g|webp)$/);
    expect(page.meta('twitter:card')).toBe('summary_large_image');
    expect(page.meta('twitter:image')).toBe(page.meta('og:image'));
    const image = await request.get(new URL(page.meta('og:image') ?? '').pathname);
    expect(image.status()).toBe(200);
    expect(image.headers()['content-type']).toMatch(/^image\/(png|jpeg|webp)/);
    const privatePage = path === '/cart' || path === '/checkout';
    expect(page.meta('robots')).toBe(privatePage ? 'noindex' : null);
  });
}

test('the home page describes the shop as an Organization with its contact point', async ({ request }) => {
  const [organization] = (await servedPage(request, '/')).ofType('Organization');
  expect(organization).toMatchObject({
    '@context': 'https://schema.org',
    name: 'Orang Utan Organics',
    url: `${ORIGIN}/`,
    contactPoint: [expect.objectContaining({ '@type': 'ContactPoint', contactType: 'customer service' })],
  });
  const [contact] = (organization?.contactPoint ?? []) as { telephone: string; email: string }[];
  expect(contact?.telephone).toMatch(/^\+91/);
  expect(contact?.email).toContain('@');
});

for (const product of products) {
  test(`/products/${product.id} has Product data with one INR offer per size, at the shop's price`, async ({
    request,
  }) => {
    const page = await servedPage(request, `/products/${product.id}`);
    const [data] = page.ofType('Product');
    expect(data?.name).toBe(product.name);
    const offers = data?.offers as Record<string, unknown>[];
    expect(offers).toHaveLength(product.variants.length);
    product.variants.forEach((variant, index) => {
      const offer = offers[index];
      expect(offer).toMatchObject({
        '@type': 'Offer',
        price: discountedPrice(variant.price, product.discountPercent ?? 0).toFixed(2),
        priceCurrency: 'INR',
        availability: variant.stock > 0 ? 'https://schema.org/InStock' : 'https://schema.org/OutOfStock',
        url: `${ORIGIN}/products/${product.id}`,
        shippingDetails: expect.objectContaining({
          shippingDestination: { '@type': 'DefinedRegion', addressCountry: 'IN' },
        }),
        hasMerchantReturnPolicy: expect.objectContaining({ '@type': 'MerchantReturnPolicy', applicableCountry: 'IN' }),
      });
      const rate = (offer?.shippingDetails as { shippingRate: { value: number } } | undefined)?.shippingRate.value;
      if (Number(offer?.price) >= 1000) expect(rate).toBe(0);
      else expect(rate).toBeGreaterThan(0);
    });
    const [breadcrumbs] = page.ofType('BreadcrumbList');
    expect(((breadcrumbs?.itemListElement ?? []) as { name: string }[]).map((item) => item.name)).toEqual([
      'Home',
      'Organic Products',
      product.name,
    ]);
  });
}

test('a blog post is a BlogPosting with its headline, date and author', async ({ request }) => {
  const page = await servedPage(request, '/blog/1');
  const [posting] = page.ofType('BlogPosting');
  expect(posting?.headline).toBe(page.h1);
  expect(posting?.datePublished).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  expect(posting?.author).toMatchObject({ '@type': 'Person' });
  expect(page.meta('og:type')).toBe('article');
});

test('the recipes page describes every recipe as a Recipe', async ({ request }) => {
  const recipes = (await servedPage(request, '/who-are-we/recipes')).ofType('Recipe');
  expect(recipes).toHaveLength(recipeCount);
  for (const recipe of recipes) {
    expect(recipe.name).toEqual(expect.any(String));
    expect((recipe.recipeIngredient as string[]).length).toBeGreaterThan(0);
    expect(recipe.totalTime).toMatch(/^PT\d+M$/);
  }
});

test('sitemap.xml lists every product and post, and no cart or checkout', async ({ request }) => {
  const response = await request.get('/sitemap.xml');
  expect(response.status()).toBe(200);
  expect(response.headers()['content-type']).toContain('xml');
  const xml = await response.text();
  const locations = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1]);
  for (const product of products) expect(locations).toContain(`${ORIGIN}/products/${product.id}`);
  for (const id of postIds) expect(locations).toContain(`${ORIGIN}/blog/${id}`);
  expect(locations).toContain(`${ORIGIN}/who-are-we/recipes`);
  expect(locations).not.toContain(`${ORIGIN}/cart`);
  expect(locations).not.toContain(`${ORIGIN}/checkout`);
  const robots = await (await request.get('/robots.txt')).text();
  expect(robots).toContain(`Sitemap: ${ORIGIN}/sitemap.xml`);
});

test('an unknown address answers 404 with a real "Page not found" page', async ({ request }) => {
  const page = await servedPage(request, '/no/such/page');
  expect(page.status).toBe(404);
  expect(page.h1).toBe('Page not found');
  expect(page.meta('robots')).toBe('noindex');
  expect((await request.get('/products/999')).status()).toBe(404);
});

test('the 404 page hydrates at any unknown address without a warning', async ({ page, allowConsoleError }) => {
  allowConsoleError(/status of 404/);
  const response = await page.goto('/no/such/page');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
  // Hydrated: the header's links work as client navigation.
  await page.getByRole('main').getByRole('link', { name: 'See our organic products' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Our Organic Products' })).toBeVisible();
});

test('every page in the sitemap hydrates without a console error or hydration warning', async ({ page, request }) => {
  test.setTimeout(120_000);
  const xml = await (await request.get('/sitemap.xml')).text();
  const paths = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => new URL(match[1] ?? '').pathname);
  expect(paths.length).toBeGreaterThan(20);
  for (const path of [...paths, '/cart', '/checkout']) {
    await page.goto(path);
    await expect(page.locator('h1').first()).toBeVisible();
    // React hydrates on load; a mismatch is reported on the console, which the fixture watches.
    await page.waitForLoadState('load');
  }
});
