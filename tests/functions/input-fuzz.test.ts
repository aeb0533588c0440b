/**
 * Property tests of the shared schemas (issue 37, docs/security.md): whatever a shopper or an
 * attacker sends, a value the schemas accept holds no control or invisible character (but a line
 * break in a review or message, and the joiner inside an emoji), no Sheet cell made from it starts
 * a formula, and a refusal speaks only the shop's words.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseInShopWords } from '../../netlify/lib/platform/http.ts';
import { orderRows } from '../../netlify/lib/sheets/orders-tab.ts';
import { CONTACT_TAB, REVIEWS_TAB } from '../../netlify/lib/sheets/submission-tabs.ts';
import { tabRows } from '../../netlify/lib/sheets/tabs.ts';
import {
  checkoutFormSchema,
  codOrderRequestSchema,
  contactSubmissionSchema,
  reviewSubmissionSchema,
  shippingQuoteRequestSchema,
  trackRequestSchema,
} from '../../src/shop/schemas/index.ts';
import { en } from '../../src/shop/texts/server.ts';
import { makeCustomer } from '../support/factories.ts';
import { RAJMA_COD_TOTAL, rajma } from '../support/orders.ts';
import { makeSheetOrder } from '../support/sheets.ts';

const RUNS = { numRuns: 400 };

/** The characters that got through before (issue 37), and their neighbours. */
const TRICKY = [
  '\u0000',
  '\u0007',
  '\u001b',
  '\u007f',
  '\u0085',
  '\u00ad',
  '\u061c',
  '\u180e',
  '\u200b',
  '\u200c',
  '\u200d',
  '\u200e',
  '\u200f',
  '\u202a',
  '\u202e',
  '\u2060',
  '\u2066',
  '\u2069',
  '\ufeff',
  '\ufff9',
  '\t',
  '\r',
  '\n',
  '\u2028',
  '\u2029',
  ' ',
  '\u00a0',
  '=',
  '+',
  '-',
  '@',
  '\uff1d',
  '\uff0b',
  '\uff0d',
  '\uff20',
  '９',
  '8',
  'a',
  'é',
  'é',
  'क',
  '्',
  '👩',
  '\u200d',
  '💻',
  '\ufe0f',
  '\ud83c',
  '/',
  '.',
  ':',
];
/** A string of tricky characters and ordinary text, or any string at all. */
const hostile = fc.oneof(
  fc.array(fc.constantFrom(...TRICKY), { maxLength: 12 }).map((chars) => chars.join('')),
  fc
    .tuple(
      fc.array(fc.constantFrom(...TRICKY), { maxLength: 4 }),
      fc.constantFrom('Asha', '9876543210', '248001', '=1+1', 'HYPERLINK("x")'),
    )
    .map(([chars, word]) => `${chars.join('')}${word}`),
  fc.string({ unit: 'binary', maxLength: 30 }),
);
const anyValue = fc.oneof(hostile, fc.anything({ maxDepth: 2 }));

/** Every string inside a parsed value, with its path. */
function strings(value: unknown, at = ''): [string, string][] {
  if (typeof value === 'string') return [[at, value]];
  if (value && typeof value === 'object') {
    return Object.entries(value).flatMap(([key, inner]) => strings(inner, at ? `${at}.${key}` : key));
  }
  return [];
}

/** Control and format characters, but the line break of a multi-line field and a joiner between emoji. */
function invisibleIn(text: string, multiLine: boolean): string[] {
  const found: string[] = [];
  for (const match of text.matchAll(/[\p{Cc}\p{Cf}]/gu)) {
    const offset = match.index;
    if (multiLine && match[0] === '\n') continue;
    const emojiJoiner =
      match[0] === '\u200d' &&
      /\p{Extended_Pictographic}\uFE0F?$/u.test(text.slice(0, offset)) &&
      /^\p{Extended_Pictographic}/u.test(text.slice(offset + 1));
    if (!emojiJoiner) found.push(`U+${match[0].codePointAt(0)?.toString(16).padStart(4, '0')}`);
  }
  return found;
}
const MULTI_LINE = new Set(['review', 'message']);

/** What a spreadsheet would run as a formula: its first character (or after spaces) is = + - @, or their full-width forms. */
const startsFormula = (cell: string) => /^\s*[=+\-@\uFF1D\uFF0B\uFF0D\uFF20]/.test(cell) || /^[\t\r]/.test(cell);

/** The shopper's texts a request may be answered with (src/shop/texts). */
const SHOP_TEXTS = new Set(
  strings(
    (['forms', 'pricing', 'delivery', 'order', 'parcel', 'request', 'review', 'contact'] as const).map(
      (domain) => en[domain],
    ),
  ).map(([, text]) => text),
);

const review = {
  name: 'Asha',
  email: 'asha@example.in',
  rating: 5,
  review: 'Lovely rajma.',
  location: 'Dehradun',
  productId: 1,
  submissionId: 'review-0001',
};
const message = {
  name: 'Asha',
  email: 'asha@example.in',
  phone: '',
  subject: 'Ghee',
  message: 'Next batch?',
  submissionId: 'contact-0001',
};
const order = {
  orderId: 'OUO_1796000000001',
  customer: makeCustomer(),
  lines: rajma,
  paymentMode: 'cod',
  clientTotal: RAJMA_COD_TOTAL,
};

