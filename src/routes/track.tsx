import { TrackPage } from '../features/orders/TrackPage.tsx';
import { pageHead } from '../features/seo/head.ts';
import { text } from '../shop/texts/order-pages.ts';

export function meta() {
  return pageHead({
    title: text('track.trackYourOrder'),
    description: text('track.headDescription'),
    path: '/track',
  });
}

export default function Track() {
  return <TrackPage />;
}
