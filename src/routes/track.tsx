import { TrackPage } from '../features/orders/TrackPage.tsx';
import { pageHead } from '../features/seo/head.ts';

export function meta() {
  return pageHead({
    title: 'Track your order',
    description:
      'Follow your order from the Himalayas to your door: enter your order ID and the phone number you ordered with.',
    path: '/track',
  });
}

export default function Track() {
  return <TrackPage />;
}
