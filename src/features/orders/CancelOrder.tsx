import { useId, useState } from 'react';
import { Link } from 'react-router';
import { CANCEL_REASON_LABELS, CANCEL_REASONS, type CancelReason } from '../../shop/cancel-texts.ts';
import { formatRupees } from '../../shop/money.ts';
import type { OrderView } from '../../shop/schemas.ts';
import { cancelOrder } from './api.ts';

export const CANCEL_PAGE_TEXTS = {
  title: 'Cancel this order',
  open: 'Cancel order',
  reason: 'Why are you cancelling?',
  confirm: 'Yes, cancel my order',
  keep: 'Keep my order',
  working: 'Cancelling…',
  cod: 'It is cash on delivery: nothing has been charged, and there is nothing to pay.',
  /** `total` as the shopper reads it. */
  prepaid: (total: string) =>
    `We will refund ${total} to the account you paid from. Refunds usually reach it within 5–7 working days.`,
  tooLate:
    'Your parcel is already on its way, so it can no longer be cancelled here. If you no longer want it, you can refuse it at the door, or ask us for a return.',
  returns: 'Our returns policy',
  unreachable: 'We could not reach our server, so nothing was cancelled. Please check your connection and try again.',
} as const;

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
        <h2 id={titleId}>{CANCEL_PAGE_TEXTS.title}</h2>
        <p>{CANCEL_PAGE_TEXTS.tooLate}</p>
        <p>
          <Link to="/policies/returns">{CANCEL_PAGE_TEXTS.returns}</Link>
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
      setProblem(result.kind === 'refused' ? result.message : CANCEL_PAGE_TEXTS.unreachable);
    }
  };

  return (
    <section className="order-section card order-cancel" aria-labelledby={titleId}>
      <h2 id={titleId}>{CANCEL_PAGE_TEXTS.title}</h2>
      {!open ? (
        <button type="button" className="button button--ghost" onClick={() => setOpen(true)}>
          {CANCEL_PAGE_TEXTS.open}
        </button>
      ) : (
        <form
          onSubmit={(event) => {
            event.preventDefault();
            void send();
          }}
        >
          <fieldset className="order-cancel__reasons">
            <legend>{CANCEL_PAGE_TEXTS.reason}</legend>
            {CANCEL_REASONS.map((value) => (
              <label key={value} className="order-cancel__reason">
                <input
                  type="radio"
                  name="cancel-reason"
                  value={value}
                  checked={reason === value}
                  onChange={() => setReason(value)}
                />{' '}
                {CANCEL_REASON_LABELS[value]}
              </label>
            ))}
          </fieldset>
          <p className="order-cancel__money">
            {/* A COD order's fee paid now is refunded as a prepaid order's total is (rule 14). */}
            {order.paymentMode === 'cod' && !order.advance
              ? CANCEL_PAGE_TEXTS.cod
              : CANCEL_PAGE_TEXTS.prepaid(formatRupees(order.advance ?? order.totals.total))}
          </p>
          {problem && (
            <p className="order-cancel__problem" role="alert">
              {problem}
            </p>
          )}
          <div className="order-actions">
            <button type="submit" className="button" disabled={sending}>
              {sending ? CANCEL_PAGE_TEXTS.working : CANCEL_PAGE_TEXTS.confirm}
            </button>
            <button type="button" className="button button--ghost" onClick={() => setOpen(false)} disabled={sending}>
              {CANCEL_PAGE_TEXTS.keep}
            </button>
          </div>
        </form>
      )}
    </section>
  );
}
