import { expect, test } from './fixtures.ts';
import { seriousViolations } from './support/axe.ts';
import { CartPage, cartLink, expectCartCount, ProductPage } from './support/pages.ts';

test('browse, filter, choose a size, add twice, change and empty the cart', async ({ page }) => {
  await page.goto('/products');
  const products = new ProductPage(page);
  await products.waitForHydration();
  const cards = page.getByRole('main').getByRole('article');
  await expect(cards).toHaveCount(6);

  await page.getByRole('button', { name: 'Dairy' }).click();
  await expect(page).toHaveURL(/\?category=Dairy$/);
  await expect(cards).toHaveCount(1);
  await expect(page.getByRole('button', { name: 'Dairy' })).toHaveAttribute('aria-pressed', 'true');

  // The filter survives a reload.
  await page.reload();
  await expect(cards).toHaveCount(1);

  await page.getByRole('link', { name: 'Badri Cow Ghee' }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: 'Badri Cow Ghee' })).toBeVisible();
  await products.chooseSize('295gm');
  await expect(page.getByText('Weight: 295 g')).toBeVisible();
  await products.addToCart();
  await expect(page.getByRole('status').getByText('Added 1 × Badri Cow Ghee (295gm) to your cart.')).toBeVisible();
  await products.addToCart();
  await expectCartCount(page, 2);
  await expect(page.getByTestId('cart-count')).toHaveText('2');

  const pixel = await page.evaluate(() =>
    (window as unknown as { __ouo?: { pixelEvents?: { name: string }[] } }).__ouo?.pixelEvents?.map(
      (event) => event.name,
    ),
  );
  expect(pixel).toEqual(['ViewContent', 'AddToCart', 'AddToCart']);

  await cartLink(page).click();
  const cart = new CartPage(page);
  await expect(cart.lines()).toHaveCount(1);
  await expect(cart.line('Badri Cow Ghee')).toContainText('Size: 295gm');
  await expect(cart.subtotal()).toHaveText('₹2,134');

  await cart.setQuantity('Badri Cow Ghee', 3);
  await expect(cart.subtotal()).toHaveText('₹3,201');
  await expectCartCount(page, 3);

  await cart.remove('Badri Cow Ghee 295gm');
  await expect(page.getByText('Your cart is empty')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Shop Now' })).toHaveAttribute('href', '/products');
  await expect(page.getByTestId('cart-count')).toBeHidden();
});

test('the cart re-prices a tampered stored line from the catalogue', async ({ page }) => {
  await page.goto('/');
  // Once this page has read its (empty) cart, it will not read the tampered one written below.
  await new ProductPage(page).waitForHydration();
  await page.evaluate(() =>
    localStorage.setItem(
      'cart',
      JSON.stringify([
        {
          product_retailer_id: '6_23gm',
          productId: 6,
          name: 'Spice',
          size: '23gm',
          price: 1,
          weight: 1,
          quantity: 2,
          image: '',
        },
        {
          product_retailer_id: '9_1kg',
          productId: 9,
          name: 'Apricot oil',
          size: '1kg',
          price: 5,
          weight: 1,
          quantity: 1,
          image: '',
        },
      ]),
    ),
  );
  await page.goto('/cart');
  const cart = new CartPage(page);
  await expect(cart.lines()).toHaveCount(1);
  await expect(cart.line('Wild Himalayan Tempering Spice')).toContainText('₹347 each');
  await expect(cart.subtotal()).toHaveText('₹694');
  await expect(page.getByRole('status').getByText(/Apricot oil is no longer available/)).toBeVisible();
});

test('another tab changing the cart updates the badge', async ({ page, context }) => {
  const product = new ProductPage(page);
  await product.goto(5);
  await expectCartCount(page, 0);
  const other = await context.newPage();
  const otherProduct = new ProductPage(other);
  await otherProduct.goto(5);
  await otherProduct.addToCart();
  await expectCartCount(page, 1);
  await other.close();
});

test("an unknown or non-numeric product id shows 'Product not found', with status 404", async ({
  page,
  allowConsoleError,
}) => {
  // The page and its data file both answer 404, as on Netlify; the browser logs each.
  allowConsoleError(/status of 404/);
  for (const path of ['/products/99', '/products/abc']) {
    const response = await page.goto(path);
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1, name: 'Product not found' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Back to all products' })).toHaveAttribute('href', '/products');
  }
});

test.describe('on a 375 px phone', () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test('the burger opens the menu, Escape and links close it', async ({ page }) => {
    await page.goto('/');
    await new ProductPage(page).waitForHydration();
    const burger = page.getByRole('button', { name: 'Open menu' });
    const nav = page.getByRole('navigation', { name: 'Main' });
    await expect(nav.getByRole('link', { name: 'Blog' })).toBeHidden();
    await burger.click();
    await expect(page.getByRole('button', { name: 'Close menu' })).toHaveAttribute('aria-expanded', 'true');
    await expect(nav.getByRole('link', { name: 'Home' })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(nav.getByRole('link', { name: 'Blog' })).toBeHidden();
    await expect(page.getByRole('button', { name: 'Open menu' })).toBeFocused();

    await page.getByRole('button', { name: 'Open menu' }).click();
    await nav.getByRole('link', { name: 'Organic Products' }).click();
    await expect(page).toHaveURL(/\/products$/);
    await expect(nav.getByRole('link', { name: 'Blog' })).toBeHidden();
    await expect(page.getByRole('button', { name: 'Open menu' })).toHaveAttribute('aria-expanded', 'false');
  });

  test('the overlay closes the menu', async ({ page }) => {
    await page.goto('/products');
    await new ProductPage(page).waitForHydration();
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.mouse.click(20, 400);
    await expect(page.getByRole('button', { name: 'Open menu' })).toHaveAttribute('aria-expanded', 'false');
  });
});

test('the chat button opens WhatsApp with the greeting', async ({ page }) => {
  await page.goto('/');
  const chat = page.getByRole('link', { name: /Chat with us on WhatsApp/ });
  await expect(chat).toHaveAttribute('href', /^https:\/\/wa\.me\/\d+\?text=.+/);
  await expect(chat).toHaveAttribute('target', '_blank');
});

for (const path of ['/', '/products', '/products/1', '/cart']) {
  test(`no serious or critical accessibility violation on ${path}`, async ({ page }) => {
    await page.goto(path);
    await new ProductPage(page).waitForHydration();
    expect(await seriousViolations(page)).toEqual([]);
  });
}

test('no serious accessibility violation on a filled cart', async ({ page }) => {
  const product = new ProductPage(page);
  await product.goto(1);
  await product.addToCart();
  await page.goto('/cart');
  await expect(new CartPage(page).lines()).toHaveCount(1);
  expect(await seriousViolations(page)).toEqual([]);
});
