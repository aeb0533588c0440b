import { describe, expect, it } from 'vitest';
import { makeCustomer } from '#tests/support/factories.ts';
import { text } from '../texts/server.ts';
import {
  checkoutFormError,
  checkoutFormSchema,
  codOrderRequestSchema,
  contactSubmissionSchema,
  reviewSubmissionSchema,
  shippingQuoteRequestSchema,
  submissionIdSchema,
  trackRequestSchema,
  verifyPaymentRequestSchema,
} from './schemas.ts';

describe('checkout form (shop-rules §5)', () => {
  it('accepts a complete form and trims it', () => {
    expect(checkoutFormError(makeCustomer())).toBeNull();
    expect(checkoutFormSchema.parse(makeCustomer({ name: '  Asha Rawat ' })).name).toBe('Asha Rawat');
  });

  it.each(['name', 'email', 'phone', 'address1', 'pincode'] as const)('requires %s', (field) => {
    expect(checkoutFormError(makeCustomer({ [field]: '' }))).toBe('Please fill in all required fields');
    expect(checkoutFormError(makeCustomer({ [field]: '   ' }))).toBe('Please fill in all required fields');
  });

  it('treats a missing field as missing, not as a type error', () => {
    const { phone: _phone, ...withoutPhone } = makeCustomer();
    expect(checkoutFormError(withoutPhone)).toBe(text('forms.required'));
    expect(checkoutFormError(null)).toBe(text('forms.required'));
  });

  it('leaves address line 2, city and state optional', () => {
    expect(checkoutFormError(makeCustomer({ address2: undefined, city: undefined, state: undefined }))).toBeNull();
  });

  it('wants a 6-digit pincode', () => {
    for (const pincode of ['24800', '2480011', '24800a', '048001']) {
      expect(checkoutFormError(makeCustomer({ pincode }))).toBe('Please enter a valid 6-digit pincode');
    }
  });

  it('wants an Indian mobile number: 10 digits from 6–9, a +91, 91 or 0 in front allowed (issue 37 §5)', () => {
    expect(checkoutFormError(makeCustomer({ phone: '98765-43210' }))).toBeNull();
    expect(checkoutFormError(makeCustomer({ phone: '(987) 654 3210' }))).toBeNull();
    // Refused before issue 37, though that is how Indian shoppers type their number.
    expect(checkoutFormError(makeCustomer({ phone: '+91 98765 43210' }))).toBeNull();
    expect(checkoutFormSchema.parse(makeCustomer({ phone: '+91 98765 43210' })).phone).toBe('9876543210');
    for (const phone of ['98765', 'call 98765 43210 pls', 'call me', '5876543210']) {
      expect(checkoutFormError(makeCustomer({ phone }))).toBe('Please enter a valid 10-digit phone number');
    }
  });

  it('reports missing fields before the pincode, and the pincode before the phone', () => {
    expect(checkoutFormError(makeCustomer({ name: '', pincode: '1', phone: '1' }))).toBe(text('forms.required'));
    expect(checkoutFormError(makeCustomer({ pincode: '1', phone: '1' }))).toBe(text('forms.pincode'));
  });

  it('checks the email address', () => {
    expect(checkoutFormError(makeCustomer({ email: 'asha-at-example' }))).toBe(text('forms.email'));
  });
});

describe('the GSTIN of a business purchase (issue 35)', () => {
  const withGstin = (gstin: unknown) => ({ ...makeCustomer(), gstin });

  it('is optional: absent or empty (spaces, invisible characters) is none', () => {
    for (const gstin of [undefined, '', '   ', '\u200b']) {
      expect(checkoutFormError(withGstin(gstin)), String(gstin)).toBeNull();
      expect(checkoutFormSchema.parse(withGstin(gstin)).gstin).toBeUndefined();
    }
  });

  it('is kept as the shop reads it: capitals, no spaces', () => {
    expect(checkoutFormSchema.parse(withGstin(' 27aapfu 0939f1zv ')).gstin).toBe('27AAPFU0939F1ZV');
  });

  it.each([
    ['27AAPFU0939F1Z', text('gstin.problem.length')],
    ['27AAPFU0939F1Z-', text('gstin.problem.format')],
    ['99ABCDE1234F1ZP', text('gstin.problem.state')],
    ['27AAPFU0939F1ZW', text('gstin.problem.checksum')],
    [27, text('gstin.problem.format')],
  ])('refuses %j: %s', (gstin, message) => {
    expect(checkoutFormError(withGstin(gstin))).toBe(message);
    expect(checkoutFormSchema.safeParse(withGstin(gstin)).error?.issues).toEqual([
      expect.objectContaining({ path: ['gstin'], message }),
    ]);
  });

  it('speaks after the missing fields, the pincode and the phone', () => {
    expect(checkoutFormError({ ...withGstin('x'), name: '' })).toBe(text('forms.required'));
    expect(checkoutFormError({ ...withGstin('x'), pincode: '1' })).toBe(text('forms.pincode'));
    expect(checkoutFormError({ ...withGstin('x'), phone: '1' })).toBe(text('forms.phone'));
  });
});