/** A valid body with one field (or the customer's) replaced by something hostile. */
const mutated = (base: object, fields: string[]) =>
  fc
    .record({ field: fc.constantFrom(...fields), value: hostile })
    .map(({ field, value }) => ({ ...base, [field]: value }));

const SCHEMAS = [
  { name: 'review', schema: reviewSubmissionSchema, input: mutated(review, ['name', 'email', 'review', 'location']) },
  {
    name: 'contact',
    schema: contactSubmissionSchema,
    input: mutated(message, ['name', 'email', 'phone', 'subject', 'message']),
  },
  {
    name: 'checkout',
    schema: checkoutFormSchema,
    input: mutated(makeCustomer(), ['name', 'email', 'phone', 'address1', 'address2', 'pincode', 'city', 'state']),
  },
  {
    name: 'track',
    schema: trackRequestSchema,
    input: mutated({ orderId: 'OUO_1796000000001', phone: '98765 43210' }, ['orderId', 'phone']),
  },
] as const;

describe('no accepted value holds a control or invisible character', () => {
  it.each(SCHEMAS)('$name', ({ schema, input }) => {
    fc.assert(
      fc.property(input, (body) => {
        const parsed = schema.safeParse(body);
        if (!parsed.success) return;
        for (const [field, text] of strings(parsed.data)) {
          expect(invisibleIn(text, MULTI_LINE.has(field)), `${field}: ${JSON.stringify(text)}`).toEqual([]);
        }
      }),
      RUNS,
    );
  });
});

describe('no Sheet cell made from an accepted value starts a formula', () => {
  it('reviews, contact messages and orders', () => {
    fc.assert(
      fc.property(
        mutated(review, ['name', 'location', 'review']),
        mutated(message, ['name', 'phone', 'subject', 'message']),
        mutated(makeCustomer(), ['name', 'address1', 'address2', 'city', 'state']),
        (reviewBody, messageBody, customerBody) => {
          const cells: string[] = [];
          const acceptedReview = reviewSubmissionSchema.safeParse(reviewBody);
          if (acceptedReview.success) {
            const { submissionId, website: _, ...fields } = acceptedReview.data;
            const row = {
              ...fields,
              id: submissionId,
              product: 'Rajma',
              source: 'Website',
              date: '2026-11-26',
              display: 'No',
              type: 'review' as const,
            };
            cells.push(...tabRows(REVIEWS_TAB, row).flat());
          }
          const acceptedMessage = contactSubmissionSchema.safeParse(messageBody);
          if (acceptedMessage.success) {
            const { submissionId, website: _, ...fields } = acceptedMessage.data;
            cells.push(
              ...tabRows(CONTACT_TAB, {
                ...fields,
                id: submissionId,
                timestamp: '2026-11-26T10:00:00Z',
                type: 'contact',
              }).flat(),
            );
          }
          const acceptedCustomer = checkoutFormSchema.safeParse(customerBody);
          if (acceptedCustomer.success)
            cells.push(...orderRows(makeSheetOrder(undefined, undefined, acceptedCustomer.data)).flat());
          for (const cell of cells) expect(startsFormula(cell), JSON.stringify(cell)).toBe(false);
        },
      ),
      RUNS,
    );
  });
});

describe("a refusal speaks only the shop's words", () => {
  const BODIES = [
    { name: 'COD order', schema: codOrderRequestSchema, base: order as Record<string, unknown> },
    {
      name: 'shipping quote',
      schema: shippingQuoteRequestSchema,
      base: { lines: rajma, pincode: '248001', paymentMode: 'cod' },
    },
    { name: 'review', schema: reviewSubmissionSchema, base: review },
    { name: 'contact', schema: contactSubmissionSchema, base: message },
    { name: 'track', schema: trackRequestSchema, base: { orderId: 'OUO_1796000000001', phone: '98765 43210' } },
  ] as const;

  it.each(BODIES)('$name', ({ schema, base }) => {
    const fields = [...Object.keys(base), 'lines.0.productId', 'lines.0.quantity', 'lines.0.size', 'customer.phone'];
    const input = fc.oneof(
      anyValue,
      fc.record({ field: fc.constantFrom(...fields), value: anyValue }).map(({ field, value }) => {
        const [head, ...rest] = field.split('.');
        if (rest.length === 0) return { ...base, [field]: value };
        if (head === 'customer') return { ...base, customer: { ...makeCustomer(), phone: value } };
        return { ...base, lines: [{ ...rajma[0], [rest[1] as string]: value }] };
      }),
    );
    fc.assert(
      fc.property(input, (body) => {
        const parsed = parseInShopWords(schema, body);
        if (parsed.success) return;
        for (const issue of parsed.error.issues) expect(SHOP_TEXTS, issue.message).toContain(issue.message);
      }),
      RUNS,
    );
  });
});
