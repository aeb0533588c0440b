/**
 * The checkout when things go wrong: the server out of reach, an order refused later, a total the
 * server prices differently, pincodes the carrier does not serve, and a booking that fails first.
 * The shopper is told "placed" only once the server has the order.
 */
import { expect, test } from './fixtures.ts';
import { addToCart, confirmByWhatsApp, fillDelivery, orderIdIn } from './support/checkout.ts';
import { endRetryBackOff, loggedOrder, sheetRows } from './support/orders.ts';
import { expectCartCount } from './support/pages.ts';

const QUEUED = /^We could not reach our server, so order (OUO_\d{13}) is not placed yet\.$/;

test('the server out of reach: nothing said placed, the cart kept, the order sent once when it is back', async ({
  page,
  allowConsoleError,
}) => {
  allowConsoleError(/ERR_INTERNET_DISCONNECTED|Failed to load resource/);
  await addToCart(page, 4, '500gm');
  await page.goto('/checkout');
  await page.getByLabel('Cash on Delivery').check();
  await fillDelivery(page);
  await expect(page.getByTestId('order-total')).toHaveText('₹562');
  await page.route('**/api/checkout/process-cod', (route) => route.abort('internetdisconnected'));
  await page.getByRole('button', { name: 'Place Order' }).click();

  const queued = page.getByRole('alert').getByText(QUEUED);
  await expect(queued).toBeVisible();
  const orderId = (await queued.textContent())?.match(QUEUED)?.[1] ?? '';
  await expect(page.getByText(/placed$/)).toHaveCount(0);
  await expectCartCount(page, 1);
  expect(await loggedOrder(orderId)).toBeUndefined();

  // Coming back and pressing Place Order again for the same cart sends the same order, not a second.
  await page.goto('/checkout');
  await page.getByLabel('Cash on Delivery').check();
  await fillDelivery(page);
  await expect(page.getByTestId('order-total')).toHaveText('₹562');
  await page.getByRole('button', { name: 'Place Order' }).click();
  await expect(page.getByRole('alert').getByText(QUEUED)).toHaveText(
    `We could not reach our server, so order ${orderId} is not placed yet.`,
  );

  // Every page says the order waits, until it lands.
  await page.goto('/cart');
  await expect(
    page.getByRole('status').getByText(`Order ${orderId} has not reached us yet.`, { exact: false }),
  ).toBeVisible();
  await expectCartCount(page, 1);

  await page.unroute('**/api/checkout/process-cod');
  await page.evaluate(() => window.dispatchEvent(new Event('online')));
  await expect(page.getByRole('status').getByText(`Order ${orderId} placed`)).toBeVisible();
  await expect(page.getByRole('status').getByText('Pay ₹562 on delivery.')).toBeVisible();
  await expectCartCount(page, 0);
  await expect(page.getByText('has not reached us yet', { exact: false })).toHaveCount(0);
  await expect.poll(() => sheetRows(orderId).length).toBe(1);
  // Recorded once; it ships once its shopper confirms it (rule 17).
  expect(await loggedOrder(orderId)).toMatchObject({ status: 'pending', cod: { confirmation: { state: 'awaiting' } } });
  expect(await page.evaluate(() => localStorage.getItem('orderOutbox'))).toBeNull();
});

test('a queued order the server refuses: the shopper is told why, and its lines are back in the cart', async ({
  page,
  allowConsoleError,
}) => {
  allowConsoleError(/ERR_INTERNET_DISCONNECTED|Failed to load resource/);
  await addToCart(page, 2, '500gm');
  await page.goto('/checkout');
  await page.getByLabel('Cash on Delivery').check();
  await fillDelivery(page);
  await expect(page.getByTestId('order-total')).not.toHaveText('…');
  await page.route('**/api/checkout/process-cod', (route) => route.abort('internetdisconnected'));
  await page.getByRole('button', { name: 'Place Order' }).click();
  const queued = page.getByRole('alert').getByText(QUEUED);
  const orderId = (await queued.textContent())?.match(QUEUED)?.[1] ?? '';

  // Meanwhile the shopper empties the cart, and the rajma sells out.
  await page.evaluate(() => localStorage.setItem('cart', '[]'));
  await page.unroute('**/api/checkout/process-cod');
  await page.route('**/api/checkout/process-cod', (route) =>
    route.fulfill({
      status: 422,
      json: { error: { code: 'OUT_OF_STOCK', message: 'Only 0 of Himalayan Red Rajma 500gm are in stock.' } },
    }),
  );
  await page.goto('/products');
  const toast = page.getByRole('alert').filter({ hasText: `Order ${orderId} was not placed` });
  await expect(toast).toContainText(
    'Only 0 of Himalayan Red Rajma 500gm are in stock. Its items are back in your cart.',
  );
  await expectCartCount(page, 1);
  expect(await page.evaluate(() => localStorage.getItem('orderOutbox'))).toBeNull();
});

