/**
 * The COD rules in a real browser (issue 34, docs/shop-rules.md §10 rule 17): an address "asdf"
 * with a pincode of another State is offered online payment (or, once built, the COD fee paid now)
 * only — plain Cash on Delivery is switched off with the rules' sentence — and paying online still
 * places the order. A fresh phone, so no other journey's orders could ever decide.
 */

import { text } from '../../src/shop/texts/server.ts';
import { expect, test } from './fixtures.ts';
import { addToCart, fillDelivery, payOnlineLocally } from './support/checkout.ts';
import { loggedOrder } from './support/orders.ts';

test('an address "asdf" with a pincode of another State: plain COD off with the sentence, online payment works', async ({
  page,
}) => {
  await addToCart(page, 3, '295gm');
  await page.goto('/checkout');
  const phone = `9${String(Date.now()).slice(-9)}`;
  await fillDelivery(page, {
    'Phone (10-digit mobile)': phone,
    'Address line 1': 'asdf',
    State: 'Kerala',
  });
  const cod = page.getByRole('radio', { name: /Cash on Delivery/ });
  const sentence = text('cod.stateMismatch', { pincode: '248001' });
  await expect(page.getByText(sentence)).toBeVisible();
  await expect(cod).toBeDisabled();
  await expect(cod).toHaveAccessibleDescription(sentence);
  await expect(page.getByRole('radio', { name: /Pay online/ })).toBeChecked();

  // The sentence fits a 320 px phone without scrolling sideways.
  await page.setViewportSize({ width: 320, height: 720 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);

  const orderId = await payOnlineLocally(page, '₹1,067');
  expect(await loggedOrder(orderId)).toMatchObject({ mode: 'prepaid', status: 'forwarded' });
});

test('fixing the address gives plain Cash on Delivery back', async ({ page }) => {
  await addToCart(page, 1, '500gm');
  await page.goto('/checkout');
  await fillDelivery(page, {
    'Phone (10-digit mobile)': `8${String(Date.now()).slice(-9)}`,
    'Address line 1': 'Flat 3',
  });
  const cod = page.getByRole('radio', { name: /Cash on Delivery/ });
  await expect(page.getByText(text('cod.address'))).toBeVisible();
  await expect(cod).toBeDisabled();
  await page.getByLabel('Address line 1').fill('Flat 3, Sai Krupa Apartments');
  await expect(page.getByText(text('cod.address'))).toBeHidden();
  await expect(cod).toBeEnabled();
});
