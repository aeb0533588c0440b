/**
 * The COD fee paid now (docs/shop-rules.md §10 rule 17, issue 34 §2): chosen at checkout, paid in
 * the local test gateway's dialog, and the order's page says what was paid and what is left to pay
 * on delivery. White Rajma 500gm to Dehradun: ₹347 + ₹65 estimated shipping + ₹150 COD = ₹562, of
 * which ₹150 now and ₹412 on delivery.
 */
import { expect, test } from './fixtures.ts';
import { seriousViolations } from './support/axe.ts';
import { addToCart, fillDelivery, orderIdIn } from './support/checkout.ts';
import { loggedOrder, sheetRows } from './support/orders.ts';
import { scrollsSideways as sideways } from './support/pages.ts';

test('pay the ₹150 COD fee now, the rest on delivery: its page says ₹150 paid and ₹412 on delivery', async ({
  page,
}) => {
  await addToCart(page, 1, '500gm');
  await page.goto('/checkout');
  await fillDelivery(page);
  const choice = page.getByLabel('Pay the ₹150 COD fee now by UPI and the rest on delivery');
  await choice.check();
  await expect(page.getByTestId('order-total')).toHaveText('₹562');
  await expect(page.getByTestId('pay-now')).toHaveText('₹150');
  await expect(page.getByTestId('pay-on-delivery')).toHaveText('₹412');
  expect(await seriousViolations(page)).toEqual([]);
  for (const width of [320, 375]) {
    await page.setViewportSize({ width, height: 800 });
    await page.screenshot({ path: test.info().outputPath(`checkout-cod-advance-${width}.png`), fullPage: true });
    expect(await sideways(page)).toBe(false);
  }

  await page.getByRole('button', { name: 'Place Order' }).click();
  const dialog = page.getByRole('dialog', { name: 'Test payment' });
  await expect(dialog.getByText('₹150', { exact: true })).toBeVisible();
  await dialog.getByRole('button', { name: 'Pay ₹150' }).click();
  await expect(page.getByRole('status').getByText('COD fee of ₹150 received. Pay ₹412 on delivery.')).toBeVisible();
  const orderId = await orderIdIn(page);
  await expect(page).toHaveURL(new RegExp(`/orders/${orderId}\\?key=[0-9a-f]{32}$`));

  await expect(page.getByText('₹150 paid, ₹412 on delivery')).toBeVisible();
  await expect(page.getByText('COD fee of ₹150 received', { exact: true })).toBeVisible();
  await expect(page.getByText('Cash on Delivery, COD fee paid now')).toBeVisible();
  expect(await loggedOrder(orderId)).toMatchObject({
    mode: 'cod',
    totals: { total: 562 },
    cod: { advance: { amount: 150 }, confirmation: { state: 'confirmed', via: 'advance' } },
  });
  await expect.poll(() => sheetRows(orderId)[0]?.['Payment Status']).toBe('Advance ₹150 paid; ₹412 on delivery');
  expect(await seriousViolations(page)).toEqual([]);
  for (const width of [320, 375]) {
    await page.setViewportSize({ width, height: 800 });
    await page.screenshot({ path: test.info().outputPath(`order-cod-advance-${width}.png`), fullPage: true });
    expect(await sideways(page)).toBe(false);
  }
});

test('where COD is not offered, the fee paid now is not offered either', async ({ page }) => {
  await addToCart(page, 1, '500gm');
  await page.goto('/checkout');
  await fillDelivery(page, { Pincode: '737101' }); // the local carrier's prepaid-only test pincode
  await expect(page.getByLabel('Pay the ₹150 COD fee now by UPI and the rest on delivery')).toBeDisabled();
  await expect(page.getByLabel('Pay online')).toBeChecked();
});
