import { useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import type { FormOutcome } from '../../components/form/index.ts';
import { useToast } from '../../components/toast/index.ts';
import { toOrderLines } from '../../shop/cart/index.ts';
import { advanceSplit, type CheckoutPayment } from '../../shop/cod/index.ts';
import { ErrorCode } from '../../shop/error-codes.ts';
import { formatRupees } from '../../shop/money/index.ts';
import type {
  CheckoutForm,
  CodOrderRequest,
  CreatePaymentOrderRequest,
  OrderResponse,
} from '../../shop/schemas/index.ts';
import { text } from '../../shop/texts/checkout.ts';
import type { useCart } from '../cart/index.ts';
import { cartPixelParams, track } from '../pixel/index.ts';
import { completePrepaidOrder, createPaymentOrder, placeCodOrder, verifyPayment } from './api.ts';
import { nextOrderId } from './order-ids.ts';
import { dequeueOrder, pendingOrderFor, queueOrder } from './outbox.ts';
import { openRazorpayCheckout, type PaymentCallbacks, type PaymentSuccess } from './razorpay-checkout.ts';

const SUCCESS_TOAST_MS = 5000;
const REDIRECT_DELAY_MS = 2000;
const THEME_COLOUR = '#a4471f';

/** The order's own page, opened with its key (docs/shop-rules.md §2): where the shopper lands after ordering. */
const orderPagePath = (orderId: string, key: string | undefined) =>
  key ? `/orders/${encodeURIComponent(orderId)}?key=${encodeURIComponent(key)}` : '/';

export interface LocalPayment {
  razorpayOrderId: string;
  amount: number;
  callbacks: PaymentCallbacks;
}

/** What the checkout page shows after an attempt that did not end in a placed order. */
export type Setback =
  /** The server could not be reached: the order waits in this browser (outbox). */
  | { kind: 'queued'; orderId: string }
  /** The server priced the order differently: the page re-quotes and shows both totals. */
  | { kind: 'total-changed'; from: number };

interface Options {
  shopName: string;
  cart: ReturnType<typeof useCart>;
  /** Online, cash on delivery, or the COD fee now through Razorpay and the rest in cash (rule 17). */
  payment: CheckoutPayment;
  /** The server's answer was a different total: ask for a new quote. */
  requote: () => void;
}

/**
 * Places the order the shopper confirmed: COD straight to the server, prepaid (or a COD order's
 * fee paid now) through Razorpay's dialog (or the local test gateway's). The shopper hears "placed" only after the server has the
 * order (docs/shop-rules.md §10); a refusal shows the server's own words.
 */
export function usePlaceOrder({ shopName, cart, payment, requote }: Options) {
  const navigate = useNavigate();
  const toast = useToast();
  const [localPayment, setLocalPayment] = useState<LocalPayment>();
  const [setback, setSetback] = useState<Setback>();
  const placed = useRef(false);

  const finish = ({ orderId, key }: OrderResponse, message: string) => {
    placed.current = true;
    track('Purchase', cartPixelParams(cart.items));
    cart.clear();
    toast.show({ type: 'success', title: `Order ${orderId} placed`, message, duration: SUCCESS_TOAST_MS });
    window.setTimeout(() => navigate(orderPagePath(orderId, key)), REDIRECT_DELAY_MS);
  };

  /**
   * Razorpay has the payment but has not captured it yet: not "placed" (that is not yet true) and
   * not a failure. The order is completed by the shop without the shopper (docs/shop-rules.md §10).
   */
  const confirming = ({ orderId, key }: OrderResponse, paymentId: string) => {
    placed.current = true;
    cart.clear();
    toast.show({
      type: 'info',
      title: `Payment received for order ${orderId}, confirming`,
      message: `Razorpay is still confirming payment ${paymentId}. Your order is completed as soon as it does; please do not pay again.`,
      duration: 0,
    });
    window.setTimeout(() => navigate(orderPagePath(orderId, key)), REDIRECT_DELAY_MS);
  };

  /** A refusal: a changed total is re-quoted and shown; anything else is the server's message. */
  const refused = (result: { code: ErrorCode; message: string }, clientTotal: number): FormOutcome => {
    if (result.code === ErrorCode.TOTAL_MISMATCH) {
      setSetback({ kind: 'total-changed', from: clientTotal });
      requote();
    } else {
      toast.show({ type: 'error', message: result.message, duration: 8000 });
    }
    return 'idle';
  };

  const payOnDelivery = async (request: CodOrderRequest): Promise<FormOutcome> => {
    const result = await placeCodOrder(request);
    if (result.ok) {
      dequeueOrder(window.localStorage, request.orderId, window);
      finish(result.data, `Pay ${formatRupees(result.data.total)} on delivery.`);
      return 'success';
    }
    if (result.kind === 'refused') {
      dequeueOrder(window.localStorage, request.orderId, window);
      return refused(result, request.clientTotal);
    }
    // Not placed yet: the order waits in this browser and is sent again until the server answers.
    queueOrder(window.localStorage, request, cart.items, window);
    setSetback({ kind: 'queued', orderId: request.orderId });
    toast.show({
      type: 'warning',
      message: `Order may not be fully processed. Please contact support with Order ID: ${request.orderId}`,
      duration: 8000,
    });
    return 'idle';
  };

  /** Resolves when the payment dialog (Razorpay's, or the local test gateway) has had its say. */
  const payOnline = async (request: CreatePaymentOrderRequest): Promise<FormOutcome> => {
    const created = await createPaymentOrder(request);
    if (!created.ok) {
      if (created.kind === 'refused') return refused(created, request.clientTotal);
      // Online payment switched off here (503 PAYMENTS_UNAVAILABLE): the server's words name the way out.
      const message =
        created.code === ErrorCode.PAYMENTS_UNAVAILABLE && created.serverMessage
          ? created.serverMessage
          : 'Error initiating payment. Please try again.';
      toast.show({ type: 'error', message, duration: 8000 });
      return 'idle';
    }
    const { orderId, total, order } = created.data;
    // What Razorpay asks for now: the whole total, or the COD fee alone (its amount is the server's).
    const payNow = order.amount / 100;
    return new Promise<FormOutcome>((settle) => {
      const afterPayment = async (payment: PaymentSuccess) => {
        setLocalPayment(undefined);
        const failed = () => {
          toast.show({
            type: 'error',
            title: 'Payment successful but order processing failed.',
            message: `Please contact support with Order ID: ${orderId} and Payment ID: ${payment.razorpay_payment_id}.`,
            duration: 0,
          });
          settle('error');
        };
        const verified = await verifyPayment(payment);
        if (!verified.ok || !verified.data.verified) return failed();
        const completed = await completePrepaidOrder({ orderId, ...payment });
        if (!completed.ok) return failed();
        if (completed.data.confirming) {
          confirming(completed.data, payment.razorpay_payment_id);
          return settle('success');
        }
        finish(
          completed.data,
          request.codAdvance
            ? text('codAdvance.thanks', {
                fee: formatRupees(payNow),
                cash: formatRupees(advanceSplit(total, payNow).onDelivery),
              })
            : `Payment of ${formatRupees(total)} received. Thank you!`,
        );
        settle('success');
      };
      const callbacks: PaymentCallbacks = {
        onSuccess: (payment) => void afterPayment(payment),
        onFailure: (description) => {
          setLocalPayment(undefined);
          toast.show({ type: 'error', message: `Payment failed: ${description}. Please try again.` });
          settle('idle');
        },
        onDismiss: () => {
          setLocalPayment(undefined);
          settle('idle');
        },
      };
      if (created.data.gateway === 'local') {
        setLocalPayment({ razorpayOrderId: order.id, amount: payNow, callbacks });
        return;
      }
      openRazorpayCheckout(
        {
          key: created.data.key_id,
          amountPaise: order.amount,
          razorpayOrderId: order.id,
          merchantName: shopName,
          description: request.codAdvance ? `COD fee for order ${orderId}` : `Order ${orderId}`,
          prefill: { name: request.customer.name, email: request.customer.email, contact: request.customer.phone },
          themeColor: THEME_COLOUR,
        },
        callbacks,
      ).catch(() => {
        toast.show({ type: 'error', message: 'Error initiating payment. Please try again.' });
        settle('idle');
      });
    });
  };

  const place = async (
    customer: CheckoutForm,
    clientTotal: number,
    /** The WhatsApp box and language, as the request carries them (DeliveryFields' `whatsappChoice`). */
    whatsapp: Pick<CodOrderRequest, 'whatsappUpdates' | 'whatsappLanguage'> = {},
  ): Promise<FormOutcome> => {
    // A COD order still waiting in this browser (this visit, or an earlier one with the same
    // lines) is sent again under its own id: the server keeps one order per id, so pressing again
    // can never make a second one.
    const lines = toOrderLines(cart.items);
    const waiting = setback?.kind === 'queued' ? setback.orderId : pendingOrderFor(window.localStorage, lines);
    const orderId = payment === 'cod' && waiting ? waiting : nextOrderId(window.localStorage);
    setSetback(undefined);
    const request = { orderId, customer, lines, clientTotal, ...whatsapp };
    try {
      if (payment === 'cod') return await payOnDelivery({ ...request, paymentMode: 'cod' });
      return await payOnline(payment === 'cod-advance' ? { ...request, codAdvance: true } : request);
    } catch (error) {
      console.error('checkout failed', error);
      toast.show({ type: 'error', message: 'Error placing order. Please try again or contact support.' });
      return 'idle';
    }
  };

  return { place, placed, localPayment, setback, clearSetback: () => setSetback(undefined) };
}
