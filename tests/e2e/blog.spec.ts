import { expect, test } from './fixtures.ts';
import { seriousViolations } from './support/axe.ts';

const POLICY_LABELS = [
  'Shipping & Delivery',
  'Returns & Refunds',
  'Privacy Policy',
  'Terms & Conditions',
  'Grievance Officer',
];

test('/blog lists the six posts, newest first, with an honest newsletter box', async ({ page }) => {
  await page.goto('/blog');
  await expect(page.getByRole('heading', { name: 'Our Blog', level: 1 })).toBeVisible();
  const cards = page.getByRole('main').getByRole('article');
  await expect(cards).toHaveCount(6);
  await expect(cards.first().getByRole('heading', { level: 2 })).toContainText('Where Your Money Goes');
  await expect(cards.first().getByRole('link', { name: /^Read More/ })).toHaveAttribute('href', '/blog/6');
  await expect(cards.first().locator('time')).toHaveText('18 November 2025');
  const image = cards.first().getByRole('img');
  await expect(image).toHaveAttribute('width', /\d+/);
  await expect(image).toHaveAttribute('height', /\d+/);
  await expect(page.getByRole('button', { name: 'Subscribe' })).toBeDisabled();
  await expect(page.getByText(/Newsletter coming soon/)).toBeVisible();
});

test('/blog/2 renders the post, its Portable Text body and only related posts of its category', async ({ page }) => {
  await page.goto('/blog/2');
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Bilona Ghee, Step by Step');
  const article = page.getByRole('main').locator('article.blog-post');
  await expect(article.getByText('By ', { exact: false }).first()).toBeVisible();
  await expect(article.getByText(/Bhangeli is a village of stone-and-timber houses/)).toBeVisible();
  const category = (await article.locator('.post-meta .tag').textContent()) ?? '';
  expect(category).toBe('Tradition');
  const related = page.getByRole('region', { name: 'Related posts' }).getByRole('article');
  const count = await related.count();
  expect(count).toBeLessThanOrEqual(3);
  for (let index = 0; index < count; index += 1) {
    await expect(related.nth(index).locator('.tag')).toHaveText(category);
    await expect(related.nth(index).getByRole('link', { name: /^Read More/ })).not.toHaveAttribute('href', '/blog/2');
  }
});

for (const id of ['99', 'abc']) {
  test(`/blog/${id} says the post was not found and links back to the blog`, async ({ page, allowConsoleError }) => {
    allowConsoleError(/404|Not Found/i);
    await page.goto(`/blog/${id}`);
    await expect(page.getByRole('heading', { name: 'Blog post not found', level: 1 })).toBeVisible();
    await page.getByRole('link', { name: 'Back to Blog' }).click();
    await expect(page).toHaveURL(/\/blog$/);
    await expect(page.getByRole('main').getByRole('article')).toHaveCount(6);
  });
}

test('the footer links to every policy page, and a policy page renders its content', async ({ page }) => {
  await page.goto('/');
  const policies = page.getByRole('contentinfo').getByRole('navigation', { name: 'Policies' }).getByRole('link');
  await expect(policies).toHaveText(POLICY_LABELS);
  await page.getByRole('contentinfo').getByRole('link', { name: 'Grievance Officer' }).click();
  await expect(page).toHaveURL(/\/policies\/grievance$/);
  await expect(page.getByRole('heading', { name: 'Grievance Officer', level: 1 })).toBeVisible();
  await expect(page.getByRole('main').getByText(/Meera Rawat/)).toBeVisible();
  await expect(page.getByRole('main').getByText(/within 48 hours/)).toBeVisible();

  await page.goto('/policies/shipping');
  await expect(page.getByRole('heading', { name: 'Shipping and Delivery Policy', level: 1 })).toBeVisible();
  await expect(
    page
      .getByRole('main')
      .getByText(/ship free/)
      .first(),
  ).toBeVisible();
});

for (const path of ['/blog', '/blog/1', '/policies/returns']) {
  test(`${path} has no serious or critical accessibility violation`, async ({ page }) => {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  });
}
