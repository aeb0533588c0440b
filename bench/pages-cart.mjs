// @ts-check
// Part of `npm run bench:pages`: the checkout's cart in the bench's Chromium — seeded in localStorage
// before each run of /checkout, checked on the page afterwards (the order summary shows its lines, not
// the empty-cart redirect), and cleared at the end.
import { defaultSettings } from 'lighthouse/core/config/constants.js';
import { chromium } from 'playwright-core';
import { BASE, CART, CART_STORAGE_KEY, CHECKOUT_ROUTE } from './pages-settings.mjs';

/**
 * Runs `action` on a page of the bench's Chromium (the default context, which Lighthouse uses too),
 * then closes the page and disconnects — Chromium keeps running.
 * @template T
 * @param {number} port
 * @param {(page: import('playwright-core').Page) => Promise<T>} action
 * @returns {Promise<T>}
 */
async function withPage(port, action) {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
  try {
    const context = browser.contexts()[0];
    if (!context) throw new Error('Chromium has no default context');
    const page = await context.newPage();
    try {
      return await action(page);
    } finally {
      await page.close();
    }
  } finally {
    await browser.close();
  }
}

/**
 * Puts CART in the origin's localStorage and clears what Lighthouse clears before a run (the HTTP
 * cache and its default storage types, which leave localStorage alone), so the measured load is as
 * cold as the other routes'. The origin is opened on the health endpoint, not a page, so no page
 * asset gets cached by the seeding.
 */
export async function seedCart(/** @type {number} */ port) {
  await withPage(port, async (page) => {
    await page.goto(`${BASE}/api/health`);
    const seed = { key: CART_STORAGE_KEY, value: JSON.stringify(CART) };
    await page.evaluate(({ key, value }) => localStorage.setItem(key, value), seed);
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Storage.clearDataForOrigin', {
      origin: BASE,
      storageTypes: defaultSettings.clearStorageTypes.join(','),
    });
    await cdp.send('Network.clearBrowserCache');
    await cdp.detach();
  });
}

/** The checkout page with the seeded cart shows the order summary with each line — not the empty-cart redirect. */
export async function checkCheckoutShowsCart(/** @type {number} */ port) {
  await seedCart(port);
  await withPage(port, async (page) => {
    await page.goto(`${BASE}${CHECKOUT_ROUTE}`);
    const summary = page.getByRole('region', { name: 'Order summary' });
    await summary.waitFor({ state: 'visible', timeout: 15_000 });
    // The summary is prerendered ('Loading your cart…'); its lines come once the page is live.
    await summary
      .getByRole('listitem')
      .first()
      .waitFor({ state: 'visible', timeout: 15_000 })
      .catch(() => undefined);
    const lines = await summary.getByRole('listitem').count();
    const pathname = new URL(page.url()).pathname;
    if (pathname !== CHECKOUT_ROUTE || lines !== CART.length)
      throw new Error(`${CHECKOUT_ROUTE} showed ${lines} cart lines at ${pathname} (expected ${CART.length})`);
    console.log(`Checked: ${CHECKOUT_ROUTE} with the seeded cart shows the order summary with ${lines} lines.`);
  });
}

/** The routes measured after this one (none today) start from an empty cart, as a first visit does. */
export async function clearCart(/** @type {number} */ port) {
  await withPage(port, async (page) => {
    await page.goto(`${BASE}/api/health`);
    await page.evaluate((key) => localStorage.removeItem(key), CART_STORAGE_KEY);
  });
}
