import { expect, type Locator, type Page } from '@playwright/test';

/** The header's cart link, whose accessible name carries the count. */
export function cartLink(page: Page): Locator {
  return page.getByRole('banner').getByRole('link', { name: /^Cart/ });
}

/**
 * Waits until React is live: the hydration gate's `__ouo.live` is called then, and removes
 * itself (src/early/gate.ts). (The cart link's name is no sign: the early script names
 * it from storage before React is live.)
 */
export async function waitForLive(page: Page) {
  await expect
    .poll(() => page.evaluate(() => typeof (window as { __ouo?: { live?: unknown } }).__ouo?.live))
    .toBe('undefined');
}

/** Whether the page is wider than the screen (a sideways scroll). */
export function scrollsSideways(page: Page): Promise<boolean> {
  return page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth);
}

export async function expectCartCount(page: Page, count: number) {
  await expect(cartLink(page)).toHaveAccessibleName(
    count === 0 ? 'Cart, empty' : `Cart, ${count} ${count === 1 ? 'item' : 'items'}`,
  );
}

export class ProductPage {
  constructor(private readonly page: Page) {}

  async goto(id: number) {
    await this.page.goto(`/products/${id}`);
    await this.waitForHydration();
  }

  async waitForHydration() {
    await waitForLive(this.page);
  }

  async chooseSize(size: string) {
    await this.page
      .getByRole('group', { name: 'Size' })
      .getByRole('radio', { name: new RegExp(`^${size}`) })
      .check();
  }

  async addToCart() {
    await this.page.getByRole('button', { name: 'Add to Cart' }).click();
  }
}

export class CartPage {
  constructor(private readonly page: Page) {}

  async goto() {
    await this.page.goto('/cart');
  }

  lines(): Locator {
    return this.page.getByRole('list', { name: 'Items in your cart' }).getByRole('listitem');
  }

  line(name: string): Locator {
    return this.lines().filter({ hasText: name });
  }

  async setQuantity(name: string, quantity: number) {
    const input = this.line(name).getByRole('spinbutton', { name: 'Quantity' });
    await input.fill(String(quantity));
    await input.press('Enter');
  }

  async remove(productAndSize: string) {
    await this.page.getByRole('button', { name: `Remove ${productAndSize}` }).click();
  }

  /** The shown subtotal: before the page is live the cart is drawn from hidden parts that hold one too (decision 028). */
  subtotal(): Locator {
    return this.page.getByTestId('cart-subtotal').filter({ visible: true });
  }
}

/** The contact page, hydrated, with its form filled in as a shopper would; returns the form. */
export async function fillContactForm(page: Page, message = 'Do you sell 5 kg packs of rajma?'): Promise<Locator> {
  await page.goto('/contact');
  await new ProductPage(page).waitForHydration();
  const form = page.getByRole('form', { name: 'Send us a message' });
  await form.getByRole('textbox', { name: 'Full Name *' }).fill('Ravi Negi');
  await form.getByRole('textbox', { name: 'Email Address *' }).fill('ravi@example.com');
  await form.getByRole('textbox', { name: 'Subject *' }).fill('Bulk order');
  await form.getByRole('textbox', { name: 'Message *' }).fill(message);
  return form;
}

/** The order page once its order has loaded. */
export async function openOrder(page: Page, path: string) {
  await page.goto(path);
  await expect(page.getByRole('table')).toBeVisible();
}

/** /track's form filled in and sent (the page must be open). */
export async function trackOrder(page: Page, orderId: string, phone: string) {
  await page.getByRole('textbox', { name: 'Order ID' }).fill(orderId);
  await page.getByRole('textbox', { name: 'Phone number used at checkout' }).fill(phone);
  await page.getByRole('button', { name: 'Track order' }).click();
}
