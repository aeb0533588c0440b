import { describe, expect, it } from 'vitest';
import { bookedOrder } from '../../../tests/support/parcels.ts';
import type { StoredOrder } from '../order/index.ts';
import { whatsappConsent } from '../whatsapp.ts';
import type { PaymentEvent } from './payment-events.ts';
import { transition } from './transition.ts';

const AT = '2026-12-01T10:05:00.000Z';

/** A prepaid order waiting for its payment, its Razorpay order made (or not yet: `razorpay: false`). */
function unpaid(options: { razorpay?: boolean; mode?: 'prepaid' | 'cod' } = {}): StoredOrder {
  const order = bookedOrder({ orderId: 'OUO_1', mode: options.mode ?? 'prepaid', unbooked: true });
  order.status = 'pending';
  order.record = { paymentStatus: 'Pending' } as StoredOrder['record'];
  order.forwards = { sheet: { status: 'pending', attempts: 0 }, shipment: { status: 'pending', attempts: 0 } };
  if (options.razorpay !== false) order.razorpay = { orderId: 'order_R1', amountPaise: 78400 };
  return order;
}

const captured = (paymentId: string, via: 'browser' | 'webhook' | 'reconciler' = 'browser'): PaymentEvent => ({
  type: 'payment-captured',
  at: AT,
  paymentId,
  amountPaise: 78400,
  via,
  confirmationCode: 'K7Q2',
});

/** Applies the events in turn, as the order log would. */
function applied(order: StoredOrder, ...events: PaymentEvent[]): StoredOrder {
  return events.reduce((current, event) => transition(current, event).order, order);
}

const lastEvent = (order: StoredOrder) => order.history.at(-1)?.event;

describe('razorpay-order-created', () => {
  const created: PaymentEvent = {
    type: 'razorpay-order-created',
    at: AT,
    razorpayOrderId: 'order_R2',
    amountPaise: 78400,
  };

  it('links the Razorpay order; a second one (a stale claim taken over) is not linked', () => {
    const linked = transition(unpaid({ razorpay: false }), created);
    expect(linked.order.razorpay).toEqual({ orderId: 'order_R2', amountPaise: 78400 });
    expect(lastEvent(linked.order)).toBe('razorpay order order_R2');
    expect(transition(linked.order, { ...created, razorpayOrderId: 'order_R3' }).changed).toBe(false);
  });
});

describe('payment-confirming', () => {
  const confirming: PaymentEvent = {
    type: 'payment-confirming',
    at: AT,
    paymentId: 'pay_1',
    reason: 'capture timed out',
  };

  it('marks the payment confirming with its reason, until the order is paid', () => {
    const noted = transition(unpaid(), confirming);
    expect(noted.order.razorpay?.confirming).toBe('pay_1');
    expect(lastEvent(noted.order)).toBe('payment pay_1 confirming: capture timed out');
    expect(transition(applied(unpaid(), captured('pay_1')), confirming).changed).toBe(false);
    expect(transition(unpaid({ razorpay: false }), confirming).changed).toBe(false);
  });
});

describe('payment-refused', () => {
  it('writes why the payment is not money, and nothing else', () => {
    const refused = transition(unpaid(), { type: 'payment-refused', at: AT, paymentId: 'pay_9', reason: 'failed' });
    expect(refused.order.history).toEqual([{ at: AT, event: 'payment pay_9 refused: failed' }]);
    expect(refused.order.status).toBe('pending');
  });
});

