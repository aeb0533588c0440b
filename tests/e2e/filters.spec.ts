import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { seriousViolations } from './support/axe.ts';
import { ProductPage } from './support/pages.ts';

const cards = (page: Page) => page.getByRole('article');

async function open(page: Page, url: string) {
  await page.goto(url);
  await new ProductPage(page).waitForHydration();
}

test.describe('recipes filters', () => {
  test('search narrows, an impossible search empties, reset restores 20', async ({ page }) => {
    await open(page, '/who-are-we/recipes');
    await expect(cards(page)).toHaveCount(20);
    const search = page.getByRole('searchbox', { name: 'Search' });
    await search.fill('rajma');
    await expect(page).toHaveURL(/\?q=rajma$/);
    const narrowed = await cards(page).count();
    expect(narrowed).toBeGreaterThan(0);
    expect(narrowed).toBeLessThan(20);
    await search.fill('no such dish anywhere');
    await expect(page.getByText('No recipes match. Adjust filters or reset.')).toBeVisible();
    await expect(cards(page)).toHaveCount(0);
    await page.getByRole('button', { name: 'Reset filters' }).last().click();
    await expect(cards(page)).toHaveCount(20);
    await expect(search).toHaveValue('');
  });

  test('lowering the calorie slider lowers the count', async ({ page }) => {
    await open(page, '/who-are-we/recipes');
    const slider = page.getByRole('slider', { name: /Max calories/ });
    await expect(slider).toHaveValue('600');
    await slider.fill('300');
    await expect(page.getByText(/^Max calories: 300 kcal/)).toBeVisible();
    await expect(page).toHaveURL(/max=300/);
    const count = await cards(page).count();
    expect(count).toBeGreaterThan(0);
    expect(count).toBeLessThan(20);
  });

  test('a filtered URL survives reload', async ({ page }) => {
    await open(page, '/who-are-we/recipes?q=red+rice&tag=Ghee');
    await expect(async () => expect(await cards(page).count()).toBeLessThan(20)).toPass();
    const before = await cards(page).allTextContents();
    await page.reload();
    await new ProductPage(page).waitForHydration();
    await expect(page.getByRole('searchbox', { name: 'Search' })).toHaveValue('red rice');
    await expect(page.getByRole('button', { name: 'Ghee', exact: true }).last()).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await expect(cards(page)).toHaveCount(before.length);
  });
});

test('nutrition: the nutrient select narrows and reset restores the six cards', async ({ page }) => {
  await open(page, '/nutrition');
  await expect(cards(page)).toHaveCount(6);
  await expect(cards(page).first().getByRole('img')).toBeVisible();
  await page.getByRole('combobox', { name: 'Nutrient' }).selectOption('Calcium');
  await expect(page).toHaveURL(/nutrient=Calcium/);
  const count = await cards(page).count();
  expect(count).toBeLessThan(6);
  await page.getByRole('searchbox', { name: 'Search' }).fill('nothing like this');
  await expect(page.getByText('No items match. Adjust filters or reset.')).toBeVisible();
  await page.getByRole('button', { name: 'Reset filters' }).first().click();
  await expect(cards(page)).toHaveCount(6);
});

test('why it matters: type and tag narrow, reset restores all eight', async ({ page }) => {
  await open(page, '/why-it-matters');
  await expect(cards(page)).toHaveCount(8);
  await page.getByRole('combobox', { name: 'Type' }).selectOption('Project');
  await expect(cards(page)).toHaveCount(4);
  await page.getByRole('button', { name: 'Soil', exact: true }).click();
  await expect(page).toHaveURL(/type=Project&tag=Soil/);
  await expect(cards(page)).toHaveCount(2);
  await page.getByRole('combobox', { name: 'Year' }).selectOption('2023');
  await expect(page.getByText('No items match. Adjust filters or reset.')).toBeVisible();
  await page.getByRole('button', { name: 'Reset filters' }).last().click();
  await expect(cards(page)).toHaveCount(8);
  await expect(page).toHaveURL(/\/why-it-matters$/);
});

for (const url of ['/who-are-we/recipes', '/nutrition', '/why-it-matters']) {
  test(`${url} has no serious or critical accessibility violation`, async ({ page }) => {
    await open(page, url);
    expect(await seriousViolations(page)).toEqual([]);
  });
}
