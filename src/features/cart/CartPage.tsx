import { Link, useNavigate } from 'react-router';
import { ContentIcon } from '../../components/content-icons.tsx';
import { ResponsiveImage } from '../../components/image/ResponsiveImage.tsx';
import { QuantityStepper } from '../../components/QuantityStepper.tsx';
import type { ShopSettings } from '../../content/types.ts';
import { useHydrated } from '../../hooks/use-hydrated.ts';
import { fillIn } from '../../shop/fill-in.ts';
import { formatRupees } from '../../shop/money.ts';
import { cartPixelParams, track } from '../pixel/index.ts';
import { useCart } from './cart-context.tsx';
import './cart.css';

/** A square thumbnail, 72 px wide on a phone and 96 px from 40rem (cart.css). */
const LINE_IMAGE_SLOT = { width: 96, height: 96 };
const LINE_IMAGE_SIZES = '(min-width: 40rem) 96px, 72px';

/**
 * /cart (docs/shop-rules.md §2): drawn in the browser from the stored cart, so the prerendered page
 * shows only its frame. `trustBadges` are the editors' reasons to buy (Shop settings → Texts across
 * the site); {amount} in them is the free-shipping threshold.
 */
export function CartPage({
  freeShippingThreshold,
  trustBadges,
}: {
  freeShippingThreshold: number;
  trustBadges: ShopSettings['trustBadges'];
}) {
  const cart = useCart();
  const hydrated = useHydrated();
  const navigate = useNavigate();

  if (!hydrated) {
    return (
      <div className="page" aria-busy="true">
        <h1>Your cart</h1>
        <p>Loading your cart…</p>
      </div>
    );
  }

  if (cart.items.length === 0) {
    return (
      <div className="page page--message">
        <h1>Your cart</h1>
        <p>Your cart is empty</p>
        <Link className="button" to="/products">
          Shop Now
        </Link>
      </div>
    );
  }

  const proceed = () => {
    if (cart.items.length === 0) {
      window.alert('Your cart is empty');
      return;
    }
    track('InitiateCheckout', cartPixelParams(cart.items));
    navigate('/checkout');
  };

  return (
    <div className="page cart">
      <h1>Your cart</h1>
      <div className="cart__layout">
        <ul className="cart__lines" aria-label="Items in your cart">
          {cart.items.map((item) => (
            <li key={item.product_retailer_id} className="cart-line card">
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
                  <Link to={`/products/${item.productId}`}>{item.name}</Link>
                </h2>
                <p className="cart-line__meta">
                  Size: {item.size} · {formatRupees(item.price)} each
                </p>
                <div className="cart-line__controls">
                  <QuantityStepper
                    value={item.quantity}
                    onChange={(quantity) => cart.setQuantity(item.product_retailer_id, quantity)}
                    label={`Quantity of ${item.name} ${item.size}`}
                  />
                  <button
                    type="button"
                    className="button button--ghost cart-line__remove"
                    onClick={() => cart.remove(item.product_retailer_id)}
                    aria-label={`Remove ${item.name} ${item.size}`}
                  >
                    Remove
                  </button>
                </div>
              </div>
              <p className="cart-line__total">
                <span className="visually-hidden">Line total </span>
                {formatRupees(item.price * item.quantity)}
              </p>
            </li>
          ))}
        </ul>
        <section className="cart__summary card" aria-labelledby="summary-title">
          <h2 id="summary-title">Order summary</h2>
          <dl>
            <div>
              <dt>Subtotal</dt>
              <dd data-testid="cart-subtotal">{formatRupees(cart.subtotal)}</dd>
            </div>
            <div>
              <dt>Shipping</dt>
              <dd>Calculated at checkout</dd>
            </div>
          </dl>
          <p className="cart__note">Prices include GST.</p>
          <button type="button" className="button button--block" onClick={proceed}>
            Proceed to Checkout
          </button>
          <Link className="cart__continue" to="/products">
            Continue shopping
          </Link>
        </section>
      </div>
      <ul className="trust-badges" aria-label="Why shop with us">
        {trustBadges.map((badge) => (
          <li key={badge.text}>
            <ContentIcon name={badge.icon} size={20} className="trust-badges__icon" />{' '}
            {fillIn(badge.text, { amount: formatRupees(freeShippingThreshold) })}
          </li>
        ))}
      </ul>
    </div>
  );
}
