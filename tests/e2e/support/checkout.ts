/** The shopper's steps to a checkout, shared by the checkout journeys. */
import { type APIRequestContext, expect, type Page } from '@playwright/test';
import type { Customer } from '#shop/order/index.ts';
import { makeCustomer } from '../../support/factories.ts';
import { ProductPage } from './pages.ts';

export async function addToCart(page: Page, productId: number, size: string) {
  const product = new ProductPage(page);
  await product.goto(productId);
  await product.chooseSize(size);
  await product.addToCart();
}

/** The delivery form filled as `makeCustomer` fills an order: another pincode brings a State it can be in. */
export async function fillDelivery(page: Page, overrides: Record<string, string> = {}) {
  const values: Record<string, string> = {
    'Full name': 'Asha Rawat',
    Email: 'asha@example.in',
    'Phone (10-digit mobile)': '98765 43210',
    'Address line 1': '12 Mall Road',
    Pincode: '248001',
    City: 'Dehradun',
    State: makeCustomer({ pincode: overrides.Pincode ?? '248001' }).state ?? '',
    ...overrides,
  };
  for (const [label, value] of Object.entries(values))
    await page.getByLabel(label, { exact: false }).first().fill(value);
}

/** The order id of the "Order … placed" toast. */
export const orderIdIn = async (page: Page) => {
  const title = await page
    .getByRole('status')
    .getByText(/^Order OUO_\d{13} placed$/)
    .textContent();
  return title?.match(/OUO_\d{13}/)?.[0] ?? '';
};

/**
 * An order id as the checkout makes one, a little apart from the clock: two workers placing the
 * same order in the same millisecond would otherwise share it (the same id and order find each
 * other, by design), and one would confirm or cancel the other's.
 */
const freshOrderId = () => `OUO_${Date.now() + Math.floor(Math.random() * 5000)}`;

/** The orders placed through the API: one White Rajma 500gm. */
const lines = [{ productId: 1, size: '500gm', quantity: 1 }];

/** The total the server quotes for `lines` to a pincode (another pincode may cost another shipping), as the checkout asks. */
async function quotedTotal(
  request: APIRequestContext,
  pincode: string,
  paymentMode: 'cod' | 'prepaid',
): Promise<number> {
  const quote = await request.post('/api/delhivery/calculate-shipping', { data: { lines, pincode, paymentMode } });
  return ((await quote.json()) as { total: number }).total;
}

/**
 * A Cash on Delivery order placed straight through the API, as the checkout sends it (one White
 * Rajma 500gm, to Dehradun unless told: ₹347 + ₹65 estimated shipping + ₹150 COD), at the total
 * the server quotes, for journeys about what comes after an order. Answers the order's id, key and
 * own page.
 */
export async function placeCodOrderByApi(
  request: APIRequestContext,
  customer: Partial<Customer> = {},
  /**
   * What else the checkout sends (the WhatsApp consent), and whether its shopper then confirms it
   * (rule 17: a COD order ships once confirmed; journeys about what comes after do, unless told).
   */
  extra: { whatsappUpdates?: boolean; confirm?: boolean } = {},
) {
  const { confirm = true, ...sent } = extra;
  const delivery = makeCustomer(customer);
  const total = await quotedTotal(request, delivery.pincode, 'cod');
  const response = await request.post('/api/checkout/process-cod', {
    data: { orderId: freshOrderId(), customer: delivery, lines, clientTotal: total, paymentMode: 'cod', ...sent },
  });
  expect(response.ok(), await response.text()).toBe(true);
  const { orderId, key } = (await response.json()) as { orderId: string; key: string };
  if (confirm) await confirmByWhatsApp(request, orderId);
  return { orderId, key, path: `/orders/${orderId}?key=${key}` };
}

/** A COD order awaiting confirmation as the development outbox lists it: its phone and the words that confirm it. */
export async function awaitingConfirmation(
  request: APIRequestContext,
  orderId: string,
): Promise<{ phone: string; text: string }> {
  // Asked again for a few seconds: the outbox page reads the order log as it stands, and CI once
  // read it before a just-placed order was listed there.
  for (let attempt = 0; attempt < 20; attempt += 1) {
    if (attempt > 0) await new Promise((resolve) => setTimeout(resolve, 250));
    const outbox = (await (await request.get('/api/dev/whatsapp')).json()) as {
      chats: { phone: string; awaiting: { orderId: string; text: string }[] }[];
    };
    for (const chat of outbox.chats) {
      const order = chat.awaiting.find((each) => each.orderId === orderId);
      if (order) return { phone: chat.phone, text: order.text };
    }
  }
  throw new Error(`${orderId} is not waiting for a confirmation`);
}

/** Its shopper (or `from`, another phone) sends the words that confirm a COD order (rule 17): what the shop did. */
export async function confirmByWhatsApp(request: APIRequestContext, orderId: string, from?: string): Promise<string[]> {
  const { phone, text } = await awaitingConfirmation(request, orderId);
  const answer = await request.post('/api/dev/whatsapp', { data: { kind: 'write', phone: from ?? phone, text } });
  expect(answer.ok(), await answer.text()).toBe(true);
  return ((await answer.json()) as { outcomes: string[] }).outcomes;
}

/**
 * A prepaid order placed and paid straight through the API, as the checkout and the local test
 * gateway's dialog do it (one White Rajma 500gm, to Dehradun unless told). Answers its id, key and page.
 */
export async function placePrepaidOrderByApi(request: APIRequestContext, customer: Partial<Customer> = {}) {
  const delivery = makeCustomer(customer);
  const total = await quotedTotal(request, delivery.pincode, 'prepaid');
  const orderId = freshOrderId();
  const created = await request.post('/api/razorpay/create-order', {
    data: { orderId, customer: delivery, lines, clientTotal: total },
  });
  expect(created.ok(), await created.text()).toBe(true);
  const { order } = (await created.json()) as { order: { id: string } };
  const paid = await request.post('/api/local-gateway/pay', {
    data: { razorpay_order_id: order.id, outcome: 'success' },
  });
  const payment = (await paid.json()) as Record<string, string>;
  const done = await request.post('/api/checkout/process-prepaid', { data: { orderId, ...payment } });
  expect(done.ok(), await done.text()).toBe(true);
  const { key } = (await done.json()) as { key: string };
  return { orderId, key, total, path: `/orders/${orderId}?key=${key}` };
}

/** Place Order with Pay online, paid in the local test gateway's dialog: the shopper's success toast. */
export async function payOnlineLocally(page: Page, amount: string) {
  await page.getByRole('button', { name: 'Place Order' }).click();
  const dialog = page.getByRole('dialog', { name: 'Test payment' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: `Pay ${amount}` }).click();
  await expect(page.getByRole('status').getByText(`Payment of ${amount} received. Thank you!`)).toBeVisible();
  return orderIdIn(page);
}
