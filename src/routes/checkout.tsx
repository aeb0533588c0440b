import { content } from '../content/content.server.ts';
import { CheckoutPage } from '../features/checkout/CheckoutPage.tsx';
import { pageHead } from '../features/seo/head.ts';
import { text } from '../shop/texts/checkout.ts';
import type { Route } from './+types/checkout';

export async function loader() {
  const settings = await content().settings();
  return {
    shopName: settings.shopName,
    rules: { freeShippingThreshold: settings.freeShippingThreshold, codCharge: settings.codCharge },
  };
}

export function meta() {
  return pageHead({
    title: text('checkoutPage.checkout'),
    description: text('checkoutPage.headDescription'),
    path: '/checkout',
    noindex: true,
  });
}

export default function Checkout({ loaderData }: Route.ComponentProps) {
  return <CheckoutPage shopName={loaderData.shopName} rules={loaderData.rules} />;
}
