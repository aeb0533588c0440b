import { useEffect, useRef, useState } from 'react';
import { formatRupees } from '../../shop/money/index.ts';
import { text } from '../../shop/texts/checkout.ts';
import { payWithLocalGateway } from './api.ts';
import type { PaymentCallbacks } from './razorpay-checkout.ts';

/**
 * The local test gateway (no Razorpay keys, never in production): stands in for Razorpay's dialog
 * with the same outcomes — a signed payment, a failure with a description, or a dismissal.
 */
export function LocalPaymentDialog({
  razorpayOrderId,
  amountRupees,
  callbacks,
}: {
  razorpayOrderId: string;
  amountRupees: number;
  callbacks: PaymentCallbacks;
}) {
  const dialog = useRef<HTMLDialogElement>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    const element = dialog.current;
    if (element && !element.open) element.showModal();
  }, []);

  const pay = async (outcome: 'success' | 'failure') => {
    setBusy(true);
    const result = await payWithLocalGateway(razorpayOrderId, outcome);
    dialog.current?.close();
    if (!result.ok) return callbacks.onFailure(text('checkoutPage.testGatewayDidNotAnswer'));
    if ('error' in result.data) return callbacks.onFailure(result.data.error.description);
    callbacks.onSuccess(result.data);
  };

  return (
    <dialog
      ref={dialog}
      className="local-payment"
      aria-labelledby="local-payment-title"
      onCancel={(event) => {
        event.preventDefault();
        dialog.current?.close();
        callbacks.onDismiss();
      }}
    >
      <h2 id="local-payment-title">{text('checkoutPage.testPayment')}</h2>
      <p>
        {text('checkoutPage.razorpayIsNotConfigured')} <strong>{formatRupees(amountRupees)}</strong>.
      </p>
      <div className="local-payment__actions">
        <button type="button" className="button" disabled={busy} onClick={() => pay('success')}>
          {text('checkoutPage.pay')} {formatRupees(amountRupees)}
        </button>
        <button type="button" className="button button--ghost" disabled={busy} onClick={() => pay('failure')}>
          {text('checkoutPage.failPayment')}
        </button>
        <button
          type="button"
          className="button button--ghost"
          disabled={busy}
          onClick={() => {
            dialog.current?.close();
            callbacks.onDismiss();
          }}
        >
          {text('checkoutPage.cancel')}
        </button>
      </div>
    </dialog>
  );
}
