import { expect, test } from './fixtures.ts';
import { seriousViolations } from './support/axe.ts';
import { addPublishedReviews, publishReview, reviewRows } from './support/orders.ts';
import { fillContactForm, ProductPage } from './support/pages.ts';

// One worker for this file, in order: two of its tests rewrite the local Sheet's Reviews.csv whole
// (publishReview, addPublishedReviews) while another's review is appended to it by the server, and
// a rewrite that read the file just before the append would drop that review.
test.describe.configure({ mode: 'default' });

test('the contact page shows its details, form and FAQ, passes axe, and sends a message', async ({ page }) => {
  await page.goto('/contact');
  await new ProductPage(page).waitForHydration();

  await expect(page.getByRole('heading', { level: 1, name: 'Contact Us' })).toBeVisible();
  const form = page.getByRole('form', { name: 'Send us a message' });
  await expect(form).toBeVisible();
  await expect(form.getByRole('textbox', { name: 'Phone (optional)' })).toHaveAttribute(
    'placeholder',
    '+91 XXXXX XXXXX',
  );
  const questions = page.getByRole('region', { name: 'Frequently Asked Questions' }).getByRole('group');
  await expect(questions).toHaveCount(4);
  await page.getByText('Do you ship outside India?').click();
  await expect(questions.nth(1)).toHaveAttribute('open', '');

  expect(await seriousViolations(page)).toEqual([]);

  await form.getByRole('textbox', { name: 'Full Name *' }).fill('Ravi Negi');
  await form.getByRole('textbox', { name: 'Email Address *' }).fill('ravi@example.com');
  await form.getByRole('textbox', { name: 'Subject *' }).fill('Bulk order');
  await form.getByRole('textbox', { name: 'Message *' }).fill('Do you sell 5 kg packs of rajma?');
  await form.getByRole('button', { name: 'Send Message' }).click();

  await expect(page.getByText("Thank you for your message! We'll get back to you soon.")).toBeVisible();
  await expect(form.getByRole('textbox', { name: 'Full Name *' })).toHaveValue('');
  const pixel = await page.evaluate(() =>
    (window as unknown as { __ouo?: { pixelEvents?: { name: string }[] } }).__ouo?.pixelEvents?.map(
      (event) => event.name,
    ),
  );
  expect(pixel).toContain('Lead');
});

test('a product page lists its reviews (or invites the first) and accepts a new review', async ({ page }) => {
  const product = new ProductPage(page);
  await product.goto(3);

  const reviews = page.getByRole('region', { name: 'Customer Reviews' });
  await expect(reviews).toHaveAttribute('aria-busy', 'false');
  await expect(
    reviews.getByText('No reviews yet. Be the first to review this product!').or(reviews.getByText(/^Page 1 of \d+/)),
  ).toBeVisible();

  const form = page.getByRole('form', { name: 'Write a Review' });
  await form.getByRole('textbox', { name: 'Your Name *' }).fill('Asha Rawat');
  await form.getByRole('textbox', { name: 'Your Email *' }).fill('asha@example.com');
  await form.getByRole('combobox', { name: 'Rating *' }).selectOption('4');
  await form.getByRole('textbox', { name: 'Your Review *' }).fill('Smells just like my grandmother’s ghee.');
  await form.getByRole('textbox', { name: 'Location (optional)' }).fill('Dehradun, Uttarakhand');
  await form.getByRole('button', { name: 'Submit Review' }).click();

  await expect(
    page.getByRole('status').getByText('Thank you for your review! It will be published after approval.'),
  ).toBeVisible();
  await expect(form.getByRole('textbox', { name: 'Your Name *' })).toHaveValue('');
  // Not published until the staff set Display to Yes.
  await expect(reviews.getByText('Smells just like my grandmother’s ghee.')).toHaveCount(0);
});

