import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { useToast } from '../../components/toast/index.ts';
import { formatRupees } from '../../shop/money/index.ts';
import { useCart } from '../cart/index.ts';
import './outbox.css';
import { text } from '../../shop/texts/index.ts';
import { OUTBOX_UPDATED_EVENT, type OutboxNotice, pendingOrders, startOutbox, takeNotices } from './outbox.ts';

const SUCCESS_TOAST_MS = 5000;

/**
 * On every page: resends orders waiting in this browser, says plainly that they have not reached
 * us yet, and, once the server answers, tells the shopper — placed (the order's lines leave the
 * cart), or refused with the server's reason (its lines are back in the cart).
 */
export function OutboxNotices() {
  const cart = useCart();
  const toast = useToast();
  const [pending, setPending] = useState<string[]>([]);
  // The effect runs once per page; these always reach the current cart and toasts.
  const latest = useRef({ cart, toast });
  latest.current = { cart, toast };

  useEffect(() => {
    const storage = window.localStorage;
    const show = (notice: OutboxNotice) => {
      const { cart: current, toast: toasts } = latest.current;
      if (notice.kind === 'accepted') {
        for (const item of notice.items) current.remove(item.product_retailer_id);
        toasts.show({
          type: 'success',
          title: text('outbox.placed', { orderId: notice.orderId }),
          message: text('outbox.payOnDelivery', { amount: formatRupees(notice.total) }),
          duration: SUCCESS_TOAST_MS,
        });
        return;
      }
      const inCart = new Set(current.items.map((item) => item.product_retailer_id));
      for (const item of notice.items) if (!inCart.has(item.product_retailer_id)) current.add(item);
      toasts.show({
        type: 'error',
        title: text('outbox.notPlaced', { orderId: notice.orderId }),
        message: text('outbox.backInCart', { message: notice.message }),
        duration: 0, // the shopper must not miss this
      });
    };
    const update = () => {
      setPending(pendingOrders(storage));
      for (const notice of takeNotices(storage)) show(notice);
    };
    update();
    window.addEventListener(OUTBOX_UPDATED_EVENT, update);
    window.addEventListener('storage', update);
    const stop = startOutbox(storage, window);
    return () => {
      stop();
      window.removeEventListener(OUTBOX_UPDATED_EVENT, update);
      window.removeEventListener('storage', update);
    };
  }, []);

  if (pending.length === 0) return null;
  return (
    <div className="outbox-banner" role="status">
      <p>
        {text('outbox.pending', { orders: pending })}
        <Link to="/cart">{text('outbox.yourCart')}</Link>
        {text('outbox.keptUntilThen')}
      </p>
    </div>
  );
}
