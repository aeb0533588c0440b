/**
 * Feedback appears where the shopper is looking (issue 13), on a 360 px phone: a form's answer is
 * in the viewport when it arrives, whether the page moved (the review form goes to the top) or the
 * answer sits under a button near the bottom of the screen.
 */
import { expect, test } from './fixtures.ts';
import { addToCart } from './support/checkout.ts';
import { fillContactForm, ProductPage, waitForLive } from './support/pages.ts';

test.use({ viewport: { width: 360, height: 640 } });

test('after a review is sent the page is at the top, and the thank-you is in view there', async ({ page }) => {
  const product = new ProductPage(page);
  await product.goto(2);
  const form = page.getByRole('form', { name: 'Write a Review' });
  await form.getByRole('textbox', { name: 'Your Name *' }).fill('Kamla Bisht');
  await form.getByRole('textbox', { name: 'Your Email *' }).fill('kamla@example.in');
  await form.getByRole('textbox', { name: 'Your Review *' }).fill('Cooks soft, tastes of the hills.');
  await form.getByRole('button', { name: 'Submit Review' }).click();

  const thanks = page.getByRole('status').getByText('Thank you for your review! It will be published after approval.');
  await expect(thanks).toBeInViewport();
  await expect.poll(() => page.evaluate(() => scrollY)).toBe(0);
  await expect(thanks).toBeInViewport();
});

test('a review with a missing field takes the shopper to that field', async ({ page }) => {
  await new ProductPage(page).goto(2);
  const form = page.getByRole('form', { name: 'Write a Review' });
  await form.getByRole('textbox', { name: 'Your Email *' }).fill('kamla@example.in');
  await form.getByRole('textbox', { name: 'Your Review *' }).fill('Good.');
  await page
    .getByRole('heading', { name: 'Write a Review' })
    .evaluate((heading) => window.scrollBy(0, heading.getBoundingClientRect().top + 400));
  await form.getByRole('button', { name: 'Submit Review' }).click();

  const name = form.getByRole('textbox', { name: 'Your Name *' });
  await expect(name).toBeFocused();
  await expect(name).toBeInViewport();
});

test("the contact form's answer is in view under its button", async ({ page }) => {
  const form = await fillContactForm(page);
  // The button at the very bottom of the screen, as a thumb leaves it.
  const send = form.getByRole('button', { name: 'Send Message' });
  await send.evaluate((button) => window.scrollBy(0, button.getBoundingClientRect().bottom - innerHeight + 2));
  await send.click();

  await expect(form.getByText("Thank you for your message! We'll get back to you soon.")).toBeInViewport();
});

test("the delivery check's answer is in view under its field", async ({ page }) => {
  await new ProductPage(page).goto(3);
  const check = page.getByRole('form', { name: 'Check delivery' });
  await check.getByRole('textbox', { name: 'Check delivery to your pincode' }).fill('744301');
  // The Check button at the very bottom of the screen (the keyboard covers the rest), then Enter.
  await check
    .getByRole('button', { name: 'Check' })
    .evaluate((button) => window.scrollBy(0, button.getBoundingClientRect().bottom - innerHeight + 2));
  await page.keyboard.press('Enter');

  await expect(check.getByText('Sorry, we do not deliver to 744301 yet.')).toBeInViewport();
});

test('Place Order with a field left empty takes the shopper to it, and says so at the top', async ({ page }) => {
  await addToCart(page, 1, '500gm');
  await page.goto('/checkout');
  await expect(page.getByRole('heading', { name: 'Checkout', level: 1 })).toBeVisible();
  await page.getByLabel('Pincode').fill('248001');
  // What this is about is where the answer shows once the page is live. A tap at the moment the page
  // goes live (decision 028's handover) lost the alert once on a busy CI machine: a case for the early
  // script's own tests (issue 49), not for this one.
  await waitForLive(page);
  const place = page.getByRole('button', { name: 'Place Order' });
  await expect(place).toBeEnabled();
  await place.click();

  await expect(page.getByRole('alert').getByText('Please fill in all required fields')).toBeInViewport();
  const name = page.getByLabel('Full name');
  await expect(name).toBeFocused();
  await expect(name).toBeInViewport();
});
