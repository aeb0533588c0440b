/**
 * For tests of what a shopper does before the page is live (decisions 015 and 028): the site's
 * scripts held back, so each test acts before hydration for sure.
 */
import { expect, type Page } from '@playwright/test';

/** Holds every script of the site until `release()`; the page paints meanwhile, as on a slow phone. */
export async function holdScripts(page: Page) {
  let release: () => void = () => undefined;
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route('**/assets/*.js', async (route) => {
    await released;
    await route.continue();
  });
  return release;
}

export const notLiveYet = async (page: Page) =>
  expect(await page.evaluate(() => typeof (window as { __ouo?: { live?: unknown } }).__ouo?.live)).toBe('function');
