import { Link } from 'react-router';
import { ContentIcon } from '../../components/content-icons.tsx';
import { ResponsiveImage } from '../../components/image/ResponsiveImage.tsx';
import { QuantityStepper } from '../../components/QuantityStepper.tsx';
import type { ShopSettings } from '../../content/types.ts';
import type { CartLineFacts, EarlyActionName } from '../../early/index.ts';
import { imageCandidates } from '../../media/responsive-image.ts';
import type { CartItem } from '../../shop/cart/index.ts';
import { fillIn } from '../../shop/fill-in.ts';
import { formatRupees } from '../../shop/money/index.ts';
import { text } from '../../shop/texts/index.ts';

/** A square thumbnail, 72 px wide on a phone and 96 px from 40rem (cart.css). */
const LINE_IMAGE_SLOT = { width: 96, height: 96 };
const LINE_IMAGE_SIZES = '(min-width: 40rem) 96px, 72px';

/**
 * What a line shows of its item: its link, its texts and its photo's candidates. CartView draws its
 * lines with these, and /cart's page before it is live hands them, for every size, to the early
 * script, which fills its one template line with them (src/early/cart-lines.ts, decision 028).
 */
export function cartLineFacts(item: CartItem): CartLineFacts {
  return {
    key: item.product_retailer_id,
    price: item.price,
    name: item.name,
    href: `/products/${item.productId}`,
    // In parts, as the line always drew it: the size and the price each a text of its own.
    meta: [`${text('cart.size')} `, item.size, ' · ', formatRupees(item.price), ` ${text('cart.each')}`],
    quantityLabel: text('cart.quantityOf', { name: item.name, size: item.size }),
    removeLabel: text('cart.removeLine', { name: item.name, size: item.size }),
    photo: item.image ? { ...imageCandidates({ src: item.image }, LINE_IMAGE_SLOT), sizes: LINE_IMAGE_SIZES } : null,
  };
}

export interface CartViewProps {
  items: readonly CartItem[];
  subtotal: number;
  freeShippingThreshold: number;
  trustBadges: ShopSettings['trustBadges'];
  onQuantity: (key: string, quantity: number) => void;
  onRemove: (key: string) => void;
  onProceed: () => void;
}

/**
 * The cart's lines, its summary and the editors' reasons to buy: what /cart shows once it has read
 * the stored cart. Also rendered, with one line, into the page before it is live: the template the
 * early script fills for each stored line (CartPage's CartBeforeLive, src/early/cart-lines.ts);
 * each line says which it is (`data-line-key`) and its price (`data-line-price`).
 */
export function CartView({
  items,
  subtotal,
  freeShippingThreshold,
  trustBadges,
  onQuantity,
  onRemove,
  onProceed,
}: CartViewProps) {
  return (
    <>
      <div className="cart__layout">
        <ul className="cart__lines" aria-label={text('cart.itemsInYourCart')}>
          {items.map((item) => {
            const line = cartLineFacts(item);
            return (
              <li
                key={item.product_retailer_id}
                className="cart-line card"
                data-line-key={item.product_retailer_id}
                data-line-price={item.price}
              >
                {item.image ? (
                  <ResponsiveImage
                    className="cart-line__image"
                    image={{ src: item.image }}
                    alt=""
                    sizes={LINE_IMAGE_SIZES}
                    slotSize={LINE_IMAGE_SLOT}
                  />
                ) : (
                  // A product without a photo keeps its place in the line's grid.
                  <span className="cart-line__image" />
                )}
                <div className="cart-line__details">
                  <h2 className="cart-line__name">
                    <Link to={line.href}>{item.name}</Link>
                  </h2>
                  <p className="cart-line__meta">{line.meta}</p>
                  <div className="cart-line__controls">
                    <QuantityStepper
                      value={item.quantity}
                      onChange={(quantity) => onQuantity(item.product_retailer_id, quantity)}
                      label={line.quantityLabel}
                    />
                    <button
                      type="button"
                      className="button button--ghost cart-line__remove"
                      data-early={'cart-remove' satisfies EarlyActionName}
                      onClick={() => onRemove(item.product_retailer_id)}
                      aria-label={line.removeLabel}
                    >
                      {text('cart.remove')}
                    </button>
                  </div>
                </div>
                <p className="cart-line__total">
                  <span className="visually-hidden">{text('cart.lineTotal')} </span>
                  <span data-line-total="">{formatRupees(item.price * item.quantity)}</span>
                </p>
              </li>
            );
          })}
        </ul>
        <section className="cart__summary card" aria-labelledby="summary-title">
          <h2 id="summary-title">{text('cart.orderSummary')}</h2>
          <dl>
            <div>
              <dt>{text('cart.subtotal')}</dt>
              <dd data-testid="cart-subtotal">{formatRupees(subtotal)}</dd>
            </div>
            <div>
              <dt>{text('cart.shipping')}</dt>
              <dd>{text('cart.calculatedAtCheckout')}</dd>
            </div>
          </dl>
          <p className="cart__note">{text('cart.pricesIncludeGst')}</p>
          <button
            type="button"
            className="button button--block"
            data-early={'cart-checkout' satisfies EarlyActionName}
            onClick={onProceed}
          >
            {text('cart.proceedToCheckout')}
          </button>
          <Link className="cart__continue" to="/products">
            {text('cart.continueShopping')}
          </Link>
        </section>
      </div>
      <ul className="trust-badges" aria-label={text('cart.whyShopWithUs')}>
        {trustBadges.map((badge) => (
          <li key={badge.text}>
            <ContentIcon name={badge.icon} size={20} className="trust-badges__icon" />{' '}
            {fillIn(badge.text, { amount: formatRupees(freeShippingThreshold) })}
          </li>
        ))}
      </ul>
    </>
  );
}

/** An empty cart: what /cart says, and the way back to the products. */
export function EmptyCart() {
  return (
    <>
      <p>{text('cart.yourCartIsEmpty')}</p>
      <Link className="button" to="/products">
        {text('cart.shopNow')}
      </Link>
    </>
  );
}
