/**
 * The emails about the order itself (docs/shop-rules.md §10, "Cancel and refund"): cancelled (with
 * what happens to the money), and a refund processed. Pure; every value HTML-escaped; the same
 * narrow page as the confirmation.
 */
import { formatRupees } from '#shop/money/index.ts';
import type { OrderEmailEvent, StoredOrder } from '#shop/order/index.ts';
import { refundsSummary } from '#shop/order/index.ts';
import { escapeHtml, newsEmail } from '../orders/email.ts';
import type { ShopContact } from '../orders/types.ts';

export type NewsOrder = Pick<
  StoredOrder,
  'orderId' | 'key' | 'mode' | 'customer' | 'totals' | 'issuedRefunds' | 'razorpay'
>;

/** How long a Razorpay refund at normal speed takes to reach the shopper (Razorpay: 5–7 working days). */
export const REFUND_ARRIVES = 'Refunds usually reach your account within 5–7 working days.';

export const ORDER_EMAIL_SUBJECTS: Record<OrderEmailEvent, (orderId: string) => string> = {
  cancelled: (orderId) => `Your order ${orderId} is cancelled`,
  refunded: (orderId) => `Your refund for order ${orderId}`,
};

const rupeesOf = (paise: number) => escapeHtml(formatRupees(Math.round(paise) / 100));

export function orderNewsEmail(
  order: NewsOrder,
  event: OrderEmailEvent,
  shop: ShopContact,
  siteUrl: string,
): { subject: string; html: string } {
  const subject = ORDER_EMAIL_SUBJECTS[event](order.orderId);
  const refunds = refundsSummary(order.issuedRefunds ?? []);
  const id = escapeHtml(order.orderId);
  const lines =
    event === 'cancelled'
      ? [
          `Your order <strong>${id}</strong> is cancelled, as asked. Nothing will be delivered.`,
          // A COD order whose fee was paid now was charged that fee: it is refunded (rule 14).
          order.mode === 'cod' && !order.razorpay?.paymentId
            ? 'It was cash on delivery, so nothing was charged and there is nothing to pay.'
            : `We are refunding <strong>${rupeesOf(refunds.pendingPaise + refunds.refundedPaise)}</strong> to the account you paid from. ${REFUND_ARRIVES}`,
        ]
      : [
          `We have refunded <strong>${rupeesOf(refunds.refundedPaise)}</strong> for your order <strong>${id}</strong> to the account you paid from.`,
          REFUND_ARRIVES,
        ];
  return newsEmail(subject, order, shop, siteUrl, lines);
}
