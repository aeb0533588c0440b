/** orderSettings(): what the order service reads of the content, the GST invoices' settings included. */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadBundledDataset } from '../../../src/content/bundled-dataset.server.ts';
import type { Content } from '../../../src/content/content.server.ts';
import { contentOver } from '../../../tests/support/content.ts';
import { makeInvoiceSettings } from '../../../tests/support/invoices.ts';
import { orderSettings } from './deps.ts';

/** The content the order service reads: the bundled dataset unless a test says otherwise. */
const reading = vi.hoisted(() => ({ content: undefined as Content | undefined }));
vi.mock('../../../src/content/content.server.ts', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../../../src/content/content.server.ts')>();
  return { ...actual, content: () => reading.content ?? actual.content() };
});

afterEach(() => {
  reading.content = undefined;
});

describe('orderSettings', () => {
  it("carries the Studio's GST invoice settings: the supplier, the dated rates, the charges' tax, the signature", async () => {
    const settings = await orderSettings();
    expect(settings.gst).toEqual(makeInvoiceSettings());
    expect(settings.pickup.pincode).toBe('249135');
  });

  it('has no GST settings, and invents none, when the Studio has no GST invoice particulars', async () => {
    reading.content = contentOver(loadBundledDataset().map(({ gstInvoice: _gst, ...doc }) => doc));
    const settings = await orderSettings();
    expect('gst' in settings).toBe(false);
    expect(settings.codCharge).toBe(150);
  });
});
