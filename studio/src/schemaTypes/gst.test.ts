/**
 * The Studio's GST rules (issue 35): the dated `taxRate` documents and Shop settings → GST invoices,
 * through Sanity's own validation, against the bundled dataset and documents broken on purpose.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { loadBundledDataset, type SanityDocument } from '../../../src/content/bundled-dataset.server.ts';
import { errorsOf, markersOf } from '../../seed/studio-validation.ts';
import { rateTitle, TO_CONFIRM_WARNING } from './documents/tax-rate.ts';
import { PLACEHOLDER_GSTIN } from './singletons/gst-invoice.ts';

let dataset: SanityDocument[];
let settings: SanityDocument;
let ghee: SanityDocument;
beforeAll(() => {
  dataset = loadBundledDataset();
  settings = dataset.find((doc) => doc._id === 'shopSettings') as SanityDocument;
  ghee = dataset.find((doc) => doc._id === 'taxRate-0405-2025-09-22') as SanityDocument;
});

const rateDoc = (fields: Record<string, unknown>): SanityDocument => ({ ...ghee, _id: 'taxRate-new', ...fields });
const withInvoice = (fields: Record<string, unknown>): SanityDocument => ({
  ...settings,
  gstInvoice: { ...(settings.gstInvoice as object), ...fields },
});
const errorText = async (document: SanityDocument) => (await errorsOf(document, dataset)).join('\n');

describe('taxRate', () => {
  it('ships the rates of the issue, two of them marked to confirm, each warned about', async () => {
    const rates = dataset.filter((doc) => doc._type === 'taxRate');
    expect(rates.map((rate) => `${rateTitle(rate)}${rate.toConfirm ? ' (to confirm)' : ''}`)).toEqual([
      '0713 · 5 % from 1 Jul 2017',
      '1006 · 5 % from 1 Jul 2017',
      '0405 · 12 % from 1 Jul 2017',
      '0405 · 5 % from 22 Sep 2025',
      '0909 · 5 % from 1 Jul 2017',
      '0910 · 5 % from 1 Jul 2017',
      '1201 · 5 % from 1 Jul 2017 (to confirm)',
      '0712 · 5 % from 1 Jul 2017 (to confirm)',
    ]);
    const warnings = (await Promise.all(rates.map((rate) => markersOf(rate, dataset, 'warning')))).flat();
    expect(warnings).toEqual([
      `taxRate-1201-2017-07-01 toConfirm: ${TO_CONFIRM_WARNING}`,
      `taxRate-0712-2017-07-01 toConfirm: ${TO_CONFIRM_WARNING}`,
    ]);
  });

  it('takes an HSN of 4, 6 or 8 digits only', async () => {
    for (const hsn of ['0405', '040590', '07133300']) {
      expect(await errorsOf(rateDoc({ hsn, validFrom: '2030-01-01' }), dataset), hsn).toEqual([]);
    }
    for (const hsn of ['405', '04059', '0405 90', '071333001', '']) {
      expect(await errorText(rateDoc({ hsn, validFrom: '2030-01-01' })), hsn).toContain('taxRate-new hsn');
    }
  });

  it('takes a rate from 0 to 28 with at most two decimals', async () => {
    for (const rate of [0, 0.25, 5, 28]) {
      expect(await errorsOf(rateDoc({ rate, validFrom: '2030-01-01' }), dataset), String(rate)).toEqual([]);
    }
    for (const rate of [-1, 28.5, 40, 0.125]) {
      expect(await errorText(rateDoc({ rate, validFrom: '2030-01-01' })), String(rate)).toContain('taxRate-new rate');
    }
  });

  it('refuses a second rate for the same HSN from the same day, and a rate without its date', async () => {
    expect(await errorText(rateDoc({}))).toContain('Another rate for HSN 0405 already starts on 2025-09-22.');
    expect(await errorText(rateDoc({ validFrom: undefined }))).toContain('taxRate-new validFrom');
  });

  it('reads a rate as the list shows it', () => {
    expect(rateTitle({ hsn: '0405', rate: 5, validFrom: '2025-09-22' })).toBe('0405 · 5 % from 22 Sep 2025');
    expect(rateTitle({})).toBe('???? · ? % from no date');
  });
});

describe('Shop settings → GST invoices', () => {
  it('passes with the bundled values, warning only that the GSTIN is the placeholder', async () => {
    expect(await errorsOf(settings, dataset)).toEqual([]);
    expect(await markersOf(settings, dataset, 'warning')).toEqual([
      "shopSettings gstInvoice.gstin: This is the bundled placeholder, not the shop's GSTIN.",
    ]);
    expect((settings.gstInvoice as { gstin: string }).gstin).toBe(PLACEHOLDER_GSTIN);
  });

  it('may be left out altogether (no invoices), but once there every particular is needed', async () => {
    const { gstInvoice: _left, ...without } = settings;
    expect(await errorsOf(without as SanityDocument, dataset)).toEqual([]);
    const errors = await errorText({ ...settings, gstInvoice: { invoicePrefix: 'OUO' } });
    for (const field of ['legalName', 'gstin', 'address', 'stateName', 'stateCode', 'chargesTax', 'signature']) {
      expect(errors).toContain(`gstInvoice.${field}`);
    }
  });

  it('checks the GSTIN: its shape, its check character, its State code', async () => {
    // A published valid GSTIN, with the State code to match.
    expect(await errorsOf(withInvoice({ gstin: '27AAPFU0939F1ZV', stateCode: '27' }), dataset)).toEqual([]);
    expect(await errorText(withInvoice({ gstin: '27AAPFU0939F1ZW', stateCode: '27' }))).toContain(
      'This GSTIN fails its check character',
    );
    for (const gstin of ['05AAAFO0000A1Z', '05aaafo0000a1zk', '05AAAFO0000A1XK']) {
      expect(await errorText(withInvoice({ gstin })), gstin).toContain('A GSTIN is 15 capital letters and digits');
    }
    expect(await errorText(withInvoice({ stateCode: '09' }))).toContain(
      'The State code is the first two digits of the GSTIN.',
    );
  });

  it('keeps the invoice prefix to 3 capitals or digits, so a number stays within 16 characters', async () => {
    expect(await errorsOf(withInvoice({ invoicePrefix: 'OU1' }), dataset)).toEqual([]);
    for (const invoicePrefix of ['OUOX', 'ou', 'O/U', '']) {
      expect(await errorText(withInvoice({ invoicePrefix })), invoicePrefix).toContain('gstInvoice.invoicePrefix');
    }
  });

  it('asks for the rate and the SAC only when the charges have a rate of their own', async () => {
    const errors = await errorText(withInvoice({ chargesTax: { mode: 'rate' } }));
    expect(errors).toContain('The rate is needed when the charges have a rate of their own.');
    expect(errors).toContain('The SAC is needed when the charges have a rate of their own.');
    const ownRate = { mode: 'rate', rate: 18, sac: '996812' };
    expect(await errorsOf(withInvoice({ chargesTax: ownRate }), dataset)).toEqual([]);
    expect(await errorText(withInvoice({ chargesTax: { ...ownRate, sac: '123456' } }))).toContain(
      'gstInvoice.chargesTax.sac',
    );
  });

  it('asks for the image and the signatory only when the invoice is signed with an image', async () => {
    const errors = await errorText(withInvoice({ signature: { mode: 'image' } }));
    expect(errors).toContain('Add the signature image, or choose computer-generated.');
    expect(errors).toContain('Add the name of whoever signs.');
    const asset = dataset.find((doc) => doc._type === 'sanity.imageAsset')?._id;
    const signed = { mode: 'image', signatory: 'Meera Rawat', image: { _type: 'image', asset: { _ref: asset } } };
    expect(await errorsOf(withInvoice({ signature: signed }), dataset)).toEqual([]);
  });
});
