import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { CartPage, ProductPage } from './support/pages.ts';

/** The largest contentful paint so far, as the browser measured it: its image URL and element. */
async function largestContentfulPaint(page: Page) {
  return page.evaluate(
    () =>
      new Promise<{ url: string; fetchPriority: string | null }>((resolve) => {
        new PerformanceObserver((list) => {
          const entry = list.getEntries().at(-1) as PerformanceEntry & { url: string; element: Element | null };
          resolve({ url: entry.url, fetchPriority: entry.element?.getAttribute('fetchpriority') ?? null });
        }).observe({ type: 'largest-contentful-paint', buffered: true });
      }),
  );
}

test('the product page’s first photo is fetched first, as AVIF; every other image waits', async ({ page }) => {
  await new ProductPage(page).goto(3);
  const gallery = page.getByRole('region', { name: 'Photos of Badri Cow Ghee' });
  const first = gallery.getByRole('img', { name: /./ });
  await expect(first).toHaveAttribute('loading', 'eager');
  await expect(first).toHaveAttribute('fetchpriority', 'high');
  await expect(first.locator('xpath=..').locator('source[type="image/avif"]')).toHaveAttribute(
    'srcset',
    /\/media\/products\/badri-ghee-jar-640w\.avif 640w/,
  );

  const others = page.getByRole('main').locator('img:not([fetchpriority="high"])');
  expect(await others.count()).toBeGreaterThan(0);
  for (const image of await others.all()) await expect(image).toHaveAttribute('loading', 'lazy');

  // The browser chose a modern format, and that photo is what it measured as the page's LCP.
  await expect
    .poll(() => first.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth))
    .toBeTruthy();
  expect(await first.evaluate((image: HTMLImageElement) => image.currentSrc)).toMatch(/-\d+w\.(avif|webp)$/);
  const lcp = await largestContentfulPaint(page);
  expect(lcp.url).toMatch(/\/media\/products\/badri-ghee-jar-\d+w\.(avif|webp)$/);
  expect(lcp.fetchPriority).toBe('high');
});

test('the home page paints the hero poster first, as AVIF or WebP, and leaves the product photos lazy', async ({
  page,
}) => {
  await page.goto('/');
  const poster = page.locator('.hero picture img');
  await expect(poster).toHaveAttribute('fetchpriority', 'high');
  await expect
    .poll(() => poster.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth))
    .toBeTruthy();
  expect(await poster.evaluate((image: HTMLImageElement) => image.currentSrc)).toMatch(
    /hero-poster-\d+w\.(avif|webp)$/,
  );
  expect((await largestContentfulPaint(page)).url).toMatch(/hero-poster-\d+w\.(avif|webp)$/);
  for (const image of await page.getByRole('region', { name: 'From our farms' }).locator('img').all()) {
    await expect(image).toHaveAttribute('loading', 'lazy');
  }
});

test('every image states its width and height, so nothing shifts when it arrives', async ({ page }) => {
  const product = new ProductPage(page);
  await product.goto(3);
  await product.addToCart();
  for (const path of ['/', '/products', '/products/3', '/blog/1', '/nutrition', '/cart']) {
    await page.goto(path);
    await product.waitForHydration();
    if (path === '/cart') await expect(new CartPage(page).lines()).toHaveCount(1);
    const images = await page.locator('img').all();
    // The header's logo is inline SVG (decision 015); every page still has a photo or artwork.
    expect(images.length, `images on ${path}`).toBeGreaterThan(0);
    for (const image of images) {
      await expect(image, `${path}: ${await image.getAttribute('src')}`).toHaveAttribute('width', /^\d+$/);
      await expect(image, `${path}: ${await image.getAttribute('src')}`).toHaveAttribute('height', /^\d+$/);
    }
  }
});

test('the AVIF and WebP variants are served with their types', async ({ request }) => {
  for (const [url, type] of [
    ['/media/products/badri-ghee-jar-640w.avif', 'image/avif'],
    ['/media/blog/red-rice-1280w.webp', 'image/webp'],
    ['/media/hero/hero-poster-960w.avif', 'image/avif'],
  ] as const) {
    const response = await request.get(url);
    expect(response.status(), url).toBe(200);
    expect(response.headers()['content-type'], url).toBe(type);
    expect((await response.body()).length, url).toBeGreaterThan(500);
  }
});
