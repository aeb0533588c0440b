import { useRouteLoaderData } from 'react-router';
import { CartPage } from '../features/cart/CartPage.tsx';
import { pageHead } from '../features/seo/head.ts';
import type { loader as rootLoader } from '../root.tsx';
import { DEFAULT_SHIPPING_RULES } from '../shop/order/index.ts';
import { cartHead } from '../shop/texts/cart-head.ts';
import { shared } from '../shop/texts/index.ts';
import { reader } from '../shop/texts/read.ts';

/** The shared words and this route's own description, bound here so it rides in this route's chunk alone (docs/architecture.md, "Texts"). */
const text = /* @__PURE__ */ reader({ ...shared, cartHead });

export function meta() {
  return pageHead({
    title: text('outbox.yourCart'),
    description: text('cartHead.description'),
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
