import { TrackOrder } from '../features/orders/index.ts';
import { pageHead } from '../features/seo/head.ts';
import '../components/forms.css';
import '../features/orders/orders.css';

export function meta() {
  return pageHead({
    title: 'Track your order',
    description:
      'Follow your order from the Himalayas to your door: enter your order ID and the phone number you ordered with.',
    path: '/track',
  });
}

export default function Track() {
  return (
    <div className="page track-page">
      <h1>Track your order</h1>
      <p className="section__intro">
        Enter the order ID you were given at checkout (it starts with OUO_) and the phone number you ordered with.
      </p>
      <TrackOrder />
    </div>
  );
}
