/**
 * A shopper cancels from the order's own page (docs/shop-rules.md §10, "Cancel and refund"). The
 * local carrier picks a parcel up a quarter of a simulated day after booking (0.5 s here,
 * playwright.config.ts), so the order cancelled before pickup is one whose first booking fails
 * (test pincode 560099: nothing booked yet, nothing for Delhivery to cancel).
 */

import { text } from '../../src/shop/texts/server.ts';
import { expect, test } from './fixtures.ts';
import { seriousViolations } from './support/axe.ts';
import { placeCodOrderByApi, placePrepaidOrderByApi } from './support/checkout.ts';
import { sheetRows } from './support/orders.ts';
import { openOrder } from './support/pages.ts';

test('a prepaid order cancelled before pickup shows Cancelled and its refund, on the page and in the Sheet', async ({
  page,
  request,
}) => {
  const { orderId, total, path } = await placePrepaidOrderByApi(request, { pincode: '560099' });
  await openOrder(page, path);
  const cancel = page.getByRole('region', { name: 'Cancel this order' });
  await cancel.getByRole('button', { name: 'Cancel order' }).click();
  await cancel.getByRole('radio', { name: 'Found it cheaper' }).check();
  await expect(
    cancel.getByText(`We will refund ₹${total} to the account you paid from.`, { exact: false }),
  ).toBeVisible();
  await expect(await seriousViolations(page)).toEqual([]);
  await page.setViewportSize({ width: 320, height: 800 });
  await cancel.screenshot({ path: test.info().outputPath('cancel-confirm-320.png') });
  await cancel.getByRole('button', { name: 'Yes, cancel my order' }).click();

  const status = page.getByRole('region', { name: 'Status' });
  await expect(status.getByText('Order cancelled')).toBeVisible();
  await expect(status.getByText(new RegExp(`^(Refund of ₹${total} on its way|₹${total} refunded)$`))).toBeVisible();
  await expect(page.getByRole('region', { name: 'Cancel this order' })).toHaveCount(0);
  await status.screenshot({ path: test.info().outputPath('cancelled-320.png') });
  expect(await page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth)).toBe(
    false,
  );
  await expect
    .poll(() => sheetRows(orderId)[0]?.Status)
    .toMatch(new RegExp(`^Cancelled, ₹${total} (refund pending|refunded)$`));
  expect(sheetRows(orderId)[0]?.['Refund IDs'] ?? '').toMatch(/^$|^rfnd_/);
});

test('after pickup the button is gone: the page says how to refuse the parcel or ask for a return', async ({
  page,
  request,
}) => {
  const { path } = await placeCodOrderByApi(request);
  await page.waitForTimeout(1000); // past the simulated pickup (0.5 s)
  await openOrder(page, path);
  const cancel = page.getByRole('region', { name: 'Cancel this order' });
  await expect(cancel.getByText(/can no longer be cancelled here/)).toBeVisible();
  await expect(cancel.getByRole('button', { name: 'Cancel order' })).toHaveCount(0);
  await expect(cancel.getByRole('link', { name: 'Our returns policy' })).toHaveAttribute('href', '/policies/returns');
});

test('a staff Refund ₹… from the development staff desk shows on the order page and in the Sheet', async ({
  page,
  request,
}) => {
  const { orderId, path } = await placePrepaidOrderByApi(request);
  await page.goto('/dev/staff');
  const row = page.getByRole('row', { name: new RegExp(orderId) });
  await row.getByRole('textbox', { name: 'Refund ₹' }).fill('100');
  await row.getByRole('button', { name: 'Refund', exact: true }).click();
  await expect(row.getByText(/^Refund of ₹100 made \(rfnd_local\w+\); it reaches the shopper/)).toBeVisible();
  // The local gateway settles it and tells the webhook (2 s): the Sheet counts what was refunded.
  await expect.poll(() => sheetRows(orderId)[0]?.Refunded, { timeout: 10_000 }).toBe('100');
  expect(sheetRows(orderId)[0]?.['Refund IDs']).toMatch(/^rfnd_local\w+$/);
  await expect(await seriousViolations(page)).toEqual([]);
  for (const width of [320, 375]) {
    await page.setViewportSize({ width, height: 800 });
    await page.reload();
    await expect(page.getByRole('region', { name: 'Orders' })).toBeVisible();
    await page.screenshot({ path: test.info().outputPath(`staff-desk-${width}.png`) });
    expect(await page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth)).toBe(
      false,
    );
  }

  await openOrder(page, path);
  const status = page.getByRole('region', { name: 'Status' });
  await expect(status.getByText('₹100 refunded')).toBeVisible();
  await expect(status.getByText(text('cancel.refundArrives'))).toBeVisible();
});
