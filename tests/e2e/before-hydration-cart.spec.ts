/**
 * /cart before the page is live (issue 36, decision 028): the early script draws the stored cart
 * before the first paint, and its controls change the stored cart at once; once live, React draws
 * the same cart. Nothing is replayed, so nothing counts twice.
 */
import { expect, test } from './fixtures.ts';
import { addToCart } from './support/checkout.ts';
import { holdScripts, notLiveYet } from './support/hold-scripts.ts';
import { cartLink, waitForLive } from './support/pages.ts';

test('the stored cart shows and changes before /cart is live, and is the same cart once it is', async ({ page }) => {
  await addToCart(page, 3, '295gm');
  await addToCart(page, 1, '500gm');
  const release = await holdScripts(page);
  await page.goto('/cart');
  await notLiveYet(page);
  const lines = page.getByRole('list', { name: 'Items in your cart' }).getByRole('listitem');
  await expect(lines).toHaveCount(2);
  await expect(page.getByText('Loading your cart…')).toBeHidden();
  const ghee = lines.filter({ hasText: 'Badri Cow Ghee' });
  await expect(ghee).toContainText('295gm');
  const subtotal = page.getByTestId('cart-subtotal').filter({ visible: true }); // not the hidden parts the cart is drawn from
  const before = await subtotal.textContent();

  await ghee.getByRole('button', { name: 'Increase quantity' }).click();
  await expect(ghee.getByRole('spinbutton', { name: 'Quantity' })).toHaveValue('2');
  await expect(subtotal).not.toHaveText(before ?? '');
  await expect(cartLink(page)).toHaveAccessibleName('Cart, 3 items');
  const other = lines.filter({ hasNotText: 'Badri Cow Ghee' });
  await other.getByRole('button', { name: /^Remove / }).click();
  await expect(lines).toHaveCount(1);
  await expect(cartLink(page)).toHaveAccessibleName('Cart, 2 items');
  const drawnSubtotal = await subtotal.textContent();
  await notLiveYet(page);

  release();
  await waitForLive(page);
  await expect(lines).toHaveCount(1);
  await expect(ghee.getByRole('spinbutton', { name: 'Quantity' })).toHaveValue('2');
  await expect(subtotal).toHaveText(drawnSubtotal ?? '');
  await expect(cartLink(page)).toHaveAccessibleName('Cart, 2 items');
  // React's controls now: one more step makes 3.
  await ghee.getByRole('button', { name: 'Increase quantity' }).click();
  await expect(ghee.getByRole('spinbutton', { name: 'Quantity' })).toHaveValue('3');
  await expect(cartLink(page)).toHaveAccessibleName('Cart, 3 items');
});

test('an empty cart says so before /cart is live, and the last line removed early empties it', async ({ page }) => {
  await addToCart(page, 3, '295gm');
  const release = await holdScripts(page);
  await page.goto('/cart');
  await notLiveYet(page);
  await page.getByRole('button', { name: /^Remove / }).click();
  await expect(page.getByText('Your cart is empty').filter({ visible: true })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Shop Now' })).toBeVisible();
  release();
  await waitForLive(page);
  await expect(page.getByText('Your cart is empty').filter({ visible: true })).toBeVisible();
  await expect(cartLink(page)).toHaveAccessibleName('Cart, empty');
});

test('Proceed to Checkout before /cart is live goes to the checkout', async ({ page }) => {
  await addToCart(page, 3, '295gm');
  const release = await holdScripts(page);
  await page.goto('/cart');
  await notLiveYet(page);
  await page.getByRole('button', { name: 'Proceed to Checkout' }).click();
  await expect(page).toHaveURL(/\/checkout$/);
  release();
  await expect(page.getByRole('heading', { level: 1, name: 'Checkout' })).toBeVisible();
});
