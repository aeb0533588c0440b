/**
 * docs/shop-rules.md quotes the shop's texts word for word (§5, §7, §8, §10, §12): every text of a
 * quoted domain must be there as written, its `{slot}`s as the rules write them. Every domain is
 * listed here as quoted or not, so a new domain is a decision, not an oversight.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ALL_ERROR_CODES, ERROR_CODES, ErrorCode } from '../error-codes.ts';
import { hi } from './hi.ts';
import { RATINGS } from './review.ts';
import { en, requestIssueText, text } from './server.ts';

/** docs/shop-rules.md with its line breaks and indents as single spaces: quotes wrap across lines. */
const rules = readFileSync(new URL('../../../docs/shop-rules.md', import.meta.url), 'utf8').replace(/\s+/g, ' ');

type Domain = keyof typeof en;

/** The domains shop-rules quotes, each text word for word; `except`: keys that are words, not quotes. */
const QUOTED: Partial<Record<Domain, { except?: string[] }>> = {
  forms: {},
  pricing: {},
  delivery: {},
  order: {},
  parcel: {},
  request: {},
  review: { except: ['rating'] },
  contact: {},
  cancel: {},
  cod: {},
  codAdvance: {},
  codConfirm: {},
  codReply: {},
  gstin: {},
  invoice: {},
  label: {},
  staff: {},
  whatsapp: {},
  whatsappFilled: {},
  early: { except: ['menuOpen', 'menuClose', 'cartLink'] },
};
/** The domains shop-rules does not quote: interface words (the copy test reads them on the built pages) and printed labels. */
const NOT_QUOTED: Domain[] = [
  'blog',
  'cancelPage',
  'cancelReason',
  'cart',
  'cartHead',
  'catalogueHead',
  'checkoutPage',
  'common',
  'contactPage',
  'filters',
  'guides',
  'guideFilters',
  'home',
  'invoiceDocument',
  'orderPage',
  'outbox',
  'product',
  'productPage',
  'reviewPage',
  'shell',
  'staffDesk',
  'story',
  'track',
  'whatsappOutbox',
];

/** Every text under `value`: `[key, words]`. */
function leaves(value: unknown, key: string): [string, string][] {
  if (typeof value === 'string') return [[key, value]];
  if (typeof value === 'function') throw new Error(`${key}: a quoted text is words with {slots}, not a function`);
  return Object.entries(value as object).flatMap(([inner, child]) => leaves(child, `${key}.${inner}`));
}

function quoted(set: Partial<Record<Domain, unknown>>): [string, string][] {
  return Object.entries(QUOTED).flatMap(([domain, { except = [] } = {}]) =>
    Object.entries((set[domain as Domain] ?? {}) as object)
      .filter(([key]) => !except.includes(key))
      .flatMap(([key, value]) => leaves(value, `${domain}.${key}`)),
  );
}

describe('the texts', () => {
  it('list every domain as quoted in shop-rules or not', () => {
    expect([...Object.keys(QUOTED), ...NOT_QUOTED].sort()).toEqual(Object.keys(en).sort());
  });

  it.each(quoted(en))('%s is quoted in docs/shop-rules.md word for word', (_key, words) => {
    expect(rules.includes(`'${words}'`), `'${words}' is not in docs/shop-rules.md`).toBe(true);
  });

  it.each(quoted(hi))('%s in Hindi is quoted in docs/shop-rules.md word for word', (_key, words) => {
    expect(rules.includes(`'${words}'`), `'${words}' is not in docs/shop-rules.md`).toBe(true);
  });

  it('name every rating, best first', () => {
    expect(RATINGS.map((rating) => `${rating} - ${text(`review.rating.${rating}`)}`)).toEqual([
      '5 - Excellent',
      '4 - Very Good',
      '3 - Good',
      '2 - Fair',
      '1 - Poor',
    ]);
  });
});

describe('the error codes', () => {
  it('are each in one domain, once', () => {
    const all = Object.values(ERROR_CODES).flat();
    expect(new Set(all).size).toBe(all.length);
    expect(ALL_ERROR_CODES).toEqual(all);
  });

  it('are named by themselves', () => {
    expect(Object.entries(ErrorCode)).toEqual(ALL_ERROR_CODES.map((code) => [code, code]));
    expect(Object.isFrozen(ErrorCode)).toBe(true);
  });
});

describe('requestIssueText', () => {
  it.each([
    [['lines', 0, 'productId'], en.request.cartLine],
    [['lines'], en.request.cartLine],
    [['paymentMode'], en.request.paymentMode],
    [['clientTotal'], en.request.clientTotal],
    [['razorpay_signature'], en.request.payment],
    [['outcome'], en.request.payment],
    [['orderId'], en.request.orderId],
    [['productId'], en.request.productId],
    [['submissionId'], en.request.submissionId],
    [['website'], en.request.invalid],
    [[], en.request.invalid],
    [undefined, en.request.invalid],
  ] as const)('words a field at %j by its name', (path, expected) => {
    expect(requestIssueText(path)).toBe(expected);
  });
});
