/**
 * Pages without interactive content ship no framework (issue 36, decision 028): the blog, the
 * policies, the story and traceability pages and the 404 page load no React. The early script runs
 * their menu, cart badge and Print button; every link is an ordinary page load.
 */
import type { Page, TestInfo } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { addToCart } from './support/checkout.ts';
import { cartLink, expectCartCount, ProductPage } from './support/pages.ts';

const BATCH = '/who-are-we/traceability/OUO-GHEE-2025-09-25-001';
/** Each page and its heading: a post, the blog, a policy, the story pages, a batch, an unknown address (the 404 page). */
const STATIC_PAGES = [
  { path: '/blog/1', h1: /Red Rice/ },
  { path: '/blog', h1: 'Our Blog' },
  { path: '/policies/returns', h1: 'Returns and Refunds Policy' },
  { path: '/who-are-we', h1: 'Who We Are' },
  { path: '/who-are-we/farmer-impact', h1: /\w/ },
  { path: '/who-are-we/traceability', h1: 'Traceability: Badri Cow Ghee' },
  { path: BATCH, h1: 'Traceability: Badri Cow Ghee' },
  { path: '/no/such/page', h1: 'Page not found' },
];

/** The site's script files the page asks for, from the first request on. */
function scriptRequests(page: Page): string[] {
  const requested: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith('/assets/') && url.pathname.endsWith('.js')) requested.push(url.pathname);
  });
  return requested;
}

/** What a page has of React Router's: its context and route modules are set on every page that loads it. */
const reactRouter = (page: Page) =>
  page.evaluate(() => {
    const scope = window as { __reactRouterContext?: unknown; __reactRouterRouteModules?: unknown };
    return { context: typeof scope.__reactRouterContext, modules: typeof scope.__reactRouterRouteModules };
  });

/** Marks the window: a mark that is gone after a click means the click loaded a new document. */
const markWindow = (page: Page) => page.evaluate(() => Object.assign(window, { __sameDocument: true }));
const sameDocument = (page: Page) => page.evaluate(() => '__sameDocument' in window);

for (const { path, h1 } of STATIC_PAGES) {
  test(`${path} loads no React: no script file, no React Router`, async ({ page, allowConsoleError }) => {
    allowConsoleError(/status of 404/); // the unknown address answers 404
    const scripts = scriptRequests(page);
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: h1 })).toBeVisible();
    await page.waitForLoadState('load');
    await expectCartCount(page, 0); // the early script named the cart link
    expect(scripts).toEqual([]);
    expect(await reactRouter(page)).toEqual({ context: 'undefined', modules: 'undefined' });
  });
}

test('a page with filters keeps React: /why-it-matters hydrates', async ({ page }) => {
  const scripts = scriptRequests(page);
  await page.goto('/why-it-matters');
  await expect(page.getByRole('combobox', { name: 'Type' })).toBeVisible();
  await expect.poll(() => reactRouter(page)).toEqual({ context: 'object', modules: 'object' });
  expect(scripts.some((script) => script.includes('/entry.client-'))).toBe(true);
});

