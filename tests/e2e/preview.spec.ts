import { vercelStegaDecode, vercelStegaSplit } from '@vercel/stega';
import { E2E_DEV_PORT } from '../../playwright.config.ts';
import { expect, test } from './fixtures.ts';

/**
 * Issue 16: editors see a draft on the real page before it is published. The preview is the dev
 * server's (`npm run dev`); in the embedded local mode it reads the bundled drafts
 * (studio/seed/drafts.ndjson: a draft of the home page's hero) with Sanity's drafts perspective.
 */
const DEV = `http://localhost:${E2E_DEV_PORT}`;
const PUBLISHED = 'Real food from the Himalayan villages of Uttarakhand';
const DRAFT = 'Draft: the new harvest of red rice is in';

test('the preview route shows the draft on the real page, says so, and can be left', async ({ page }) => {
  test.setTimeout(90_000);
  const hero = page.getByRole('heading', { level: 1 });
  await page.goto(`${DEV}/`);
  await expect(hero).toHaveText(PUBLISHED, { timeout: 30_000 });

  await page.goto(`${DEV}/__preview/enable?redirect=%2F`);
  await expect(page).toHaveURL(`${DEV}/`);
  await expect(hero).toContainText(DRAFT);
  await expect(page.getByRole('status').filter({ hasText: 'Preview: you are seeing drafts' })).toBeVisible();
  // The draft reads as written; its source rides along invisibly, for click-to-edit.
  const heroText = (await hero.textContent()) ?? '';
  expect(vercelStegaSplit(heroText).cleaned).toBe(DRAFT);
  expect(vercelStegaDecode(heroText)).toMatchObject({ origin: 'sanity.io' });
  // Tabs and link previews get the text without it.
  expect(await page.title()).not.toMatch(/[\u200b-\u200d\ufeff]/u);

  // The preview holds while the editor moves around the site, then goes when they leave it.
  await page.getByRole('link', { name: 'Leave the preview' }).click();
  await expect(hero).toHaveText(PUBLISHED);
  await expect(page.getByText('Preview: you are seeing drafts')).toHaveCount(0);
});

test('in the preview, each text an editor wrote is outlined on hover and opens its field in the Studio', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await page.goto(`${DEV}/__preview/enable?redirect=%2Fwho-are-we`);
  const title = page.getByRole('heading', { level: 1 });
  await expect(title).toBeVisible({ timeout: 30_000 });
  const studio = page.getByRole('link', { name: 'Open in Studio' });
  // Outside the Studio (a tab of its own) the outline offers the field in the Studio.
  await expect(async () => {
    await page.mouse.move(0, 0);
    await title.hover();
    await expect(studio).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 30_000 });
  const href = decodeURIComponent((await studio.getAttribute('href')) ?? '');
  expect(href).toMatch(
    /^http:\/\/localhost:3333\/intent\/edit\/mode=presentation;id=aboutPage;type=aboutPage;path=title[?;]/,
  );

  // A card's text, from an array in the document: addressed by the item's key (`values:val1`).
  const card = page.locator('main h3').first();
  await card.hover();
  await expect(async () => {
    await card.hover();
    expect(decodeURIComponent((await studio.getAttribute('href')) ?? '')).toMatch(/path=values:[\w-]+\.title[?&]/);
  }).toPass({ timeout: 10_000 });

  await page.goto(`${DEV}/__preview/disable?redirect=%2F`);
});

test('the built site never shows drafts, even with the preview cookie', async ({ page, context, baseURL }) => {
  await context.addCookies([{ name: 'ouo-preview', value: '1', url: baseURL ?? '' }]);
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(PUBLISHED);
  await expect(page.getByText('Preview: you are seeing drafts')).toHaveCount(0);
  const html = await (await page.request.get('/')).text();
  expect(html).not.toContain(DRAFT);
});