test('a total the server prices differently is shown beside the old one, and the next press orders at it', async ({
  page,
  allowConsoleError,
}) => {
  allowConsoleError(/status of 409/); // the browser logs the server's 409 answer
  await addToCart(page, 1, '500gm');
  await page.goto('/checkout');
  await page.getByLabel('Cash on Delivery').check();
  // The quote the page got is ₹10 lower than the server's price (a price edited in the meantime).
  let stale = true;
  await page.route('**/api/delhivery/calculate-shipping', async (route) => {
    const response = await route.fetch();
    const quote = await response.json();
    if (stale) Object.assign(quote, { shippingCharge: quote.shippingCharge - 10, total: quote.total - 10 });
    await route.fulfill({ response, json: quote });
  });
  await fillDelivery(page);
  await expect(page.getByTestId('order-total')).toHaveText('₹552');
  stale = false;
  const place = page.getByRole('button', { name: 'Place Order' });
  await place.click();
  await expect(page.getByTestId('previous-total')).toHaveText('₹552');
  await expect(page.getByTestId('order-total')).toHaveText('₹562');
  await expect(
    page
      .getByRole('alert')
      .getByText(
        'The total changed from ₹552 to ₹562 because prices or shipping were updated. Please check it, then press Place Order again.',
      ),
  ).toBeVisible();
  await expectCartCount(page, 1);
  await place.click();
  await expect(page.getByRole('status').getByText('Pay ₹562 on delivery.')).toBeVisible();
  expect(await loggedOrder(await orderIdIn(page))).toMatchObject({ totals: { total: 562 } });
});

test('a pincode the carrier does not serve stops the order at the field', async ({ page }) => {
  await addToCart(page, 5, '1kg');
  await page.goto('/checkout');
  await fillDelivery(page, { Pincode: '744301' });
  const pincode = page.getByLabel('Pincode');
  await expect(
    page.getByRole('alert').getByText('Sorry, we cannot deliver to pincode 744301 yet.', { exact: false }),
  ).toBeVisible();
  await expect(pincode).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByRole('button', { name: 'Place Order' })).toBeDisabled();
  await pincode.fill('248001');
  await expect(page.getByRole('button', { name: 'Place Order' })).toBeEnabled();
  await expect(pincode).not.toHaveAttribute('aria-invalid', 'true');
});

test('a prepaid-only pincode turns Cash on Delivery off with the reason; paying online still works', async ({
  page,
}) => {
  await addToCart(page, 3, '295gm');
  await page.goto('/checkout');
  await page.getByLabel('Cash on Delivery').check();
  await fillDelivery(page, { Pincode: '737101' });
  await expect(page.getByLabel('Cash on Delivery')).toBeDisabled();
  await expect(page.getByLabel('Pay online')).toBeChecked();
  await expect(
    page.getByText('Cash on Delivery is not available for pincode 737101. Please pay online.'),
  ).toBeVisible();
  await page.getByRole('button', { name: 'Place Order' }).click();
  await page.getByRole('dialog', { name: 'Test payment' }).getByRole('button', { name: 'Pay ₹1,067' }).click();
  await expect(page.getByRole('status').getByText('Payment of ₹1,067 received. Thank you!')).toBeVisible();
});

