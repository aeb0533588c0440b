/**
 * Order updates on WhatsApp, seen on the development outbox page (issue 33 §7, docs/shop-rules.md
 * §10 rule 16): a COD order whose shopper agreed gets exactly one message per event as the local
 * carrier moves its parcel (simulated days of 2 s, playwright.config.ts), however often the parcel
 * is looked at; the page plays the shopper's phone through the shop's own signed webhook; a
 * shopper who did not agree gets none. Each test uses a phone of its own, so its conversation is its own.
 */
import { existsSync, readdirSync } from 'node:fs';
import type { APIRequestContext, Page } from '@playwright/test';
import { E2E_WHATSAPP_DIR } from '../../playwright.config.ts';
import { expect, test } from './fixtures.ts';
import { seriousViolations } from './support/axe.ts';
import { placeCodOrderByApi } from './support/checkout.ts';
import { sheetRows, sheetTabRows } from './support/orders.ts';
import { scrollsSideways as sideways } from './support/pages.ts';

/** A mobile number no other test uses: 9 and nine digits from the clock. */
const freshPhone = () => `9${String(Date.now()).slice(-9)}`;
const spaced = (phone: string) => `+91 ${phone.slice(0, 5)} ${phone.slice(5)}`;

/**
 * Follows the parcel as a shopper refreshing their order page would, but every 100 ms: the local
 * carrier's states last half a simulated day (1 s here), and the shop tells only what is still
 * true when it sends (a parcel seen out for delivery and delivered in one look gets no "out for
 * delivery"), so a slower look could rightly skip a message. Stops once the timeline shows `state`.
 */
async function followUntil(request: APIRequestContext, order: { orderId: string; key: string }, state: string) {
  await expect
    .poll(
      async () => {
        const answer = await request.get(`/api/orders/${order.orderId}?key=${order.key}`);
        const { timeline } = (await answer.json()) as { timeline: { title: string }[] };
        return timeline.map((step) => step.title);
      },
      { timeout: 40_000, intervals: [100] },
    )
    .toContain(state);
}

const outboxFiles = (orderId: string) =>
  existsSync(E2E_WHATSAPP_DIR) ? readdirSync(E2E_WHATSAPP_DIR).filter((name) => name.startsWith(`${orderId}-`)) : [];

async function openChat(page: Page, phone: string) {
  await page.goto('/dev/whatsapp');
  const chat = page.getByRole('region', { name: `Asha Rawat · ${spaced(phone)}` });
  await expect(chat).toBeVisible();
  return chat;
}

test('a COD order with consent: one message per event in the outbox, as the phone shows it, and the shopper answers', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const phone = freshPhone();
  const order = await placeCodOrderByApi(request, { phone }, { whatsappUpdates: true });
  const { orderId } = order;
  // Looked at every 100 ms, a hundred times and more: still nothing sent twice.
  await followUntil(request, order, 'Delivered');

  const chat = await openChat(page, phone);
  const bubbles = chat.locator('[data-template]');
  await expect(bubbles).toHaveCount(4);
  expect(await bubbles.evaluateAll((all) => all.map((each) => each.getAttribute('data-template')))).toEqual([
    'order_placed',
    'order_shipped',
    'out_for_delivery',
    'order_delivered',
  ]);
  expect(outboxFiles(orderId).sort()).toEqual(
    ['delivered', 'out-for-delivery', 'placed', 'shipped'].map((event) => `${orderId}-${event}.json`),
  );
  const shipped = bubbles.nth(1);
  await expect(
    shipped.getByText(new RegExp(`^Hi Asha, your order ${orderId} has been handed to Delhivery`)),
  ).toBeVisible();
  await expect(shipped.getByRole('link', { name: 'Track order' })).toHaveAttribute(
    'href',
    'https://orangutanorganics.in/track',
  );
  await expect(bubbles.nth(2).getByText(/To pay on delivery: ₹[\d,]+ in cash\./)).toBeVisible();

  // The phone's callbacks, through the signed webhook, onto the order's message log.
  await shipped.getByRole('button', { name: 'Phone reports it delivered' }).click();
  await expect(shipped.getByText('✓✓ Delivered')).toBeVisible();
  await shipped.getByRole('button', { name: 'Shopper reads it' }).click();
  await expect(shipped.getByText('✓✓ Read')).toBeVisible();

  // The shopper writes: the shop answers what it did with it.
  await chat.getByRole('textbox', { name: 'Shopper writes…' }).fill('Thank you, it arrived well packed.');
  await chat.getByRole('button', { name: 'Send as the shopper' }).click();
  await expect(chat.getByText('Thank you, it arrived well packed.')).toBeVisible();
  await expect(chat.getByText('The shop: message for staff', { exact: true })).toBeVisible();
  // Staff see it in the Sheet's WhatsApp tab, and the order's messages and their cost on its rows.
  expect(sheetTabRows('WhatsApp', (row) => row.From === phone)).toEqual([
    expect.objectContaining({ Name: 'Asha Rawat', Message: 'Thank you, it arrived well packed.', Answered: '' }),
  ]);
  await expect
    .poll(() => sheetRows(orderId)[0])
    .toMatchObject({ WhatsApp: 'delivered: sent', 'WhatsApp Cost': 'utility 1 (billed 1)' });

  expect(await seriousViolations(page)).toEqual([]);
  for (const width of [375, 320]) {
    await page.setViewportSize({ width, height: 900 });
    expect(await sideways(page), `sideways scroll at ${width} px`).toBe(false);
    await chat.screenshot({ path: test.info().outputPath(`outbox-${width}.png`) });
  }
});

test("a failed delivery's quick reply: the shopper taps Deliver tomorrow, and the shop asks Delhivery again", async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const phone = freshPhone();
  const order = await placeCodOrderByApi(request, { phone, pincode: '400099' }, { whatsappUpdates: true });
  await followUntil(request, order, 'Delivery attempt failed');
  const chat = await openChat(page, phone);
  const failed = chat.locator('[data-template="delivery_failed"]');
  await expect(failed.getByText(/The courier noted: Consignee unavailable\./)).toBeVisible();
  await failed.getByRole('button', { name: 'Shopper taps “Deliver tomorrow”' }).click();
  await expect(chat.getByText('The shop: reply recorded', { exact: true })).toBeVisible();
  await expect(chat.getByText('Tapped “Deliver tomorrow”')).toBeVisible();
  await expect
    .poll(() => sheetRows(order.orderId)[0]?.WhatsApp)
    .toMatch(/; reply: deliver tomorrow, re-attempt queued \(.+\)$/);
});

test('a COD order without consent: no WhatsApp message at all, whatever happens to the parcel', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const phone = freshPhone();
  const order = await placeCodOrderByApi(request, { phone });
  await followUntil(request, order, 'Delivered');
  expect(outboxFiles(order.orderId)).toEqual([]);
  await page.goto('/dev/whatsapp');
  await expect(page.getByRole('heading', { name: 'WhatsApp outbox (development)' })).toBeVisible();
  await expect(page.getByRole('region', { name: `Asha Rawat · ${spaced(phone)}` })).toHaveCount(0);
});
