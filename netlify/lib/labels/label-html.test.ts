import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  collectLine,
  formatWeight,
  LABEL_PAGE_POLICY,
  LABEL_STYLE,
  type LabelParcel,
  labelHtml,
} from './label-html.ts';

const parcel: LabelParcel = {
  orderId: 'OUO_1763719200000',
  waybill: '1234567890123',
  mode: 'cod',
  total: 1347,
  grams: 1250,
  bookedAt: '2026-11-21T10:00:00.000Z',
  customer: {
    name: 'Asha Rawat',
    phone: '9876543210',
    address1: '12 Rajpur Road',
    address2: 'Near the clock tower',
    city: 'Dehradun',
    state: 'Uttarakhand',
    pincode: '248001',
  },
};
const sender = {
  name: 'Orang Utan Organics',
  address: 'Uttarkashi, Uttarakhand 249193, India',
  phone: '+91 98765 43210',
};

describe('labelHtml', () => {
  it('has the waybill as a barcode and in digits, both addresses, the order id, weight and date', () => {
    const html = labelHtml(parcel, sender);
    expect(html).toContain('<svg class="barcode"');
    expect(html).toContain('aria-label="Waybill 1234567890123"');
    expect(html).toContain('<p class="waybill">1234567890123</p>');
    for (const text of [
      'Deliver to',
      'Asha Rawat',
      '12 Rajpur Road',
      'Near the clock tower',
      'Dehradun, Uttarakhand',
      '248001',
      'Phone 9876543210',
    ]) {
      expect(html).toContain(text);
    }
    expect(html).toContain('From (return to)');
    expect(html).toContain(
      '<strong>Orang Utan Organics</strong><br>Uttarkashi, Uttarakhand 249193, India<br>Phone +91 98765 43210',
    );
    expect(html).toContain('Order <strong>OUO_1763719200000</strong>');
    expect(html).toContain('1.25 kg · 21 Nov 2026');
  });

  it('prints the shop’s name once when its address starts with it', () => {
    const html = labelHtml(parcel, {
      ...sender,
      address: 'Orang Utan Organics, Uttarkashi, Uttarakhand 249193, India',
    });
    expect(html).toContain('<strong>Orang Utan Organics</strong><br>Uttarkashi, Uttarakhand 249193, India<br>');
  });

  it('tells the courier to collect the COD total, large', () => {
    expect(labelHtml(parcel, sender)).toContain('<p class="collect">COLLECT ₹1,347</p>');
  });

  it('tells the courier to collect nothing on a prepaid parcel', () => {
    const html = labelHtml({ ...parcel, mode: 'prepaid' }, sender);
    expect(html).toContain('<p class="collect prepaid">PREPAID — do not collect</p>');
    expect(html).not.toContain('COLLECT ₹');
  });

  it('shows every value as text, never as markup', () => {
    const evil = '<img src=x onerror=alert(1)>"\'&';
    const html = labelHtml(
      {
        ...parcel,
        orderId: evil,
        customer: {
          ...parcel.customer,
          name: evil,
          address1: evil,
          address2: evil,
          city: evil,
          state: evil,
          phone: evil,
        },
      },
      { name: evil, address: evil, phone: evil },
      evil,
    );
    expect(html).not.toContain('<img');
    expect(html).not.toContain('onerror=alert(1)>');
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt;&quot;&#39;&amp;');
  });

  it('leaves out an empty second address line, and shows the note when there is one', () => {
    const html = labelHtml(
      { ...parcel, customer: { ...parcel.customer, address2: '  ' } },
      sender,
      'Drawn by the shop',
    );
    expect(html).not.toContain('  <br>');
    expect(html).toContain('<p class="note">Drawn by the shop</p>');
    expect(labelHtml(parcel, sender)).not.toContain('class="note"');
  });

  it('is sized for a 4 × 6 inch label when printed', () => {
    expect(LABEL_STYLE).toContain('@page{size:4in 6in;margin:0}');
    expect(LABEL_STYLE).toMatch(/@media print\{[^@]*\.label\{width:4in;height:6in/);
  });

  it('allows its one style block by hash, and nothing else', () => {
    const hash = createHash('sha256').update(LABEL_STYLE).digest('base64');
    expect(LABEL_PAGE_POLICY).toBe(`default-src 'none'; style-src 'sha256-${hash}'; frame-ancestors 'none'`);
    expect(labelHtml(parcel, sender)).toContain(`<style>${LABEL_STYLE}</style>`);
    expect(labelHtml(parcel, sender)).not.toContain('<script');
    expect(labelHtml(parcel, sender)).not.toContain('style="');
  });
});

describe('collectLine and formatWeight', () => {
  it.each([
    [{ mode: 'cod', total: 150 } as const, 'COLLECT ₹150'],
    [{ mode: 'cod', total: 12_345 } as const, 'COLLECT ₹12,345'],
    [{ mode: 'prepaid', total: 999 } as const, 'PREPAID — do not collect'],
  ])('%o → %s', (input, expected) => {
    expect(collectLine(input)).toBe(expected);
  });

  it.each([
    [250, '250 g'],
    [999.6, '1000 g'],
    [1000, '1 kg'],
    [2350, '2.35 kg'],
  ])('%d g → %s', (grams, expected) => {
    expect(formatWeight(grams)).toBe(expected);
  });
});

describe('labelHtml with what an older or sparse order lacks', () => {
  it('leaves out empty address lines, no place, an unreadable booking date, and says the note when given', () => {
    const sparse: LabelParcel = {
      ...parcel,
      bookedAt: 'not a date',
      customer: { ...parcel.customer, address2: '   ', city: undefined, state: '' },
    };
    const html = labelHtml(sparse, sender, "Delhivery's slip could not be fetched; this label is drawn by the shop");
    expect(html).not.toContain('   <br>');
    expect(html).not.toContain('Dehradun');
    expect(html).toContain(
      '<p class="note">Delhivery&#39;s slip could not be fetched; this label is drawn by the shop</p>',
    );
    const plain = labelHtml(
      { ...parcel, customer: { ...parcel.customer, address2: undefined, state: undefined } },
      sender,
    );
    expect(plain).toContain('Dehradun<br>');
    expect(plain).not.toContain('class="note"');
  });
});
