/**
 * A parcel followed to its end, as the shopper sees it (docs/shop-rules.md §4 "Parcel"): the local
 * carrier's journeys, chosen by the delivery pincode (400099 fails once then is delivered, 302099
 * comes back), on simulated days of 2 s (playwright.config.ts). The order page and /track show the
 * stored states, asking the carrier when they are stale.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Locator } from '@playwright/test';
import { E2E_MAIL_DIR } from '../../playwright.config.ts';
import { expect, test } from './fixtures.ts';
import { seriousViolations } from './support/axe.ts';
import { placeCodOrderByApi } from './support/checkout.ts';
import { sheetRows } from './support/orders.ts';
import { openOrder, scrollsSideways as sideways, trackOrder } from './support/pages.ts';

const titles = (status: Locator) => status.locator('.order-timeline__title').allTextContents();

test('the order page follows a parcel through a failed attempt to Delivered, and the shopper is told each once', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const { orderId, path: orderPath } = await placeCodOrderByApi(request, { pincode: '400099' });
  await openOrder(page, orderPath);
  const status = page.getByRole('region', { name: 'Status' });

  await expect(async () => {
    await page.reload();
    await expect(status.getByText('Out for delivery').first()).toBeVisible({ timeout: 5000 });
  }).toPass({ timeout: 30_000 });
  await expect(status.getByText(/^Please keep ₹\d[\d,]* ready for the courier\.$/).first()).toBeVisible();

  await expect(async () => {
    await page.reload();
    await expect(status.getByText('Delivery attempt failed')).toBeVisible({ timeout: 5000 });
  }).toPass({ timeout: 30_000 });
  await expect(status.getByText(/^The courier said: Consignee unavailable\./)).toBeVisible();
  for (const width of [375, 320]) {
    await page.setViewportSize({ width, height: 800 });
    expect(await sideways(page), `sideways scroll at ${width} px`).toBe(false);
    await status.screenshot({ path: test.info().outputPath(`failed-attempt-${width}.png`) });
  }

  await expect(async () => {
    await page.reload();
    await expect(status.getByText('Delivered', { exact: true })).toBeVisible({ timeout: 5000 });
  }).toPass({ timeout: 30_000 });
  expect(await titles(status)).toEqual([
    'Order placed',
    'Order confirmed',
    'Handed to Delhivery',
    'Picked up by Delhivery',
    'On its way',
    'Out for delivery',
    'Delivery attempt failed',
    'Out for delivery',
    'Delivered',
  ]);
  await expect(status.getByRole('listitem').last()).toHaveAttribute('aria-current', 'step');
  expect(sheetRows(orderId)[0]).toMatchObject({ Status: 'Delivered', 'Payment Status': 'Collected by courier' });
  // The shopper's mail: each event at most once, whatever the reloads asked.
  const delivered = readFileSync(path.join(E2E_MAIL_DIR, `${orderId}-delivered.html`), 'utf8');
  expect(delivered).toContain(`Your order <strong>${orderId}</strong> has been delivered.`);
  expect(await seriousViolations(page)).toEqual([]);
});

test('/track shows a parcel that could not be delivered coming back to us, then returned', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const { orderId } = await placeCodOrderByApi(request, { pincode: '302099' });
  await page.goto('/track');
  const status = page.getByRole('region', { name: 'Status' });
  const lookUp = async (text: string) => {
    await expect(async () => {
      await page.reload();
      await trackOrder(page, orderId, '98765 43210');
      await expect(status.getByText(text, { exact: true })).toBeVisible({ timeout: 5000 });
    }).toPass({ timeout: 40_000 });
  };
  await lookUp('Coming back to us');
  await expect(
    status.getByText(
      'The courier could not deliver the parcel and is bringing it back to us. We will write to you about a new delivery or a refund.',
    ),
  ).toBeVisible();
  await lookUp('Returned to us');
  expect(await titles(status)).toEqual([
    'Order placed',
    'Order confirmed',
    'Handed to Delhivery',
    'Picked up by Delhivery',
    'On its way',
    'Out for delivery',
    'Delivery attempt failed',
    'Out for delivery',
    'Delivery attempt failed',
    'Coming back to us',
    'Returned to us',
  ]);
  await page.setViewportSize({ width: 320, height: 900 });
  expect(await sideways(page)).toBe(false);
  await status.screenshot({ path: test.info().outputPath('returned-320.png') });
  expect(sheetRows(orderId)[0]).toMatchObject({ Status: 'Returned', 'Payment Status': 'Not collected (returned)' });
  expect(await seriousViolations(page)).toEqual([]);
});