test.describe('on a 375 px phone', () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test('the menu opens from its button and closes from it, the overlay and Escape', async ({ page }) => {
    await page.goto('/blog/1');
    const nav = page.getByRole('navigation', { name: 'Main' });
    await expect(nav.getByRole('link', { name: 'Home' })).toBeHidden();

    await page.getByRole('button', { name: 'Open menu' }).click();
    await expect(page.getByRole('button', { name: 'Close menu' })).toHaveAttribute('aria-expanded', 'true');
    await expect(nav.getByRole('link', { name: 'Home' })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Home' })).toBeFocused();
    await page.getByRole('button', { name: 'Close menu' }).click();
    await expect(nav.getByRole('link', { name: 'Home' })).toBeHidden();

    await page.getByRole('button', { name: 'Open menu' }).click();
    await expect(nav.getByRole('link', { name: 'Blog' })).toBeVisible();
    await page.mouse.click(20, 400); // the overlay, beside the panel
    await expect(nav.getByRole('link', { name: 'Blog' })).toBeHidden();
    await expect(page.getByRole('button', { name: 'Open menu' })).toHaveAttribute('aria-expanded', 'false');

    await page.getByRole('button', { name: 'Open menu' }).click();
    await expect(nav.getByRole('link', { name: 'Home' })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(nav.getByRole('link', { name: 'Home' })).toBeHidden();
    await expect(page.getByRole('button', { name: 'Open menu' })).toBeFocused();
  });

  test("the menu's links load the next page, which opens with its menu closed", async ({ page }) => {
    await page.goto('/policies/returns');
    await markWindow(page);
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Blog' }).click();
    await expect(page).toHaveURL(/\/blog$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Our Blog' })).toBeVisible();
    expect(await sameDocument(page)).toBe(false);
    await expect(page.getByRole('button', { name: 'Open menu' })).toHaveAttribute('aria-expanded', 'false');
  });

  for (const width of [320, 375]) {
    test(`screenshot: /blog/1 at ${width} px with the menu open`, async ({ page }, testInfo) => {
      await page.setViewportSize({ width, height: 740 });
      await page.goto('/blog/1');
      await page.getByRole('button', { name: 'Open menu' }).click();
      await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Contact' })).toBeVisible();
      await attachScreenshot(page, testInfo, `blog-1-menu-open-${width}px.png`);
    });
  }
});

async function attachScreenshot(page: Page, testInfo: TestInfo, name: string) {
  // The panel slides in over 0.2 s: the screenshot waits for it to stand still.
  await page.waitForFunction(() => {
    const panel = document.querySelector('.site-nav--open');
    return panel !== null && getComputedStyle(panel).transform === 'none';
  });
  const file = testInfo.outputPath(name);
  await page.screenshot({ path: file });
  await testInfo.attach(name, { path: file, contentType: 'image/png' });
}

test("the badge shows the cart as the shop stored it, and follows another tab's changes", async ({ page, context }) => {
  await addToCart(page, 3, '295gm');
  await expectCartCount(page, 1);

  const post = await context.newPage();
  await post.goto('/blog/1');
  await expectCartCount(post, 1);
  await expect(post.getByTestId('cart-count')).toHaveText('1');
  await expect(cartLink(post)).toHaveAttribute('href', '/cart');

  // Another tab adds a line: the static page hears the storage event.
  await page.getByRole('button', { name: 'Increase quantity' }).click();
  await page.getByRole('button', { name: 'Add to Cart' }).click();
  await expectCartCount(page, 3);
  await expectCartCount(post, 3);
  await expect(post.getByTestId('cart-count')).toHaveText('3');
});

test('links from a static page are ordinary page loads, to React pages and to static ones', async ({ page }) => {
  await page.goto('/blog/1');
  await markWindow(page);
  await page.getByRole('main').getByRole('link', { name: 'Himalayan Red Rice', exact: true }).first().click();
  await expect(page).toHaveURL(/\/products\/5$/);
  expect(await sameDocument(page)).toBe(false);
  await new ProductPage(page).waitForHydration();
  await expect.poll(() => reactRouter(page)).toEqual({ context: 'object', modules: 'object' });

  await page.goto(BATCH);
  await markWindow(page);
  await page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link', { name: 'Who Are We' }).click();
  await expect(page).toHaveURL(/\/who-are-we$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Who We Are' })).toBeVisible();
  expect(await sameDocument(page)).toBe(false);
});

test("a React page's links reach a static page's route through the router, and it works there", async ({ page }) => {
  await page.goto('/products');
  await new ProductPage(page).waitForHydration();
  await expect.poll(() => reactRouter(page)).toEqual({ context: 'object', modules: 'object' });
  await markWindow(page);
  await page.getByRole('contentinfo').getByRole('link', { name: 'Shipping & Delivery' }).click();
  await expect(page).toHaveURL(/\/policies\/shipping$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Shipping and Delivery Policy' })).toBeVisible();
  expect(await sameDocument(page)).toBe(true); // drawn by React, as before

  await page.getByRole('contentinfo').getByRole('link', { name: 'Blog' }).click();
  await page
    .getByRole('main')
    .getByRole('link', { name: /^Read More/ })
    .first()
    .click();
  await expect(page).toHaveURL(/\/blog\/6$/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  expect(await sameDocument(page)).toBe(true);
});

test('the Print button of a batch prints, without React', async ({ page }) => {
  await page.goto(BATCH);
  await page.evaluate(() => {
    Object.assign(window, { __printed: 0 });
    window.print = () => Object.assign(window, { __printed: ((window as { __printed?: number }).__printed ?? 0) + 1 });
  });
  await page.getByRole('button', { name: 'Print QR code' }).click();
  expect(await page.evaluate(() => (window as { __printed?: number }).__printed)).toBe(1);
  expect(await reactRouter(page)).toEqual({ context: 'undefined', modules: 'undefined' });
});
