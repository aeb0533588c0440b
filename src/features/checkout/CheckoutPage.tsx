import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { type FormOutcome, type SchemaForm, useSchemaForm } from '../../components/form/index.ts';
import { useToast } from '../../components/toast/index.ts';
import { useHydrated } from '../../hooks/use-hydrated.ts';
import { toOrderLines } from '../../shop/cart.ts';
import { formatRupees } from '../../shop/money.ts';
import type { CheckoutForm } from '../../shop/schemas.ts';
import type { PaymentMode, ShippingRules } from '../../shop/shipping.ts';
import { useCart } from '../cart/index.ts';
import { cartPixelParams, track } from '../pixel/index.ts';
import { completePrepaidOrder, createPaymentOrder, placeCodOrder, verifyPayment } from './api.ts';
import { LocalPaymentDialog } from './LocalPaymentDialog.tsx';
import { nextOrderId } from './order-ids.ts';
import { queueOrder } from './outbox.ts';
import { openRazorpayCheckout, type PaymentCallbacks, type PaymentSuccess } from './razorpay-checkout.ts';
import { type QuoteState, useShippingQuote } from './use-shipping-quote.ts';
import './checkout.css';

const SUCCESS_TOAST_MS = 5000;
const REDIRECT_DELAY_MS = 2000;
const THEME_COLOUR = '#a4471f';

const FIELDS: {
  name: keyof CheckoutForm;
  label: string;
  required: boolean;
  type?: string;
  autoComplete: string;
  wide?: boolean;
}[] = [
  { name: 'name', label: 'Full name', required: true, autoComplete: 'name' },
  { name: 'email', label: 'Email', required: true, type: 'email', autoComplete: 'email' },
  { name: 'phone', label: 'Phone (10-digit mobile)', required: true, type: 'tel', autoComplete: 'tel-national' },
  { name: 'address1', label: 'Address line 1', required: true, autoComplete: 'address-line1', wide: true },
  { name: 'address2', label: 'Address line 2', required: false, autoComplete: 'address-line2', wide: true },
  { name: 'pincode', label: 'Pincode', required: true, autoComplete: 'postal-code' },
  { name: 'city', label: 'City', required: false, autoComplete: 'address-level2' },
  { name: 'state', label: 'State', required: false, autoComplete: 'address-level1' },
];

interface CheckoutPageProps {
  shopName: string;
  rules: ShippingRules;
}

