import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import * as cancelTexts from './cancel-texts.ts';
import * as codTexts from './cod-texts.ts';
import * as gstinTexts from './gstin-texts.ts';
import * as invoiceTexts from './invoice-texts.ts';
import * as shopperTexts from './messages.ts';
import {
  ALL_ERROR_CODES,
  ERROR_CODES,
  ErrorCode,
  RATING_LABELS,
  RATINGS,
  REQUEST_TEXTS,
  requestIssueText,
} from './messages.ts';
import * as staffTexts from './staff-texts.ts';
import * as whatsappTexts from './whatsapp-texts.ts';

/** docs/shop-rules.md with its line breaks and indents as single spaces: quotes wrap across lines. */
const rules = readFileSync(new URL('../../docs/shop-rules.md', import.meta.url), 'utf8').replace(/\s+/g, ' ');

/** The placeholders shop-rules writes for each text that takes values, in argument order. */
const PLACEHOLDERS: Record<string, string[]> = {
  'PRICING_TEXTS.unknownProduct': ['{id}'],
  'PRICING_TEXTS.unknownSize': ['{name}', '{size}'],
  'PRICING_TEXTS.outOfStock': ['{stock}', '{name}', '{size}'],
  'DELIVERY_MESSAGES.notServiceable': ['{pincode}'],
  'DELIVERY_MESSAGES.codUnavailable': ['{pincode}'],
  'ORDER_TEXTS.totalMismatch': ['{total}'],
  'COD_TEXTS.stateMismatch': ['{pincode}'],
  'ORDER_TEXTS.alreadyPaid': ['{orderId}'],
  'ORDER_TEXTS.unknownOrder': ['{orderId}'],
  'COD_ADVANCE_TEXTS.choice': ['{fee}'],
  'COD_ADVANCE_TEXTS.status': ['{fee}', '{cash}'],
  'COD_ADVANCE_TEXTS.placedDetail': ['{cash}'],
  'COD_ADVANCE_TEXTS.received': ['{fee}'],
  'COD_ADVANCE_TEXTS.thanks': ['{fee}', '{cash}'],
  'PARCEL_TEXTS.keepCashReady': ['{total}'],
  'PARCEL_TEXTS.failedDetail': ['{reason}'],
  'CANCEL_TEXTS.refundPending': ['{amount}'],
  'CANCEL_TEXTS.refunded': ['{amount}'],
  'CANCEL_TEXTS.refundFailed': ['{amount}'],
  'STAFF_TEXTS.unknownOrder': ['{orderId}'],
  'STAFF_TEXTS.moreThanLeft': ['{amount}', '{left}'],
  'STAFF_TEXTS.refundMade': ['{amount}', '{refundId}'],
  'STAFF_TEXTS.refundQueued': ['{amount}', '{key}'],
  'STAFF_TEXTS.refundRefused': ['{amount}', '{reason}'],
  'STAFF_TEXTS.refundManual': ['{amount}'],
  'STAFF_TEXTS.extraRefunded': ['{payments}'],
  'STAFF_TEXTS.booked': ['{waybill}'],
  'STAFF_TEXTS.codConfirmed': ['{status}'],
  'STAFF_TEXTS.notBookedYet': ['{reason}'],
  'STAFF_TEXTS.alreadyBooked': ['{waybill}', '{state}'],
  'WHATSAPP_TEXTS.filled.en.payInCash': ['{amount}'],
  'WHATSAPP_TEXTS.filled.en.expectedBy': ['{date}'],
  'WHATSAPP_TEXTS.filled.hi.payInCash': ['{amount}'],
  'WHATSAPP_TEXTS.filled.hi.expectedBy': ['{date}'],
  'COD_REPLY_TEXTS.en.wrongCode': ['{orderId}'],
  'COD_REPLY_TEXTS.en.locked': ['{orderId}'],
  'COD_REPLY_TEXTS.hi.wrongCode': ['{orderId}'],
  'COD_REPLY_TEXTS.hi.locked': ['{orderId}'],
  'STAFF_TEXTS.codNotDelivered': ['{status}'],
};

/** Every text in the module: `[path, text]`, a text that takes values written with its placeholders. */
function texts(value: unknown, path: string): [string, string][] {
  if (typeof value === 'string') return [[path, value]];
  if (typeof value === 'function') {
    const placeholders = PLACEHOLDERS[path];
    if (!placeholders) throw new Error(`${path}: name its placeholders in PLACEHOLDERS`);
    return [[path, (value as (...values: string[]) => string)(...placeholders)]];
  }
  if (value && typeof value === 'object' && !Array.isArray(value)) {
    return Object.entries(value).flatMap(([key, inner]) => texts(inner, `${path}.${key}`));
  }
  return [];
}

/** Every group of texts, the shopper's and the staff's. */
const messages: Record<string, unknown> = {
  ...shopperTexts,
  ...cancelTexts,
  ...codTexts,
  ...invoiceTexts,
  ...gstinTexts,
  ...whatsappTexts,
  ...staffTexts,
};
/** The groups of texts (labels are words, not quotes: the form shows them as '5 - Excellent'). */
const TEXT_GROUPS = Object.keys(messages).filter((name) => /_(TEXTS|MESSAGES)$|^MESSAGES$/.test(name));

describe('the texts', () => {
  it('cover every group the module exports', () => {
    expect(TEXT_GROUPS).toEqual(
      expect.arrayContaining([
        'MESSAGES',
        'PRICING_TEXTS',
        'DELIVERY_MESSAGES',
        'ORDER_TEXTS',
        'REVIEW_TEXTS',
        'CONTACT_TEXTS',
        'REQUEST_TEXTS',
        'PARCEL_TEXTS',
        'COD_ADVANCE_TEXTS',
        'CANCEL_TEXTS',
        'COD_CONFIRM_TEXTS',
        'COD_REPLY_TEXTS',
        'LABEL_TEXTS',
        'INVOICE_TEXTS',
        'STAFF_TEXTS',
        'GSTIN_TEXTS',
      ]),
    );
  });

  it.each(TEXT_GROUPS.flatMap((group) => texts(messages[group], group)))(
    '%s is quoted in docs/shop-rules.md word for word',
    (_path, text) => {
      expect(rules.includes(`'${text}'`), `'${text}' is not in docs/shop-rules.md`).toBe(true);
    },
  );

  it('name every rating, best first', () => {
    expect(RATINGS.map((rating) => `${rating} - ${RATING_LABELS[rating]}`)).toEqual([
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
    [['lines', 0, 'productId'], REQUEST_TEXTS.cartLine],
    [['lines'], REQUEST_TEXTS.cartLine],
    [['paymentMode'], REQUEST_TEXTS.paymentMode],
    [['clientTotal'], REQUEST_TEXTS.clientTotal],
    [['razorpay_signature'], REQUEST_TEXTS.payment],
    [['outcome'], REQUEST_TEXTS.payment],
    [['orderId'], REQUEST_TEXTS.orderId],
    [['productId'], REQUEST_TEXTS.productId],
    [['submissionId'], REQUEST_TEXTS.submissionId],
    [['website'], REQUEST_TEXTS.invalid],
    [[], REQUEST_TEXTS.invalid],
    [undefined, REQUEST_TEXTS.invalid],
  ] as const)('words a field at %j by its name', (path, expected) => {
    expect(requestIssueText(path)).toBe(expected);
  });
});
