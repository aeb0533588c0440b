/**
 * After the order: the order's own page (opened only with its key), its printed receipt, and
 * /track (order id + phone). Orders are placed through the checkout where the journey is the
 * checkout's, and straight through the API where it is what comes after.
 */
import { existsSync, readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { text } from '../../src/shop/texts/server.ts';
import { expect, test } from './fixtures.ts';
import { seriousViolations } from './support/axe.ts';
import { addToCart, confirmByWhatsApp, fillDelivery, orderIdIn, placeCodOrderByApi } from './support/checkout.ts';
import { emailFile } from './support/orders.ts';
import { expectCartCount, openOrder, scrollsSideways, trackOrder } from './support/pages.ts';

const ORDER_PAGE = /\/orders\/(OUO_\d{13})\?key=([0-9a-f]{32})$/;

/** Each row of the items table as its cells' text. */
const itemRows = (page: Page) =>
  page
    .getByRole('table')
    .getByRole('row')
    .evaluateAll((rows) => rows.map((row) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent)));

/** The money and payment lists as "term: value". */
const facts = (page: Page) =>
  page
    .locator('.order-totals div, .order-facts div')
    .evaluateAll((items) =>
      items.map((item) => `${item.querySelector('dt')?.textContent}: ${item.querySelector('dd')?.textContent}`),
    );

test('cash on delivery lands on the order page with its lines and totals; a name with HTML stays text', async ({
  page,
  request,
}) => {
  await addToCart(page, 1, '500gm');
  await page.goto('/checkout');
  await page.getByLabel('Cash on Delivery').check();
  await fillDelivery(page, { 'Full name': 'Asha <b>Rawat</b>' });
  await expect(page.getByTestId('order-total')).toHaveText('₹562');
  await page.getByRole('button', { name: 'Place Order' }).click();
  await expect(page.getByRole('status').getByText('Pay ₹562 on delivery.')).toBeVisible();
  const orderId = await orderIdIn(page);

  await expect(page).toHaveURL(ORDER_PAGE);
  expect(page.url()).toContain(`/orders/${orderId}?key=`);
  // The toast keeps its words on the order page.
  await expect(page.getByRole('status').getByText(`Order ${orderId} placed`)).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'Your order' })).toBeVisible();
  await expect(page.getByText(`Order ${orderId}, placed`)).toBeVisible();
  expect(await itemRows(page)).toEqual([
    ['Item', 'Qty', 'Price', 'Total'],
    ['Himalayan White Rajma 500gmHSN 07133300', '1', '₹347', '₹347'],
  ]);
  expect(await facts(page)).toEqual([
    'Subtotal: ₹347',
    'Shipping: ₹65',
    'COD charge: ₹150',
    'Total: ₹562',
    'Payment: Cash on Delivery',
    'Payment status: Pay on delivery',
  ]);
  const address = page.getByRole('region', { name: 'Delivery address' });
  await expect(address).toContainText('Asha <b>Rawat</b>');
  await expect(address).toContainText('12 Mall Road');
  await expect(address).toContainText('Dehradun, Uttarakhand 248001');
  await expect(address.locator('b')).toHaveCount(0);
  // The confirmation email: sent once, the name escaped, linking to this very page.
  await expect.poll(() => existsSync(emailFile(orderId))).toBe(true);
  const email = readFileSync(emailFile(orderId), 'utf8');
  expect(email).toContain('Asha &lt;b&gt;Rawat&lt;/b&gt;');
  expect(email).not.toContain('<b>Rawat');
  expect(email).toContain(`href="${page.url()}"`);
  await expectCartCount(page, 0);
  const status = page.getByRole('region', { name: 'Status' });
  await expect(status.getByText('Order placed')).toBeVisible();
  // Nothing ships before the shopper's yes (rule 17): the page asks for it, with WhatsApp's link.
  await expect(status.getByText('Waiting for your confirmation')).toBeVisible();
  await expect(status.getByRole('link', { name: /^Confirm on WhatsApp/ })).toHaveAttribute(
    'href',
    new RegExp(`^https://wa\\.me/\\d+\\?text=CONFIRM%20${orderId}%20[A-HJKMNP-Z2-9]{4}$`),
  );
  await expect(status.getByRole('link', { name: /^Track on Delhivery/ })).toHaveCount(0);
  expect(await confirmByWhatsApp(request, orderId)).toEqual(['confirmation: confirmed']);
  await page.reload();
  await expect(status.getByText('Order confirmed')).toBeVisible();
  await expect(status.getByRole('link', { name: /^Track on Delhivery/ })).toHaveAttribute(
    'href',
    /^https:\/\/www\.delhivery\.com\/track-v2\/package\/SIM/,
  );
});

