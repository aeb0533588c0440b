import { content } from '../content/content.server.ts';
import { CheckoutPage } from '../features/checkout/CheckoutPage.tsx';
import { pageHead } from '../features/seo/head.ts';
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
    title: 'Checkout',
    description: 'Delivery address and payment: UPI, cards and net banking through Razorpay, or cash on delivery.',
    path: '/checkout',
    noindex: true,
  });
}

export default function Checkout({ loaderData }: Route.ComponentProps) {
  return <CheckoutPage shopName={loaderData.shopName} rules={loaderData.rules} />;
}
