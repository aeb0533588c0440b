/**
 * Nothing the shopper does before the page is live is lost, and the main controls answer at once
 * (issue 22, decision 015; issue 36, decision 028). The page's scripts load after its first paint;
 * until React has hydrated, the early script shows a tap's effect at once (the menu, a filter chip,
 * the carousel, the quantity, a size's price, Add to Cart) and replays the tap to React once it is
 * live; any other tap is held and replayed; what was typed or chosen in a field is handed to React.
 * The scripts are held back with route interception so each test acts before hydration for sure,
 * then released: the effect must still be there, neither lost nor doubled.
 */
import { expect, test } from './fixtures.ts';
import { addToCart, fillDelivery } from './support/checkout.ts';
import { holdScripts, notLiveYet } from './support/hold-scripts.ts';
import { cartLink, waitForLive } from './support/pages.ts';

test('on the product page, a size, the quantity and Add to Cart show their effect before the page is live, and once it is they count once', async ({
  page,
}) => {
  const release = await holdScripts(page);
  await page.goto('/products/3');
  await expect(page.getByRole('heading', { level: 1, name: 'Badri Cow Ghee' })).toBeVisible();
  await notLiveYet(page);
  const price = page.locator('.product-detail__price:not([hidden]) .price');
  const sizePrice = (size: string) => page.locator(`label.size-selector__option:has(> input[value="${size}"]) .price`);

  await page.getByRole('radio', { name: /^295gm/ }).check();
  await expect(price).toHaveText((await sizePrice('295gm').textContent()) ?? '');
  await page.getByRole('button', { name: 'Increase quantity' }).click();
  const quantity = page.locator('.product-detail__buy').getByRole('spinbutton', { name: 'Quantity' });
  await expect(quantity).toHaveValue('2');
  await expect(page.getByRole('button', { name: 'Decrease quantity' })).toBeEnabled();
  const add = page.getByRole('button', { name: 'Add to Cart' });
  await add.click();
  await expect(cartLink(page)).toHaveAccessibleName('Cart, 2 items');
  await expect(page.getByTestId('cart-count')).toHaveText('2');
  await expect(add).not.toHaveAttribute('data-held'); // done, not waiting
  await notLiveYet(page);

  release();
  await waitForLive(page);
  // The line is announced once the page is live, and counted once: nothing replayed twice.
  await expect(page.getByRole('status').getByText('Added 2 × Badri Cow Ghee (295gm) to your cart.')).toBeVisible();
  await expect(page.getByTestId('cart-count')).toHaveText('2');
  await expect(quantity).toHaveValue('2');
  await expect(price).toHaveText((await sizePrice('295gm').textContent()) ?? '');
  // Live, the same controls are React's: one more step and another add make 3 + 2 = 5.
  await page.getByRole('button', { name: 'Increase quantity' }).click();
  await expect(quantity).toHaveValue('3');
  await add.click();
  await expect(cartLink(page)).toHaveAccessibleName('Cart, 5 items');
  await page.goto('/cart');
  const line = page
    .getByRole('list', { name: 'Items in your cart' })
    .getByRole('listitem')
    .filter({ hasText: 'Badri Cow Ghee' });
  await expect(line).toContainText('295gm');
  await expect(line.getByRole('spinbutton', { name: 'Quantity' })).toHaveValue('5');
});

test('the menu opens at once before the page is live, stays open once it is, and closes as React', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 740 });
  const release = await holdScripts(page);
  await page.goto('/products');
  await notLiveYet(page);
  await page.getByRole('button', { name: 'Open menu' }).click();
  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect(page.getByRole('button', { name: 'Close menu' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Blog' })).toBeVisible();
  release();
  await waitForLive(page);
  await expect(page.getByRole('button', { name: 'Close menu' })).toBeVisible();
  await page.getByRole('button', { name: 'Close menu' }).click();
  await expect(nav.getByRole('link', { name: 'Blog' })).toBeHidden();
  await expect(page.getByRole('button', { name: 'Open menu' })).toBeVisible();
});

test('the menu opened and closed again before the page is live is closed once it is', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 740 });
  const release = await holdScripts(page);
  await page.goto('/');
  await page.getByRole('button', { name: 'Open menu' }).click();
  await page.locator('.site-nav__overlay').click({ position: { x: 10, y: 300 } }); // the shade beside the panel
  await expect(page.getByRole('button', { name: 'Open menu' })).toBeVisible();
  release();
  await waitForLive(page);
  await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Blog' })).toBeHidden();
  await page.getByRole('button', { name: 'Open menu' }).click();
  await expect(page.getByRole('button', { name: 'Close menu' })).toBeVisible();
});

test('a category chosen before the page is live filters at once, and is the filter once it is', async ({ page }) => {
  const release = await holdScripts(page);
  await page.goto('/products');
  await notLiveYet(page);
  const badges = page.locator('.product-grid > li:visible .product-card__badges > .tag:first-child');
  const everyCount = await badges.count();
  await page.getByRole('button', { name: 'Dairy' }).click();
  await expect(page.getByRole('button', { name: 'Dairy' })).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByRole('button', { name: 'All' })).toHaveAttribute('aria-pressed', 'false');
  await expect(badges.first()).toHaveText('Dairy');
  expect(await badges.allTextContents()).toEqual(Array((await badges.count()) || 1).fill('Dairy'));
  expect(await badges.count()).toBeLessThan(everyCount);

  release();
  await waitForLive(page);
  await expect(page).toHaveURL(/\?category=Dairy$/);
  expect(await badges.allTextContents()).toEqual(Array(await badges.count()).fill('Dairy'));
  await expect(page.locator('[data-early-hidden]')).toHaveCount(0); // React's own list now
  await page.getByRole('button', { name: 'All' }).click();
  await expect(badges).toHaveCount(everyCount);
});

