/**
 * What Razorpay documents of its refunds, as the shop's two doubles of it answer (the local
 * gateway, local-refunds.ts, and the tests' loopback upstream, tests/support/fake-razorpay.ts): its
 * rules and words, and the body of its refund webhook. Apart from the stand-in's behaviour so a
 * double takes Razorpay's shapes without taking the stand-in.
 */
import type { GatewayPayment, GatewayRefund } from './gateway.ts';

/**
 * Razorpay's refund rules and words where both of its doubles answer them (the local gateway, and the
 * tests' loopback upstream tests/support/fake-razorpay.ts), so the two never drift apart: its
 * smallest refund (₹1), and the descriptions it gives an unknown id, a too-small amount and a
 * reused idempotency key on another request.
 */
export const RAZORPAY_REFUND_RULES = {
  minRefundPaise: 100,
  unknownId: 'The id provided does not exist',
  tooSmall: 'The amount must be at least INR 1.00',
  keyReused: 'Different request with the same idempotency key has already been processed.',
} as const;

/**
 * A settled refund as Razorpay's refund webhook carries it (razorpay.com/docs/webhooks/refunds):
 * the refund entity and the payment it came from; read back by `readRefundEvent`.
 */
export function localRefundEvent(refund: GatewayRefund, payment: GatewayPayment | undefined, atMs: number) {
  return {
    entity: 'event',
    account_id: 'acc_local',
    event: refund.status === 'failed' ? 'refund.failed' : 'refund.processed',
    contains: payment ? ['refund', 'payment'] : ['refund'],
    payload: {
      refund: {
        entity: {
          id: refund.id,
          entity: 'refund',
          amount: refund.amountPaise,
          currency: refund.currency,
          payment_id: refund.paymentId,
          notes: refund.notes,
          receipt: refund.receipt ?? null,
          acquirer_data: { arn: refund.arn ?? null },
          created_at: refund.createdAt,
          batch_id: null,
          status: refund.status,
          speed_processed: refund.speedProcessed ?? null,
          speed_requested: 'normal',
        },
      },
      ...(payment
        ? {
            payment: {
              entity: {
                id: payment.id,
                entity: 'payment',
                amount: payment.amountPaise,
                currency: payment.currency,
                status: payment.status,
                order_id: payment.orderId,
                captured: true,
              },
            },
          }
        : {}),
    },
    created_at: Math.floor(atMs / 1000),
  };
}
