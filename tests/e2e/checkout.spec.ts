import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { E2E_WHATSAPP_DIR } from '../../playwright.config.ts';
import { text } from '../../src/shop/texts/server.ts';
import { expect, test } from './fixtures.ts';
import { addToCart, confirmByWhatsApp, fillDelivery, orderIdIn, payOnlineLocally } from './support/checkout.ts';
import { loggedOrder, sheetRows } from './support/orders.ts';
import { expectCartCount, waitForLive } from './support/pages.ts';

test('an empty cart on entry goes back to the cart', async ({ page }) => {
  await page.goto('/checkout');
  await expect(page).toHaveURL(/\/cart$/);
  await expect(page.getByText('Your cart is empty')).toBeVisible();
});

test('the form says what is missing, in the shop-rules §8 words', async ({ page }) => {
  await addToCart(page, 5, '1kg');
  await page.goto('/checkout');
  await waitForLive(page); // the live form's checks (before-hydration.spec.ts has the page's answers before)
  const place = page.getByRole('button', { name: 'Place Order' });
  await place.click();
  await expect(page.getByRole('alert').getByText('Please fill in all required fields')).toBeVisible();
  await fillDelivery(page, { Pincode: '24800' });
  await place.click();
  await expect(page.getByRole('alert').getByText('Please enter a valid 6-digit pincode')).toBeVisible();
  await fillDelivery(page, { 'Phone (10-digit mobile)': '98765' });
  await place.click();
  await expect(page.getByRole('alert').getByText('Please enter a valid 10-digit phone number')).toBeVisible();
  const pincode = page.getByLabel('Pincode');
  await pincode.fill('2480019999');
  await expect(pincode).toHaveValue('248001');
});

test('cash on delivery: server-quoted shipping, one order in the log and the Sheet, cart cleared, its page after', async ({
  page,
  request,
}) => {
  await addToCart(page, 1, '500gm');
  await page.goto('/checkout');
  await page.getByLabel('Cash on Delivery').check();
  await fillDelivery(page);
  // 500 g below ₹1000: no carrier here, so the estimate round(0.5 × 50 + 40) = ₹65, plus ₹150 COD.
  await expect(page.getByTestId('shipping-charge')).toHaveText('₹65 (estimate)');
  await expect(page.getByTestId('order-total')).toHaveText('₹562');
  await page.getByRole('button', { name: 'Place Order' }).dblclick();
  await expect(page.getByRole('status').getByText('Pay ₹562 on delivery.')).toBeVisible();
  const orderId = await orderIdIn(page);
  await expect(page).toHaveURL(new RegExp(`/orders/${orderId}\\?key=[0-9a-f]{32}$`));
  await expectCartCount(page, 0);
  // Recorded and in the Sheet, waiting for the shopper's yes on WhatsApp before it ships (rule 17).
  expect(await loggedOrder(orderId)).toMatchObject({ status: 'pending', mode: 'cod', totals: { total: 562 } });
  const rows = sheetRows(orderId);
  expect(rows).toHaveLength(1);
  expect(rows[0]).toMatchObject({
    'Payment Mode': 'COD',
    'Payment Status': 'Pending',
    Total: '562',
    Product: 'Himalayan White Rajma',
    Status: 'Awaiting confirmation',
  });
  expect(await confirmByWhatsApp(request, orderId)).toEqual(['confirmation: confirmed']);
  expect(await loggedOrder(orderId)).toMatchObject({ status: 'forwarded' });
  await expect.poll(() => sheetRows(orderId)[0]?.Status).toBe('Booked');
  const events = await page.evaluate(() =>
    (window as unknown as { __ouo?: { pixelEvents?: { name: string }[] } }).__ouo?.pixelEvents?.map(
      (event) => event.name,
    ),
  );
  expect(events).toContain('Purchase');
});

