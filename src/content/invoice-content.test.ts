/**
 * The GST invoices' settings through the content layer (issue 35): the bundled dataset's supplier
 * and dated rates, parsed into the shop's `InvoiceSettings`; a dataset without them; the other
 * modes (charges at their own rate, a signature image) as an editor may set them.
 */
import { describe, expect, it } from 'vitest';
import { contentOver } from '../../tests/support/content.ts';
import { makeInvoiceSettings } from '../../tests/support/invoices.ts';
import { loadBundledDataset, type SanityDocument } from './bundled-dataset.server.ts';
import { ContentError, createContent } from './content.server.ts';
import { createBundledSource } from './source.server.ts';

const content = createContent(createBundledSource());

/** A content reader over the bundled dataset with its Shop settings changed by `change`. */
function withSettings(change: (settings: SanityDocument) => SanityDocument) {
  return contentOver(loadBundledDataset().map((doc) => (doc._id === 'shopSettings' ? change(doc) : doc)));
}

const withInvoice = (fields: Record<string, unknown>) =>
  withSettings((settings) => ({ ...settings, gstInvoice: { ...(settings.gstInvoice as object), ...fields } }));

describe('the bundled GST invoice settings', () => {
  it('are the values the tests build with (makeInvoiceSettings)', async () => {
    expect(await content.invoiceSettings()).toEqual(makeInvoiceSettings());
  });

  it('carry the dated rates the owner must confirm: ghee 12 % until 21 Sep 2025, 5 % from the 22nd', async () => {
    const rates = (await content.invoiceSettings())?.rates ?? [];
    expect(rates.filter((rate) => rate.hsn === '0405')).toEqual([
      { hsn: '0405', rate: 12, validFrom: '2017-07-01' },
      { hsn: '0405', rate: 5, validFrom: '2025-09-22' },
    ]);
    expect(rates.filter((rate) => rate.toConfirm).map((rate) => rate.hsn)).toEqual(['0712', '1201']);
  });

  it("have a rate for every product's HSN, the HSN of the facts file", async () => {
    const rates = (await content.invoiceSettings())?.rates ?? [];
    const catalogue = await content.catalogue();
    expect(Object.fromEntries(catalogue.map((product) => [product.name, product.hsnCode]))).toEqual({
      'Himalayan White Rajma': '07133300',
      'Himalayan Red Rajma': '07133300',
      'Badri Cow Ghee': '040590',
      'Himalayan Black Soyabean': '1201',
      'Himalayan Red Rice': '10061090',
      'Wild Himalayan Tempering Spice': '07129090',
    });
    const unrated = catalogue.filter((product) => !rates.some((rate) => product.hsnCode?.startsWith(rate.hsn)));
    expect(unrated.map((product) => product.name)).toEqual([]);
  });
});

describe('invoice settings as an editor may leave them', () => {
  it('are undefined in a dataset without GST invoice particulars, with no supplier invented', async () => {
    const older = withSettings(({ gstInvoice: _gst, ...settings }) => settings as SanityDocument);
    expect(await older.invoiceSettings()).toBeUndefined();
  });

  it('fill an empty prefix, charges and signature with the defaults, and print a trade name only when given', async () => {
    const bare = withInvoice({ invoicePrefix: null, chargesTax: null, signature: null, tradeName: 'OUO Farms' });
    expect(await bare.invoiceSettings()).toMatchObject({
      supplier: { legalName: 'Orang Utan Organics', tradeName: 'OUO Farms' },
      prefix: 'OUO',
      charges: { mode: 'principal' },
      signature: { mode: 'computer-generated' },
    });
  });

  it('take charges at a rate of their own, and drop what the other mode left behind', async () => {
    const ownRate = withInvoice({ chargesTax: { mode: 'rate', rate: 18, sac: '996812' } });
    expect((await ownRate.invoiceSettings())?.charges).toEqual({ mode: 'rate', rate: 18, sac: '996812' });
    const switchedBack = withInvoice({ chargesTax: { mode: 'principal', rate: 18, sac: '996812' } });
    expect((await switchedBack.invoiceSettings())?.charges).toEqual({ mode: 'principal' });
  });

  it("give a signature image as its URL, with the signatory's name", async () => {
    const asset = loadBundledDataset().find((doc) => doc._type === 'sanity.imageAsset');
    const signed = withInvoice({
      signature: { mode: 'image', signatory: 'Meera Rawat', image: { _type: 'image', asset: { _ref: asset?._id } } },
    });
    expect((await signed.invoiceSettings())?.signature).toEqual({
      mode: 'image',
      imageUrl: asset?.url,
      signatory: 'Meera Rawat',
    });
  });

  it('refuse what the Studio would refuse, naming the invoice settings', async () => {
    for (const fields of [
      { gstin: '05AAAFO0000A1Z' },
      { stateCode: '5' },
      { invoicePrefix: 'OUOX' },
      { address: [] },
      { chargesTax: { mode: 'rate', rate: 18 } },
      { signature: { mode: 'image', signatory: 'Meera Rawat' } },
    ]) {
      await expect(withInvoice(fields).invoiceSettings(), JSON.stringify(fields)).rejects.toThrow(ContentError);
    }
    await expect(withInvoice({ gstin: 'x' }).invoiceSettings()).rejects.toThrow(/invoice settings/);
  });
});
