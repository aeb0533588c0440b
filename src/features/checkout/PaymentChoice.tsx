import { advanceOffered, type CheckoutPayment } from '../../shop/cod-advance.ts';
import { COD_ADVANCE_TEXTS } from '../../shop/messages.ts';
import { formatRupees } from '../../shop/money.ts';

/**
 * Online payment, Cash on Delivery, or the COD fee paid now and the rest in cash (docs/shop-rules.md
 * §10 rule 17); both COD ways are switched off, with the reason, where COD is not offered.
 */
export function PaymentChoice({
  payment,
  onPayment,
  codCharge,
  codUnavailable,
}: {
  payment: CheckoutPayment;
  onPayment: (payment: CheckoutPayment) => void;
  codCharge: number;
  codUnavailable: string | undefined;
}) {
  const off = codUnavailable !== undefined;
  const cod = (value: CheckoutPayment) => ({
    type: 'radio' as const,
    name: 'payment',
    value,
    checked: payment === value,
    disabled: off,
    onChange: () => onPayment(value),
    ...(off ? { 'aria-describedby': 'cod-unavailable' } : {}),
  });
  return (
    <fieldset className="checkout__section card">
      <legend>Payment method</legend>
      <label className="payment-option">
        <input
          type="radio"
          name="payment"
          value="prepaid"
          checked={payment === 'prepaid'}
          onChange={() => onPayment('prepaid')}
        />
        <span>
          <strong>Pay online</strong> — UPI, cards, net banking (secured by Razorpay)
        </span>
      </label>
      <label className={`payment-option${off ? ' payment-option--off' : ''}`}>
        <input {...cod('cod')} />
        <span>
          <strong>Cash on Delivery</strong> — {formatRupees(codCharge)} COD charge
        </span>
      </label>
      {advanceOffered(codCharge) && (
        <label className={`payment-option${off ? ' payment-option--off' : ''}`}>
          <input {...cod('cod-advance')} />
          <span>
            <strong>{COD_ADVANCE_TEXTS.choice(formatRupees(codCharge))}</strong>
          </span>
        </label>
      )}
      {codUnavailable && (
        <p id="cod-unavailable" className="checkout__field-problem">
          {codUnavailable}
        </p>
      )}
    </fieldset>
  );
}