describe('review and contact submissions', () => {
  const submissionId = '0b6f6a1e-4a8e-4c53-9c1b-2f1f5a0f3c11';
  const review = { name: 'Meera', email: 'meera@example.in', review: 'Lovely ghee.', productId: 3, submissionId };

  it('defaults the rating to 5 and accepts 1 to 5 from a select value', () => {
    expect(reviewSubmissionSchema.parse(review).rating).toBe(5);
    expect(reviewSubmissionSchema.parse({ ...review, rating: '3' }).rating).toBe(3);
    for (const rating of [0, 6, 2.5, 'ten']) {
      const result = reviewSubmissionSchema.safeParse({ ...review, rating });
      expect(result.error?.issues[0]?.message).toBe(text('forms.rating'));
    }
  });

  it('requires name, a valid email and the review text; location is optional', () => {
    expect(reviewSubmissionSchema.safeParse({ ...review, location: 'Pune, Maharashtra' }).success).toBe(true);
    expect(reviewSubmissionSchema.safeParse({ ...review, name: ' ' }).error?.issues[0]?.message).toBe(
      text('forms.name'),
    );
    expect(reviewSubmissionSchema.safeParse({ ...review, email: 'x' }).error?.issues[0]?.message).toBe(
      text('forms.email'),
    );
    expect(reviewSubmissionSchema.safeParse({ ...review, review: '' }).error?.issues[0]?.message).toBe(
      text('forms.review'),
    );
    expect(reviewSubmissionSchema.safeParse({ ...review, review: 'x'.repeat(2001) }).error?.issues[0]?.message).toBe(
      text('forms.tooLong'),
    );
  });

  it("names the product by catalogue id, sent as a number or as a form field's text", () => {
    expect(reviewSubmissionSchema.parse({ ...review, productId: '6' }).productId).toBe(6);
    for (const productId of [undefined, 0, -1, 2.5, 'Badri Cow Ghee', '']) {
      expect(reviewSubmissionSchema.safeParse({ ...review, productId }).success).toBe(false);
    }
  });

  it.each([
    ['a UUID', submissionId, true],
    ['letters, digits, - and _', 'abc_DEF-1234', true],
    ['64 characters', 'x'.repeat(64), true],
    ['missing', undefined, false],
    ['too short', 'abc1234', false],
    ['too long', 'x'.repeat(65), false],
    ['other characters', 'review/../../x', false],
    ['spaces', 'abcd efgh', false],
  ])('takes a submission id that is %s: %s', (_name, id, ok) => {
    expect(submissionIdSchema.safeParse(id).success).toBe(ok);
    expect(reviewSubmissionSchema.safeParse({ ...review, submissionId: id }).success).toBe(ok);
    const contact = { name: 'Ravi', email: 'ravi@example.in', subject: 'Bulk', message: 'Hi', submissionId: id };
    expect(contactSubmissionSchema.safeParse(contact).success).toBe(ok);
  });

  it('requires full name, email, subject and message on the contact form; phone is optional', () => {
    const contact = {
      name: 'Ravi',
      email: 'ravi@example.in',
      subject: 'Bulk order',
      message: 'Do you ship 10 kg?',
      submissionId,
    };
    expect(contactSubmissionSchema.safeParse(contact).success).toBe(true);
    expect(contactSubmissionSchema.safeParse({ ...contact, phone: '+91 98765 43210', website: '' }).success).toBe(true);
    expect(contactSubmissionSchema.safeParse({ ...contact, subject: '' }).error?.issues[0]?.message).toBe(
      text('forms.subject'),
    );
    expect(contactSubmissionSchema.safeParse({ ...contact, message: '' }).error?.issues[0]?.message).toBe(
      text('forms.message'),
    );
  });
});

describe('API bodies', () => {
  it('prices carts by product id, size and quantity only', () => {
    const body = { lines: [{ productId: 1, size: '500gm', quantity: 2 }], pincode: '248001', paymentMode: 'cod' };
    expect(shippingQuoteRequestSchema.safeParse(body).success).toBe(true);
    expect(shippingQuoteRequestSchema.safeParse({ ...body, lines: [] }).success).toBe(false);
    expect(shippingQuoteRequestSchema.safeParse({ ...body, paymentMode: 'card' }).success).toBe(false);
    expect(
      shippingQuoteRequestSchema.safeParse({ ...body, lines: [{ productId: 1, size: '500gm', quantity: 100 }] })
        .success,
    ).toBe(false);
  });

  it('wants a well-formed order id and the total the shopper saw', () => {
    const order = {
      orderId: 'OUO_1732230000123',
      customer: makeCustomer(),
      lines: [{ productId: 3, size: '295gm', quantity: 1 }],
      paymentMode: 'cod',
      clientTotal: 1217,
    };
    expect(codOrderRequestSchema.safeParse(order).success).toBe(true);
    expect(codOrderRequestSchema.safeParse({ ...order, orderId: 'OUO_1' }).success).toBe(false);
    expect(codOrderRequestSchema.safeParse({ ...order, clientTotal: 12.5 }).success).toBe(false);
  });

  it('bounds the payment fields', () => {
    const payment = { razorpay_order_id: 'order_1', razorpay_payment_id: 'pay_1', razorpay_signature: 'ab' };
    expect(verifyPaymentRequestSchema.safeParse(payment).success).toBe(true);
    expect(verifyPaymentRequestSchema.safeParse({ ...payment, razorpay_signature: 'a'.repeat(257) }).success).toBe(
      false,
    );
  });
});

describe('trackRequestSchema', () => {
  it("takes an order id and a phone in any usual format, and names what is wrong in the shop's words", () => {
    expect(trackRequestSchema.safeParse({ orderId: ' OUO_1732000000001 ', phone: '+91 98765-43210' })).toMatchObject({
      success: true,
      data: { orderId: 'OUO_1732000000001' },
    });
    const wrong = trackRequestSchema.safeParse({ orderId: 'OUO_1', phone: '12345' });
    expect(wrong.success ? [] : wrong.error.issues.map((issue) => issue.message)).toEqual([
      text('forms.orderId'),
      text('forms.phone'),
    ]);
  });
});
