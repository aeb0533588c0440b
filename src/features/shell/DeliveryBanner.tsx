import { TruckIcon } from '../../components/icons.tsx';
import { fillIn } from '../../shop/fill-in.ts';
import { formatRupees } from '../../shop/money/index.ts';

/** The strip at the top of every page: the editors' words (Shop settings), with the threshold in {amount}. */
export function DeliveryBanner({ text, threshold }: { text: string; threshold: number }) {
  return (
    <p className="delivery-banner">
      <TruckIcon className="delivery-banner__icon" />
      {fillIn(text, { amount: formatRupees(threshold) })}
    </p>
  );
}
