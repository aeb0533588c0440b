/** Razorpay's Checkout dialog, loaded on demand (only when a shopper pays online). */
export const CHECKOUT_SCRIPT = 'https://checkout.razorpay.com/v1/checkout.js';

export interface PaymentSuccess {
  razorpay_order_id: string;
  razorpay_payment_id: string;
  razorpay_signature: string;
}

export interface PaymentCallbacks {
  onSuccess(payment: PaymentSuccess): void;
  onFailure(description: string): void;
  onDismiss(): void;
}

interface RazorpayInstance {
  open(): void;
  on(event: 'payment.failed', handler: (response: { error?: { description?: string } }) => void): void;
}

declare global {
  interface Window {
    Razorpay?: new (options: Record<string, unknown>) => RazorpayInstance;
  }
}

let loading: Promise<void> | undefined;

function loadScript(): Promise<void> {
  if (window.Razorpay) return Promise.resolve();
  loading ??= new Promise<void>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = CHECKOUT_SCRIPT;
    script.async = true;
    script.onload = () => resolve();
    script.onerror = () => {
      loading = undefined;
      script.remove();
      reject(new Error('The payment window could not be loaded.'));
    };
    document.head.append(script);
  });
  return loading;
}

export async function openRazorpayCheckout(
  options: {
    key: string;
    amountPaise: number;
    razorpayOrderId: string;
    merchantName: string;
    description: string;
    prefill: { name: string; email: string; contact: string };
    themeColor: string;
  },
  callbacks: PaymentCallbacks,
): Promise<void> {
  await loadScript();
  if (!window.Razorpay) throw new Error('The payment window could not be loaded.');
  const checkout = new window.Razorpay({
    key: options.key,
    amount: options.amountPaise,
    currency: 'INR',
    order_id: options.razorpayOrderId,
    name: options.merchantName,
    description: options.description,
    prefill: options.prefill,
    theme: { color: options.themeColor },
    handler: (response: PaymentSuccess) => callbacks.onSuccess(response),
    modal: { ondismiss: () => callbacks.onDismiss() },
  });
  checkout.on('payment.failed', (response) =>
    callbacks.onFailure(response.error?.description ?? 'The payment did not go through'),
  );
  checkout.open();
}
