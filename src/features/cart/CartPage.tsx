import { useNavigate } from 'react-router';
import type { ShopSettings } from '../../content/types.ts';
import { useHydrated } from '../../hooks/use-hydrated.ts';
import { type CartItem, cartItemFor } from '../../shop/cart/index.ts';
import type { Product } from '../../shop/catalogue/index.ts';
import { cartPixelParams, track } from '../pixel/index.ts';
import { CartView, cartLineFacts, EmptyCart } from './CartView.tsx';
import { useCart } from './cart-context.tsx';
import './cart.css';
import { text } from '../../shop/texts/index.ts';

interface CartPageProps {
  /** The root loader's catalogue: every size's line, for the page before it is live. */
  catalogue: readonly Product[];
  freeShippingThreshold: number;
  trustBadges: ShopSettings['trustBadges'];
}

/**
 * /cart (docs/shop-rules.md §2): drawn from the stored cart. The prerendered page cannot know it, so
 * until React is live the early script draws it (CartBeforeLive); `trustBadges` are the editors'
 * reasons to buy (Shop settings → Texts across the site); {amount} in them is the free-shipping
 * threshold.
 */
export function CartPage({ catalogue, freeShippingThreshold, trustBadges }: CartPageProps) {
  const cart = useCart();
  const hydrated = useHydrated();
  const navigate = useNavigate();

  if (!hydrated) {
    return (
      <CartBeforeLive catalogue={catalogue} freeShippingThreshold={freeShippingThreshold} trustBadges={trustBadges} />
    );
  }

  if (cart.items.length === 0) {
    return (
      <div className="page page--message">
        <h1>{text('cart.yourCart')}</h1>
        <EmptyCart />
      </div>
    );
  }

  const proceed = () => {
    track('InitiateCheckout', cartPixelParams(cart.items));
    navigate('/checkout');
  };

  return (
    <div className="page cart">
      <h1>{text('cart.yourCart')}</h1>
      <CartView
        items={cart.items}
        subtotal={cart.subtotal}
        freeShippingThreshold={freeShippingThreshold}
        trustBadges={trustBadges}
        onQuantity={cart.setQuantity}
        onRemove={cart.remove}
        onProceed={proceed}
      />
    </div>
  );
}

const ignore = () => undefined;

/** The inline call that has the early script draw the stored cart (src/early/cart-lines.ts `drawCart`). */
export const DRAW_CART = 'window.__ouo?.early?.drawCart()';

/**
 * The cart before React is live (decision 028): 'Loading your cart…' in the prerendered page, and,
 * hidden, the cart as CartView draws it with ONE line — the template — and the empty cart, beside
 * every size's facts (`cartLineFacts`, as JSON in an attribute: no script to execute, nothing for
 * the CSP to hash). The inline script after them (run as the page is parsed, before its first
 * paint) has the early script fill a copy of the template for each stored line into the slot, so
 * the shopper sees, and can change, their cart at once (src/early/cart-lines.ts). Once live, React
 * draws the cart itself in place of all this.
 */
function CartBeforeLive({ catalogue, freeShippingThreshold, trustBadges }: CartPageProps) {
  const every = catalogue.flatMap((product) =>
    product.variants.map((variant) => cartItemFor(product, variant.size, 1)).filter((item) => item !== undefined),
  ) satisfies CartItem[];
  return (
    <div className="page" aria-busy="true" data-early-cart="">
      <h1>{text('cart.yourCart')}</h1>
      <p data-early-cart-loading="">{text('cart.loadingYourCart')}</p>
      {/* Its children are text (an empty string): React hydrates such an element's text, never its
          nodes, and the text it finds (the early script's lines) is allowed to differ, so hydration
          leaves what the early script drew alone until the live page replaces this whole part. */}
      <div data-early-cart-slot="" suppressHydrationWarning>
        {''}
      </div>
      <div hidden data-early-cart-parts="">
        <div data-early-cart-full="">
          <CartView
            items={every.slice(0, 1)}
            subtotal={0}
            freeShippingThreshold={freeShippingThreshold}
            trustBadges={trustBadges}
            onQuantity={ignore}
            onRemove={ignore}
            onProceed={ignore}
          />
        </div>
        <div data-early-cart-empty="">
          <EmptyCart />
        </div>
        <div data-early-cart-lines={JSON.stringify(every.map(cartLineFacts))} />
      </div>
      {/* A fixed call, as text: React escapes a script's text like any other, so it is written with
          none of the characters it would change (& < > " '). The build hashes it into the CSP. */}
      <script>{DRAW_CART}</script>
    </div>
  );
}
