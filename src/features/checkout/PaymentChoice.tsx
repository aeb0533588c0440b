import { formatRupees } from '../../shop/money.ts';
import type { PaymentMode } from '../../shop/shipping.ts';

/**
 * Online payment or Cash on Delivery; plain COD is switched off, with the reason, where it is not
 * offered: the carrier takes no cash there, or the COD rules do not allow it (shop-rules §10 rule 17).
 */
export function PaymentChoice({
  mode,
  onMode,
  codCharge,
  codUnavailable,
}: {
  mode: PaymentMode;
  onMode: (mode: PaymentMode) => void;
  codCharge: number;
  codUnavailable: string | undefined;
}) {
  return (
    <fieldset className="checkout__section card">
      <legend>Payment method</legend>
      <label className="payment-option">
        <input
          type="radio"
          name="payment"
          value="prepaid"
          checked={mode === 'prepaid'}
          onChange={() => onMode('prepaid')}
        />
        <span>
          <strong>Pay online</strong> — UPI, cards, net banking (secured by Razorpay)
        </span>
      </label>
      <label className={`payment-option${codUnavailable ? ' payment-option--off' : ''}`}>
        <input
          type="radio"
          name="payment"
          value="cod"
          checked={mode === 'cod'}
          disabled={codUnavailable !== undefined}
          onChange={() => onMode('cod')}
          {...(codUnavailable ? { 'aria-describedby': 'cod-unavailable' } : {})}
        />
        <span>
          <strong>Cash on Delivery</strong> — {formatRupees(codCharge)} COD charge
        </span>
      </label>
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