describe('payment-captured', () => {
  it('pays a prepaid order, settles its confirming payment and earns its "placed" on WhatsApp', () => {
    const order = applied(unpaid(), { type: 'payment-confirming', at: AT, paymentId: 'pay_1', reason: 'slow' });
    order.whatsapp = { consent: whatsappConsent(AT) };
    const paid = transition(order, captured('pay_1', 'webhook'));
    expect(paid.order.status).toBe('paid');
    expect(paid.order.razorpay).toEqual({
      orderId: 'order_R1',
      amountPaise: 78400,
      paymentId: 'pay_1',
      paidAt: AT,
      via: 'webhook',
    });
    expect(paid.order.record.paymentStatus).toBe('Completed');
    expect(lastEvent(paid.order)).toBe('paid pay_1 (webhook)');
    expect(paid.order.updatedAt).toBe(AT);
    expect(paid.tasks).toEqual([{ key: 'OUO_1/notice/whatsapp:placed', kind: 'notice' }]);
  });

  it('revives an expired order (a late payment is money too)', () => {
    const expired = applied(unpaid(), { type: 'payment-expired', at: AT });
    const paid = transition(expired, captured('pay_1', 'reconciler'));
    expect(paid.order.status).toBe('paid');
    expect(lastEvent(paid.order)).toBe('paid pay_1 (reconciler) after the order expired');
  });

  it("confirms a COD order by its fee paid now, with the writer's code, and leaves its payment status (rule 17)", () => {
    const order = unpaid({ mode: 'cod' });
    order.cod = { decision: { outcome: 'allow', reasons: [], at: AT }, advance: { amount: 150 } };
    const paid = transition(order, captured('pay_1')).order;
    expect(paid.cod?.confirmation).toEqual({ state: 'confirmed', code: 'K7Q2', via: 'advance', at: AT });
    expect(paid.record.paymentStatus).toBe('Pending');
    expect(paid.history.map((row) => row.event)).toEqual([
      'confirmed by the COD fee paid now (150 rupees)',
      'paid pay_1 (browser)',
    ]);
  });

  it('changes nothing when the same payment is told again', () => {
    const paid = applied(unpaid(), captured('pay_1'));
    expect(transition(paid, captured('pay_1', 'webhook')).changed).toBe(false);
    expect(transition(unpaid({ razorpay: false }), captured('pay_1')).changed).toBe(false);
  });

  it('records a second payment for refund, once, and asks for the Sheet rows again', () => {
    const paid = applied(unpaid(), captured('pay_1'));
    paid.forwards.sheet = { status: 'done', attempts: 1, syncedCells: 'old' };
    const again = transition(paid, captured('pay_2', 'webhook'));
    expect(again.order.status).toBe('paid');
    expect(again.order.razorpay?.paymentId).toBe('pay_1');
    expect(again.order.refunds).toEqual([{ paymentId: 'pay_2', amountPaise: 78400, at: AT, via: 'webhook' }]);
    expect(lastEvent(again.order)).toBe('paid again by pay_2 (webhook): needs refund');
    expect(again.order.forwards.sheet.status).toBe('pending');
    expect(transition(again.order, captured('pay_2', 'reconciler')).changed).toBe(false);
  });

  it('knows an extra payment already moved to the refunds staff asked for, and records one it does not know', () => {
    const paid = applied(unpaid(), captured('pay_1'));
    paid.issuedRefunds = [
      {
        key: 'OUO_1-extra-payment-1',
        paymentId: 'pay_2',
        amountPaise: 78400,
        purpose: 'extra-payment',
        status: 'requested',
        requestedAt: AT,
      },
    ];
    // Told again after staff asked for its refund: still the same extra payment, never a second refund.
    expect(transition(paid, captured('pay_2', 'reconciler')).changed).toBe(false);
    const third = transition(paid, captured('pay_3', 'webhook'));
    expect(third.order.refunds).toEqual([{ paymentId: 'pay_3', amountPaise: 78400, at: AT, via: 'webhook' }]);
    expect(lastEvent(third.order)).toBe('paid again by pay_3 (webhook): needs refund');
  });
});

describe('payment-expired', () => {
  it('expires an unpaid order once, and never a paid one', () => {
    const expired = transition(unpaid(), { type: 'payment-expired', at: AT });
    expect(expired.order.status).toBe('expired');
    expect(lastEvent(expired.order)).toBe('expired: not paid within 15 minutes');
    expect(transition(expired.order, { type: 'payment-expired', at: AT }).changed).toBe(false);
    expect(transition(applied(unpaid(), captured('pay_1')), { type: 'payment-expired', at: AT }).changed).toBe(false);
  });
});
