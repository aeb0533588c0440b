import { useId, useState } from 'react';
import { Link } from 'react-router';

import { formatRupees } from '../../shop/money/index.ts';
import type { OrderView } from '../../shop/schemas/index.ts';
import { CANCEL_REASONS, type CancelReason } from '../../shop/texts/cancel-reason.ts';
import { text } from '../../shop/texts/order-pages.ts';
import { cancelOrder } from './api.ts';

interface CancelOrderProps {
  order: OrderView;
  orderKey: string;
  /** The order as the server answered after cancelling (or while cancelling). */
  onChanged: (order: OrderView, message?: string) => void;
}

/**
 * "Cancel order" on the order's own page (docs/shop-rules.md §10, "Cancel and refund"): while the
 * parcel has not been picked up, a reason and a confirmation that says what happens to the money;
 * afterwards, how to refuse the parcel or ask for a return.
 */
export function CancelOrder({ order, orderKey, onChanged }: CancelOrderProps) {
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState<CancelReason>('ordered-by-mistake');
  const [sending, setSending] = useState(false);
  const [problem, setProblem] = useState<string | undefined>();
  const titleId = useId();

  if (order.cancelled) return null;
  if (!order.cancellable) {
    return (
      <section className="order-section card order-cancel" aria-labelledby={titleId}>
        <h2 id={titleId}>{text('cancelPage.title')}</h2>
        <p>{text('cancelPage.tooLate')}</p>
        <p>
          <Link to="/policies/returns">{text('cancelPage.returns')}</Link>
        </p>
      </section>
    );
  }

  const send = async () => {
    setSending(true);
    setProblem(undefined);
    const result = await cancelOrder(order.orderId, { key: orderKey, reason });
    setSending(false);
    if (result.ok) {
      setOpen(false);
      onChanged(result.data.order, result.data.message);
    } else {
      setProblem(result.kind === 'refused' ? result.message : text('cancelPage.unreachable'));
    }
  };

  return (
    <section className="order-section card order-cancel" aria-labelledby={titleId}>
      <h2 id={titleId}>{text('cancelPage.title')}</h2>
      {!open ? (
        <button type="button" className="button button--ghost" onClick={() => setOpen(true)}>
          {text('cancelPage.open')}
        </button>
      ) : (
        <form
          onSubmit={(event) => {
            event.preventDefault();
            void send();
          }}
        >
          <fieldset className="order-cancel__reasons">
            <legend>{text('cancelPage.reason')}</legend>
            {CANCEL_REASONS.map((value) => (
              <label key={value} className="order-cancel__reason">
                <input
                  type="radio"
                  name="cancel-reason"
                  value={value}
                  checked={reason === value}
                  onChange={() => setReason(value)}
                />{' '}
                {text(`cancelReason.${value}`)}
              </label>
            ))}
          </fieldset>
          <p className="order-cancel__money">
            {/* A COD order's fee paid now is refunded as a prepaid order's total is (rule 14). */}
            {order.paymentMode === 'cod' && !order.advance
              ? text('cancelPage.cod')
              : text('cancelPage.prepaid', { total: formatRupees(order.advance ?? order.totals.total) })}
          </p>
          {problem && (
            <p className="order-cancel__problem" role="alert">
              {problem}
            </p>
          )}
          <div className="order-actions">
            <button type="submit" className="button" disabled={sending}>
              {sending ? text('cancelPage.working') : text('cancelPage.confirm')}
            </button>
            <button type="button" className="button button--ghost" onClick={() => setOpen(false)} disabled={sending}>
              {text('cancelPage.keep')}
            </button>
          </div>
        </form>
      )}
    </section>
  );
}
