import { TrackOrder } from './TrackOrder.tsx';
import '../../components/forms.css';
import './orders.css';

/** /track (docs/shop-rules.md §2): an order found by its id and the phone number it was placed with. */
export function TrackPage() {
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
