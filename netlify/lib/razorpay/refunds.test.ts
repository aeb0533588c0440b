/** Razorpay's refund shapes, read from the bodies Razorpay documents. */
import { describe, expect, it } from 'vitest';
import {
  readRefundEvent,
  refundCollectionSchema,
  refundEntitySchema,
  refusedIdempotencyKey,
  toGatewayRefund,
} from './refunds.ts';

/**
 * Razorpay's "Refund Failed" sample payload, word for word (razorpay.com/docs/webhooks/refunds,
 * "Sample Payloads"; the same page in its LLM form at razorpay.com/docs/build/llm-docs/webhooks/refunds.md).
 * Its "Refund Created" and "Refund Processed" samples differ only in `event` and the refund's
 * `status` (both `processed`: Razorpay's created sample is of an instant refund already processed).
 */
const REFUND_FAILED_SAMPLE = {
  entity: 'event',
  account_id: 'acc_E7OQJcEANmBHTC',
  event: 'refund.failed',
  contains: ['refund', 'payment'],
  payload: {
    refund: {
      entity: {
        id: 'rfnd_FS8TWyPrCsa0OB',
        entity: 'refund',
        amount: 50000,
        currency: 'INR',
        payment_id: 'pay_FPoJKWQQ8lK13n',
        notes: { comment: 'Customer Notes for Webhooks.' },
        receipt: null,
        acquirer_data: { arn: null },
        created_at: 1597734071,
        batch_id: null,
        status: 'failed',
        speed_processed: 'normal',
        speed_requested: 'optimum',
      },
    },
    payment: {
      entity: {
        id: 'pay_FPoJKWQQ8lK13n',
        entity: 'payment',
        amount: 500000,
        currency: 'INR',
        base_amount: 500000,
        status: 'captured',
        order_id: 'order_FPoIeimWki9j8A',
        invoice_id: null,
        international: false,
        method: 'netbanking',
        amount_refunded: 190000,
        amount_transferred: 0,
        refund_status: 'partial',
        captured: true,
        description: null,
        card_id: null,
        bank: 'HDFC',
        wallet: null,
        vpa: null,
        email: 'gaurav.kumar@example.com',
        contact: '+919000090000',
        notes: [],
        fee: 11800,
        tax: 1800,
        error_code: null,
        error_description: null,
        error_source: null,
        error_step: null,
        error_reason: null,
        acquirer_data: { bank_transaction_id: '4827433' },
        created_at: 1597226379,
      },
    },
  },
  created_at: 1597734071,
};

const sample = (event: string, status: string) => {
  const body = structuredClone(REFUND_FAILED_SAMPLE);
  body.event = event;
  body.payload.refund.entity.status = status;
  return body;
};

describe('readRefundEvent', () => {
  it.each([
    ['refund.created', 'processed'],
    ['refund.processed', 'processed'],
    ['refund.failed', 'failed'],
  ])('reads Razorpay’s documented %s sample (refund status %s), as an object or its raw text', (event, status) => {
    const expected = {
      event,
      refund: { id: 'rfnd_FS8TWyPrCsa0OB', paymentId: 'pay_FPoJKWQQ8lK13n', amountPaise: 50000, status },
      // The payment's Razorpay order: how the shop finds its order when the refund has no receipt of ours.
      razorpayOrderId: 'order_FPoIeimWki9j8A',
    };
    expect(readRefundEvent(sample(event, status))).toEqual(expected);
    expect(readRefundEvent(JSON.stringify(sample(event, status)))).toEqual(expected);
  });

  it('reads a refund event without the payment, and with `notes: []` and `acquirer_data: {}` (the speed_changed sample’s refund)', () => {
    const body = sample('refund.processed', 'processed');
    const { payment: _payment, ...onlyRefund } = body.payload;
    const refund = { ...body.payload.refund.entity, notes: [], acquirer_data: {} };
    expect(readRefundEvent({ ...body, payload: { ...onlyRefund, refund: { entity: refund } } })).toMatchObject({
      event: 'refund.processed',
    });
  });

  it.each([
    ['a payment event', { ...sample('refund.processed', 'processed'), event: 'payment.captured' }],
    ['refund.speed_changed (says nothing the shop acts on)', sample('refund.speed_changed', 'processed')],
    ['an unknown refund status', sample('refund.processed', 'reversed')],
    [
      'a refund id that is not Razorpay’s',
      {
        ...sample('refund.failed', 'failed'),
        payload: { refund: { entity: { ...REFUND_FAILED_SAMPLE.payload.refund.entity, id: '../rfnd' } } },
      },
    ],
    ['no refund', { event: 'refund.failed', payload: {} }],
    ['text that is not JSON', '{"event": "refund.failed"'],
    ['nothing', undefined],
  ])('is undefined for %s', (_name, body) => {
    expect(readRefundEvent(body)).toBeUndefined();
  });
});

