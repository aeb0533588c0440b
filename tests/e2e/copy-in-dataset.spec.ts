import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { INTERFACE_TEXTS } from './support/interface-texts.ts';
import { ProductPage, waitForLive } from './support/pages.ts';

/**
 * Issue 16: every sentence a page shows is the editors' (in the dataset, with a Studio field) or
 * one of the shop's fixed interface texts (form labels, validation and error messages, the button
 * texts docs/shop-rules.md names), listed next to this test in support/interface-texts.ts. Each prerendered
 * page is opened with JavaScript off — what the build wrote — and each visible text node is
 * checked.
 */
const CLIENT = path.resolve('build/client');
const DATASET = path.resolve('studio/seed/dataset.ndjson');

const collapse = (text: string) => text.replace(/\s+/g, ' ').trim();

/** Every string in the bundled dataset, whitespace collapsed (the published documents only). */
async function datasetStrings(): Promise<string[]> {
  const strings = new Set<string>();
  const walk = (value: unknown) => {
    if (typeof value === 'string') strings.add(collapse(value));
    else if (Array.isArray(value)) value.forEach(walk);
    else if (value && typeof value === 'object') Object.values(value).forEach(walk);
  };
  for (const line of (await readFile(DATASET, 'utf8')).split('\n')) {
    if (!line.trim()) continue;
    const document = JSON.parse(line) as { _id: string };
    if (!document._id.startsWith('drafts.')) walk(document);
  }
  return [...strings];
}

/** A dataset string with `{name}` placeholders (the banner's threshold…) as a pattern. */
function template(text: string): RegExp | undefined {
  if (!/\{\w+\}/.test(text)) return undefined;
  const parts = text.split(/\{\w+\}/).map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  return new RegExp(`^${parts.join('.+?')}$`);
}

/** `text` is the dataset's when it is a whole string, a part of one between word boundaries, or a cut excerpt of one. */
function inDataset(text: string, strings: readonly string[], templates: readonly RegExp[]): boolean {
  const cut = /(…|\.\.\.)$/.test(text) ? text.replace(/(…|\.\.\.)$/, '').trim() : undefined;
  return (
    strings.some((value) => {
      if (value === text) return true;
      if (cut && value.startsWith(cut)) return true;
      const at = value.indexOf(text);
      if (at < 0) return false;
      const before = value[at - 1];
      const after = value[at + text.length];
      const boundary = (char: string | undefined) => char === undefined || /[\s.,;:!?—–()'"’“”-]/.test(char);
      return boundary(before) && boundary(after);
    }) || templates.some((pattern) => pattern.test(text))
  );
}

const isInterface = (text: string) =>
  INTERFACE_TEXTS.some((entry) => (typeof entry === 'string' ? entry === text : entry.test(text)));

/** Each prerendered page's address (from build/client/**\/index.html). */
async function prerenderedPages(): Promise<string[]> {
  const files = (await readdir(CLIENT, { recursive: true })).filter((file) => file.endsWith('index.html'));
  return files.map((file) => `/${path.dirname(file)}`.replace(/\/\.$/, '/')).sort();
}

/** The visible text nodes of the page as it stands, whitespace collapsed. */
function visibleTexts(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const found: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement;
      if (!parent || parent.closest('script, style, noscript, template')) continue;
      if (!parent.checkVisibility({ visibilityProperty: true })) continue;
      const text = (node.textContent ?? '').replace(/\s+/g, ' ').trim();
      if (text) found.push(text);
    }
    return found;
  });
}

/** The texts of a page that are neither the dataset's nor interface texts. */
async function strayTexts(page: Page, address: string): Promise<string[]> {
  const strings = await datasetStrings();
  const templates = strings.map(template).filter((pattern): pattern is RegExp => pattern !== undefined);
  return [...new Set(await visibleTexts(page))]
    .filter((text) => /\p{L}{2}/u.test(text)) // numbers, prices, dates and punctuation are data, not copy
    .filter((text) => !inDataset(text, strings, templates) && !isInterface(text))
    .map((text) => `${address}: ${text}`);
}

test.describe('what the build wrote (JavaScript off)', () => {
  test.use({ javaScriptEnabled: false });

  test('every visible sentence of every prerendered page is in the dataset or is an interface text', async ({
    page,
  }) => {
    test.setTimeout(180_000);
    const missing: string[] = [];
    for (const address of await prerenderedPages()) {
      await page.goto(address);
      missing.push(...(await strayTexts(page, address)));
    }
    expect([...new Set(missing)], 'texts neither in the dataset nor interface texts').toEqual([]);
  });
});

test('the cart and the checkout with a product in it (drawn in the browser): every sentence too', async ({ page }) => {
  const product = new ProductPage(page);
  await product.goto(1);
  await product.addToCart();
  await page.goto('/cart');
  await waitForLive(page); // React's cart, not the one the early script draws from hidden parts
  // The trust badges render only with items in the cart.
  await expect(page.getByText('Cash on Delivery available across India')).toBeVisible();
  const stray = await strayTexts(page, '/cart');
  // And the checkout, whose summary is drawn from the cart too.
  await page.goto('/checkout');
  await expect(page.getByRole('heading', { name: 'Order summary' })).toBeVisible();
  await expect(page.getByText('Loading your cart…')).toHaveCount(0);
  stray.push(...(await strayTexts(page, '/checkout')));
  expect(stray, 'texts neither in the dataset nor interface texts').toEqual([]);
});
