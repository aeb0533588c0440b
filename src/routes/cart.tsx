import { useRouteLoaderData } from 'react-router';
import { CartPage } from '../features/cart/CartPage.tsx';
import { pageHead } from '../features/seo/head.ts';
import type { loader as rootLoader } from '../root.tsx';
import { DEFAULT_SHIPPING_RULES } from '../shop/order/index.ts';

export function meta() {
  return pageHead({
    title: 'Your cart',
    description: 'The organic Himalayan foods in your cart, with delivery and payment options.',
    path: '/cart',
    noindex: true,
  });
}

export default function Cart() {
  const root = useRouteLoaderData<typeof rootLoader>('root');
  const settings = root?.settings;
  return (
    <CartPage
      catalogue={root?.catalogue ?? []}
      freeShippingThreshold={settings?.freeShippingThreshold ?? DEFAULT_SHIPPING_RULES.freeShippingThreshold}
      trustBadges={settings?.trustBadges ?? []}
    />
  );
}