describe('the refund entity', () => {
  it('reads the documented entity (razorpay.com/docs/api/refunds/entity) in the shop’s words', () => {
    const entity = refundEntitySchema.parse({
      id: 'rfnd_FgRAHdNOM4ZVbO',
      entity: 'refund',
      amount: 10000,
      currency: 'INR',
      payment_id: 'pay_FgR9UMzgmKDJRi',
      notes: { notes_key_1: 'Beam me up Scotty.', notes_key_2: 'Engage' },
      receipt: null,
      acquirer_data: { arn: '10000000000000' },
      created_at: 1600856650,
      batch_id: null,
      status: 'processed',
      speed_processed: 'normal',
      speed_requested: 'normal',
    });
    expect(toGatewayRefund(entity)).toEqual({
      id: 'rfnd_FgRAHdNOM4ZVbO',
      paymentId: 'pay_FgR9UMzgmKDJRi',
      amountPaise: 10000,
      currency: 'INR',
      status: 'processed',
      createdAt: 1600856650,
      receipt: undefined,
      notes: { notes_key_1: 'Beam me up Scotty.', notes_key_2: 'Engage' },
      speedProcessed: 'normal',
      arn: '10000000000000',
    });
  });

  it('reads the documented collection of a payment’s refunds (its `currency: ""` and all) and notes given as a list', () => {
    // "Fetch Multiple Refunds for a Payment", razorpay.com/docs/api/refunds/fetch-multiple-refund-payment.
    const item = (id: string, amount: number, created_at: number) => ({
      id,
      entity: 'refund',
      amount,
      currency: '',
      payment_id: 'pay_29QQoUBi66xm2f',
      notes: { comment: 'Comment for refund' },
      receipt: null,
      acquirer_data: { arn: '10000000000000' },
      created_at,
      batch_id: null,
      status: 'processed',
      speed_processed: 'normal',
      speed_requested: 'normal',
    });
    const collection = refundCollectionSchema.parse({
      entity: 'collection',
      count: 2,
      items: [item('rfnd_FP8DDKxqJif6ca', 300100, 1597078124), item('rfnd_FP8DRfu3ygfOaC', 200000, 1597078137)],
    });
    expect(collection.items.map(toGatewayRefund).map(({ id, amountPaise }) => [id, amountPaise])).toEqual([
      ['rfnd_FP8DDKxqJif6ca', 300100],
      ['rfnd_FP8DRfu3ygfOaC', 200000],
    ]);
    const listed = refundEntitySchema.parse({ ...item('rfnd_X1', 100, 1), notes: [], acquirer_data: null });
    expect(toGatewayRefund(listed)).toMatchObject({ notes: {}, arn: undefined, currency: '' });
  });
});

describe('refusedIdempotencyKey', () => {
  it('takes 10 or more letters, digits, "-" and "_" (Razorpay’s rule; 100 at most, ours)', () => {
    for (const key of ['550e8400-e29b-41d4-a716-446655440000', 'OUO_1_full', 'a'.repeat(100)]) {
      expect(refusedIdempotencyKey(key)).toBeUndefined();
    }
  });

  it.each(['short_key', 'OUO 1 refund', 'OUO_1/refund', 'OUO_1.refund', '', 'a'.repeat(101)])('refuses %j', (key) => {
    expect(refusedIdempotencyKey(key)).toMatchObject({ ok: false, code: 'REFUSED' });
  });
});