test('a booking that fails, then succeeds on the retry: one Sheet order, its waybill filled, Status Booked', async ({
  page,
  request,
}) => {
  await addToCart(page, 1, '1kg');
  await page.goto('/checkout');
  await page.getByLabel('Cash on Delivery').check();
  await fillDelivery(page, { Pincode: '560099' }); // the local carrier fails each order's first booking
  await expect(page.getByTestId('order-total')).not.toHaveText('…');
  await page.getByRole('button', { name: 'Place Order' }).click();
  const orderId = await orderIdIn(page);
  await expect.poll(() => sheetRows(orderId).length).toBe(1);
  expect(sheetRows(orderId)[0]).toMatchObject({ Status: 'Awaiting confirmation', Waybill: '' });
  // The shopper confirms on WhatsApp (rule 17): the first booking is tried then, and fails.
  expect(await confirmByWhatsApp(request, orderId)).toEqual(['confirmation: confirmed']);
  await expect.poll(() => sheetRows(orderId)[0]?.Status).toBe('Confirmed');

  await endRetryBackOff(orderId); // fifteen minutes later…
  const reconciled = await request.post('/.netlify/functions/reconcile-orders');
  expect(reconciled.ok()).toBe(true);
  await request.post('/.netlify/functions/reconcile-orders'); // the Sheet's update, if not in the same run
  await expect.poll(() => sheetRows(orderId)[0]?.Status).toBe('Booked');
  const rows = sheetRows(orderId);
  expect(rows).toHaveLength(1);
  expect(rows[0]?.Waybill).toMatch(/^SIM\d+$/);
  expect(await loggedOrder(orderId)).toMatchObject({ status: 'forwarded' });
});

test('a payment Razorpay has not captured yet: "confirming", never "placed", and nothing booked', async ({ page }) => {
  await addToCart(page, 3, '295gm');
  await page.goto('/checkout');
  await fillDelivery(page);
  await expect(page.getByTestId('shipping-charge')).toHaveText('Free');
  // The server's answer when the capture has not gone through (judge-payment.ts): 202, confirming, with
  // the key the order was made with.
  await page.route('**/api/checkout/process-prepaid', async (route) => {
    const { orderId } = route.request().postDataJSON() as { orderId: string };
    const key = (await loggedOrder(orderId))?.key;
    await route.fulfill({
      status: 202,
      json: { success: true, orderId, total: 1067, status: 'pending', confirming: true, key },
    });
  });
  await page.getByRole('button', { name: 'Place Order' }).click();
  await page.getByRole('dialog', { name: 'Test payment' }).getByRole('button', { name: 'Pay ₹1,067' }).click();
  const notice = page.getByRole('status').getByText(/^Payment received for order OUO_\d{13}, confirming$/);
  await expect(notice).toBeVisible();
  await expect(page.getByText(/Razorpay is still confirming payment pay_local\w+/)).toBeVisible();
  await expect(page.getByText(/^Order OUO_\d{13} placed$/)).toHaveCount(0);
  const orderId = (await notice.textContent())?.match(/OUO_\d{13}/)?.[0] ?? '';
  expect(await loggedOrder(orderId)).toMatchObject({ status: 'pending', mode: 'prepaid' });
  expect(sheetRows(orderId)).toEqual([]);
  await expectCartCount(page, 0);
  // The order's own page follows (the server here never heard of the payment: it still waits for it).
  await expect(page).toHaveURL(new RegExp(`/orders/${orderId}\\?key=[0-9a-f]{32}$`));
  await expect(page.getByRole('region', { name: 'Status' }).getByText('Waiting for your payment')).toBeVisible();
});

test('online payment switched off here (503): the shopper is told to choose Cash on Delivery', async ({
  page,
  allowConsoleError,
}) => {
  await addToCart(page, 3, '295gm');
  await page.goto('/checkout');
  await fillDelivery(page);
  await expect(page.getByTestId('shipping-charge')).toHaveText('Free');
  // What create-order answers without Razorpay keys in production or beside a real Sheet/Delhivery.
  await page.route('**/api/razorpay/create-order', (route) =>
    route.fulfill({
      status: 503,
      json: {
        error: {
          code: 'PAYMENTS_UNAVAILABLE',
          message: 'Online payment is not available right now. Please choose Cash on Delivery.',
        },
      },
    }),
  );
  allowConsoleError(/status of 503|Failed to load resource/);
  await page.getByRole('button', { name: 'Place Order' }).click();
  await expect(
    page.getByRole('alert').getByText('Online payment is not available right now. Please choose Cash on Delivery.'),
  ).toBeVisible();
  await expect(page.getByRole('dialog', { name: 'Test payment' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Place Order' })).toBeEnabled();
});
