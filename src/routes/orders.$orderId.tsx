import { useParams, useRouteLoaderData, useSearchParams } from 'react-router';
import { OrderPage } from '../features/orders/OrderPage.tsx';
import { privateOrderHead } from '../features/seo/head.ts';
import type { loader as rootLoader } from '../root.tsx';
import { text } from '../shop/texts/order-pages.ts';

/**
 * `/orders/:orderId?key=…`. No loader: one shell, prerendered at ORDER_SHELL_PATH, is served for
 * every order id (netlify.toml), and the order is fetched in the browser with its key. A loader
 * here would make a client navigation (from the checkout) ask for a data file that cannot exist.
 */
export function meta() {
  return privateOrderHead(text('orderPage.yourOrder'));
}

export default function Order() {
  const { orderId } = useParams();
  const [search] = useSearchParams();
  const root = useRouteLoaderData<typeof rootLoader>('root');
  return (
    <OrderPage
      orderId={orderId}
      orderKey={search.get('key')}
      seller={root?.settings}
      whatHappensNext={root?.whatHappensNext ?? []}
    />
  );
}
