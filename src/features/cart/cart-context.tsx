import { createContext, useContext, useMemo, useState, useSyncExternalStore } from 'react';
import { useToast } from '../../components/toast/index.ts';
import { type CartItem, cartCount, cartSubtotal } from '../../shop/cart/index.ts';
import type { Product } from '../../shop/catalogue/index.ts';
import { text } from '../../shop/texts/index.ts';
import { type CartStore, createCartStore, EMPTY_CART } from './cart-store.ts';

const CartContext = createContext<CartStore | null>(null);

/** Holds the one cart store of the page; the catalogue comes from the root loader. */
export function CartProvider({ catalogue, children }: { catalogue: Product[]; children: React.ReactNode }) {
  const toast = useToast();
  const [store] = useState(() =>
    createCartStore({
      catalogue,
      storage: typeof window === 'undefined' ? undefined : window.localStorage,
      events: typeof window === 'undefined' ? undefined : window,
      onRemoved: (names) =>
        toast.show({
          type: 'info',
          message: text('cart.noLongerAvailable', { names }),
          duration: 0, // stays until the shopper closes it: they should not miss this
        }),
    }),
  );
  return <CartContext.Provider value={store}>{children}</CartContext.Provider>;
}

export interface UseCart {
  items: CartItem[];
  count: number;
  subtotal: number;
  add: CartStore['add'];
  setQuantity: CartStore['setQuantity'];
  remove: CartStore['remove'];
  clear: CartStore['clear'];
}

/** The cart, empty while prerendering and hydrating, then the shopper's stored cart. */
export function useCart(): UseCart {
  const store = useContext(CartContext);
  if (!store) throw new Error('useCart must be used inside <CartProvider>.');
  const items = useSyncExternalStore(store.subscribe, store.getSnapshot, () => EMPTY_CART);
  return useMemo(
    () => ({
      items,
      count: cartCount(items),
      subtotal: cartSubtotal(items),
      add: store.add,
      setQuantity: store.setQuantity,
      remove: store.remove,
      clear: store.clear,
    }),
    [items, store],
  );
}
