import { E2E_STAFF_SECRET } from '../../playwright.config.ts';
import { expect, test } from './fixtures.ts';

test('the home page renders from the prerendered HTML and hydrates', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Orang Utan Organics' })).toBeVisible();
});

test('/products lists the six products', async ({ page }) => {
  await page.goto('/products');
  await expect(page.getByRole('heading', { name: 'Our Organic Products', level: 1 })).toBeVisible();
  const names = page.getByRole('main').getByRole('heading', { level: 2 });
  await expect(names).toHaveText([
    'Himalayan White Rajma',
    'Himalayan Red Rajma',
    'Badri Cow Ghee',
    'Himalayan Black Soyabean',
    'Himalayan Red Rice',
    'Wild Himalayan Tempering Spice',
  ]);
});

test('the functions answer under /api on the same origin: "ok" to anyone, the details to staff', async ({
  request,
}) => {
  const response = await request.get('/api/health');
  expect(response.status()).toBe(200);
  expect(await response.json()).toEqual({ status: 'ok' });
  const staff = await request.get('/api/health', { headers: { authorization: `Bearer ${E2E_STAFF_SECRET}` } });
  expect(await staff.json()).toMatchObject({
    ok: true,
    content: 'bundled',
    products: 6,
    systems: { content: 'local', payments: 'local', carrier: 'local', sheet: 'local', reviews: 'local' },
  });
});

test('a prerendered page carries its content before any script runs', async ({ request }) => {
  const html = await (await request.get('/products')).text();
  expect(html).toContain('Himalayan Red Rice');
});

test('client navigation loads a product page from its prerendered data', async ({ page }) => {
  await page.goto('/products');
  await page.getByRole('main').getByRole('link', { name: 'Badri Cow Ghee' }).click();
  await expect(page).toHaveURL(/\/products\/3$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Badri Cow Ghee' })).toBeVisible();
  await expect(page.getByRole('radio', { name: /^495gm/ })).toBeVisible();
});
