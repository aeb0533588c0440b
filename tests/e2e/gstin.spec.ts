/**
 * The GSTIN of a business purchase at checkout (issue 35, docs/shop-rules.md §5, §8), on a 320 px
 * phone: a GSTIN with a wrong check character is said in the toast and under the field, the page
 * does not scroll sideways, and once put right the order is placed with it.
 */

import { text } from '../../src/shop/texts/server.ts';
import { expect, test } from './fixtures.ts';
import { addToCart, fillDelivery, orderIdIn } from './support/checkout.ts';
import { loggedOrder } from './support/orders.ts';

test('a wrong GSTIN is said at its field, put right, and kept on the order', async ({ page }, testInfo) => {
  await page.setViewportSize({ width: 320, height: 760 });
  await addToCart(page, 1, '500gm');
  await page.goto('/checkout');
  await page.getByLabel('Cash on Delivery').check();
  await fillDelivery(page);
  const gstin = page.getByRole('textbox', { name: text('gstin.label') });
  await expect(gstin).toHaveAccessibleDescription(text('gstin.hint'));
  await gstin.fill('27AAPFU0939F1ZW');
  await expect(page.getByTestId('order-total')).toHaveText('₹562');

  const place = page.getByRole('button', { name: 'Place Order' });
  await place.click();
  await expect(page.getByRole('alert').getByText(text('gstin.problem.checksum'))).toBeVisible();
  await expect(gstin).toBeFocused();
  await expect(gstin).toHaveAttribute('aria-invalid', 'true');
  await expect(gstin).toHaveAccessibleDescription(`${text('gstin.hint')} ${text('gstin.problem.checksum')}`);
  const sideways = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(sideways).toBeLessThanOrEqual(0);
  await gstin.scrollIntoViewIfNeeded();
  await page.screenshot({ path: testInfo.outputPath('gstin-320.png') });

  await gstin.fill('27 aapfu 0939f1zv');
  await expect(gstin).toHaveAccessibleDescription(text('gstin.hint'));
  await place.click();
  await expect(page.getByRole('status').getByText('Pay ₹562 on delivery.')).toBeVisible();
  const orderId = await orderIdIn(page);
  await expect(page).toHaveURL(new RegExp(`/orders/${orderId}\\?key=`));
  expect(await loggedOrder(orderId)).toMatchObject({ customer: { gstin: '27AAPFU0939F1ZV' } });
});
