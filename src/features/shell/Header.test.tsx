import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { makeCartItem, makeCatalogue } from '#tests/support/factories.ts';
import { ToastProvider } from '../../components/toast/index.ts';
import { type CartItem, cartItemFor } from '../../shop/cart/index.ts';
import { formatRupees } from '../../shop/money/index.ts';
import { CartProvider, useCart } from '../cart/index.ts';
import { Header } from './Header.tsx';

const SHOP_NAME = 'Orang Utan Organics';

const rajma = (quantity: number) => makeCartItem({ quantity });
/** Badri Cow Ghee 295gm, as the shop makes its cart line from the test catalogue. */
const ghee295 = (quantity: number): CartItem => {
  const ghee = makeCatalogue().find((product) => product.id === 3);
  const item = ghee && cartItemFor(ghee, '295gm', quantity);
  if (!item) throw new Error('the test catalogue has no 295gm ghee');
  return item;
};

function storeCart(items: readonly unknown[]) {
  window.localStorage.setItem('cart', JSON.stringify(items));
}

/** What a cart page would show: the store's subtotal, so a tampered price would be visible. */
function SubtotalProbe() {
  const { subtotal } = useCart();
  return <p>{`Subtotal ${formatRupees(subtotal)}`}</p>;
}

function renderHeader({ path = '/', withSubtotal = false }: { path?: string; withSubtotal?: boolean } = {}) {
  const router = createMemoryRouter(
    [
      {
        path: '*',
        element: (
          <ToastProvider>
            <CartProvider catalogue={makeCatalogue()}>
              <Header shopName={SHOP_NAME} />
              {withSubtotal && <SubtotalProbe />}
            </CartProvider>
          </ToastProvider>
        ),
      },
    ],
    { initialEntries: [path] },
  );
  render(<RouterProvider router={router} />);
  return { router, user: userEvent.setup() };
}

const cartLink = () => screen.getByRole('link', { name: /^Cart/ });
const mainNav = () => screen.getByRole('navigation', { name: 'Main' });
const burger = () => screen.getByRole('button', { name: /menu/ });

