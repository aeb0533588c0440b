import { EarlyToasts } from '../../components/toast/index.ts';
import { type EarlyActionName, PINCODE_SLOT } from '../../early/index.ts';
import { advanceSplit } from '../../shop/cod/index.ts';

import { formatRupees } from '../../shop/money/index.ts';
import type { ShippingRules } from '../../shop/order/index.ts';
import { text } from '../../shop/texts/checkout.ts';
import { useCart } from '../cart/index.ts';
import type { QuoteState } from './use-shipping-quote.ts';
import { totalNotReadyMessage } from './waiting-message.ts';

/** The lines, the money and the Place Order button; a total the server changed shows old beside new. */
export function OrderSummary({
  live,
  cartReady,
  quote,
  rules,
  processing,
  blocked,
  changedFrom,
  payingFee,
}: {
  /**
   * Whether the page is live. Before, Place Order is enabled for the early script to answer a
   * press at once (src/early/place-order.ts, decision 028): it never places an order then.
   */
  live: boolean;
  /**
   * Whether the cart has been read: the page is prerendered without it, so until the page is live
   * the summary says it is loading (the form above can be filled meanwhile).
   */
  cartReady: boolean;
  quote: QuoteState;
  rules: ShippingRules;
  processing: boolean;
  /** Why Place Order cannot be pressed (a pincode we cannot deliver to), if it cannot. */
  blocked: boolean;
  /** The total the shopper saw before the server priced the order differently. */
  changedFrom: number | undefined;
  /** The COD fee is paid now (rule 17): the summary shows it and what is left for delivery. */
  payingFee?: boolean;
}) {
  const cart = useCart();
  const calculating = quote.status === 'calculating';
  const subtotal = quote.status === 'ready' ? quote.subtotal : cart.subtotal;
  const shipping =
    quote.status === 'calculating'
      ? text('checkoutPage.calculating')
      : quote.status === 'idle'
        ? text('checkoutPage.enterYourPincode')
        : quote.shippingCharge === 0
          ? text('checkoutPage.free')
          : quote.source === 'estimate' || quote.source === 'local'
            ? text('checkoutPage.estimated', { amount: formatRupees(quote.shippingCharge) })
            : formatRupees(quote.shippingCharge);
  const missing = rules.freeShippingThreshold - subtotal;
  const changed = changedFrom !== undefined && quote.status === 'ready' && quote.total !== changedFrom;
  return (
    <section className="checkout__summary card" aria-labelledby="checkout-summary">
      <h2 id="checkout-summary">{text('checkoutPage.orderSummary')}</h2>
      {!cartReady && <p className="checkout__loading">{text('checkoutPage.loadingYourCart')}</p>}
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
          <dt>{text('checkoutPage.subtotal')}</dt>
          <dd>{cartReady ? formatRupees(subtotal) : '…'}</dd>
        </div>
        <div>
          <dt>{text('checkoutPage.shipping2')}</dt>
          <dd data-testid="shipping-charge">{shipping}</dd>
        </div>
        {quote.status !== 'calculating' && quote.codCharge > 0 && (
          <div>
            <dt>{text('checkoutPage.codCharge')}</dt>
            <dd>{formatRupees(quote.codCharge)}</dd>
          </div>
        )}
        <div className="checkout__total">
          <dt>{text('checkoutPage.total')}</dt>
          <dd>
            {changed && (
              <>
                <s data-testid="previous-total">{formatRupees(changedFrom)}</s>{' '}
              </>
            )}
            <span data-testid="order-total">{calculating || !cartReady ? '…' : formatRupees(quote.total)}</span>
          </dd>
        </div>
        {payingFee && quote.status === 'ready' && <FeeNow total={quote.total} fee={quote.codCharge} />}
      </dl>
      {changed && (
        <p className="checkout__changed" role="alert">
          {text('checkoutPage.theTotalChangedFrom')} {formatRupees(changedFrom)} {text('checkoutPage.to')}{' '}
          {formatRupees(quote.total)} {text('checkoutPage.becausePricesOrShipping')}
        </p>
      )}
      <p className="checkout__free-note">
        {missing > 0 || !cartReady
          ? text('checkoutPage.freeShippingFrom', {
              threshold: formatRupees(rules.freeShippingThreshold),
              more: cartReady ? text('checkoutPage.addMore', { missing: formatRupees(missing) }) : '',
            })
          : text('checkoutPage.shipsFree', { threshold: formatRupees(rules.freeShippingThreshold) })}
      </p>
      {/* Tapped before the page is live, the early script answers (src/early/place-order.ts, decision 028). */}
      <button
        type="submit"
        className="button button--block"
        disabled={live && (!cartReady || processing || calculating || blocked)}
        data-early={'place-order' satisfies EarlyActionName}
        data-required-message={text('forms.required')}
        data-pincode-message={text('forms.pincode')}
        data-waiting-message={totalNotReadyMessage(PINCODE_SLOT)}
      >
        {processing ? text('checkoutPage.processing') : text('checkoutPage.placeOrder')}
      </button>
      <p className="checkout__hint">{text('checkoutPage.pricesIncludeGst')}</p>
      {/* What the early Place Order's answer is drawn from (src/early/toast.ts). */}
      <EarlyToasts />
    </section>
  );
}

/** What the shopper pays now (the COD fee) and what on delivery, under the total. */
function FeeNow({ total, fee }: { total: number; fee: number }) {
  const split = advanceSplit(total, fee);
  return (
    <>
      <div>
        <dt>{text('codAdvance.payNow')}</dt>
        <dd data-testid="pay-now">{formatRupees(split.now)}</dd>
      </div>
      <div>
        <dt>{text('codAdvance.onDelivery')}</dt>
        <dd data-testid="pay-on-delivery">{formatRupees(split.onDelivery)}</dd>
      </div>
    </>
  );
}
