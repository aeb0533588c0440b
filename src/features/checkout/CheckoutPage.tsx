import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { type FormOutcome, useSchemaForm } from '../../components/form/index.ts';
import { useToast } from '../../components/toast/index.ts';
import { useHydrated } from '../../hooks/use-hydrated.ts';
import { type CheckoutPayment, paymentModeOf } from '../../shop/cod/index.ts';
import type { ShippingRules } from '../../shop/order/index.ts';
import { deliveryRefusal } from '../../shop/pincodes/index.ts';
import { useCart } from '../cart/index.ts';
import { DeliveryFields, whatsappChoice } from './DeliveryFields.tsx';
import { LocalPaymentDialog } from './LocalPaymentDialog.tsx';
import { OrderSummary } from './OrderSummary.tsx';
import { OUTBOX_UPDATED_EVENT, pendingOrders } from './outbox.ts';
import { PaymentChoice } from './PaymentChoice.tsx';
import { codOffSentence, type TypedDelivery, typedDelivery, useCodOptions } from './use-cod-options.ts';
import { useDeliverability } from './use-deliverability.ts';
import { usePlaceOrder } from './use-place-order.ts';
import { useShippingQuote } from './use-shipping-quote.ts';
import { totalNotReadyMessage } from './waiting-message.ts';
import './checkout.css';
import { ErrorCode } from '../../shop/error-codes.ts';
import { text } from '../../shop/texts/checkout.ts';

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
  const [chosen, setPayment] = useState<CheckoutPayment>('prepaid');
  const serviceability = useDeliverability(pincode);
  const notServiceable = deliveryRefusal(pincode, 'prepaid', serviceability)?.code === ErrorCode.NOT_SERVICEABLE;
  const codRefusal = notServiceable ? undefined : deliveryRefusal(pincode, 'cod', serviceability);
  // The COD rules, asked as the delivery is typed (docs/shop-rules.md §10 rule 17): plain COD is
  // off, with their sentence, unless they allow it; unknown never blocks (the server decides).
  const formRef = useRef<HTMLFormElement>(null);
  const [delivery, setDelivery] = useState<TypedDelivery>();
  const codRules = useCodOptions(cart.items, delivery);
  const codOff = codOffSentence(codRefusal?.message, codRules);
  // Where COD is not offered, online payment is the choice (the shopper is told why beside COD).
  // The fee paid now is off only where the carrier takes no cash, or the rules say prepaid only.
  const advanceOff = codRefusal?.message ?? (codRules?.outcome === 'prepaid_only' ? codOff : undefined);
  const payment: CheckoutPayment =
    (chosen === 'cod' && codOff) || (chosen === 'cod-advance' && advanceOff) ? 'prepaid' : chosen;

  // What was typed or autofilled before the page was live (decision 015) is asked about once it is.
  useEffect(() => {
    if (hydrated && formRef.current) setDelivery(typedDelivery(formRef.current));
  }, [hydrated]);
  // The COD fee paid now is a COD order: quoted with the COD charge (rule 17).
  const { quote, requote } = useShippingQuote(cart.items, pincode, paymentModeOf(payment), rules);
  const order = usePlaceOrder({ shopName, cart, payment, requote });
  const { setback, clearSetback, placed } = order;

  useEffect(() => {
    if (hydrated && cart.items.length === 0 && !placed.current) navigate('/cart', { replace: true });
  }, [hydrated, cart.items.length, navigate, placed]);

  // The order waiting in this browser was answered (from the outbox): the message has had its day.
  useEffect(() => {
    if (setback?.kind !== 'queued') return;
    const settled = () => {
      if (!pendingOrders(window.localStorage).includes(setback.orderId)) clearSetback();
    };
    window.addEventListener(OUTBOX_UPDATED_EVENT, settled);
    return () => window.removeEventListener(OUTBOX_UPDATED_EVENT, settled);
  }, [setback, clearSetback]);

  /**
   * How an order attempt ends for the form: 'idle' gives the shopper the button back; 'success'
   * (placed, the page is leaving) and 'error' (paid but not recorded: the toast says to contact
   * support) keep it disabled.
   */
  const form = useSchemaForm({
    schema: (schemas) => schemas.checkoutFormSchema,
    fieldMessages: false, // one message at a time, as a toast (docs/shop-rules.md §8)
    preloadSchemas: true,
    onInvalid: (values, { checkoutFormError }) => {
      const message = checkoutFormError(values);
      if (message) toast.show({ type: 'error', message });
    },
    onValid: async (customer, formElement): Promise<FormOutcome> => {
      // Only a total quoted for this very pincode is ever charged. Otherwise (the quote is still on
      // its way, or the pincode was typed before the page was live) Place Order says why it waits.
      if (quote.status === 'ready' && pincode === customer.pincode) {
        return order.place(customer, quote.total, whatsappChoice(formElement));
      }
      if (pincode !== customer.pincode) setPincode(customer.pincode);
      toast.show({ type: 'info', message: totalNotReadyMessage(customer.pincode) });
      return 'idle';
    },
  });

  const calculating = quote.status === 'calculating';
  return (
    <div className="page checkout">
      <h1>{text('checkoutPage.checkout')}</h1>
      {setback?.kind === 'queued' && (
        <div className="checkout__queued card" role="alert">
          <p>
            <strong>
              {text('checkoutPage.weCouldNotReach')} {setback.orderId} {text('checkoutPage.isNotPlacedYet')}
            </strong>{' '}
            {text('checkoutPage.itIsSavedOn')}
          </p>
        </div>
      )}
      <form
        ref={formRef}
        className="checkout__layout"
        // Never sent by the browser itself (the page sends it); with no script at all, a POST at
        // least keeps the shopper's details out of the address and the server's logs.
        method="post"
        noValidate
        onInput={(event) => setDelivery(typedDelivery(event.currentTarget))}
        onSubmit={(event) => {
          if (!calculating && !notServiceable) return form.onSubmit(event);
          event.preventDefault(); // the total is not known yet, or we cannot deliver there
        }}
      >
        <div className="checkout__main">
          <DeliveryFields
            form={form}
            onPincode={(next) => {
              setPincode(next);
              if (setback?.kind === 'total-changed') clearSetback();
            }}
            pincodeProblem={notServiceable ? deliveryRefusal(pincode, 'prepaid', serviceability)?.message : undefined}
          />
          <PaymentChoice
            payment={payment}
            onPayment={(next) => {
              setPayment(next);
              if (setback?.kind === 'total-changed') clearSetback();
            }}
            codCharge={rules.codCharge}
            codUnavailable={codOff}
            advanceUnavailable={advanceOff}
          />
        </div>
        <OrderSummary
          live={hydrated}
          cartReady={hydrated && cart.items.length > 0}
          quote={quote}
          rules={rules}
          processing={form.status !== 'idle'}
          blocked={notServiceable}
          changedFrom={setback?.kind === 'total-changed' ? setback.from : undefined}
          payingFee={payment === 'cod-advance'}
        />
      </form>
      {order.localPayment && (
        <LocalPaymentDialog
          razorpayOrderId={order.localPayment.razorpayOrderId}
          amountRupees={order.localPayment.amount}
          callbacks={order.localPayment.callbacks}
        />
      )}
      <p className="checkout__policies">
        {text('checkoutPage.byPlacingYourOrder')} <Link to="/policies/terms">{text('checkoutPage.terms')}</Link>
        {text('checkoutPage.readHowWeHandle')} <Link to="/policies/shipping">{text('checkoutPage.shipping')}</Link>,{' '}
        <Link to="/policies/returns">{text('checkoutPage.returnsAndRefunds')}</Link> {text('checkoutPage.and')}{' '}
        <Link to="/policies/privacy">{text('checkoutPage.yourPrivacy')}</Link>
        {text('checkoutPage.questions')} <Link to="/contact">{text('checkoutPage.contactUs')}</Link>.
      </p>
    </div>
  );
}
