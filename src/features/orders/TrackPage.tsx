import { TrackOrder } from './TrackOrder.tsx';
import '../../components/forms.css';
import './orders.css';
import { text } from '../../shop/texts/order-pages.ts';

/** /track (docs/shop-rules.md §2): an order found by its id and the phone number it was placed with. */
export function TrackPage() {
  return (
    <div className="page track-page">
      <h1>{text('track.trackYourOrder')}</h1>
      <p className="section__intro">{text('track.enterTheOrderId')}</p>
      <TrackOrder />
    </div>
  );
}
