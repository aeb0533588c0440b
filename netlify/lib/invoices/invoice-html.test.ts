import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { makeCreditNote, makeInvoice, makeInvoiceLines, makeSampleInvoiceSettings } from '#tests/support/invoices.ts';
import { INVOICE_PAGE_POLICY, invoiceHtml, invoiceMessageHtml } from './invoice-html.ts';
import { INVOICE_STYLE } from './invoice-style.ts';

const LINKS = {
  pdf: '/orders/OUO_1764057000000/invoice.pdf?key=k1',
  order: '/orders/OUO_1764057000000?key=k1',
};

/** The page's text as a reader sees it: tags dropped, entities read, spaces collapsed. */
function textOf(html: string): string {
  return html
    .replace(/<style>[\s\S]*?<\/style>/, '')
    .replace(/<[^>]+>/g, ' ')
    .replaceAll('&amp;', '&')
    .replaceAll('&lt;', '<')
    .replaceAll('&gt;', '>')
    .replaceAll('&quot;', '"')
    .replaceAll('&#39;', "'")
    .replace(/\s+/g, ' ');
}

/** The table's column headings, in order. */
const headings = (html: string) =>
  [...(/<thead>([\s\S]*?)<\/thead>/.exec(html)?.[1] ?? '').matchAll(/<th[^>]*>([^<]*)<\/th>/g)].map((m) => m[1]);