export function CheckoutPage({ shopName, rules }: CheckoutPageProps) {
  const cart = useCart();
  const hydrated = useHydrated();
  const navigate = useNavigate();
  const toast = useToast();
  // The pincode and the payment method re-quote shipping as they change; the other fields are read
  // from the form when it is sent.
  const [pincode, setPincode] = useState('');
  const [mode, setMode] = useState<PaymentMode>('prepaid');
  const [localPayment, setLocalPayment] = useState<{
    razorpayOrderId: string;
    amount: number;
    callbacks: PaymentCallbacks;
  }>();
  const placed = useRef(false);
  const quote = useShippingQuote(cart.items, pincode, mode, rules);

  useEffect(() => {
    if (hydrated && cart.items.length === 0 && !placed.current) navigate('/cart', { replace: true });
  }, [hydrated, cart.items.length, navigate]);

  const finish = (orderId: string, message: string) => {
    placed.current = true;
    track('Purchase', cartPixelParams(cart.items));
    cart.clear();
    toast.show({ type: 'success', title: `Order ${orderId} placed`, message, duration: SUCCESS_TOAST_MS });
    window.setTimeout(() => navigate('/'), REDIRECT_DELAY_MS);
  };

  /**
   * How an order attempt ends for the form: 'idle' gives the shopper the button back; 'success'
   * (placed, the page is leaving) and 'error' (paid but not recorded: the toast says to contact
   * support) keep it disabled.
   */
  const form = useSchemaForm({
    schema: (schemas) => schemas.checkoutFormSchema,
    fieldMessages: false, // one message at a time, as a toast (docs/shop-rules.md §8)
    onInvalid: (values, { checkoutFormError }) => {
      const message = checkoutFormError(values);
      if (message) toast.show({ type: 'error', message });
    },
    onValid: async (customer): Promise<FormOutcome> => {
      if (quote.status !== 'ready') return 'idle';
      const orderId = nextOrderId(window.localStorage);
      const request = { orderId, customer, lines: toOrderLines(cart.items), clientTotal: quote.total };
      try {
        if (mode === 'cod') return await payOnDelivery({ ...request, paymentMode: 'cod' }, quote.total);
        return await payOnline(request);
      } catch (error) {
        console.error('checkout failed', error);
        toast.show({ type: 'error', message: 'Error placing order. Please try again or contact support.' });
        return 'idle';
      }
    },
  });

  const payOnDelivery = async (request: Parameters<typeof placeCodOrder>[0], total: number): Promise<FormOutcome> => {
    const result = await placeCodOrder(request);
    if (!result.ok && result.kind === 'refused') {
      toast.show({ type: 'error', message: result.message, duration: 8000 });
      return 'idle';
    }
    let orderId = request.orderId;
    let amount = total;
    if (result.ok) {
      orderId = result.data.orderId;
      amount = result.data.total;
    } else {
      // The order stays in this browser and is sent again until the server has it.
      queueOrder(window.localStorage, request);
      toast.show({
        type: 'warning',
        message: `Order may not be fully processed. Please contact support with Order ID: ${orderId}`,
        duration: 8000,
      });
    }
    finish(orderId, `Pay ${formatRupees(amount)} on delivery.`);
    return 'success';
  };

  /** Resolves when the payment dialog (Razorpay's, or the local test gateway) has had its say. */
  const payOnline = async (request: Parameters<typeof createPaymentOrder>[0]): Promise<FormOutcome> => {
    const created = await createPaymentOrder(request);
    if (!created.ok) {
      toast.show({
        type: 'error',
        message:
          created.kind === 'refused' && created.code === 'TOTAL_MISMATCH'
            ? created.message
            : 'Error initiating payment. Please try again.',
      });
      return 'idle';
    }
    const { orderId, total, order } = created.data;
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
        finish(orderId, `Payment of ${formatRupees(total)} received. Thank you!`);
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
        setLocalPayment({ razorpayOrderId: order.id, amount: total, callbacks });
        return;
      }
      openRazorpayCheckout(
        {
          key: created.data.key_id,
          amountPaise: order.amount,
          razorpayOrderId: order.id,
          merchantName: shopName,
          description: `Order ${orderId}`,
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

  if (!hydrated || cart.items.length === 0) {
    return (
      <div className="page checkout checkout--loading" aria-busy="true">
        <h1>Checkout</h1>
        <p>Loading your cart…</p>
      </div>
    );
  }

  const calculating = quote.status === 'calculating';
  return (
    <div className="page checkout">
      <h1>Checkout</h1>
      <form
        className="checkout__layout"
        noValidate
        onSubmit={(event) => {
          if (!calculating) return form.onSubmit(event);
          event.preventDefault(); // the total is not known yet
        }}
      >
        <div className="checkout__main">
          <fieldset className="checkout__section card">
            <legend>Delivery address</legend>
            <p className="checkout__hint">Fields marked * are required. We deliver across India.</p>
            <div className="checkout__fields">
              {FIELDS.map((field) => (
                <Field key={field.name} field={field} form={form} onPincode={setPincode} />
              ))}
            </div>
          </fieldset>
          <fieldset className="checkout__section card">
            <legend>Payment method</legend>
            <label className="payment-option">
              <input type="radio" name="payment" value="prepaid" defaultChecked onChange={() => setMode('prepaid')} />
              <span>
                <strong>Pay online</strong> — UPI, cards, net banking (secured by Razorpay)
              </span>
            </label>
            <label className="payment-option">
              <input type="radio" name="payment" value="cod" onChange={() => setMode('cod')} />
              <span>
                <strong>Cash on Delivery</strong> — {formatRupees(rules.codCharge)} COD charge
              </span>
            </label>
          </fieldset>
        </div>
        <OrderSummary
          quote={quote}
          subtotal={cart.subtotal}
          rules={rules}
          processing={form.status !== 'idle'}
          calculating={calculating}
        />
      </form>
      {localPayment && (
        <LocalPaymentDialog
          razorpayOrderId={localPayment.razorpayOrderId}
          amountRupees={localPayment.amount}
          callbacks={localPayment.callbacks}
        />
      )}
      <p className="checkout__policies">
        By placing your order you agree to our <Link to="/policies/terms">terms</Link>; read how we handle{' '}
        <Link to="/policies/shipping">shipping</Link>, <Link to="/policies/returns">returns and refunds</Link> and{' '}
        <Link to="/policies/privacy">your privacy</Link>. Questions? <Link to="/contact">Contact us</Link>.
      </p>
    </div>
  );
}

/** Digits only, at most six: what the pincode field keeps of what is typed or pasted. */
const pincodeDigits = (value: string) => value.replace(/\D/g, '').slice(0, 6);

function Field({
  field,
  form,
  onPincode,
}: {
  field: (typeof FIELDS)[number];
  form: SchemaForm;
  onPincode: (pincode: string) => void;
}) {
  const props = form.field(field.name);
  return (
    <div className={`checkout__field${field.wide ? ' checkout__field--wide' : ''}`}>
      <label htmlFor={props.id}>
        {field.label}
        {field.required && <span aria-hidden="true"> *</span>}
      </label>
      <input
        {...props}
        type={field.type ?? 'text'}
        required={field.required}
        autoComplete={field.autoComplete}
        {...(field.name === 'phone' ? { inputMode: 'tel' as const } : {})}
        {...(field.name === 'pincode'
          ? {
              inputMode: 'numeric' as const,
              maxLength: 6,
              pattern: '[0-9]{6}',
              onChange: (event: React.ChangeEvent<HTMLInputElement>) => {
                const digits = pincodeDigits(event.target.value);
                if (event.target.value !== digits) event.target.value = digits;
                onPincode(digits);
              },
            }
          : {})}
      />
    </div>
  );
}

function OrderSummary({
  quote,
  subtotal,
  rules,
  processing,
  calculating,
}: {
  quote: QuoteState;
  subtotal: number;
  rules: ShippingRules;
  processing: boolean;
  calculating: boolean;
}) {
  const cart = useCart();
  const shipping =
    quote.status === 'calculating'
      ? 'Calculating...'
      : quote.status === 'idle'
        ? 'Enter your pincode'
        : quote.shippingCharge === 0
          ? 'Free'
          : `${formatRupees(quote.shippingCharge)}${quote.source === 'estimate' || quote.source === 'local' ? ' (estimate)' : ''}`;
  const missing = rules.freeShippingThreshold - subtotal;
  return (
    <section className="checkout__summary card" aria-labelledby="checkout-summary">
      <h2 id="checkout-summary">Order summary</h2>
      <ul className="checkout__items">
        {cart.items.map((item) => (
          <li key={item.product_retailer_id}>
            <span>
              {item.name} ({item.size}) × {item.quantity}
            </span>
            <span>{formatRupees(item.price * item.quantity)}</span>
          </li>
        ))}
      </ul>
      <dl className="checkout__totals" aria-live="polite">
        <div>
          <dt>Subtotal</dt>
          <dd>{formatRupees(subtotal)}</dd>
        </div>
        <div>
          <dt>Shipping</dt>
          <dd data-testid="shipping-charge">{shipping}</dd>
        </div>
        {quote.status !== 'calculating' && quote.codCharge > 0 && (
          <div>
            <dt>COD charge</dt>
            <dd>{formatRupees(quote.codCharge)}</dd>
          </div>
        )}
        <div className="checkout__total">
          <dt>Total</dt>
          <dd data-testid="order-total">{quote.status === 'calculating' ? '…' : formatRupees(quote.total)}</dd>
        </div>
      </dl>
      <p className="checkout__free-note">
        {missing > 0
          ? `Free shipping on orders of ${formatRupees(rules.freeShippingThreshold)} and above — add ${formatRupees(missing)} more.`
          : `Your order ships free (orders of ${formatRupees(rules.freeShippingThreshold)} and above).`}
      </p>
      <button type="submit" className="button button--block" disabled={processing || calculating}>
        {processing ? 'Processing...' : 'Place Order'}
      </button>
      <p className="checkout__hint">Prices include GST.</p>
    </section>
  );
}
