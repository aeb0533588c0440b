/**
 * The development page's staff desk (`/dev/staff`, issue 32 §6): the order log's orders, and each
 * staff action the Sheet's Action column offers, performed through `/api/dev/staff` — which signs
 * it with this machine's staff secret and sends it down the same signed path as the Apps Script.
 * Development only: the function answers 404 in production, and production's build leaves the page out.
 */
import { useCallback, useEffect, useState } from 'react';
import { callApi } from '../../lib/api/index.ts';
import { formatRupees } from '../../shop/money/index.ts';
import type { DevStaffOrders, StaffAction } from '../../shop/schemas/index.ts';
import './staff-desk.css';
import { text } from '../../shop/texts/dev.ts';

type Order = DevStaffOrders['orders'][number];

const ACTIONS: { action: Exclude<StaffAction, 'refund'>; label: string }[] = [
  { action: 'cancel', label: text('staffDesk.cancel') },
  { action: 'refund-extra', label: text('staffDesk.refundExtraPayment') },
  { action: 'cod-received', label: text('staffDesk.codReceived') },
  { action: 'confirm-cod', label: text('staffDesk.confirmCod') },
  { action: 'book-again', label: text('staffDesk.bookAgain') },
];

export function StaffDeskPage() {
  const [orders, setOrders] = useState<Order[] | undefined>();
  const [error, setError] = useState<string | undefined>();
  const [results, setResults] = useState<Record<string, string>>({});
  const [amounts, setAmounts] = useState<Record<string, string>>({});

  const load = useCallback(async () => {
    const answer = await callApi('/api/dev/staff', { response: (schemas) => schemas.devStaffOrdersSchema });
    if (answer.ok) {
      setOrders(answer.data.orders);
      setError(undefined);
    } else setError(answer.message);
  }, []);

  useEffect(() => {
    void load();
  }, [load]);

  async function act(orderId: string, action: StaffAction, amount?: number) {
    const answer = await callApi('/api/dev/staff', {
      body: { orderId, action, ...(amount === undefined ? {} : { amount }) },
      response: (schemas) => schemas.staffActionResponseSchema,
    });
    const words = answer.ok
      ? answer.data.result
      : 'serverMessage' in answer && answer.serverMessage
        ? answer.serverMessage
        : answer.message;
    setResults((known) => ({ ...known, [orderId]: words }));
    await load();
  }

  return (
    <div className="container staff-desk">
      <h1>{text('staffDesk.staffDeskDevelopment')}</h1>
      <p>{text('staffDesk.eachButtonDoesWhat')}</p>
      {error && <p role="alert">{error}</p>}
      {orders === undefined && !error && <p>{text('staffDesk.loadingTheOrders')}</p>}
      {orders?.length === 0 && <p>{text('staffDesk.noOrdersYetPlace')}</p>}
      {orders && orders.length > 0 && (
        // Wider than a phone, the table scrolls in its own box: named, and reachable by keyboard.
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard (WCAG 2.1.1)
        <section className="staff-desk__orders" aria-label={text('staffDesk.orders')} tabIndex={0}>
          <table>
            <thead>
              <tr>
                <th scope="col">{text('staffDesk.order')}</th>
                <th scope="col">{text('staffDesk.status')}</th>
                <th scope="col">{text('staffDesk.total')}</th>
                <th scope="col">{text('staffDesk.mode')}</th>
                <th scope="col">{text('staffDesk.payment')}</th>
                <th scope="col">{text('staffDesk.refunded')}</th>
                <th scope="col">{text('staffDesk.actions')}</th>
              </tr>
            </thead>
            <tbody>
              {orders.map((order) => {
                const amount = Number(amounts[order.orderId] ?? '');
                return (
                  <tr key={order.orderId}>
                    <th scope="row">{order.orderId}</th>
                    <td>
                      {order.status}
                      {results[order.orderId] && <p aria-live="polite">{results[order.orderId]}</p>}
                    </td>
                    <td>{formatRupees(order.total)}</td>
                    <td>{order.mode === 'cod' ? 'COD' : text('staffDesk.prepaid')}</td>
                    <td>{order.paymentStatus}</td>
                    <td>{order.refunded ? formatRupees(Number(order.refunded)) : ''}</td>
                    <td className="staff-desk__actions">
                      <label>
                        {text('staffDesk.refund')}{' '}
                        <input
                          inputMode="numeric"
                          size={6}
                          value={amounts[order.orderId] ?? ''}
                          onChange={(event) =>
                            setAmounts((known) => ({ ...known, [order.orderId]: event.target.value }))
                          }
                        />
                      </label>{' '}
                      <button
                        type="button"
                        disabled={!Number.isInteger(amount) || amount < 1}
                        onClick={() => act(order.orderId, 'refund', amount)}
                      >
                        {text('staffDesk.refund2')}
                      </button>{' '}
                      {ACTIONS.map(({ action, label }) => (
                        <button key={action} type="button" onClick={() => act(order.orderId, action)}>
                          {label}
                        </button>
                      ))}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </section>
      )}
    </div>
  );
}
