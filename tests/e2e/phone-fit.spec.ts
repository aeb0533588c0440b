/**
 * What a thumb and an eye need on a phone (issue 13), at 360 px on the pages shoppers use most:
 * every control is at least 44 × 44 px, no text is smaller than 14 px, icons are pictures the page
 * draws itself (never an emoji, whose look depends on the phone's font) and axe finds nothing serious.
 */
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { seriousViolations } from './support/axe.ts';
import { addToCart } from './support/checkout.ts';

const PHONE = { width: 360, height: 760 };
const PAGES = [
  '/',
  '/products',
  '/products/3',
  '/products/1',
  '/cart',
  '/checkout',
  '/who-are-we',
  '/who-are-we/farmer-impact',
  '/who-are-we/recipes',
  '/nutrition',
  '/why-it-matters',
  '/blog',
  '/contact',
  '/track',
];

/** Controls smaller than 44 × 44 px, as `tag "name" w×h`. Links inside running text are exempt. */
function smallTargets(page: Page) {
  return page.evaluate(() => {
    const small: string[] = [];
    const controls = document.querySelectorAll<HTMLElement>(
      'button, select, input:not([type=hidden]), textarea, summary, [role=button], [role=tab], nav a, address a, .contact-info a, a.button, a.card',
    );
    for (const control of controls) {
      // A radio button or checkbox is tapped through its label.
      const target =
        control instanceof HTMLInputElement && ['radio', 'checkbox'].includes(control.type)
          ? (control.closest('label') ?? control.labels?.[0] ?? control)
          : control;
      const box = target.getBoundingClientRect();
      const style = getComputedStyle(control);
      const hidden =
        box.width === 0 ||
        style.visibility === 'hidden' ||
        control.closest('[inert], [aria-hidden="true"], .visually-hidden');
      if (hidden) continue;
      // A fixed, off-screen element (the closed mobile menu) cannot be tapped.
      if (box.right <= 0 || box.left >= innerWidth) continue;
      if (box.width < 43.5 || box.height < 43.5) {
        const name = (control.getAttribute('aria-label') ?? control.textContent ?? '').trim().slice(0, 30);
        small.push(
          `${control.tagName.toLowerCase()}.${control.className} "${name}" ${Math.round(box.width)}×${Math.round(box.height)}`,
        );
      }
    }
    return small;
  });
}

/** Visible text set smaller than 14 px, as `tag.class "text" size`. */
function smallText(page: Page) {
  return page.evaluate(() => {
    const small = new Set<string>();
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent?.trim();
      const element = node.parentElement;
      if (!text || !element || element.closest('.visually-hidden, [aria-hidden="true"], script, style, noscript'))
        continue;
      const box = element.getBoundingClientRect();
      if (box.width === 0 || box.height === 0) continue;
      const size = Number.parseFloat(getComputedStyle(element).fontSize);
      if (size < 13.95)
        small.add(`${element.tagName.toLowerCase()}.${element.className} "${text.slice(0, 30)}" ${size}px`);
    }
    return [...small];
  });
}

/** Emoji drawn as text: on many phones and every headless browser they show as empty boxes. */
function emojiIcons(page: Page) {
  return page.evaluate(() => {
    const found: string[] = [];
    // © and ® are pictographic in Unicode's eyes but plain text in every font.
    const emoji = /(?![©®™])\p{Extended_Pictographic}/u;
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const element = node.parentElement;
      if (element?.closest('script, style, noscript')) continue;
      // Recipes and impact items have an emoji of their own in the content (docs/shop-rules.md §3):
      // it is the dish's picture, named by its card's title, not an interface icon.
      if (element?.closest('.filter-card__emoji')) continue;
      if (emoji.test(node.textContent ?? '')) found.push(`${element?.tagName.toLowerCase()}.${element?.className}`);
    }
    return found;
  });
}

test.describe('on a 360 px phone', () => {
  test.use({ viewport: PHONE });

  test('every control is big enough to tap, all text is 14 px or larger, and icons are drawn', async ({ page }) => {
    test.setTimeout(120_000);
    await addToCart(page, 3, '295gm');
    const failures: string[] = [];
    for (const path of PAGES) {
      await page.goto(path);
      await expect(page.locator('main')).toBeVisible();
      for (const line of await smallTargets(page)) failures.push(`${path}: small target ${line}`);
      for (const line of await smallText(page)) failures.push(`${path}: small text ${line}`);
      for (const line of await emojiIcons(page)) failures.push(`${path}: emoji icon in ${line}`);
    }
    await page.goto('/products');
    await page.getByRole('button', { name: 'Open menu' }).click();
    for (const line of await smallTargets(page)) failures.push(`/products with the menu open: small target ${line}`);
    expect(failures).toEqual([]);
  });

  test('axe finds no serious violation on the main pages', async ({ page }) => {
    test.setTimeout(120_000);
    await addToCart(page, 3, '295gm');
    const failures: string[] = [];
    for (const path of [
      '/',
      '/products',
      '/products/3',
      '/cart',
      '/checkout',
      '/who-are-we/farmer-impact',
      '/contact',
    ]) {
      await page.goto(path);
      await expect(page.locator('main')).toBeVisible();
      for (const line of await seriousViolations(page)) failures.push(`${path}: ${line}`);
    }
    expect(failures).toEqual([]);
  });
});
