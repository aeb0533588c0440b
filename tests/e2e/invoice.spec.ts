/**
 * An order's tax invoice as its shopper opens it: the function's page at /orders/<id>/invoice?key=
 * (served before the order page's shell, which answers every other /orders/* address), read on a
 * phone at 375 and 320 px with nothing scrolling sideways, checked by axe, printed on A4, and its
 * PDF beside it. The invoice is written on the order's record as issuing writes it (the order is
 * placed, not booked: nothing else writes the record meanwhile).
 */
import { writeFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { makeCreditNote, makeInvoice } from '../support/invoices.ts';
import { expect, test } from './fixtures.ts';
import { seriousViolations } from './support/axe.ts';
import { placeCodOrderByApi } from './support/checkout.ts';
import { checkHtml } from './support/html-check.ts';
import { writeOrderDocuments } from './support/orders.ts';

const widerThanScreen = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

test('the tax invoice opens with the order’s key: readable on a phone, accessible, A4 in print, and its PDF', async ({
  page,
  request,
}, testInfo) => {
  const { orderId, key, path } = await placeCodOrderByApi(request, { name: 'Asha <b>Rawat</b>' }, { confirm: false });
  const invoice = makeInvoice({ orderId, shippingCharge: 65, customer: { name: 'Asha <b>Rawat</b>' } });
  await writeOrderDocuments(orderId, { invoice });

  await page.setViewportSize({ width: 375, height: 740 });
  const response = await page.goto(`/orders/${orderId}/invoice?key=${key}`);
  expect(response?.status()).toBe(200);
  const headers = response?.headers() ?? {};
  expect(headers['content-type']).toBe('text/html; charset=utf-8');
  expect(headers['cache-control']).toBe('no-store');
  expect(headers['x-robots-tag']).toBe('noindex');
  expect(headers['referrer-policy']).toBe('no-referrer');
  await expect(page).toHaveTitle('Tax Invoice OUO/26-27/000123');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Tax Invoice · कर बीजक');
  await expect(page.getByText('Asha <b>Rawat</b>')).toBeVisible();
  await expect(page.getByRole('rowheader', { name: '1. Himalayan White Rajma, 500gm' })).toBeVisible();
  await expect(page.getByText('Rupees One Thousand Three Hundred Fifty-Nine only')).toBeVisible();
  await expect(page.getByText('Whether tax is payable on reverse charge: No')).toBeVisible();
  expect(await widerThanScreen(page)).toBeLessThanOrEqual(0);
  await page.screenshot({ path: testInfo.outputPath('invoice-375.png'), fullPage: true });
  expect(await seriousViolations(page)).toEqual([]);

  await page.setViewportSize({ width: 320, height: 640 });
  expect(await widerThanScreen(page)).toBeLessThanOrEqual(0);
  await page.screenshot({ path: testInfo.outputPath('invoice-320.png'), fullPage: true });

  // Printed: A4, the links gone, the table whole.
  await page.emulateMedia({ media: 'print' });
  await page.setViewportSize({ width: 794, height: 1123 });
  await expect(page.getByRole('link', { name: 'Download PDF' })).toBeHidden();
  await expect(page.getByRole('columnheader', { name: 'CGST' })).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('invoice-print.png'), fullPage: true });
  const printed = await page.pdf({ preferCSSPageSize: true, printBackground: true });
  expect(printed.toString('latin1').match(/\/Type\s*\/Page[^s]/g)).toHaveLength(1);
  await page.emulateMedia({ media: 'screen' });

  // Its PDF, from the page's own link.
  const pdfPath = await page.getByRole('link', { name: 'Download PDF' }).getAttribute('href');
  expect(pdfPath).toBe(`/orders/${orderId}/invoice.pdf?key=${key}`);
  const pdf = await request.get(pdfPath ?? '');
  expect(pdf.status()).toBe(200);
  expect(pdf.headers()['content-type']).toBe('application/pdf');
  expect(pdf.headers()['content-disposition']).toBe('inline; filename="OUO-26-27-000123.pdf"');
  expect((await pdf.body()).subarray(0, 5).toString()).toBe('%PDF-');

  // And back to the order: the order page's shell still answers its own address.
  await page.getByRole('link', { name: 'Back to your order' }).click();
  await expect(page).toHaveURL(path);
  await expect(page.getByRole('heading', { level: 1, name: 'Your order' })).toBeVisible();
  await expect(page.getByText(`Order ${orderId}, placed`)).toBeVisible();
});

test('a wrong key opens no invoice (404) and says nothing of it; the order’s key hears of the credit note', async ({
  page,
  request,
  allowConsoleError,
}) => {
  allowConsoleError(/status of 404/);
  const { orderId, key } = await placeCodOrderByApi(request, {}, { confirm: false });
  const invoice = makeInvoice({ orderId });
  await writeOrderDocuments(orderId, { invoice });
  const wrong = await page.goto(`/orders/${orderId}/invoice?key=${'0'.repeat(32)}`);
  expect(wrong?.status()).toBe(404);
  await expect(page.getByText('We could not find this document.')).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  const none = await page.goto(`/orders/${orderId}/credit-note?key=${key}`);
  expect(none?.status()).toBe(404);
  await expect(page.getByText('No credit note for this order')).toBeVisible();

  await writeOrderDocuments(orderId, { invoice, creditNote: makeCreditNote({ invoice }) });
  await page.goto(`/orders/${orderId}/credit-note?key=${key}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Credit Note · क्रेडिट नोट');
  await expect(page.getByText('against invoice OUO/26-27/000123 of 27 Nov 2026')).toBeVisible();
});

test('the invoice, the credit note and the not-found page are valid HTML', async ({ request }, testInfo) => {
  const { orderId, key } = await placeCodOrderByApi(request, {}, { confirm: false });
  const invoice = makeInvoice({ orderId, interState: true, gstin: '27AAPFU0939F1ZV' });
  await writeOrderDocuments(orderId, { invoice, creditNote: makeCreditNote({ invoice }) });
  const files: string[] = [];
  for (const [name, address] of [
    ['invoice', `/orders/${orderId}/invoice?key=${key}`],
    ['credit-note', `/orders/${orderId}/credit-note?key=${key}`],
    ['not-found', `/orders/${orderId}/invoice?key=${'0'.repeat(32)}`],
  ]) {
    const file = testInfo.outputPath(`${name}.html`);
    await writeFile(file, await (await request.get(address ?? '')).text());
    files.push(file);
  }
  const report = await checkHtml(files);
  for (const warning of report.warnings) console.warn(`HTML warning: ${warning}`);
  expect(report.errors).toEqual([]);
});
