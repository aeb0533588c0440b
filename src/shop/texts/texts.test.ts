/**
 * The texts' home (docs/architecture.md, "Texts"): every language has English's keys and slots,
 * the reader fills a text's slots and reads a plural, and a wrong key or value does not compile.
 */
import { describe, expect, it } from 'vitest';
import { text as checkoutText } from './checkout.ts';
import { text as contactText } from './contact-pages.ts';
import { text as devText } from './dev.ts';
import { text as earlyText } from './early.ts';
import { en } from './en.ts';
import { hi } from './hi.ts';
import { text as sharedText } from './index.ts';
import { text as orderText } from './order-pages.ts';
import { type Leaf, reader, type Slots, type TextTree } from './read.ts';
import { text as reviewText } from './review-pages.ts';
import { text as schemasText } from './schemas.ts';
import { LANGUAGES, text } from './server.ts';
import { text as staticText } from './static-pages.ts';

/** Every key and its slots (a function text: `()`), by path. */
function shape(set: TextTree, prefix = ''): Record<string, string> {
  return Object.fromEntries(
    Object.entries(set).flatMap(([key, value]): [string, string][] => {
      const path = prefix + key;
      if (typeof value === 'object') return Object.entries(shape(value, `${path}.`));
      return [[path, typeof value === 'function' ? '()' : slotsOf(value)]];
    }),
  );
}
const slotsOf = (words: string) =>
  [...words.matchAll(/\{(\w+)\}/g)]
    .map((match) => match[1])
    .sort()
    .join(',');

/** Every language but English, by its code. */
const TRANSLATIONS: Record<string, TextTree> = { hi };

describe('every language', () => {
  const english = shape(en);

  it.each(Object.entries(TRANSLATIONS))('%s has only English keys, each with the same slots', (_code, set) => {
    const translated = shape(set);
    expect(Object.keys(translated).length).toBeGreaterThan(0);
    for (const [key, slots] of Object.entries(translated)) expect([key, slots]).toEqual([key, english[key]]);
  });

  it('is read by its code, English where a translation has no text yet', () => {
    expect(Object.keys(LANGUAGES)).toEqual(['en', ...Object.keys(TRANSLATIONS)]);
    expect(LANGUAGES.hi('whatsappFilled.payInCash', { amount: '₹100' })).toBe('₹100 नकद');
    expect(LANGUAGES.hi('forms.name')).toBe(LANGUAGES.en('forms.name'));
    expect(LANGUAGES.en('whatsappFilled.payInCash', { amount: '₹100' })).toBe('₹100 in cash');
  });
});

describe('each binding', () => {
  it("reads the shared words and its pages' own, in English's words", () => {
    expect([
      sharedText('product.addToCart'),
      checkoutText('gstin.label'),
      orderText('orderPage.print'),
      contactText('contact.send'),
      reviewText('review.submit'),
      staticText('story.origin'),
      devText('staff.booking'),
      schemasText('forms.required'),
      earlyText('early.menuOpen'),
    ]).toEqual([
      en.product.addToCart,
      en.gstin.label,
      en.orderPage.print,
      en.contact.send,
      en.review.submit,
      en.story.origin,
      en.staff.booking,
      en.forms.required,
      en.early.menuOpen,
    ]);
    expect(checkoutText('product.addToCart')).toBe(en.product.addToCart);
    // @ts-expect-error: a page's binding holds no other page's words
    expect(() => sharedText('gstin.label')).toThrow();
  });
});

describe('the plurals', () => {
  it("name the header's cart link by its count", () => {
    expect([0, 1, 2].map((count) => text('early.cartLink', { count }))).toEqual([
      'Cart, empty',
      'Cart, 1 item',
      'Cart, 2 items',
    ]);
  });

  it("say the outbox banner's orders as one or several", () => {
    expect(text('outbox.pending', { orders: ['OUO_1'] })).toMatch(/^Order OUO_1 has not reached us yet\. It is saved/);
    expect(text('outbox.pending', { orders: ['OUO_1', 'OUO_2'] })).toMatch(
      /^Orders OUO_1, OUO_2 have not reached us yet\. They are saved/,
    );
  });
});

describe('reader', () => {
  const set = {
    cart: {
      items: ({ count }: { count: number }) => (count === 1 ? '1 item' : `${count} items`),
      line: '{name} ({size}) × {quantity}',
      empty: 'Your cart is empty',
    },
  } as const satisfies TextTree;
  const read = reader(set);

  it('reads a text by its key, and fills its slots', () => {
    expect(read('cart.empty')).toBe('Your cart is empty');
    expect(read('cart.line', { name: 'Ghee', size: '500 ml', quantity: 2 })).toBe('Ghee (500 ml) × 2');
    expect(text('order.alreadyPaid', { orderId: 'OUO_1' })).toBe('Order OUO_1 is already paid.');
  });

  it('reads a plural with its count', () => {
    expect([0, 1, 2].map((count) => read('cart.items', { count }))).toEqual(['0 items', '1 item', '2 items']);
  });

  it('writes a value as given, never reading slots inside it', () => {
    expect(read('cart.line', { name: '{size} $&', size: 'S', quantity: 1 })).toBe('{size} $& (S) × 1');
  });

  it('keeps a slot it was given no value for (the types refuse it)', () => {
    // @ts-expect-error: a missing value does not compile
    expect(read('cart.line', { name: 'Ghee' })).toBe('Ghee ({size}) × {quantity}');
  });

  it('throws for a key it does not hold (the types refuse it)', () => {
    // @ts-expect-error: a wrong key does not compile
    expect(() => read('cart.nothing')).toThrow('No text at cart.nothing');
    // @ts-expect-error: a group is not a text
    expect(() => read('cart')).toThrow('No text at cart');
  });

  it('refuses at compile time a value a text has no slot for, and values for a text with none', () => {
    // @ts-expect-error: no slot `colour`
    read('cart.line', { name: 'Ghee', size: 'S', quantity: 1, colour: 'red' });
    // @ts-expect-error: no slots at all
    read('cart.empty', { name: 'Ghee' });
    // @ts-expect-error: Hindi has English's keys only
    expect(() => LANGUAGES.hi('whatsappFilled.nothing')).toThrow();
  });

  it('parses slot names from a text’s type', () => {
    const slots: Slots<'Order {orderId} of {date}'>[] = ['orderId', 'date'];
    const leaf: Leaf = set.cart.line;
    expect([slots, typeof leaf]).toEqual([['orderId', 'date'], 'string']);
  });
});

describe('the plurals the sweep of issue 49 brought in', () => {
  it('say one and several', () => {
    expect(sharedText('cart.noLongerAvailable', { names: ['Ghee'] })).toBe(
      'Ghee is no longer available and was removed from your cart.',
    );
    expect(sharedText('cart.noLongerAvailable', { names: ['Ghee', 'Rajma'] })).toBe(
      'Ghee, Rajma are no longer available and were removed from your cart.',
    );
    expect(sharedText('product.shown', { count: 1 })).toBe('1 product shown');
    expect(sharedText('product.shown', { count: 3 })).toBe('3 products shown');
    expect(sharedText('common.rated', { average: '4.0', count: 1 })).toBe('Rated 4.0 out of 5 from 1 review');
    expect(sharedText('common.rated', { average: '4.5', count: 2 })).toBe('Rated 4.5 out of 5 from 2 reviews');
  });
});