describe('invoiceHtml', () => {
  it('prints every Rule 46 particular, each with its label', () => {
    const html = invoiceHtml(makeInvoice({ shippingCharge: 65 }), LINKS);
    const text = textOf(html);
    expect(html).toMatch(/^<!doctype html>\n<html lang="en">/);
    expect(html).toContain('<h1>Tax Invoice · <span lang="hi">कर बीजक</span></h1>');
    expect(html).toContain('<title>Tax Invoice OUO/26-27/000123</title>');
    for (const particular of [
      // The supplier: trade and legal name, address, GSTIN, State and code.
      'Supplier Orang Utan Organics Orang Utan Organics Private Limited Village Raithal, Bhatwari Uttarkashi, Uttarakhand 249193',
      'GSTIN 05AAECO4719B1ZU State Uttarakhand (05)',
      // The serial number and the date.
      'Invoice No. OUO/26-27/000123',
      'Date 27 Nov 2026',
      'Order OUO_1764057000000',
      'Place of supply Uttarakhand (05)',
      // The recipient: name, address, an unregistered buyer's want of a GSTIN, State and code.
      'Recipient Asha Rawat 12 Mall Road Near the clock tower Dehradun, Uttarakhand 248001',
      'GSTIN Unregistered State Uttarakhand (05)',
      // Each line: description, HSN, quantity and unit, taxable value, rate, tax, amount.
      '1 Himalayan White Rajma, 500gm 07133300 2 PAC ₹660.95 5% ₹16.53 @ 2.5% ₹16.52 @ 2.5% ₹694.00',
      '2 Badri Cow Ghee, 120gm 040590 1 PAC ₹428.57 5% ₹10.72 @ 2.5% ₹10.71 @ 2.5% ₹450.00',
      '3 Shipping (part of the supply of goods) 07133300 1 OTH ₹61.90 5% ₹1.55 @ 2.5% ₹1.55 @ 2.5% ₹65.00',
      '4 Cash on delivery fee (part of the supply of goods) 07133300 1 OTH ₹142.86 5%',
      'Total ₹1,294.28 ₹32.37 ₹32.35 ₹1,359.00',
      // The total in figures and in words, reverse charge, the signature's note.
      'Total ₹1,359.00 Amount in words: Rupees One Thousand Three Hundred Fifty-Nine only',
      'Whether tax is payable on reverse charge: No',
      'This is a computer-generated invoice and needs no signature.',
    ]) {
      expect(text).toContain(particular);
    }
  });

  it('splits the tax into CGST and SGST within Uttarakhand, and shows IGST alone from another State', () => {
    const lineColumns = ['#', 'Description', 'HSN', 'Qty', 'Taxable value', 'GST rate'];
    expect(headings(invoiceHtml(makeInvoice(), LINKS))).toEqual([...lineColumns, 'CGST', 'SGST', 'Amount']);
    const elsewhere = invoiceHtml(makeInvoice({ interState: true, gstin: '27AAPFU0939F1ZV' }), LINKS);
    expect(headings(elsewhere)).toEqual([...lineColumns, 'IGST', 'Amount']);
    const text = textOf(elsewhere);
    expect(text).toContain('1 Himalayan White Rajma, 500gm 07133300 2 PAC ₹660.95 5% ₹33.05 @ 5% ₹694.00');
    expect(text).toContain('Total ₹1,232.38 ₹61.62 ₹1,294.00');
    expect(text).toContain('Place of supply Maharashtra (27)');
    expect(text).toContain('GSTIN 27AAPFU0939F1ZV State Maharashtra (27)');
    expect(text).toContain('Mumbai, Maharashtra 400020');
    expect(elsewhere).not.toMatch(/CGST|SGST/);
  });

  it('names a credit note as one, against its invoice by number and date', () => {
    const html = invoiceHtml(makeCreditNote(), LINKS);
    const text = textOf(html);
    expect(html).toContain('<h1>Credit Note · <span lang="hi">क्रेडिट नोट</span></h1>');
    expect(text).toContain('against invoice OUO/26-27/000123 of 27 Nov 2026');
    expect(text).toContain('Credit Note No. CN/26-27/000007 Date 29 Nov 2026');
    expect(text).toContain('Total ₹1,294.00 Amount in words: Rupees One Thousand Two Hundred Ninety-Four only');
    expect(text).toContain('This is a computer-generated credit note and needs no signature.');
    expect(text).not.toContain('Invoice No.');
  });

  it('writes amounts in words in lakh and crore, with paise', () => {
    const [rajma] = makeInvoiceLines();
    if (!rajma) throw new Error('makeInvoiceLines has a first line');
    const lakh = makeInvoice({
      lines: [{ ...rajma, quantity: 1, price: 1_23_456, lineTotal: 1_23_456 }],
      codCharge: 0,
    });
    expect(textOf(invoiceHtml(lakh, LINKS))).toContain(
      'Total ₹1,23,456.00 Amount in words: Rupees One Lakh Twenty-Three Thousand Four Hundred Fifty-Six only',
    );
    const crore = { ...lakh, totals: { ...lakh.totals, totalPaise: 1_00_00_000_55 } };
    expect(textOf(invoiceHtml(crore, LINKS))).toContain(
      'Total ₹1,00,00,000.55 Amount in words: Rupees One Crore and Fifty-Five Paise only',
    );
  });

  it('shows every value as text, never as markup', () => {
    const invoice = makeInvoice({
      customer: { name: 'Asha <b>Rawat</b>', address1: '"12" Mall Road & <script>alert(1)</script>' },
    });
    const html = invoiceHtml(invoice, { pdf: '/x?a="b"&c', order: "/o?k='1'" });
    expect(html).toContain('Asha &lt;b&gt;Rawat&lt;/b&gt;');
    expect(html).toContain('&quot;12&quot; Mall Road &amp; &lt;script&gt;alert(1)&lt;/script&gt;');
    expect(html).toContain('<a href="/x?a=&quot;b&quot;&amp;c">Download PDF</a>');
    expect(html).toContain('<a href="/o?k=&#39;1&#39;">Back to your order</a>');
    expect(html).not.toMatch(/<script|<b>/);
  });

  it('never prints the rates the owner has still to confirm: they are for staff', () => {
    const invoice = { ...makeInvoice(), ratesToConfirm: ['0712'] };
    expect(invoiceHtml(invoice, LINKS)).not.toMatch(/0712|confirm/i);
  });

  it('signs with the owner’s image and name when the Studio says so, or leaves the space blank without the image', () => {
    const signed = makeInvoice({
      settings: {
        signature: { mode: 'image', imageUrl: 'https://cdn.example/sign.png', signatory: 'Meera <Rawat>' },
      },
    });
    const html = invoiceHtml(signed, LINKS, 'data:image/png;base64,iVBORw0KGgo=');
    expect(html).toContain('<img src="data:image/png;base64,iVBORw0KGgo=" alt="Signature" height="56">');
    expect(textOf(html)).toContain('For Orang Utan Organics Private Limited Authorised signatory, Meera <Rawat>');
    expect(html).not.toContain('computer-generated');
    expect(html).not.toContain('cdn.example');
    const unsigned = invoiceHtml(signed, LINKS);
    expect(unsigned).not.toContain('<img');
    expect(unsigned).toContain('<p class="blank" aria-hidden="true"></p>');
  });

  it('prints the trade name alone when it is the legal name', () => {
    const supplier = { ...makeSampleInvoiceSettings().supplier, tradeName: 'Orang Utan Organics Private Limited' };
    const text = textOf(invoiceHtml(makeInvoice({ settings: { supplier } }), LINKS));
    expect(text).toContain('Supplier Orang Utan Organics Private Limited Village Raithal');
  });

  it('links to its PDF and the order, hidden in print', () => {
    const html = invoiceHtml(makeInvoice(), LINKS);
    expect(html).toContain(`<a href="${LINKS.pdf.replace('&', '&amp;')}">Download PDF</a>`);
    expect(INVOICE_STYLE).toContain('@page{size:A4;margin:12mm}');
    expect(INVOICE_STYLE.slice(INVOICE_STYLE.indexOf('@media print'))).toContain('.actions{display:none}');
  });
});

describe('invoiceMessageHtml', () => {
  it('says why there is nothing to show, with the way back when there is one', () => {
    const html = invoiceMessageHtml('No tax invoice for this order yet.', LINKS.order);
    expect(textOf(html)).toContain('Tax invoice No tax invoice for this order yet. Back to your order');
    expect(invoiceMessageHtml('Not found.')).not.toContain('<a ');
  });
});

describe('INVOICE_PAGE_POLICY', () => {
  it('allows its one style block by hash and inline images, and nothing else', () => {
    const hash = createHash('sha256').update(INVOICE_STYLE).digest('base64');
    expect(INVOICE_PAGE_POLICY).toBe(
      `default-src 'none'; style-src 'sha256-${hash}'; img-src data:; base-uri 'none'; form-action 'none'; frame-ancestors 'none'`,
    );
    expect(invoiceHtml(makeInvoice(), LINKS)).toContain(`<style>${INVOICE_STYLE}</style>`);
  });
});
