/**
 * The emails that tell a shopper where their parcel is (docs/shop-rules.md §10, "Parcel news"):
 * shipped (with the /track link), out for delivery (cash on delivery: the amount to keep ready),
 * a failed delivery attempt (what the courier said, what happens next, how to reach us), and
 * delivered. Pure; every value HTML-escaped; the same narrow page as the confirmation.
 */
import { cashOnDelivery } from '#shop/cod/index.ts';
import { formatRupees } from '#shop/money/index.ts';
import type { StoredOrder } from '#shop/order/index.ts';
import type { NoticeEvent } from '#shop/parcel/index.ts';
import { documentUrl } from '../invoices/links.ts';
import { escapeHtml, newsEmail, orderPageUrl } from '../orders/email.ts';
import type { ShopContact } from '../orders/types.ts';

export type NotifiedOrder = Pick<
  StoredOrder,
  'orderId' | 'key' | 'mode' | 'customer' | 'totals' | 'forwards' | 'parcel'
> &
  Partial<Pick<StoredOrder, 'cod' | 'invoice'>>;

/** The subject of each message; `{orderId}` is the order's id. */
export const PARCEL_EMAIL_SUBJECTS: Record<NoticeEvent, (orderId: string) => string> = {
  shipped: (orderId) => `Your order ${orderId} is on its way`,
  'out-for-delivery': (orderId) => `Your order ${orderId} is out for delivery today`,
  'delivery-failed': (orderId) => `We could not deliver your order ${orderId}`,
  delivered: (orderId) => `Your order ${orderId} has been delivered`,
};

export function parcelEmail(
  order: NotifiedOrder,
  event: NoticeEvent,
  shop: ShopContact,
  siteUrl: string,
): { subject: string; html: string } {
  const subject = PARCEL_EMAIL_SUBJECTS[event](order.orderId);
  const site = siteUrl.replace(/\/+$/, '');
  const page = orderPageUrl(siteUrl, order);
  const waybill = order.forwards.shipment.waybill ?? '';
  // The cash to keep ready: the total less a COD fee paid now (rule 17).
  const total = escapeHtml(formatRupees(cashOnDelivery(order.totals.total, order.cod)));
  const lines: Record<NoticeEvent, string[]> = {
    shipped: [
      `Your order <strong>${escapeHtml(order.orderId)}</strong> has left us with Delhivery (waybill ${escapeHtml(waybill)}).`,
      `Follow it on <a href="${escapeHtml(`${site}/track`)}">${escapeHtml(`${site}/track`)}</a> with your order id and phone number${page ? ', or on your order\u2019s own page' : ''}.`,
      ...invoiceLine(order, siteUrl),
    ],
    'out-for-delivery': [
      `Your order <strong>${escapeHtml(order.orderId)}</strong> is out for delivery today.`,
      order.mode === 'cod'
        ? `It is cash on delivery: please keep <strong>${total}</strong> ready for the courier.`
        : 'It is paid: there is nothing to pay the courier.',
    ],
    'delivery-failed': [
      `The courier could not deliver your order <strong>${escapeHtml(order.orderId)}</strong> today. They said: \u201c${escapeHtml(lastFailure(order))}\u201d.`,
      'Delhivery usually tries again the next working day. If a second attempt fails, the parcel comes back to us, so if the address or the day needs changing, please tell us now:',
    ],
    delivered: [
      `Your order <strong>${escapeHtml(order.orderId)}</strong> has been delivered. We hope you enjoy it.`,
      'If anything is not as it should be, tell us and we will make it right.',
    ],
  };
  return newsEmail(subject, order, shop, siteUrl, lines[event], { href: `${site}/track`, text: 'Track your order' });
}

/** The shipped email links the GST tax invoice issued at booking (docs/shop-rules.md §12). */
function invoiceLine(order: NotifiedOrder, siteUrl: string): string[] {
  const html = order.invoice && documentUrl(siteUrl, order);
  const pdf = order.invoice && documentUrl(siteUrl, order, 'invoice', 'pdf');
  if (!order.invoice || !html || !pdf) return [];
  return [
    `Your GST tax invoice is <a href="${escapeHtml(html)}">${escapeHtml(order.invoice.number)}</a> (<a href="${escapeHtml(pdf)}">PDF</a>).`,
  ];
}

/** The courier's words for the latest failed attempt. */
function lastFailure(order: NotifiedOrder): string {
  const failed = order.parcel?.changes.filter((change) => change.state === 'delivery-failed').at(-1);
  return failed?.reason ?? 'no reason given';
}
