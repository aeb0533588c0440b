import type { PaymentMode } from '../../shop/order/index.ts';

const TIME_FORMAT = new Intl.DateTimeFormat('en-IN', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  timeZone: 'Asia/Kolkata',
});

/** An ISO time as a shopper in India reads it, in India's time: "25 Nov 2026, 2:35 pm". */
export function formatOrderTime(iso: string): string {
  const time = new Date(iso);
  return Number.isNaN(time.getTime()) ? iso : TIME_FORMAT.format(time);
}

/** How the shopper chose to pay, as the checkout offers it (PaymentChoice). */
export const PAYMENT_MODE_LABELS: Record<PaymentMode, string> = {
  cod: 'Cash on Delivery',
  prepaid: 'Online payment (Razorpay)',
};