test('a recipe chip chosen before the page is live filters at once, and is the filter once it is', async ({ page }) => {
  const release = await holdScripts(page);
  await page.goto('/who-are-we/recipes');
  await notLiveYet(page);
  const recipes = page.locator('ul[aria-label="Recipes"] > li:visible');
  const everyCount = await recipes.count();
  const chip = page.locator('.filters > fieldset:first-of-type').getByRole('button', { name: 'Rajma' });
  await chip.click();
  await expect(chip).toHaveAttribute('aria-pressed', 'true');
  const shown = await recipes.allTextContents();
  expect(shown.length).toBeGreaterThan(0);
  expect(shown.length).toBeLessThan(everyCount);
  for (const text of shown) expect(text.toLowerCase()).toContain('rajma');

  release();
  await waitForLive(page);
  await expect(chip).toHaveAttribute('aria-pressed', 'true');
  await expect(recipes).toHaveCount(shown.length);
  await chip.click(); // React's now: pressed again, it lets every recipe back
  await expect(recipes).toHaveCount(everyCount);
});

test("a card's next photo tapped before the page is live shows at once, and once live it is still that photo", async ({
  page,
}) => {
  const release = await holdScripts(page);
  await page.goto('/');
  await notLiveYet(page);
  const card = page.locator('.product-grid > li').first();
  const slide = card.locator('[aria-roledescription="slide"]');
  const count = Number((await slide.getAttribute('aria-label'))?.split(' of ')[1]);
  await card.getByRole('button', { name: 'Next photo' }).click();
  await expect(slide).toHaveAttribute('aria-label', `2 of ${count}`);
  const photo = await slide.locator('img').getAttribute('src');
  release();
  await waitForLive(page);
  await expect(slide).toHaveAttribute('aria-label', `2 of ${count}`);
  expect(await slide.locator('img').getAttribute('src')).toBe(photo);
  await card.getByRole('button', { name: 'Next photo' }).click();
  await expect(slide).toHaveAttribute('aria-label', `${count > 2 ? 3 : 1} of ${count}`);
});

test('a pincode typed into the delivery check before the scripts arrive is the one checked', async ({ page }) => {
  const release = await holdScripts(page);
  await page.goto('/products/3');
  await notLiveYet(page);
  const check = page.getByRole('form', { name: 'Check delivery' });
  await check.getByRole('textbox', { name: 'Check delivery to your pincode' }).fill('744301');
  const button = check.getByRole('button', { name: 'Check' });
  await button.click();
  await expect(button).toHaveAttribute('data-held', ''); // no early action: held, shown as waiting
  release();
  await expect(check.getByText('Sorry, we do not deliver to 744301 yet.')).toBeVisible();
});

test('Place Order pressed before the page is live answers at once, places nothing, and is the live form once it is', async ({
  page,
}) => {
  await addToCart(page, 1, '500gm');
  const orders: string[] = [];
  page.on('request', (request) => {
    // The two requests that place an order (the COD rules' question, /api/checkout/cod-options, places none).
    if (request.method() === 'POST' && /\/api\/checkout\/process-(cod|prepaid)$/.test(request.url()))
      orders.push(request.url());
  });
  const release = await holdScripts(page);
  await page.goto('/checkout');
  await notLiveYet(page);
  const placeOrder = page.getByRole('button', { name: 'Place Order' });
  await placeOrder.click();
  await expect(page.getByRole('alert').getByText('Please fill in all required fields')).toBeVisible();
  await expect(page.getByRole('textbox', { name: /^Full name/ })).toBeFocused();
  await fillDelivery(page);
  await placeOrder.click();
  await expect(
    page.getByText(
      'Shipping to 248001 is still being calculated. Please press Place Order again once the total shows.',
    ),
  ).toBeVisible();
  await page.getByRole('button', { name: 'Close notification' }).click();
  await expect(page.getByText('is still being calculated')).toBeHidden();

  release();
  await waitForLive(page);
  await expect(page.getByTestId('order-total')).toHaveText(/₹/, { timeout: 30_000 });
  expect(orders).toEqual([]); // nothing was replayed: an order is placed only by a press made while its total shows
  await page.getByRole('textbox', { name: /^Full name/ }).fill('');
  await placeOrder.click();
  await expect(page.getByRole('alert').getByText('Please fill in all required fields')).toBeVisible();
  expect(orders).toEqual([]);
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
  // Until the cart is read, the summary says so; Place Order answers that the total is not known yet.
  await expect(page.getByText('Loading your cart…')).toBeVisible();

  release();
  await waitForLive(page);
  // What was typed is the form's state: the pincode was quoted, COD's charge is in the total.
  await expect(page.getByTestId('shipping-charge')).toHaveText('₹65 (estimate)', { timeout: 30_000 });
  await expect(page.getByTestId('order-total')).toHaveText('₹562');
  await page.getByRole('button', { name: 'Place Order' }).click();
  await expect(page.getByRole('status').getByText('Pay ₹562 on delivery.')).toBeVisible({ timeout: 30_000 });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
  expect(orders).toHaveLength(1);
});
