/**
 * The Orders sheet's Label link, as staff use it: a Cash on Delivery order placed through the real
 * checkout, its link read from the local Sheet, opened in the browser; the label the shop draws
 * (no Delhivery token here) shows the barcode, the address and what to collect, fits a 4 × 6 inch
 * page when printed, and reads on a phone. A link with one character changed opens nothing.
 */
import { expect, test } from './fixtures.ts';
import { seriousViolations } from './support/axe.ts';
import { addToCart, confirmByWhatsApp, fillDelivery, orderIdIn, placeCodOrderByApi } from './support/checkout.ts';
import { sheetRows } from './support/orders.ts';

/** The link's path and query: the Sheet's link names the site's address, the test server is on its own port. */
const pathOf = (link: string) => {
  const url = new URL(link);
  return `${url.pathname}${url.search}`;
};

test("a COD order's Label link in the Sheet opens a printable label: barcode, address, COLLECT", async ({
  page,
  request,
}, testInfo) => {
  await addToCart(page, 1, '500gm');
  await page.goto('/checkout');
  await page.getByLabel('Cash on Delivery').check();
  await fillDelivery(page, {
    'Full name': 'Asha <b>Rawat</b>',
    'Address line 1': '12 Mall Road, Near the clock tower',
  });
  await expect(page.getByTestId('order-total')).toHaveText('₹562');
  await page.getByRole('button', { name: 'Place Order' }).click();
  await expect(page.getByRole('status').getByText('Pay ₹562 on delivery.')).toBeVisible();
  const orderId = await orderIdIn(page);
  await confirmByWhatsApp(request, orderId); // booked once its shopper confirms it (rule 17)

  await expect
    .poll(() => sheetRows(orderId)[0]?.Label ?? '')
    .toMatch(/\/api\/label\/OUO_\d{13}\?exp=\d+&sig=[0-9a-f]{64}$/);
  const [row] = sheetRows(orderId);
  const link = pathOf(row?.Label ?? '');
  const waybill = row?.Waybill ?? '';
  expect(waybill).toMatch(/^SIM/);

  await page.setViewportSize({ width: 375, height: 740 });
  const response = await page.goto(link);
  expect(response?.status()).toBe(200);
  expect(response?.headers()['x-robots-tag']).toBe('noindex');
  expect(response?.headers()['cache-control']).toBe('no-store');
  await expect(page).toHaveTitle(`Label ${orderId} · ${waybill}`);
  const barcode = page.getByRole('img', { name: `Waybill ${waybill}` });
  await expect(barcode).toBeVisible();
  expect(await barcode.locator('rect').count()).toBeGreaterThan(30);
  await expect(page.getByText(waybill, { exact: true })).toBeVisible();
  await expect(page.getByText('COLLECT ₹562')).toBeVisible();
  await expect(page.getByText('Asha <b>Rawat</b>')).toBeVisible();
  await expect(page.getByText('12 Mall Road, Near the clock tower')).toBeVisible();
  await expect(page.getByText('Dehradun, Uttarakhand')).toBeVisible();
  // Exact: the local carrier's waybill (under the barcode) carries the pincode too.
  await expect(page.getByText('248001', { exact: true })).toBeVisible();
  await expect(page.getByText('Deliver to')).toBeVisible();
  await expect(page.getByText('From (return to)')).toBeVisible();
  await expect(page.getByText(orderId)).toBeVisible();
  // On a phone the label fits the screen: nothing scrolls sideways.
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  await page.screenshot({ path: testInfo.outputPath('label-375.png'), fullPage: true });
  expect(await seriousViolations(page)).toEqual([]);

  // Printed: one 4 × 6 inch page (96 px an inch), the barcode across the label.
  await page.emulateMedia({ media: 'print' });
  await page.setViewportSize({ width: 384, height: 576 });
  const label = page.locator('main.label');
  expect(await label.boundingBox()).toMatchObject({ width: 384, height: 576 });
  expect((await barcode.boundingBox())?.width).toBeGreaterThan(300);
  await expect(page.getByText('Print on a 4 × 6 inch')).toBeHidden();
  await page.screenshot({ path: testInfo.outputPath('label-print.png') });
  const pdf = await page.pdf({ preferCSSPageSize: true, printBackground: true });
  expect(pdf.toString('latin1').match(/\/Type\s*\/Page[^s]/g)).toHaveLength(1);
});

test('a Label link with one character changed opens nothing (403), in the shop’s words', async ({ request }) => {
  const { orderId } = await placeCodOrderByApi(request);
  await expect.poll(() => sheetRows(orderId)[0]?.Label ?? '').toContain('sig=');
  const link = pathOf(sheetRows(orderId)[0]?.Label ?? '');
  const tampered = link.replace(/sig=(.)/, (_match, first: string) => `sig=${first === 'a' ? 'b' : 'a'}`);
  const response = await request.get(tampered);
  expect(response.status()).toBe(403);
  expect(await response.json()).toEqual({
    error: {
      code: 'LABEL_LINK_INVALID',
      message: 'This label link is not valid. Open the Label link in the Orders sheet again.',
    },
  });
});
