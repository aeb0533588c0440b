import { advanceSplit } from '../../shop/cod/index.ts';

import { formatRupees } from '../../shop/money/index.ts';
import type { OrderView } from '../../shop/schemas/index.ts';
import { text } from '../../shop/texts/order-pages.ts';
import { PAYMENT_MODE_LABELS } from './format.ts';
import { OrderTimeline } from './OrderTimeline.tsx';

/** What the order page and /track both show: everything but the delivery address. */
export type OrderFacts = Omit<OrderView, 'address' | 'cancellable'>;

/** The timeline, the lines, the money and the payment: one component for the order page and /track. */
export function OrderDetails({ order }: { order: OrderFacts }) {
  const { totals } = order;
  return (
    <>
      <OrderTimeline steps={order.timeline} simulated={order.simulatedTracking} />
      <section className="order-section card" aria-labelledby="order-items-title">
        <h2 id="order-items-title">{text('orderPage.items')}</h2>
        <table className="order-lines">
          <thead>
            <tr>
              <th scope="col">{text('orderPage.item')}</th>
              <th scope="col">{text('orderPage.qty')}</th>
              <th scope="col">{text('orderPage.price')}</th>
              <th scope="col">{text('orderPage.total')}</th>
            </tr>
          </thead>
          <tbody>
            {order.lines.map((line) => (
              <tr key={`${line.name}|${line.size}`}>
                <th scope="row">
                  {line.name} <span className="order-lines__size">{line.size}</span>
                  {line.hsnCode && (
                    <span className="order-lines__hsn">
                      {text('orderPage.hsn')} {line.hsnCode}
                    </span>
                  )}
                </th>
                <td>{line.quantity}</td>
                <td>{formatRupees(line.price)}</td>
                <td>{formatRupees(line.lineTotal)}</td>
              </tr>
            ))}
          </tbody>
        </table>
        <dl className="order-totals">
          <div>
            <dt>{text('orderPage.subtotal')}</dt>
            <dd>{formatRupees(totals.subtotal)}</dd>
          </div>
          <div>
            <dt>{text('orderPage.shipping')}</dt>
            <dd>{totals.shippingCharge === 0 ? text('orderPage.free') : formatRupees(totals.shippingCharge)}</dd>
          </div>
          {totals.codCharge > 0 && (
            <div>
              <dt>{text('orderPage.codCharge')}</dt>
              <dd>{formatRupees(totals.codCharge)}</dd>
            </div>
          )}
          <div className="order-totals__total">
            <dt>{text('orderPage.total')}</dt>
            <dd>{formatRupees(totals.total)}</dd>
          </div>
          {order.advance !== undefined && (
            <>
              <div>
                <dt>{text('codAdvance.paidNow')}</dt>
                <dd>{formatRupees(order.advance)}</dd>
              </div>
              <div>
                <dt>{text('codAdvance.onDelivery')}</dt>
                <dd>{formatRupees(advanceSplit(totals.total, order.advance).onDelivery)}</dd>
              </div>
            </>
          )}
        </dl>
        <p className="order-note">{text('orderPage.pricesIncludeGst')}</p>
        <dl className="order-facts">
          <div>
            <dt>{text('orderPage.payment')}</dt>
            <dd>{order.advance ? text('codAdvance.paymentLabel') : PAYMENT_MODE_LABELS[order.paymentMode]}</dd>
          </div>
          <div>
            <dt>{text('orderPage.paymentStatus')}</dt>
            <dd>{order.paymentStatus}</dd>
          </div>
        </dl>
      </section>
    </>
  );
}
