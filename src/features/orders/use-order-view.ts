import { useCallback, useEffect, useState } from 'react';

import { ORDER_ID_PATTERN } from '../../shop/order/index.ts';
import type { OrderView } from '../../shop/schemas/index.ts';
import { text } from '../../shop/texts/order-pages.ts';
import { fetchOrder } from './api.ts';

export type OrderViewState =
  | { status: 'loading' }
  | { status: 'found'; order: OrderView }
  /** An unknown id and a wrong or missing key look the same (docs/shop-rules.md §2): 'Order not found'. */
  | { status: 'not-found'; message: string }
  /** No usable answer (network, timeout, 5xx): the order may well exist; the shopper can retry. */
  | { status: 'unreachable' };

/**
 * The order behind `/orders/:orderId?key=`, asked for in the browser: the page is one prerendered
 * shell for every order, so it starts as 'loading' on the server and on the client alike.
 */
export function useOrderView(orderId: string | undefined, key: string | null) {
  const [state, setState] = useState<OrderViewState>({ status: 'loading' });

  const load = useCallback(
    async (live: { current: boolean }) => {
      setState({ status: 'loading' });
      // Without an id of the right form or a key there is nothing to ask: the server would say the same.
      if (!orderId || !ORDER_ID_PATTERN.test(orderId) || !key) {
        if (live.current) setState({ status: 'not-found', message: text('forms.orderNotFound') });
        return;
      }
      const result = await fetchOrder(orderId, key);
      if (!live.current) return;
      if (result.ok) setState({ status: 'found', order: result.data });
      else if (result.kind === 'refused' && result.status === 404)
        setState({ status: 'not-found', message: result.message });
      else setState({ status: 'unreachable' });
    },
    [orderId, key],
  );

  useEffect(() => {
    const live = { current: true };
    void load(live);
    return () => {
      live.current = false;
    };
  }, [load]);

  return {
    state,
    retry: () => void load({ current: true }),
    /** The order as a later answer gave it (after cancelling). */
    replace: (order: OrderView) => setState({ status: 'found', order }),
  };
}
