/**
 * No page scrolls sideways on a phone (issue 13): every sitemap route, the cart, the checkout
 * with a cart, an order page and the not-found pages, at 320, 360 and 414 px, with the mobile
 * menu closed and open. A failure names the widest element that sticks out, so the fix is obvious.
 * Wide content (the value chain table) scrolls inside its own box, which does not count.
 */
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { addToCart, placeCodOrderByApi } from './support/checkout.ts';

const WIDTHS = [320, 360, 414];

/** How far the page is wider than the screen, and the element that reaches furthest right. */
function overflow(page: Page) {
  return page.evaluate(() => {
    const screen = document.documentElement.clientWidth;
    const page = document.documentElement.scrollWidth;
    let widest = '';
    let right = screen;
    for (const element of document.querySelectorAll('body *')) {
      // Content inside a box that clips or scrolls sideways cannot widen the page.
      // A fixed element (the closed mobile menu waits off-screen) cannot either.
      let contained = getComputedStyle(element).position === 'fixed';
      for (let box = element.parentElement; box && box !== document.body; box = box.parentElement) {
        const style = getComputedStyle(box);
        if (['hidden', 'auto', 'scroll', 'clip'].includes(style.overflowX) || style.position === 'fixed')
          contained = true;
      }
      const edge = element.getBoundingClientRect().right;
      if (!contained && edge > right + 0.5) {
        right = edge;
        widest = `<${element.tagName.toLowerCase()} class="${element.getAttribute('class') ?? ''}">`;
      }
    }
    return { excess: page - screen, widest };
  });
}

async function sitemapPaths(page: Page): Promise<string[]> {
  const sitemap = await (await page.request.get('/sitemap.xml')).text();
  return [...sitemap.matchAll(/<loc>https?:\/\/[^/<]+([^<]*)<\/loc>/g)].map((match) => match[1] || '/');
}

for (const width of WIDTHS) {
  test(`at ${width} px no page scrolls sideways`, async ({ page, allowConsoleError }) => {
    test.setTimeout(180_000);
    allowConsoleError(/status of 404/); // the not-found pages answer 404
    await page.setViewportSize({ width, height: 760 });
    const order = await placeCodOrderByApi(page.request);
    const paths = [...(await sitemapPaths(page)), '/cart', order.path, '/no-such-page', '/products/999', '/blog/999'];
    const failures: string[] = [];
    const check = async (label: string) => {
      const { excess, widest } = await overflow(page);
      if (excess > 0) failures.push(`${label}: ${excess} px too wide, widest ${widest}`);
    };
    for (const path of paths) {
      await page.goto(path);
      await check(path);
    }
    await addToCart(page, 1, '500gm');
    await page.goto('/checkout');
    await check('/checkout with a cart');
    await page.getByRole('button', { name: 'Open menu' }).click();
    await check('/checkout with the menu open');
    expect(failures).toEqual([]);
  });
}
