/** The shopper's steps to a checkout, shared by the checkout journeys. */
import type { Page } from '@playwright/test';
import { ProductPage } from './pages.ts';

export async function addToCart(page: Page, productId: number, size: string) {
  const product = new ProductPage(page);
  await product.goto(productId);
  await product.chooseSize(size);
  await product.addToCart();
}

export async function fillDelivery(page: Page, overrides: Record<string, string> = {}) {
  const values: Record<string, string> = {
    'Full name': 'Asha Rawat',
    Email: 'asha@example.in',
    'Phone (10-digit mobile)': '98765 43210',
    'Address line 1': '12 Mall Road',
    Pincode: '248001',
    City: 'Dehradun',
    State: 'Uttarakhand',
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
