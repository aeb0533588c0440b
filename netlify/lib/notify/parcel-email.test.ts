import { describe, expect, it } from 'vitest';
import { applyScans, newParcel } from '#shop/parcel/index.ts';
import { makeCustomer } from '#tests/support/factories.ts';
import { makeInvoice } from '#tests/support/invoices.ts';
import { type NotifiedOrder, parcelEmail } from './parcel-email.ts';

const shop = {
  name: 'Orang Utan Organics',
  email: 'hello@example.in',
  phone: '+91 90000 00000',
  whatsappNumber: '919000000000',
};
const failed = applyScans(newParcel(), [
  {
    at: '2026-11-22T12:30:00.000Z',
    type: 'UD',
    status: 'Pending',
    code: 'EOD-74',
    location: 'Hub',
    note: 'Gate <locked> & "closed"',
  },
]).parcel;
const order = (overrides: Partial<NotifiedOrder> = {}): NotifiedOrder => ({
  orderId: 'OUO_1797000000001',
  key: 'a'.repeat(32),
  mode: 'cod',
  customer: makeCustomer({ name: 'Asha <b>Rawat</b>' }),
  totals: { subtotal: 694, shippingCharge: 90, codCharge: 150, total: 934 },
  forwards: { sheet: { status: 'done', attempts: 1 }, shipment: { status: 'done', attempts: 1, waybill: 'SIM1' } },
  parcel: failed,
  ...overrides,
});

describe('the shipped email and the GST tax invoice', () => {
  it('links the invoice issued at booking, the page and its PDF, under the order key', () => {
    const invoice = makeInvoice({ orderId: 'OUO_1797000000001', number: 'OUO/26-27/000042' });
    const { html } = parcelEmail(order({ invoice }), 'shipped', shop, 'https://shop.example');
    const page = `https://shop.example/orders/OUO_1797000000001/invoice?key=${'a'.repeat(32)}`;
    expect(html).toContain(`Your GST tax invoice is <a href="${page}">OUO/26-27/000042</a>`);
    expect(html).toContain(
      `href="https://shop.example/orders/OUO_1797000000001/invoice.pdf?key=${'a'.repeat(32)}">PDF</a>`,
    );
  });

  it('says nothing of an invoice not issued yet, or of one an order without a key could not open', () => {
    expect(parcelEmail(order(), 'shipped', shop, 'https://shop.example').html).not.toContain('invoice');
    const invoice = makeInvoice({ orderId: 'OUO_1797000000001' });
    const keyless = parcelEmail(order({ invoice, key: undefined }), 'shipped', shop, 'https://shop.example');
    expect(keyless.html).not.toContain('invoice');
  });
});

describe('the parcel emails', () => {
  it('say where the parcel is, link to the order page (or /track without a key), and escape every value', () => {
    const shipped = parcelEmail(order(), 'shipped', shop, 'https://shop.example/');
    expect(shipped.subject).toBe('Your order OUO_1797000000001 is on its way');
    expect(shipped.html).toContain('with Delhivery (waybill SIM1)');
    expect(shipped.html).toContain(`href="https://shop.example/orders/OUO_1797000000001?key=${'a'.repeat(32)}"`);
    expect(shipped.html).toContain('Hello Asha &lt;b&gt;Rawat&lt;/b&gt;,');
    const keyless = parcelEmail(order({ key: undefined }), 'shipped', shop, 'https://shop.example');
    expect(keyless.html).toContain('href="https://shop.example/track"');
    expect(keyless.html).toContain('Track your order');
  });

  it('tell a COD shopper what to keep ready, and a prepaid one that nothing is due', () => {
    expect(parcelEmail(order(), 'out-for-delivery', shop, 'https://shop.example').html).toContain(
      'please keep <strong>₹934</strong> ready for the courier',
    );
    expect(parcelEmail(order({ mode: 'prepaid' }), 'out-for-delivery', shop, 'https://shop.example').html).toContain(
      'It is paid: there is nothing to pay the courier.',
    );
    // A COD fee paid now is not collected again (rule 17).
    const advance = order({ cod: { decision: { outcome: 'allow', reasons: [], at: '' }, advance: { amount: 150 } } });
    expect(parcelEmail(advance, 'out-for-delivery', shop, 'https://shop.example').html).toContain(
      'please keep <strong>₹784</strong> ready for the courier',
    );
  });

  it("quote the courier's words for a failed attempt, escaped, and say what happens next", () => {
    const email = parcelEmail(order(), 'delivery-failed', shop, 'https://shop.example');
    expect(email.subject).toBe('We could not deliver your order OUO_1797000000001');
    expect(email.html).toContain('They said: “Gate &lt;locked&gt; &amp; &quot;closed&quot;”.');
    expect(email.html).toContain('If a second attempt fails, the parcel comes back to us');
    expect(email.html).toContain('https://wa.me/919000000000');
    expect(parcelEmail(order({ parcel: undefined }), 'delivery-failed', shop, 'https://shop.example').html).toContain(
      'They said: “no reason given”.',
    );
    expect(parcelEmail(order(), 'delivered', shop, 'https://shop.example').subject).toBe(
      'Your order OUO_1797000000001 has been delivered',
    );
  });
});
