import { lazy, Suspense, useState } from 'react';
import { Link } from 'react-router';
import type { PolicySection } from '../../content/policy-sections.ts';
import { RichText } from '../blog/index.ts';
import { formatOrderTime } from './format.ts';
import { OrderDetails } from './OrderDetails.tsx';
import { useOrderView } from './use-order-view.ts';
import './orders.css';
import { text } from '../../shop/texts/order-pages.ts';
import { whatsappChatLink } from '../../shop/whatsapp.ts';

// The cancel form comes with the order (which the browser asks for after the first paint), not in
// the page's first load: that stays within its budget (bench/targets.mjs).
const CancelOrder = lazy(() => import('./CancelOrder.tsx').then((module) => ({ default: module.CancelOrder })));

/** The seller as the receipt names it, from shop settings. */
export interface Seller {
  shopName: string;
  address: string;
  contactEmail: string;
  contactPhone: string;
  whatsappNumber: string;
}

interface OrderPageProps {
  orderId: string | undefined;
  orderKey: string | null;
  /** From shop settings (the root loader's); absent only if the shell itself failed. */
  seller: Seller | undefined;
  /** The shipping policy's dispatch and delivery sections (content().whatHappensNext()). */
  whatHappensNext: PolicySection[];
}

/**
 * `/orders/:orderId?key=…`: the order's own page and its printable receipt. One prerendered shell
 * serves every order; the order itself is asked for in the browser with its key.
 */
export function OrderPage({ orderId, orderKey, seller, whatHappensNext }: OrderPageProps) {
  const { state, retry, replace } = useOrderView(orderId, orderKey);
  const [notice, setNotice] = useState<string | undefined>();

  if (state.status === 'not-found') {
    return (
      <div className="page page--message order-page">
        <h1>{state.message}</h1>
        <p>{text('orderPage.notFoundHelp')}</p>
        <p>
          <Link className="button" to="/track">
            {text('orderPage.trackAnOrder')}
          </Link>
        </p>
      </div>
    );
  }
  if (state.status === 'unreachable') {
    return (
      <div className="page order-page">
        <h1>{text('orderPage.yourOrder')}</h1>
        <div className="order-problem" role="alert">
          <p>{text('orderPage.unreachable')}</p>
          <button type="button" className="button" onClick={retry}>
            {text('orderPage.tryAgain')}
          </button>
        </div>
      </div>
    );
  }
  if (state.status === 'loading') return <OrderSkeleton />;

  const { order } = state;
  const { address } = order;
  const question = text('orderPage.question', { orderId: order.orderId });
  return (
    <div className="page order-page">
      {seller && (
        <div className="order-receipt__seller print-only">
          <p className="order-receipt__shop">{seller.shopName}</p>
          <p>{seller.address}</p>
          <p>
            {seller.contactEmail} · {seller.contactPhone}
          </p>
        </div>
      )}
      <h1>
        <span className="screen-only">{text('orderPage.yourOrder')}</span>
        <span className="print-only">{text('orderPage.orderReceipt')}</span>
      </h1>
      <p className="order-page__meta">
        {text('orderPage.order')} <strong className="order-page__id">{order.orderId}</strong>
        {text('orderPage.placed')} <time dateTime={order.placedAt}>{formatOrderTime(order.placedAt)}</time>
      </p>
      <div className="order-actions">
        <button type="button" className="button button--ghost" onClick={() => window.print()}>
          {text('orderPage.print')}
        </button>
        {seller && (
          <a
            className="button button--ghost"
            href={whatsappChatLink(seller.whatsappNumber, question)}
            target="_blank"
            rel="noopener noreferrer"
          >
            {text('orderPage.whatsapp')}
            <span className="visually-hidden"> {text('orderPage.opensInANew')}</span>
          </a>
        )}
      </div>
      <div className="order-layout">
        <div className="order-layout__main">
          {notice && (
            <p className="order-notice" role="status">
              {notice}
            </p>
          )}
          <OrderDetails order={order} />
          {/* Below the order, not among the actions above it: nothing above moves when it arrives. */}
          {orderKey && order.documents && order.documents.length > 0 && (
            <p className="order-documents">
              {order.documents.map((document) => (
                <a
                  key={document.number}
                  className="button button--ghost"
                  href={`/orders/${encodeURIComponent(order.orderId)}/${document.kind}?key=${encodeURIComponent(orderKey)}`}
                >
                  <span>
                    {document.kind === 'invoice' ? text('orderPage.invoice') : text('orderPage.creditNote')}{' '}
                    <span className="order-documents__number">{document.number}</span>
                  </span>
                </a>
              ))}
            </p>
          )}
          {orderKey && (
            <div className="screen-only">
              <Suspense fallback={null}>
                <CancelOrder
                  order={order}
                  orderKey={orderKey}
                  onChanged={(changed, message) => {
                    replace(changed);
                    setNotice(message);
                  }}
                />
              </Suspense>
            </div>
          )}
        </div>
        <div className="order-layout__side">
          <section className="order-section card" aria-labelledby="order-address-title">
            <h2 id="order-address-title">{text('orderPage.deliveryAddress')}</h2>
            <address className="order-address">
              <span>{address.name}</span>
              <span>{address.address1}</span>
              {address.address2 && <span>{address.address2}</span>}
              <span>
                {[[address.city, address.state].filter(Boolean).join(', '), address.pincode].join(' ').trim()}
              </span>
              <span>
                {text('orderPage.phone')} {address.phone}
              </span>
              <span>
                {text('orderPage.email')} {address.email}
              </span>
            </address>
          </section>
          <WhatHappensNext sections={whatHappensNext} />
        </div>
      </div>
    </div>
  );
}

function WhatHappensNext({ sections }: { sections: PolicySection[] }) {
  return (
    <section className="order-section card order-next" aria-labelledby="order-next-title">
      <h2 id="order-next-title">{text('orderPage.whatHappensNext')}</h2>
      {sections.map((section) => (
        <div key={section.heading}>
          <h3>{section.heading}</h3>
          <RichText value={section.body} />
        </div>
      ))}
      <p>
        <Link to="/policies/shipping">{text('orderPage.ourShippingAndDelivery')}</Link>
      </p>
    </section>
  );
}

/**
 * Holds the page's shape while the order is asked for, so nothing jumps when it arrives: the line
 * under the heading and the two buttons are laid out with text of their final length, unseen.
 */
function OrderSkeleton() {
  return (
    <div className="page order-page" aria-busy="true">
      <h1>{text('orderPage.yourOrder')}</h1>
      <p className="order-page__meta" aria-hidden="true">
        <span className="skeleton">
          {text('orderPage.order')} <strong>{text('orderPage.ouo0000000000000')}</strong>
          {text('orderPage.placed25Nov2026')}
        </span>
      </p>
      <p className="visually-hidden" role="status">
        {text('orderPage.loading')}
      </p>
      <div className="order-actions" aria-hidden="true">
        <span className="button skeleton">{text('orderPage.print')}</span>
        <span className="button skeleton">{text('orderPage.whatsapp')}</span>
      </div>
      <div className="order-layout" aria-hidden="true">
        <div className="order-layout__main">
          <div className="order-section card skeleton--timeline" />
          <div className="order-section card skeleton--items" />
        </div>
        <div className="order-layout__side">
          <div className="order-section card skeleton--address" />
        </div>
      </div>
    </div>
  );
}