describe('<Header>', () => {
  beforeEach(() => {
    window.localStorage.clear();
  });

  describe('cart link', () => {
    it('shows no count when the cart is empty', () => {
      renderHeader();

      expect(cartLink()).toHaveAccessibleName('Cart, empty');
      expect(cartLink()).toHaveAttribute('href', '/cart');
      expect(cartLink()).toHaveTextContent('');
    });

    /** Stores `items`, draws the header, and expects its cart link named `name`. */
    function headerWithCart(items: CartItem[], name: string) {
      storeCart(items);
      renderHeader();
      expect(cartLink()).toHaveAccessibleName(name);
    }

    it('shows the number of items in the stored cart, summing the quantities', () => {
      headerWithCart([rajma(2), ghee295(1)], 'Cart, 3 items');
      expect(within(cartLink()).getByText('3')).toBeVisible();
    });

    it('says "1 item", not "1 items"', () => {
      headerWithCart([ghee295(1)], 'Cart, 1 item');
    });

    it('updates when another part of the page changes the cart', () => {
      headerWithCart([rajma(1)], 'Cart, 1 item');

      storeCart([rajma(1), ghee295(4)]);
      act(() => window.dispatchEvent(new Event('cartUpdated')));

      expect(cartLink()).toHaveAccessibleName('Cart, 5 items');
      expect(within(cartLink()).getByText('5')).toBeInTheDocument();
    });

    it('updates when another tab changes the cart', () => {
      headerWithCart([rajma(2)], 'Cart, 2 items');

      const items = [rajma(2), ghee295(5)];
      storeCart(items);
      act(() => window.dispatchEvent(new StorageEvent('storage', { key: 'cart', newValue: JSON.stringify(items) })));

      expect(cartLink()).toHaveAccessibleName('Cart, 7 items');
      expect(within(cartLink()).getByText('7')).toBeInTheDocument();
    });

    it('empties when another tab clears the storage', () => {
      headerWithCart([rajma(2)], 'Cart, 2 items');

      window.localStorage.clear();
      act(() => window.dispatchEvent(new StorageEvent('storage', { key: null })));

      expect(cartLink()).toHaveAccessibleName('Cart, empty');
      expect(within(cartLink()).queryByText('2')).not.toBeInTheDocument();
    });

    it('ignores storage changes to other keys', () => {
      storeCart([rajma(2)]);
      renderHeader();

      // Written without an event of its own: only a `cart` storage event may make the header re-read it.
      storeCart([rajma(9)]);
      act(() => window.dispatchEvent(new StorageEvent('storage', { key: 'recentlyViewed', newValue: '[]' })));

      expect(cartLink()).toHaveAccessibleName('Cart, 2 items');
    });

    it('drops a stored line whose product is no longer sold and tells the shopper', async () => {
      storeCart([
        rajma(2),
        makeCartItem({ product_retailer_id: '99_1kg', productId: 99, name: 'Blue Lentils', size: '1kg' }),
      ]);
      renderHeader();

      expect(cartLink()).toHaveAccessibleName('Cart, 2 items');
      expect(
        await within(screen.getByRole('status')).findByText(
          'Blue Lentils is no longer available and was removed from your cart.',
        ),
      ).toBeInTheDocument();
      // The repaired cart is written back, so the line does not come back on the next page.
      const stored = JSON.parse(window.localStorage.getItem('cart') ?? 'null') as CartItem[];
      expect(stored.map((line) => line.product_retailer_id)).toEqual(['1_500gm']);
    });

    it('prices the cart from the catalogue, not from a tampered stored price', () => {
      storeCart([
        { ...ghee295(2), price: 1 },
        { ...rajma(1), price: 1 },
      ]);
      renderHeader({ withSubtotal: true });

      expect(cartLink()).toHaveAccessibleName('Cart, 3 items');
      // 2 × ₹1,067 + 1 × ₹347, whatever the browser had stored.
      expect(screen.getByText('Subtotal ₹2,481')).toBeInTheDocument();
      const stored = JSON.parse(window.localStorage.getItem('cart') ?? 'null') as CartItem[];
      expect(stored.map((line) => line.price)).toEqual([1067, 347]);
      // Nothing was removed, so there is nothing to announce.
      expect(screen.getByRole('status')).toBeEmptyDOMElement();
    });
  });

  describe('menu', () => {
    it('opens with the burger button and moves focus to the first link', async () => {
      const { user } = renderHeader();
      const button = screen.getByRole('button', { name: 'Open menu' });
      expect(button).toHaveAttribute('aria-expanded', 'false');
      expect(button).toHaveAttribute('aria-controls', mainNav().id);

      await user.click(button);

      expect(button).toHaveAttribute('aria-expanded', 'true');
      expect(button).toHaveAccessibleName('Close menu');
      expect(within(mainNav()).getByRole('link', { name: 'Home' })).toHaveFocus();

      await user.click(button);
      expect(button).toHaveAttribute('aria-expanded', 'false');
      expect(button).toHaveAccessibleName('Open menu');
    });

    it('stays open while the shopper tabs through its links', async () => {
      const { user } = renderHeader();
      await user.click(screen.getByRole('button', { name: 'Open menu' }));

      await user.tab();

      expect(within(mainNav()).getByRole('link', { name: 'Who Are We' })).toHaveFocus();
      expect(burger()).toHaveAttribute('aria-expanded', 'true');
    });

    it('closes on Escape and gives focus back to the burger button', async () => {
      const { user } = renderHeader();
      await user.click(screen.getByRole('button', { name: 'Open menu' }));
      expect(burger()).toHaveAttribute('aria-expanded', 'true');

      await user.keyboard('{Escape}');

      expect(burger()).toHaveAttribute('aria-expanded', 'false');
      expect(burger()).toHaveAccessibleName('Open menu');
      expect(burger()).toHaveFocus();
    });

    it('closes when the shopper follows a link to another page', async () => {
      const { user, router } = renderHeader();
      await user.click(screen.getByRole('button', { name: 'Open menu' }));

      await user.click(within(mainNav()).getByRole('link', { name: 'Organic Products' }));

      await waitFor(() => expect(router.state.location.pathname).toBe('/products'));
      expect(burger()).toHaveAttribute('aria-expanded', 'false');
      expect(within(mainNav()).getByRole('link', { name: 'Organic Products' })).toHaveAttribute('aria-current', 'page');
    });

    it('closes when the shopper follows the link to the page already shown', async () => {
      const { user } = renderHeader({ path: '/blog' });
      await user.click(screen.getByRole('button', { name: 'Open menu' }));

      await user.click(within(mainNav()).getByRole('link', { name: 'Blog' }));

      await waitFor(() => expect(burger()).toHaveAttribute('aria-expanded', 'false'));
    });

    it('closes when the page changes by any other way, e.g. the logo link', async () => {
      const { user, router } = renderHeader({ path: '/blog/2' });
      await user.click(screen.getByRole('button', { name: 'Open menu' }));
      expect(burger()).toHaveAttribute('aria-expanded', 'true');

      await user.click(screen.getByRole('link', { name: `${SHOP_NAME}, home` }));

      await waitFor(() => expect(router.state.location.pathname).toBe('/'));
      expect(burger()).toHaveAttribute('aria-expanded', 'false');
    });

    it('ignores Escape while it is closed', async () => {
      const { user } = renderHeader();
      const link = within(mainNav()).getByRole('link', { name: 'Blog' });
      link.focus();

      await user.keyboard('{Escape}');

      expect(link).toHaveFocus();
      expect(burger()).toHaveAttribute('aria-expanded', 'false');
    });
  });

  describe('current page', () => {
    const current = () =>
      within(mainNav())
        .getAllByRole('link')
        .filter((link) => link.getAttribute('aria-current') === 'page')
        .map((link) => link.textContent);

    it('marks only Home on the home page', () => {
      renderHeader({ path: '/' });
      expect(current()).toEqual(['Home']);
    });

    it('marks Organic Products on a product page', () => {
      renderHeader({ path: '/products/3' });
      expect(current()).toEqual(['Organic Products']);
    });

    it('marks Blog on a blog post', () => {
      renderHeader({ path: '/blog/2' });
      expect(current()).toEqual(['Blog']);
    });

    it('marks nothing on a page outside the menu', () => {
      renderHeader({ path: '/cart' });
      expect(current()).toEqual([]);
    });
  });
});
