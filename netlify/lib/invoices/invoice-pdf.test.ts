/**
 * The PDF drawn, then read back as a reader's PDF viewer reads it (unpdf: PDF.js's text layer), so
 * what is tested is what a shopper or an accountant can search and copy, not what we meant to draw.
 */
import { extractText, getDocumentProxy } from 'unpdf';
import { describe, expect, it } from 'vitest';
import { makeCreditNote, makeInvoice, makeInvoiceLines, TINY_PNG_BASE64 } from '#tests/support/invoices.ts';
import { invoiceDefinition, invoicePdf } from './invoice-pdf.ts';

const PNG = `data:image/png;base64,${TINY_PNG_BASE64}`;

async function read(pdf: Buffer): Promise<{ text: string; pages: number }> {
  const document = await getDocumentProxy(new Uint8Array(pdf));
  const { text, totalPages } = await extractText(document, { mergePages: true });
  return { text: text.replace(/\s+/g, ' '), pages: totalPages };
}

describe('invoicePdf', () => {
  it('draws the invoice on one A4 page, every figure and particular readable as text', async () => {
    const pdf = await invoicePdf(makeInvoice({ shippingCharge: 65 }));
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const { text, pages } = await read(pdf);
    expect(pages).toBe(1);
    for (const particular of [
      'Tax Invoice · कर बीजक',
      'Invoice No. OUO/26-27/000123',
      'Date 27 Nov 2026',
      'Place of supply Uttarakhand (05)',
      'GSTIN 05AAECO4719B1ZU',
      'State Uttarakhand (05)',
      'Orang Utan Organics Private Limited',
      'Asha Rawat',
      'GSTIN Unregistered',
      'Himalayan White Rajma, 500gm 07133300 2 PAC ₹660.95 5% ₹16.53 @ 2.5% ₹16.52 @ 2.5% ₹694.00',
      'Total ₹1,294.28 ₹32.37 ₹32.35 ₹1,359.00',
      'Total ₹1,359.00',
      'Amount in words: Rupees One Thousand Three Hundred Fifty-Nine only',
      'Whether tax is payable on reverse charge: No',
      'This is a computer-generated invoice and needs no signature.',
      'Tax Invoice OUO/26-27/000123 · page 1 of 1',
    ]) {
      expect(text).toContain(particular);
    }
  });

  it('shows IGST alone for a buyer in another State, with their GSTIN', async () => {
    const { text } = await read(await invoicePdf(makeInvoice({ interState: true, gstin: '27AAPFU0939F1ZV' })));
    expect(text).toContain('Place of supply Maharashtra (27)');
    expect(text).toContain('GSTIN 27AAPFU0939F1ZV');
    expect(text).toContain('IGST');
    expect(text).toContain('₹33.05 @ 5%');
    expect(text).not.toMatch(/CGST|SGST/);
  });

  it('draws a credit note against its invoice', async () => {
    const { text } = await read(await invoicePdf(makeCreditNote()));
    expect(text).toContain('Credit Note ·');
    // PDF.js reads the Hindi in the order it is drawn: ि before the letter it follows in speech.
    expect(text).toContain('नोट');
    expect(text).toContain('against invoice OUO/26-27/000123 of 27 Nov 2026');
    expect(text).toContain('Credit Note No. CN/26-27/000007');
    expect(text).toContain('Rupees One Thousand Two Hundred Ninety-Four only');
  });

  it('embeds one font, Noto Sans Devanagari, as subsets (regular and bold), and no other', async () => {
    const pdf = (await invoicePdf(makeInvoice())).toString('latin1');
    const fonts = [...pdf.matchAll(/\/BaseFont\s*\/([A-Z]{6}\+[\w-]+)/g)].map((match) => match[1]);
    expect(new Set(fonts.map((font) => font?.slice(7)))).toEqual(
      new Set(['NotoSansDevanagari-Regular', 'NotoSansDevanagari-Bold']),
    );
    expect(pdf.match(/\/FontFile2/g)?.length).toBe(2);
    expect(pdf).not.toMatch(/Helvetica|Roboto/);
  });

  it('signs with the image the function fetched, and its signatory', async () => {
    const invoice = makeInvoice({
      settings: { signature: { mode: 'image', imageUrl: 'https://cdn.example/sign.png', signatory: 'Meera Rawat' } },
    });
    const pdf = await invoicePdf(invoice, PNG);
    expect(pdf.toString('latin1')).toMatch(/\/Subtype\s*\/Image/);
    const { text } = await read(pdf);
    expect(text).toContain('For Orang Utan Organics Private Limited');
    expect(text).toContain('Authorised signatory, Meera Rawat');
    expect(text).not.toContain('computer-generated');
    // Without the image, the space is left for a hand; no image is drawn.
    expect((await invoicePdf(invoice)).toString('latin1')).not.toMatch(/\/Subtype\s*\/Image/);
  });

  it('runs over pages with the table’s heading on each, numbered in the footer', async () => {
    const [rajma] = makeInvoiceLines();
    if (!rajma) throw new Error('makeInvoiceLines has a first line');
    const lines = Array.from({ length: 60 }, (_, index) => ({ ...rajma, productId: index }));
    const { text, pages } = await read(await invoicePdf(makeInvoice({ lines })));
    expect(pages).toBe(2);
    expect(text.match(/Taxable value/g)).toHaveLength(2);
    expect(text).toContain('page 2 of 2');
  });
});

describe('invoiceDefinition', () => {
  it('never prints the rates the owner has still to confirm, and loads nothing but its own image', () => {
    const definition = JSON.stringify(invoiceDefinition({ ...makeInvoice(), ratesToConfirm: ['0712'] }));
    expect(definition).not.toMatch(/0712|confirm/i);
    expect(definition).not.toMatch(/https?:/);
  });
});