test('paying online lands on the order page, paid', async ({ page }) => {
  await addToCart(page, 3, '295gm');
  await page.goto('/checkout');
  await fillDelivery(page);
  await expect(page.getByTestId('shipping-charge')).toHaveText('Free');
  await page.getByRole('button', { name: 'Place Order' }).click();
  const dialog = page.getByRole('dialog', { name: 'Test payment' });
  await dialog.getByRole('button', { name: 'Pay ₹1,067' }).click();
  await expect(page.getByRole('status').getByText('Payment of ₹1,067 received. Thank you!')).toBeVisible();

  await expect(page).toHaveURL(ORDER_PAGE);
  await expect(page.getByRole('table')).toBeVisible();
  expect(await facts(page)).toEqual([
    'Subtotal: ₹1,067',
    'Shipping: Free',
    'Total: ₹1,067',
    'Payment: Online payment (Razorpay)',
    'Payment status: Paid',
  ]);
  await expect(page.getByRole('region', { name: 'Status' }).getByText('Payment received')).toBeVisible();
});

test("the order page opens only with its own key: without it, or with another order's, 'Order not found'", async ({
  page,
  request,
  allowConsoleError,
}) => {
  allowConsoleError(/status of 404/); // the browser logs the server's 404 answer
  const first = await placeCodOrderByApi(request);
  const second = await placeCodOrderByApi(request, { name: 'Ravi Negi' });
  await openOrder(page, first.path);

  for (const path of [
    `/orders/${first.orderId}`,
    `/orders/${first.orderId}?key=`,
    `/orders/${first.orderId}?key=${second.key}`,
    `/orders/OUO_1000000000000?key=${first.key}`,
  ]) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: text('forms.orderNotFound') })).toBeVisible();
    await expect(page.getByText('Asha Rawat')).toHaveCount(0);
  }
  await page.getByRole('main').getByRole('link', { name: 'Track an order' }).click();
  await expect(page).toHaveURL(/\/track$/);
});

test('the order page is served with no referrer and no indexing, and is not in the sitemap; /track is', async ({
  request,
}) => {
  const { path } = await placeCodOrderByApi(request);
  const response = await request.get(path);
  expect(response.status()).toBe(200);
  expect(response.headers()['referrer-policy']).toBe('no-referrer');
  expect(response.headers()['x-robots-tag']).toBe('noindex');
  const html = await response.text();
  expect(html).toContain('<meta name="referrer" content="no-referrer"/>');
  expect(html).toContain('<meta name="robots" content="noindex"/>');
  const sitemap = await (await request.get('/sitemap.xml')).text();
  expect(sitemap).toContain('<loc>https://orangutanorganics.in/track</loc>');
  expect(sitemap).not.toContain('/orders/');
  const track = await (await request.get('/track')).text();
  expect(track).toContain('<h1>Track your order</h1>');
  expect(track).not.toContain('noindex');
});

