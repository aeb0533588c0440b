import { content } from '../content/content.server.ts';
import { CheckoutPage } from '../features/checkout/CheckoutPage.tsx';
import type { Route } from './+types/checkout';

export async function loader() {
  const settings = await content().settings();
  return {
    shopName: settings.shopName,
    rules: { freeShippingThreshold: settings.freeShippingThreshold, codCharge: settings.codCharge },
  };
}

export function meta() {
  return [{ title: 'Checkout — Orang Utan Organics' }, { name: 'robots', content: 'noindex' }];
}

export default function Checkout({ loaderData }: Route.ComponentProps) {
  return <CheckoutPage shopName={loaderData.shopName} rules={loaderData.rules} />;
}