test('a new review waits in the Sheet with Display No, and appears once staff set Display to Yes', async ({ page }) => {
  const text = `Fragrant and grainy, exactly like home (${Date.now()}).`;
  const product = new ProductPage(page);
  await product.goto(6);
  const form = page.getByRole('form', { name: 'Write a Review' });
  await form.getByRole('textbox', { name: 'Your Name *' }).fill('Meera Joshi');
  await form.getByRole('textbox', { name: 'Your Email *' }).fill('meera@example.com');
  await form.getByRole('textbox', { name: 'Your Review *' }).fill(text);
  await form.getByRole('button', { name: 'Submit Review' }).click();
  await expect(
    page.getByRole('status').getByText('Thank you for your review! It will be published after approval.'),
  ).toBeVisible();

  const [row, ...again] = reviewRows(text);
  expect(again).toEqual([]);
  expect(row).toMatchObject({
    product: 'Wild Himalayan Tempering Spice',
    'Product ID': '6',
    display: 'No',
    source: 'Website',
    rating: '5',
  });
  await page.reload();
  const reviews = page.getByRole('region', { name: 'Customer Reviews' });
  await expect(reviews).toHaveAttribute('aria-busy', 'false');
  await expect(reviews.getByText(text)).toHaveCount(0);

  publishReview(text);
  // The test server caches the feed for one second (REVIEWS_CACHE_MS), the site for five minutes.
  await expect
    .poll(async () => {
      await page.reload();
      await expect(reviews).toHaveAttribute('aria-busy', 'false');
      return reviews.getByText(text).count();
    })
    .toBe(1);
  const feed = await page.request.get('/api/reviews?product=6');
  expect(feed.headers()['cache-control']).toBe('no-store');
  expect(feed.headers()['x-content-type-options']).toBe('nosniff');
  expect(JSON.stringify(await feed.json())).not.toContain('meera@example.com');
});

test('seven reviews are shown three to a page', async ({ page }) => {
  addPublishedReviews({ id: 5, name: 'Himalayan Red Rice' }, 7);
  const product = new ProductPage(page);
  await expect
    .poll(async () => {
      await product.goto(5);
      return page.getByText('Page 1 of 3 (7 reviews)').count();
    })
    .toBe(1);
  const reviews = page.getByRole('region', { name: 'Customer Reviews' });
  const previous = reviews.getByRole('button', { name: 'Previous' });
  const next = reviews.getByRole('button', { name: 'Next' });
  await expect(previous).toBeDisabled();
  await next.click();
  await expect(reviews.getByText(/^Page 2 of 3/)).toBeVisible();
  await next.click();
  await expect(reviews.getByText(/^Page 3 of 3/)).toBeVisible();
  await expect(next).toBeDisabled();
  await expect(
    page
      .getByRole('main')
      .getByRole('img', { name: /^Rated \d\.\d out of 5 from \d+ reviews$/ })
      .first(),
  ).toBeVisible();
});

test('the contact form says so when the message cannot be sent', async ({ page, allowConsoleError }) => {
  allowConsoleError(/status of 502/);
  await page.route('**/api/contact', (route) =>
    route.fulfill({ status: 502, json: { error: { code: 'SHEET_UNAVAILABLE', message: 'down' } } }),
  );
  const form = await fillContactForm(page, 'Do you sell 5 kg packs?');
  await form.getByRole('button', { name: 'Send Message' }).click();
  await expect(
    page.getByText('Sorry, there was an error submitting your message. Please try again or email us directly.'),
  ).toBeVisible();
  await expect(form.getByRole('textbox', { name: 'Full Name *' })).toHaveValue('Ravi Negi');
});

test("the API takes posts only as JSON from the shop's own pages", async ({ request }) => {
  const review = {
    productId: 3,
    name: 'Mallory',
    email: 'mallory@example.com',
    rating: 1,
    review: `Posted from elsewhere (${Date.now()}).`,
    submissionId: `e2e-guard-${Date.now()}`,
  };
  const asForm = await request.post('/api/reviews', {
    headers: { 'Content-Type': 'text/plain' },
    data: JSON.stringify(review),
  });
  expect(asForm.status()).toBe(415);
  expect((await asForm.json()).error.code).toBe('UNSUPPORTED_MEDIA_TYPE');
  const crossSite = await request.post('/api/reviews', {
    headers: { 'Content-Type': 'application/json', Origin: 'https://evil.example', 'Sec-Fetch-Site': 'cross-site' },
    data: review,
  });
  expect(crossSite.status()).toBe(403);
  expect(crossSite.headers()['cache-control']).toBe('no-store');
  const cod = await request.post('/api/checkout/process-cod', {
    headers: { 'Content-Type': 'text/plain' },
    data: '{}',
  });
  expect(cod.status()).toBe(415);
  expect(reviewRows(review.review)).toEqual([]);
});
