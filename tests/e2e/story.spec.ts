import { expect, test } from './fixtures.ts';
import { seriousViolations } from './support/axe.ts';
import { ProductPage } from './support/pages.ts';

const BATCH_ID = 'OUO-GHEE-2025-09-25-001';
const BATCH_URL = `https://orangutanorganics.in/who-are-we/traceability/${BATCH_ID}`;

test('/who-are-we: mission, four values, four impact stats and the quick links', async ({ page }) => {
  await page.goto('/who-are-we');
  await new ProductPage(page).waitForHydration();
  await expect(page.getByRole('heading', { level: 1, name: 'Who We Are' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Our mission' })).toContainText('Our mission is to make');
  await expect(page.getByRole('list', { name: 'Our values' }).getByRole('heading', { level: 3 })).toHaveText([
    '100% Organic',
    'Fair Trade',
    'Authenticity',
    'Sustainability',
  ]);
  // The list is named by its heading, the editors' impactTitle.
  const stats = page.getByRole('list', { name: 'Our impact' }).getByRole('listitem');
  await expect(stats).toHaveText([
    /50\+\s*Farmer Families/,
    /100%\s*Organic Certified/,
    /5\+\s*Himalayan/,
    /1000\+\s*Happy/,
  ]);
  const links = page.getByRole('navigation', { name: 'Explore more' }).getByRole('link');
  expect(await links.evaluateAll((all) => all.map((link) => link.getAttribute('href')))).toEqual([
    '/who-are-we/traceability',
    '/who-are-we/farmer-impact',
    '/who-are-we/recipes',
    '/nutrition',
    '/why-it-matters',
  ]);
});

test('/who-are-we/farmer-impact: value chain table, both farmer-share readings, stats, stories, commitments', async ({
  page,
}) => {
  await page.goto('/who-are-we/farmer-impact');
  await new ProductPage(page).waitForHydration();
  const chart = page.getByRole('table', { name: /How each ₹100 you pay is shared/ });
  const rows = chart.locator('tbody').getByRole('row');
  await expect(rows).toHaveCount(5);
  await expect(rows.first()).toContainText('Farmer');
  await expect(rows.first()).toContainText('₹55');
  const widths = await chart
    .locator('.value-chain__bar')
    .evaluateAll((bars) => bars.map((bar) => Number.parseFloat((bar as HTMLElement).style.width)));
  expect(widths.reduce((sum, width) => sum + width, 0)).toBeCloseTo(100);

  const share = page.getByRole('region', { name: "The farmer's share, in plain words" });
  await expect(share).toContainText('Farmers receive 55% of the price.');
  await expect(share).toContainText('Farmers receive 60–70%.');
  await expect(share).toContainText('The figure we stand by is 55%');

  await expect(page.getByRole('list', { name: 'Impact in numbers' }).getByRole('listitem')).toHaveCount(4);
  await expect(page.getByRole('region', { name: 'Farmer stories' }).getByRole('article')).toHaveCount(2);
  await expect(page.getByRole('list', { name: 'Our commitments' }).getByRole('listitem')).toHaveCount(6);
});

for (const path of ['/who-are-we/traceability', `/who-are-we/traceability/${BATCH_ID}`]) {
  test(`${path}: the batch, its seven steps, specifications and a QR code of its own URL`, async ({ page }) => {
    await page.goto(path);
    await new ProductPage(page).waitForHydration();
    await expect(page.getByRole('heading', { level: 1, name: 'Traceability: Badri Cow Ghee' })).toBeVisible();
    await expect(page.getByRole('complementary', { name: 'More data coming soon' })).toContainText(
      'Records for more batches',
    );
    const source = page.getByRole('region', { name: 'Where it comes from' });
    await expect(source).toContainText('Bhangeli, Gangotri valley');
    await expect(source).toContainText('2300 m');
    await expect(source).toContainText('Nirmala Devi');
    await expect(source).toContainText('1.5–4 L');

    const steps = page.getByRole('list', { name: 'Production timeline' }).locator(':scope > li');
    await expect(steps).toHaveCount(7);
    await expect(steps.first()).toContainText('Boiling the milk');
    await expect(steps.first().locator('time')).toHaveText(/23 Sept? 2025, 5:30\s?pm/i);
    await expect(
      steps
        .first()
        .getByRole('list', { name: /^Quality checks/ })
        .getByRole('listitem'),
    ).toHaveCount(3);

    const specs = page.getByRole('region', { name: 'Production specifications' });
    await expect(specs).toContainText('about 1% lactic acid');
    await expect(specs).toContainText('about 1:10');

    const qr = page.getByRole('img', { name: `QR code for batch ${BATCH_ID}: ${BATCH_URL}` });
    await expect(qr).toBeVisible();
    expect(await qr.locator('path').getAttribute('d')).toMatch(/^(M\d+ \d+h1v1h-1z)+$/);
    await expect(page.getByRole('region', { name: 'QR code for this batch' })).toContainText(BATCH_URL);
    await expect(page.getByRole('button', { name: 'Print QR code' })).toBeVisible();
    if (path === '/who-are-we/traceability') {
      await expect(page.getByRole('link', { name: `batch ${BATCH_ID}` })).toHaveAttribute(
        'href',
        `/who-are-we/traceability/${BATCH_ID}`,
      );
    }
  });
}

test('the Print QR code button prints the page', async ({ page }) => {
  await page.goto(`/who-are-we/traceability/${BATCH_ID}`);
  await new ProductPage(page).waitForHydration();
  await page.evaluate(() => {
    (window as unknown as { printed: number }).printed = 0;
    window.print = () => {
      (window as unknown as { printed: number }).printed += 1;
    };
  });
  await page.getByRole('button', { name: 'Print QR code' }).click();
  expect(await page.evaluate(() => (window as unknown as { printed: number }).printed)).toBe(1);
});

test('an unknown batch says so and links to the latest batch', async ({ page, allowConsoleError }) => {
  allowConsoleError(/404|Failed to load resource/);
  await page.goto('/who-are-we/traceability/NO-SUCH-BATCH');
  await expect(page.getByRole('heading', { level: 1, name: 'Batch not found' })).toBeVisible();
  await expect(page.getByText(/We could not find batch NO-SUCH-BATCH/)).toBeVisible();
  await expect(page.getByRole('link', { name: 'See the latest batch' })).toHaveAttribute(
    'href',
    '/who-are-we/traceability',
  );
});

for (const path of [
  '/who-are-we',
  '/who-are-we/farmer-impact',
  '/who-are-we/traceability',
  `/who-are-we/traceability/${BATCH_ID}`,
  '/who-are-we/traceability/NO-SUCH-BATCH',
]) {
  test(`accessibility of ${path}: no serious or critical violation`, async ({ page, allowConsoleError }) => {
    allowConsoleError(/404|Failed to load resource/);
    await page.goto(path);
    await new ProductPage(page).waitForHydration();
    expect(await seriousViolations(page)).toEqual([]);
  });
}
