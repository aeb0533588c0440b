import { advanceOffered, type CheckoutPayment } from '../../shop/cod/index.ts';

import { formatRupees } from '../../shop/money/index.ts';
import { text } from '../../shop/texts/checkout.ts';

/**
 * Online payment, Cash on Delivery, or the COD fee paid now and the rest in cash (docs/shop-rules.md
 * §10 rule 17). Plain COD is switched off, with the reason, where the carrier takes no cash there or
 * the COD rules do not allow it; the fee paid now only where the carrier takes no cash or the rules
 * leave online payment alone (`prepaid_only`).
 */
export function PaymentChoice({
  payment,
  onPayment,
  codCharge,
  codUnavailable,
  advanceUnavailable,
}: {
  payment: CheckoutPayment;
  onPayment: (payment: CheckoutPayment) => void;
  codCharge: number;
  /** Why plain COD is off (the carrier's or the rules' sentence), or undefined. */
  codUnavailable: string | undefined;
  /** Why the fee paid now is off too, or undefined. */
  advanceUnavailable: string | undefined;
}) {
  const cod = (value: CheckoutPayment, off: boolean) => ({
    type: 'radio' as const,
    name: 'payment',
    value,
    checked: payment === value,
    disabled: off,
    onChange: () => onPayment(value),
    ...(off ? { 'aria-describedby': 'cod-unavailable' } : {}),
  });
  const codOff = codUnavailable !== undefined;
  const advanceOff = advanceUnavailable !== undefined;
  return (
    <fieldset className="checkout__section card">
      <legend>{text('checkoutPage.paymentMethod')}</legend>
      <label className="payment-option">
        <input
          type="radio"
          name="payment"
          value="prepaid"
          checked={payment === 'prepaid'}
          onChange={() => onPayment('prepaid')}
        />
        <span>
          <strong>{text('checkoutPage.payOnline')}</strong> {text('checkoutPage.upiCardsNetBanking')}
        </span>
      </label>
      <label className={`payment-option${codOff ? ' payment-option--off' : ''}`}>
        <input {...cod('cod', codOff)} />
        <span>
          <strong>{text('checkoutPage.cashOnDelivery')}</strong> — {formatRupees(codCharge)}{' '}
          {text('checkoutPage.codCharge')}
        </span>
      </label>
      {advanceOffered(codCharge) && (
        <label className={`payment-option${advanceOff ? ' payment-option--off' : ''}`}>
          <input {...cod('cod-advance', advanceOff)} />
          <span>
            <strong>{text('codAdvance.choice', { fee: formatRupees(codCharge) })}</strong>
          </span>
        </label>
      )}
      {/* Always there, so a sentence that appears as the address is typed is read out. */}
      <div aria-live="polite">
        {codUnavailable && (
          <p id="cod-unavailable" className="checkout__field-problem">
            {codUnavailable}
          </p>
        )}
      </div>
    </fieldset>
  );
}
