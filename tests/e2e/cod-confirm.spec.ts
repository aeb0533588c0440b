import { expect, test } from './fixtures.ts';
import { seriousViolations } from './support/axe.ts';
import { placeCodOrderByApi } from './support/checkout.ts';
import { loggedOrder, sheetRows } from './support/orders.ts';
import { openOrder, scrollsSideways as sideways } from './support/pages.ts';

const freshPhone = () => `9${String(Date.now()).slice(-9)}`;
const spaced = (phone: string) => `+91 ${phone.slice(0, 5)} ${phone.slice(5)}`;
const bookings = async (orderId: string) =>
  ((await loggedOrder(orderId)) as unknown as { history: { event: string }[] }).history.filter(
    (entry) => entry.event === 'shipment: done',
  ).length;

test('a COD order waits for its shopper: another phone changes nothing, the shopper’s CONFIRM books it once', async ({
  page,
  request,
}) => {
  test.setTimeout(60_000);
  const phone = freshPhone();
  const order = await placeCodOrderByApi(request, { phone }, { confirm: false });
  const { orderId } = order;

  // The order page asks, with the link that writes the words to the shop's WhatsApp.
  await openOrder(page, order.path);
  const status = page.getByRole('region', { name: 'Status' });
  await expect(status.getByText('Waiting for your confirmation')).toBeVisible();
  const confirmLink = status.getByRole('link', { name: /^Confirm on WhatsApp/ });
  await expect(confirmLink).toHaveAttribute('href', new RegExp(`^https://wa\\.me/\\d+\\?text=CONFIRM%20${orderId}%20`));
  expect(await seriousViolations(page)).toEqual([]);
  for (const width of [375, 320]) {
    await page.setViewportSize({ width, height: 800 });
    expect(await sideways(page), `sideways scroll at ${width} px`).toBe(false);
    await status.screenshot({ path: test.info().outputPath(`awaiting-${width}.png`) });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
  expect(sheetRows(orderId)[0]).toMatchObject({ Status: 'Awaiting confirmation', Waybill: '' });

  // On the development phone: the same words from another number first.
  await page.goto('/dev/whatsapp');
  // Named by the phone alone: the conversation's name comes from whichever order the page reads.
  const chat = page.getByRole('region', { name: new RegExp(`· \\+91 ${spaced(phone).slice(4)}$`) });
  await expect(chat.getByText(`${orderId} waits for its confirmation.`, { exact: false })).toBeVisible();
  await chat.getByRole('button', { name: 'Another phone sends it' }).click();
  await expect(chat.getByText('The shop: confirmation: another phone', { exact: true })).toBeVisible();
  expect(await loggedOrder(orderId)).toMatchObject({ status: 'pending', cod: { confirmation: { state: 'awaiting' } } });
  expect(await bookings(orderId)).toBe(0);

  // Then the shopper's own, twice.
  await chat.getByRole('button', { name: /^Shopper sends “CONFIRM / }).click();
  await expect(chat.getByText('The shop: confirmation: confirmed', { exact: true })).toBeVisible();
  await expect.poll(() => sheetRows(orderId)[0]?.Status).toBe('Booked');
  expect(await loggedOrder(orderId)).toMatchObject({
    status: 'forwarded',
    cod: { confirmation: { state: 'confirmed', via: 'whatsapp-message' } },
  });
  await chat
    .getByRole('textbox', { name: 'Shopper writes…' })
    .fill(
      `confirm ${orderId} ${((await loggedOrder(orderId)) as unknown as { cod: { confirmation: { code: string } } }).cod.confirmation.code}`,
    );
  await chat.getByRole('button', { name: 'Send as the shopper' }).click();
  await expect(chat.getByText('The shop: confirmation: already confirmed', { exact: true })).toBeVisible();
  expect(await bookings(orderId)).toBe(1);

  // The order page says so, and follows the parcel from here.
  await openOrder(page, order.path);
  await expect(status.getByText('Order confirmed')).toBeVisible();
  await expect(status.getByText('You confirmed it on WhatsApp.')).toBeVisible();
  await expect(status.getByRole('link', { name: /^Track on Delhivery/ })).toBeVisible();
});
