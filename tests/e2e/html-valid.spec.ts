/**
 * Every page is valid HTML (issue 29): the W3C Nu Html Checker finds no error in any page the build
 * writes, nor in the order page and /track once the browser has drawn an order in them. Warnings
 * are printed, not failed on; the checker's plain notes (a trailing slash on void elements, which
 * React writes) are left out.
 */
import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { expect, test } from './fixtures.ts';
import { placeCodOrderByApi } from './support/checkout.ts';
import { checkHtml, type HtmlReport } from './support/html-check.ts';
import { openOrder, trackOrder } from './support/pages.ts';

const CLIENT = path.resolve('build/client');

async function builtPages(): Promise<string[]> {
  const files = await readdir(CLIENT, { recursive: true });
  return files.filter((file) => file.endsWith('.html')).sort();
}

function printWarnings(report: HtmlReport) {
  for (const warning of report.warnings) console.warn(`HTML warning: ${warning}`);
}

test('every page the build writes is valid HTML', async () => {
  const pages = await builtPages();
  // The pages that are no content's own: the SPA fallback, the 404 page and the order page's shell.
  expect(pages).toEqual(expect.arrayContaining(['__spa-fallback.html', '404.html', 'orders/shell/index.html']));
  const report = await checkHtml(pages.map((file) => path.join(CLIENT, file)));
  printWarnings(report);
  expect(report.errors).toEqual([]);
});

test('the order page and /track, drawn in the browser with a real order, are valid HTML', async ({
  page,
  request,
}, testInfo) => {
  const { orderId, path: orderPath } = await placeCodOrderByApi(request);
  await openOrder(page, orderPath);
  const order = testInfo.outputPath('order-page.html');
  await writeFile(order, await page.content());

  await page.goto('/track');
  await trackOrder(page, orderId, '98765 43210');
  await expect(page.getByRole('article', { name: `Order ${orderId}` })).toBeVisible();
  const track = testInfo.outputPath('track-page.html');
  await writeFile(track, await page.content());

  const report = await checkHtml([order, track]);
  printWarnings(report);
  expect(report.errors).toEqual([]);
});

test('the check reports errors put into a built page, with the file and line', async () => {
  const testInfo = test.info();
  const product = await readFile(path.join(CLIENT, 'products/1/index.html'), 'utf8');
  const charset = '<meta charSet="utf-8"/>';
  const rating = /<select([^>]*) aria-required="true"/;
  expect(product).toContain(charset);
  expect(product).toMatch(rating);
  // The charset after the hydration gate (over 1 kB), where the gate used to push it.
  const lateCharset = testInfo.outputPath('late-charset.html');
  await writeFile(lateCharset, product.replace(charset, '').replace('</head>', `${charset}</head>`));
  // The rating select `required` again, without an empty first option.
  const requiredSelect = testInfo.outputPath('required-select.html');
  await writeFile(requiredSelect, product.replace(rating, '<select$1 required=""'));

  const { errors } = await checkHtml([lateCharset, requiredSelect]);
  expect(errors).toEqual([
    expect.stringMatching(
      /\/late-charset\.html:1:\d+ A “charset” attribute on a “meta” element found after the first 1024 bytes/,
    ),
    expect.stringMatching(
      /\/required-select\.html:1:\d+ The first “option” element in a “select” element with a “required”/,
    ),
  ]);
});