test('shipping is re-quoted when the payment method changes, and reads Calculating... meanwhile', async ({ page }) => {
  await addToCart(page, 6, '23gm');
  await page.goto('/checkout');
  // Every quote asked for is held until release(): on a slow machine the pincode's own check can
  // answer in between and a second quote be asked for, and each must be let through.
  const held: (() => void)[] = [];
  let released = false;
  const release = () => {
    released = true;
    for (const go of held.splice(0)) go();
  };
  await page.route('**/api/delhivery/calculate-shipping', async (route) => {
    if (!released) await new Promise<void>((resolve) => held.push(resolve));
    await route.continue();
  });
  await page.getByLabel('Pincode').fill('560001');
  await expect(page.getByTestId('shipping-charge')).toHaveText('Calculating...');
  await expect(page.getByRole('button', { name: 'Place Order' })).toBeDisabled();
  release();
  await expect(page.getByTestId('order-total')).toHaveText('₹388'); // 347 + round(0.023 × 50 + 40)
  await page.unroute('**/api/delhivery/calculate-shipping');
  await page.getByLabel('Cash on Delivery').check();
  await expect(page.getByTestId('order-total')).toHaveText('₹538');
});

test('pay online with the local test gateway: the order is completed once, then its page', async ({ page }) => {
  await addToCart(page, 3, '295gm');
  await page.goto('/checkout');
  await fillDelivery(page);
  await expect(page.getByTestId('shipping-charge')).toHaveText('Free');
  const orderId = await payOnlineLocally(page, '₹1,067');
  await expect(page).toHaveURL(new RegExp(`/orders/${orderId}\\?key=[0-9a-f]{32}$`));
  expect(await loggedOrder(orderId)).toMatchObject({ status: 'forwarded', mode: 'prepaid' });
  const rows = sheetRows(orderId);
  expect(rows).toHaveLength(1);
  expect(rows[0]).toMatchObject({ 'Payment Mode': 'Prepaid', 'Payment Status': 'Completed', Total: '1067' });
  expect(rows[0]?.['Payment ID']).toMatch(/^pay_local/);
});

test('a failed or dismissed payment gives the button back', async ({ page }) => {
  await addToCart(page, 2, '1kg');
  await page.goto('/checkout');
  await fillDelivery(page);
  const place = page.getByRole('button', { name: 'Place Order' });
  await expect(page.getByTestId('order-total')).not.toHaveText('…');
  await place.click();
  const dialog = page.getByRole('dialog', { name: 'Test payment' });
  await dialog.getByRole('button', { name: 'Fail payment' }).click();
  await expect(
    page.getByRole('alert').getByText('Payment failed: Your bank declined this test payment. Please try again.'),
  ).toBeVisible();
  await expect(place).toBeEnabled();
  await place.click();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(place).toBeEnabled();
  await expectCartCount(page, 1);
});

test('WhatsApp updates only when the shopper ticks the box: the order placed message, once, in the outbox, in the language chosen', async ({
  page,
}) => {
  const outbox = (orderId: string) => path.join(E2E_WHATSAPP_DIR, `${orderId}-placed.json`);
  for (const tick of [true, false]) {
    await addToCart(page, 1, '500gm');
    await page.goto('/checkout');
    await page.getByLabel('Cash on Delivery').check();
    await fillDelivery(page);
    const consent = page.getByRole('checkbox', { name: text('whatsapp.consent') });
    await expect(consent).not.toBeChecked();
    await expect(page.getByText(text('whatsapp.consentNote'))).toBeVisible();
    const language = page.getByRole('group', { name: text('whatsapp.language') });
    await expect(language).toHaveCount(0);
    if (tick) {
      await consent.check();
      await expect(language.getByRole('radio', { name: text('whatsapp.languages.en') })).toBeChecked();
      await language.getByRole('radio', { name: text('whatsapp.languages.hi') }).check();
    }
    await page.getByRole('button', { name: 'Place Order' }).click();
    await expect(page.getByRole('status').getByText(/^Pay ₹\d+ on delivery\.$/)).toBeVisible();
    const orderId = await orderIdIn(page);
    if (tick) {
      await expect.poll(() => existsSync(outbox(orderId))).toBe(true);
      expect(JSON.parse(readFileSync(outbox(orderId), 'utf8'))).toMatchObject({
        template: 'order_placed',
        language: 'hi',
        to: '9876543210',
        parameters: [expect.any(String), orderId, expect.stringMatching(/^₹/)],
      });
    } else {
      expect(existsSync(outbox(orderId))).toBe(false);
    }
  }
});
