/**
 * The tax invoice issued by the shop itself (docs/shop-rules.md §12): a COD order confirmed and
 * booked takes the next number of the year's series; its shopper finds "Tax invoice <number>" on
 * the order page and opens it; staff find the number and the link in the Sheet; the local copy is
 * written. (A credit note's page is opened in invoice.spec.ts; its issuing is tested in
 * netlify/lib/invoices/issue.test.ts: here the simulated carrier picks a parcel up within a second.)
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { E2E_INVOICES_DIR } from '../../playwright.config.ts';
import { expect, test } from './fixtures.ts';
import { placeCodOrderByApi } from './support/checkout.ts';
import { sheetRows } from './support/orders.ts';
import { openOrder } from './support/pages.ts';

const SERIAL = /^OUO\/\d{2}-\d{2}\/\d{6}$/;

test('a booked order has its tax invoice: on the order page, in the Sheet, and in the local copies', async ({
  page,
  request,
}) => {
  test.setTimeout(60_000);
  const { orderId, path: orderPath } = await placeCodOrderByApi(request, { name: 'Meera Bisht' });

  await openOrder(page, orderPath);
  const invoiceLink = page.getByRole('link', { name: /^Tax invoice OUO\// });
  await expect(async () => {
    await page.reload();
    await expect(invoiceLink).toBeVisible({ timeout: 3000 });
  }).toPass({ timeout: 20_000 });
  const number = ((await invoiceLink.textContent()) ?? '').replace('Tax invoice ', '');
  expect(number).toMatch(SERIAL);
  // Below the order's details on a small phone, nothing wider than the screen.
  await page.setViewportSize({ width: 320, height: 700 });
  await page.reload();
  await expect(invoiceLink).toBeVisible();
  await page.locator('.order-layout__main').screenshot({ path: test.info().outputPath('order-page-320.png') });
  expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBe(
    0,
  );

  await expect(async () => {
    const rows = sheetRows(orderId);
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((row) => row.Invoice === number)).toBe(true);
    expect(rows[0]?.['Invoice Link']).toContain(`/orders/${orderId}/invoice?key=`);
  }).toPass({ timeout: 20_000 });
  expect(existsSync(path.join(E2E_INVOICES_DIR, `${number.replaceAll('/', '-')}.json`))).toBe(true);

  await invoiceLink.click();
  await expect(page).toHaveURL(new RegExp(`/orders/${orderId}/invoice\\?key=`));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Tax Invoice · कर बीजक');
  await expect(page.getByText(number, { exact: true }).first()).toBeVisible();
  await expect(page.getByText('Meera Bisht').first()).toBeVisible();
});
