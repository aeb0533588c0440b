/**
 * Nothing the shopper does before the page is live is lost (issue 22, decision 015). The page's
 * scripts load after its first paint; until React has hydrated, the hydration gate holds taps on
 * buttons and replays them, and hands whatever was typed or chosen in a field to React.
 * The scripts are held back with route interception so each test acts before hydration for sure.
 */
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { addToCart, fillDelivery } from './support/checkout.ts';
import { cartLink } from './support/pages.ts';

/** Holds every script of the site until `release()`; the page paints meanwhile, as on a slow phone. */
async function holdScripts(page: Page) {
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

const live = (page: Page) => expect(cartLink(page)).toHaveAccessibleName(/^Cart, /);
const notLiveYet = async (page: Page) =>
  expect(await page.evaluate(() => typeof (window as { __ouoHydrated?: unknown }).__ouoHydrated)).toBe('function');

test('Add to Cart, a size and the quantity tapped before the scripts arrive all take effect', async ({ page }) => {
  const release = await holdScripts(page);
  await page.goto('/products/3');
  await expect(page.getByRole('heading', { level: 1, name: 'Badri Cow Ghee' })).toBeVisible();
  await notLiveYet(page);

  await page.getByRole('radio', { name: /^295gm/ }).check(); // a plain radio button: it works at once
  await page.getByRole('button', { name: 'Increase quantity' }).click();
  const add = page.getByRole('button', { name: 'Add to Cart' });
  await add.click();
  await expect(add).toHaveAttribute('data-held', ''); // shown as waiting, not dead

  release();
  await live(page);
  await expect(cartLink(page)).toHaveAccessibleName('Cart, 2 items');
  await expect(add).not.toHaveAttribute('data-held');
  await page.goto('/cart');
  const line = page
    .getByRole('list', { name: 'Items in your cart' })
    .getByRole('listitem')
    .filter({ hasText: 'Badri Cow Ghee' });
  await expect(line).toContainText('295gm');
  await expect(line.getByRole('spinbutton', { name: 'Quantity' })).toHaveValue('2');
});

test('the menu tapped before the scripts arrive opens once they have', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 740 });
  const release = await holdScripts(page);
  await page.goto('/products');
  await notLiveYet(page);
  await page.getByRole('button', { name: 'Open menu' }).click();
  release();
  await expect(page.getByRole('button', { name: 'Close menu' })).toBeVisible();
});

test('a pincode typed into the delivery check before the scripts arrive is the one checked', async ({ page }) => {
  const release = await holdScripts(page);
  await page.goto('/products/3');
  await notLiveYet(page);
  const check = page.getByRole('form', { name: 'Check delivery' });
  await check.getByRole('textbox', { name: 'Check delivery to your pincode' }).fill('744301');
  await check.getByRole('button', { name: 'Check' }).click();
  release();
  await expect(check.getByText('Sorry, we do not deliver to 744301 yet.')).toBeVisible();
});

test('with the CPU slowed 6×, a checkout filled before the page is live places exactly one COD order', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await addToCart(page, 1, '500gm');
  const orders: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && request.url().endsWith('/api/checkout/process-cod')) orders.push(request.url());
  });
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 6 });
  const release = await holdScripts(page);

  await page.goto('/checkout', { waitUntil: 'commit' });
  await fillDelivery(page);
  await page.getByLabel('Cash on Delivery').check();
  await notLiveYet(page);
  // Until the cart is read, the summary says so and Place Order waits: it never does nothing.
  await expect(page.getByText('Loading your cart…')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Place Order' })).toBeDisabled();

  release();
  await live(page);
  // What was typed is the form's state: the pincode was quoted, COD's charge is in the total.
  await expect(page.getByTestId('shipping-charge')).toHaveText('₹65 (estimate)', { timeout: 30_000 });
  await expect(page.getByTestId('order-total')).toHaveText('₹562');
  await page.getByRole('button', { name: 'Place Order' }).click();
  await expect(page.getByRole('status').getByText('Pay ₹562 on delivery.')).toBeVisible({ timeout: 30_000 });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
  expect(orders).toHaveLength(1);
});
