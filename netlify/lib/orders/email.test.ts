import { describe, expect, it } from 'vitest';
import { makeCustomer, makePricedLine } from '#tests/support/factories.ts';
import { orderSettings } from './deps.ts';
import { type EmailedOrder, escapeHtml, orderEmail, orderPageUrl } from './email.ts';
import type { ShopContact } from './types.ts';

const shop: ShopContact = {
  name: 'Orang Utan Organics',
  email: 'hello@orangutanorganics.in',
  phone: '+91 98765 43210',
  whatsappNumber: '919876543210',
};

function order(overrides: Partial<EmailedOrder> = {}): EmailedOrder {
  return {
    orderId: 'OUO_1732000000001',
    key: '0123456789abcdef0123456789abcdef',
    mode: 'cod',
    createdAt: '2026-11-21T20:00:00.000Z', // 22 November in India
    customer: makeCustomer({ city: 'Dehradun', state: 'Uttarakhand' }),
    cart: {
      lines: [
        makePricedLine(),
        { productId: 3, size: '120gm', quantity: 1, name: 'Badri Cow Ghee', price: 499, weight: 120, lineTotal: 499 },
      ],
      subtotal: 1193,
      weight: 1120,
    },
    totals: { subtotal: 1193, shippingCharge: 0, codCharge: 150, total: 1343 },
    ...overrides,
  };
}

/** The email's words, without tags and with entities read back, as a shopper reads it. */
const text = (html: string) =>
  html
    .replace(/<[^>]+>/g, ' ')
    .replaceAll('&lt;', '<')
    .replaceAll('&gt;', '>')
    .replaceAll('&quot;', '"')
    .replaceAll('&#39;', "'")
    .replaceAll('&amp;', '&')
    .replace(/\s+/g, ' ');

describe('the confirmation email', () => {
  it('is titled with the order id and the shop', () => {
    expect(orderEmail(order(), shop, 'https://shop.example').subject).toBe(
      'Your order OUO_1732000000001 at Orang Utan Organics',
    );
  });

  it('lists each line (name, size, quantity, price), the money, the payment mode and the address', () => {
    const words = text(orderEmail(order(), shop, 'https://shop.example').html);
    expect(words).toContain('Hello Asha Rawat,');
    expect(words).toContain('Himalayan White Rajma 500gm · 2 × ₹347 ₹694');
    expect(words).toContain('Badri Cow Ghee 120gm · 1 × ₹499 ₹499');
    expect(words).toContain('Subtotal ₹1,193 Shipping Free Cash on delivery charge ₹150 Total ₹1,343');
    expect(words).toContain('You pay ₹1,343 in cash when it arrives.');
    expect(words).toContain('Payment Cash on delivery');
    expect(words).toContain('Delivering to Asha Rawat 12 Mall Road Near the clock tower Dehradun, Uttarakhand 248001');
    expect(words).toContain('placed on 22 November 2026');
  });

  it('for a prepaid order, says the payment reached the shop and has no COD charge', () => {
    const prepaid = order({ mode: 'prepaid', totals: { subtotal: 694, shippingCharge: 90, codCharge: 0, total: 784 } });
    const words = text(orderEmail(prepaid, shop, 'https://shop.example').html);
    expect(words).toContain('Your payment of ₹784 has reached us.');
    expect(words).toContain('Subtotal ₹694 Shipping ₹90 Total ₹784');
    expect(words).toContain('Payment Paid online');
    expect(words).not.toContain('Cash on delivery');
  });

  it("links to the order's own page with its key, and tells how to reach the shop", () => {
    const { html } = orderEmail(order(), shop, 'https://shop.example/');
    expect(html).toContain('href="https://shop.example/orders/OUO_1732000000001?key=0123456789abcdef0123456789abcdef"');
    expect(html).toContain('href="mailto:hello@orangutanorganics.in"');
    expect(html).toContain('href="https://wa.me/919876543210?text=Hi!%20About%20my%20order%20OUO_1732000000001"');
    expect(text(html)).toContain('call +91 98765 43210');
  });

  it("says what happens next in the shipping policy's own words (the order page shows the same)", async () => {
    const { whatHappensNext } = await orderSettings();
    expect(whatHappensNext.length).toBeGreaterThan(0);
    const words = text(orderEmail(order(), shop, 'https://shop.example', whatHappensNext).html);
    expect(words).toContain('What happens next');
    for (const paragraph of whatHappensNext) expect(words).toContain(paragraph);
    // A policy without those sections: no heading with nothing under it.
    expect(text(orderEmail(order(), shop, 'https://shop.example').html)).not.toContain('What happens next');
  });

  it('has no order link for an order recorded before orders had a key', () => {
    const { key: _key, ...keyless } = order();
    expect(orderPageUrl('https://shop.example', keyless)).toBeUndefined();
    expect(orderEmail(keyless, shop, 'https://shop.example').html).not.toContain('/orders/');
  });

  it('shows every value as text, never as markup', () => {
    const evil = '<img src=x onerror=alert(1)>';
    const customer = makeCustomer({ name: evil, address1: '"><script>alert(2)</script>', city: "O'Neil & Sons" });
    const { html } = orderEmail(order({ customer }), { ...shop, name: `${evil} Shop` }, 'https://shop.example');
    expect(html).not.toContain('<img');
    expect(html).not.toContain('<script');
    expect(html).toContain('Hello &lt;img src=x onerror=alert(1)&gt;,');
    expect(html).toContain('&quot;&gt;&lt;script&gt;alert(2)&lt;/script&gt;');
    expect(html).toContain('O&#39;Neil &amp; Sons');
    expect(escapeHtml(42)).toBe('42');
  });
});