test('/track finds the order by id and the phone in another format, with the address cut to city and pincode', async ({
  page,
  request,
  allowConsoleError,
}) => {
  allowConsoleError(/status of 404/); // the browser logs the server's 404 answer to the wrong phone
  const { orderId } = await placeCodOrderByApi(request);
  await page.goto('/');
  await page.getByRole('contentinfo').getByRole('link', { name: 'Track your order' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Track your order' })).toBeVisible();

  await trackOrder(page, orderId, '9999999999');
  await expect(page.getByRole('alert').getByText(text('forms.trackNotFound'))).toBeVisible();
  await expect(page.getByRole('article')).toHaveCount(0);

  await trackOrder(page, orderId, '+91 98765-43210');
  const result = page.getByRole('article', { name: `Order ${orderId}` });
  await expect(result).toBeVisible();
  await expect(result).toContainText('Delivering to Dehradun 248001');
  await expect(result).not.toContainText('Mall Road');
  await expect(result).not.toContainText('Asha');
  expect(await itemRows(page)).toEqual([
    ['Item', 'Qty', 'Price', 'Total'],
    ['Himalayan White Rajma 500gmHSN 07133300', '1', '₹347', '₹347'],
  ]);
  await expect(result.getByRole('region', { name: 'Status' }).getByText('Order placed')).toBeVisible();
});

test("/track says what is wrong with the form in the shop's words", async ({ page }) => {
  await page.goto('/track');
  await expect(page.getByRole('contentinfo')).toBeVisible();
  await trackOrder(page, 'OUO_12', '98765');
  await expect(page.getByText(text('forms.orderId'))).toBeVisible();
  await expect(page.getByText(text('forms.phone'))).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Order ID' })).toHaveAttribute('aria-invalid', 'true');
});

test("the timeline follows the local carrier's scans to delivery, marked as simulated", async ({ page, request }) => {
  const { path } = await placeCodOrderByApi(request);
  await openOrder(page, path);
  const status = page.getByRole('region', { name: 'Status' });
  await expect(status.getByText('Simulated tracking (test carrier)')).toBeVisible();

  // A simulated day lasts 2 s (playwright.config.ts): delivered 3¼ days, 6.5 s, after booking.
  // Each reload shows the order once the page is live, after its first paint (decision 015).
  test.setTimeout(75_000);
  await expect(async () => {
    await page.reload();
    await expect(status.getByText('Simulated tracking (test carrier)')).toBeVisible({ timeout: 10_000 });
    await expect(status.getByText('Delivered', { exact: true })).toBeVisible({ timeout: 1000 });
  }).toPass({ timeout: 45_000 });
  const titles = await status.locator('.order-timeline__title').allTextContents();
  expect(titles).toEqual([
    'Order placed',
    'Order confirmed',
    'Handed to Delhivery',
    'Picked up by Delhivery',
    'On its way',
    'Out for delivery',
    'Delivered',
  ]);
  await expect(status.getByRole('listitem').last()).toHaveAttribute('aria-current', 'step');
});

test('printed, the order page is a receipt: the seller, HSN codes, no header, footer or buttons', async ({
  page,
  request,
}) => {
  const { orderId, path } = await placeCodOrderByApi(request);
  await openOrder(page, path);
  await expect(page.getByText('HSN 07133300')).toBeHidden();
  await expect(page.getByRole('button', { name: 'Print receipt' })).toBeVisible();

  await page.emulateMedia({ media: 'print' });
  await expect(page.getByRole('heading', { level: 1, name: 'Order receipt' })).toBeVisible();
  const main = page.getByRole('main');
  await expect(main.getByText('Orang Utan Organics', { exact: true })).toBeVisible();
  await expect(main.getByText('Orang Utan Organics, Uttarkashi, Uttarakhand 249193, India')).toBeVisible();
  await expect(page.getByText('HSN 07133300')).toBeVisible();
  await expect(page.getByText(`Order ${orderId}, placed`)).toBeVisible();
  await expect(page.getByRole('table')).toBeVisible();
  await expect(page.getByRole('banner')).toBeHidden();
  await expect(page.getByRole('contentinfo')).toBeHidden();
  await expect(page.getByRole('button', { name: 'Print receipt' })).toBeHidden();
  await expect(page.getByRole('link', { name: /WhatsApp/ })).toHaveCount(0);
  const colours = await page
    .locator('.order-page, .order-page *')
    .evaluateAll((elements) => [...new Set(elements.map((element) => getComputedStyle(element).color))]);
  expect(colours).toEqual(['rgb(0, 0, 0)']);
});

test('the order and track pages pass the accessibility scan', async ({ page, request }) => {
  const { orderId, path } = await placeCodOrderByApi(request);
  await openOrder(page, path);
  expect(await seriousViolations(page)).toEqual([]);

  await page.goto('/track');
  await trackOrder(page, orderId, '98765 43210');
  await expect(page.getByRole('article')).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});

for (const width of [320, 375, 1280]) {
  test(`at ${width} px, while the order loads the page keeps its shape: nothing above the order moves`, async ({
    page,
    request,
  }) => {
    await page.setViewportSize({ width, height: 800 });
    const { path } = await placeCodOrderByApi(request);
    let answer: () => void = () => undefined;
    await page.route('**/api/orders/**', async (route) => {
      await new Promise<void>((resolve) => {
        answer = resolve;
      });
      await route.continue();
    });
    // The loading state is in the prerendered HTML: wait until the page has asked for the order.
    const asked = page.waitForRequest('**/api/orders/**');
    await page.goto(path);
    await asked;
    await expect(page.getByRole('status').getByText('Loading your order…')).toBeAttached();
    const layoutTop = () => page.locator('.order-layout').evaluate((layout) => layout.getBoundingClientRect().top);
    const before = await layoutTop();
    answer();
    await expect(page.getByRole('table')).toBeVisible();
    expect(await layoutTop()).toBe(before);
  });
}

for (const width of [320, 360, 375]) {
  test(`at ${width} px both pages fit the screen, with 44 px touch targets and text of 14 px or more`, async ({
    page,
    request,
  }) => {
    await page.setViewportSize({ width, height: 740 });
    const { orderId, path } = await placeCodOrderByApi(request);
    await openOrder(page, path);
    expect(await scrollsSideways(page)).toBe(false);
    await expectPhoneFriendly(page);

    await page.goto('/track');
    await trackOrder(page, orderId, '98765 43210');
    await expect(page.getByRole('article')).toBeVisible();
    expect(await scrollsSideways(page)).toBe(false);
    await expectPhoneFriendly(page);
  });
}

/** Every control in the page's content is at least 44 px tall; no text is smaller than 14 px. */
async function expectPhoneFriendly(page: Page) {
  const main = page.getByRole('main');
  const small = await main.evaluate((root) => {
    const visible = (element: Element) => element.getClientRects().length > 0 && !element.closest('.visually-hidden');
    // Links inside a sentence are words, not targets of their own (WCAG 2.5.8's inline exception).
    const controls = [...root.querySelectorAll('a, button, input')].filter(
      (element) => visible(element) && !element.closest('p'),
    );
    const tooSmall = controls
      .filter((element) => element.getBoundingClientRect().height < 44)
      .map((element) => `target: ${element.textContent || element.getAttribute('name')}`);
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    const tinyText: string[] = [];
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement;
      if (!parent || !node.textContent?.trim() || !visible(parent)) continue;
      if (Number.parseFloat(getComputedStyle(parent).fontSize) < 14) tinyText.push(`text: ${node.textContent}`);
    }
    return [...tooSmall, ...tinyText];
  });
  expect(small).toEqual([]);
}
